/**
 * The Python SDK next to the TypeScript one: its models are generated from the same openapi.json
 * (and must not drift from it), and both SDKs reach the same operations of the route table. The
 * table below is the contract: a route added to lambdas/*.routes.ts fails here until both SDKs
 * get a method for it (or it is listed, with its reason, as not an SDK operation).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.ts';
import { pythonExecutable } from '../../lib/local/python.ts';
import { generate, readCommitted } from '../scripts/generate.ts';
import { Mailroom } from '../src/index.ts';

const PY_SRC = resolve(import.meta.dirname, '../python/src');

/**
 * operationId → the method that calls it in each SDK (a path from the client: `namespace.method`),
 * and arguments it is called with here: path values in order, then a body or query.
 */
const SDK_OPERATIONS: Record<string, { ts: string; py: string; args: unknown[] }> = {
  // Inboxes
  createInbox: { ts: 'inboxes.create', py: 'inboxes.create', args: [{ username: 'u' }] },
  listInboxes: { ts: 'inboxes.list', py: 'inboxes.list', args: [] },
  getInbox: { ts: 'inboxes.get', py: 'inboxes.get', args: ['inb'] },
  updateInbox: { ts: 'inboxes.update', py: 'inboxes.update', args: ['inb', {}] },
  deleteInbox: { ts: 'inboxes.delete', py: 'inboxes.delete', args: ['inb'] },
  rotateInboxKey: { ts: 'inboxes.rotateKey', py: 'inboxes.rotate_key', args: ['inb'] },
  reissueViewUrl: { ts: 'inboxes.reissueViewUrl', py: 'inboxes.reissue_view_url', args: ['inb'] },
  // Custom domains
  createDomain: { ts: 'domains.create', py: 'domains.create', args: [{ domain: 'example.org' }] },
  listDomains: { ts: 'domains.list', py: 'domains.list', args: [] },
  getDomain: { ts: 'domains.get', py: 'domains.get', args: ['dom'] },
  deleteDomain: { ts: 'domains.delete', py: 'domains.delete', args: ['dom'] },
  verifyDomain: { ts: 'domains.verify', py: 'domains.verify', args: ['dom'] },
  // Messages, waiting and claims
  listMessages: { ts: 'messages.list', py: 'messages.list', args: ['inb'] },
  waitForMessage: { ts: 'messages.wait', py: 'messages.wait', args: ['inb', {}] },
  claimMessages: { ts: 'messages.claimOnce', py: 'messages.claim_once', args: ['inb', {}] },
  listDeadLetters: { ts: 'messages.deadLetters', py: 'messages.dead_letters', args: ['inb'] },
  ackMessage: { ts: 'messages.ack', py: 'messages.ack', args: ['inb', 'msg', 'clm'] },
  releaseMessage: { ts: 'messages.release', py: 'messages.release', args: ['inb', 'msg', 'clm'] },
  requeueMessage: { ts: 'messages.requeue', py: 'messages.requeue', args: ['inb', 'msg'] },
  getMessage: { ts: 'messages.get', py: 'messages.get', args: ['inb', 'msg'] },
  updateMessage: { ts: 'messages.update', py: 'messages.update', args: ['inb', 'msg', { read: true }] },
  getAttachment: { ts: 'messages.attachment', py: 'messages.attachment', args: ['inb', 'msg', 'att'] },
  listRejections: { ts: 'messages.rejections', py: 'messages.rejections', args: ['inb'] },
  // Threads
  listInboxThreads: { ts: 'threads.list', py: 'threads.list', args: ['inb'] },
  listAccountThreads: { ts: 'threads.listAll', py: 'threads.list_all', args: [] },
  getThread: { ts: 'threads.get', py: 'threads.get', args: ['inb', 'thr'] },
  setThreadLabels: { ts: 'threads.setLabels', py: 'threads.set_labels', args: ['inb', 'thr', ['a']] },
  addThreadLabel: { ts: 'threads.addLabel', py: 'threads.add_label', args: ['inb', 'thr', 'a'] },
  removeThreadLabel: { ts: 'threads.removeLabel', py: 'threads.remove_label', args: ['inb', 'thr', 'a'] },
  // Allow and block lists
  createListEntry: { ts: 'lists.create', py: 'lists.create', args: [{}] },
  listListEntries: { ts: 'lists.list', py: 'lists.list', args: [] },
  deleteListEntry: { ts: 'lists.delete', py: 'lists.delete', args: ['lst'] },
  // Drafts and sending
  createDraft: { ts: 'drafts.create', py: 'drafts.create', args: ['inb', {}] },
  listDrafts: { ts: 'drafts.list', py: 'drafts.list', args: ['inb'] },
  getDraft: { ts: 'drafts.get', py: 'drafts.get', args: ['inb', 'drf'] },
  updateDraft: { ts: 'drafts.update', py: 'drafts.update', args: ['inb', 'drf', {}] },
  deleteDraft: { ts: 'drafts.delete', py: 'drafts.delete', args: ['inb', 'drf'] },
  sendDraft: { ts: 'drafts.send', py: 'drafts.send', args: ['inb', 'drf'] },
  sendMessage: { ts: 'send', py: 'send', args: ['inb', {}] },
  replyToMessage: { ts: 'reply', py: 'reply', args: ['msg', {}] },
  // Events: the stream asks for its URL first; webhooks
  getStream: { ts: 'stream', py: 'stream', args: [] },
  createWebhook: { ts: 'webhooks.create', py: 'webhooks.create', args: [{}] },
  listWebhooks: { ts: 'webhooks.list', py: 'webhooks.list', args: [] },
  updateWebhook: { ts: 'webhooks.update', py: 'webhooks.update', args: ['whk', {}] },
  deleteWebhook: { ts: 'webhooks.delete', py: 'webhooks.delete', args: ['whk'] },
  testWebhook: { ts: 'webhooks.test', py: 'webhooks.test', args: ['whk'] },
  enableWebhook: { ts: 'webhooks.enable', py: 'webhooks.enable', args: ['whk'] },
  rotateWebhookSecret: { ts: 'webhooks.rotateSecret', py: 'webhooks.rotate_secret', args: ['whk'] },
  listWebhookLogs: { ts: 'webhooks.logs', py: 'webhooks.logs', args: ['whk'] },
  // Account
  getAccount: { ts: 'account.get', py: 'account.get', args: [] },
  getCapabilities: { ts: 'account.capabilities', py: 'account.capabilities', args: [] },
  upgradeAccount: { ts: 'account.upgrade', py: 'account.upgrade', args: [{}] },
  rotateAccountKey: { ts: 'account.rotateKey', py: 'account.rotate_key', args: [] },
  createUpgradeLink: { ts: 'account.upgradeLink', py: 'account.upgrade_link', args: [{}] },
  notifyOperator: { ts: 'account.notifyOperator', py: 'account.notify_operator', args: [{}] },
  getNotification: { ts: 'account.notification', py: 'account.notification', args: ['ntf'] },
  // Test mode: simulated inbound mail and request bins
  simulateInboundMail: { ts: 'messages.simulate', py: 'messages.simulate', args: ['inb', {}] },
  createBin: { ts: 'bins.create', py: 'bins.create', args: [{}] },
  listBins: { ts: 'bins.list', py: 'bins.list', args: [] },
  updateBin: { ts: 'bins.update', py: 'bins.update', args: ['bin', {}] },
  deleteBin: { ts: 'bins.delete', py: 'bins.delete', args: ['bin'] },
  listBinRequests: { ts: 'bins.requests', py: 'bins.requests', args: ['bin'] },
};

/** Routes that are deliberately in neither SDK, each with why. */
const NOT_SDK_OPERATIONS: Record<string, string> = {
  // Documents about the API for agents and tools (the SDKs are generated from openapi.json), not operations on data.
  getOpenApi: 'the API description the SDKs are generated from',
  getLlmsTxt: 'documentation for LLMs',
  getLlmsFullTxt: 'documentation for LLMs',
  getSkillMd: 'documentation for agents',
  mcp: 'the Model Context Protocol endpoint: spoken by MCP clients (and `mailroom mcp`), not a REST call',
  // Aliases: the same operation under a second path; the SDKs call the first.
  getThreadAttachment: 'the attachment of getAttachment under its thread\'s path: messages.attachment reaches it',
  createUpgradeLinkAlias: 'the old path of createUpgradeLink (account.upgradeLink)',
  // Called by someone else than an API client.
  paymentWebhook: 'called by the payment provider, signed with its secret',
  receiveBinRequestPost: 'a bin\'s public URL, where webhooks arrive; bins.requests reads what it got',
  receiveBinRequestPut: 'a bin\'s public URL (as receiveBinRequestPost)',
  receiveBinRequestPatch: 'a bin\'s public URL (as receiveBinRequestPost)',
  receiveBinRequestGet: 'a bin\'s public URL (as receiveBinRequestPost)',
  receiveBinRequestDelete: 'a bin\'s public URL (as receiveBinRequestPost)',
  // Pages a person opens in a browser, from links the API returns (upgrade_url, view_url, download_url, …).
  getUpgradePage: 'an HTML page for a person',
  postUpgradeCheckout: 'an HTML form post of that page',
  getUpgradeComplete: 'an HTML page for a person',
  getNotificationPage: 'an HTML page for the operator',
  postNotificationAct: 'an HTML form post of that page',
  getInboxPage: 'the inbox\'s HTML view (view_url)',
  getMessageHtml: 'a message\'s HTML in that view',
  getAttachmentRedirect: 'a browser redirect to the attachment\'s download_url',
};

const byOperation = new Map(routes.map((r) => [r.operationId, r]));
const snake = (path: string) => path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The route's path template as a pattern for the path the SDK sent. */
const pathPattern = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** Thrown by the recording transport once it has the request: what a method sends is all that matters. */
class Recorded extends Error {}

async function tsRequest(operation: string): Promise<[string, string] | undefined> {
  const { ts, args } = SDK_OPERATIONS[operation]!;
  let sent: [string, string] | undefined;
  const client = new Mailroom({
    apiUrl: 'http://sdk.test', apiKey: 'mr_test_key', retry: false,
    fetch: async (req) => { sent ??= [req.method, new URL(req.url).pathname]; throw new Recorded(); },
  });
  const names = ts.split('.');
  const owner = names.slice(0, -1).reduce<any>((o, n) => o[n], client);
  try {
    const out = owner[names.at(-1)!](...structuredClone(args));
    await (out && typeof out[Symbol.asyncIterator] === 'function' ? out.next() : out);
  } catch { /* the Recorded stop, as a MailroomError */ }
  return sent;
}

/** The same for the Python SDK, blocking and asyncio clients: operationId → [[method, path] of Mailroom, of AsyncMailroom]. */
function pythonRequests(): Record<string, [[string, string] | null, [string, string] | null]> {
  const script = `
import asyncio, json, sys, urllib.parse
sys.path.insert(0, ${JSON.stringify(PY_SRC)})
from mailroom import AsyncMailroom, Mailroom

class Recorded(Exception):
    pass

def run(make, path, args):
    sent = []
    def transport(method, url, headers, body, timeout):
        sent.append([method, urllib.parse.urlsplit(url).path])
        raise Recorded()
    client = make(api_url="http://sdk.test", api_key="mr_test_key", retry=False, transport=transport)
    owner = client
    for name in path.split(".")[:-1]:
        owner = getattr(owner, name)
    async def call():
        out = getattr(owner, path.split(".")[-1])(*args)
        if hasattr(out, "__anext__"):
            await out.__anext__()
        elif hasattr(out, "__next__"):
            next(out)
        elif asyncio.iscoroutine(out):
            await out
    try:
        asyncio.run(call())
    except Recorded:
        pass
    return sent[0] if sent else None

table = json.load(sys.stdin)
print(json.dumps({op: [run(Mailroom, e["py"], e["args"]), run(AsyncMailroom, e["py"], e["args"])] for op, e in table.items()}))
`;
  const r = spawnSync(pythonExecutable(), ['-c', script], { input: JSON.stringify(SDK_OPERATIONS), encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as never;
}

describe('the Python SDK\'s generated models', () => {
  it('sdk/python/src/mailroom/_models.py matches a fresh generation from openapi.json (run `npm run sdk:generate` if not)', async () => {
    const fresh = await generate();
    expect(readCommitted().python === fresh.python, 'sdk/python/src/mailroom/_models.py is stale').toBe(true);
  });

  it('imports on the Python the suite runs with, and lists every operation of the route table', () => {
    const r = spawnSync(pythonExecutable(), ['-c', `import json, sys; sys.path.insert(0, ${JSON.stringify(PY_SRC)}); from mailroom import models; print(json.dumps(models.OPERATIONS))`], { encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    expect(r.status, r.stderr).toBe(0);
    const operations = JSON.parse(r.stdout) as Record<string, [string, string]>;
    expect(operations).toEqual(Object.fromEntries(routes.map((x) => [x.operationId, [x.method, x.path]])));
  });
});

describe('both SDKs expose the same operations', () => {
  it('every route of the table is an SDK operation or deliberately not one, and neither list names a route that does not exist', () => {
    const unaccounted = routes.map((r) => r.operationId).filter((id) => !(id in SDK_OPERATIONS) && !(id in NOT_SDK_OPERATIONS));
    expect(unaccounted, 'routes no SDK calls: add a method to sdk/src/client.ts and sdk/python/src/mailroom/client.ts, then a row above').toEqual([]);
    const stale = [...Object.keys(SDK_OPERATIONS), ...Object.keys(NOT_SDK_OPERATIONS)].filter((id) => !byOperation.has(id));
    expect(stale).toEqual([]);
    expect(Object.keys(SDK_OPERATIONS).filter((id) => id in NOT_SDK_OPERATIONS)).toEqual([]);
  });

  it('the Python method of each operation is the TypeScript one in snake_case', () => {
    const renamed = Object.entries(SDK_OPERATIONS).filter(([, e]) => snake(e.ts) !== e.py).map(([id, e]) => `${id}: ${e.ts} / ${e.py}`);
    expect(renamed).toEqual([]);
  });

  it('each TypeScript method sends its operation\'s method and path', async () => {
    const wrong: string[] = [];
    for (const [id, e] of Object.entries(SDK_OPERATIONS)) {
      const route = byOperation.get(id)!;
      const sent = await tsRequest(id);
      if (!sent || sent[0] !== route.method || !pathPattern(route.path).test(sent[1])) wrong.push(`${id}: ${e.ts} sent ${sent?.join(' ') ?? 'nothing'}, not ${route.method} ${route.path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('each Python method, of Mailroom and of AsyncMailroom, sends its operation\'s method and path', () => {
    const sent = pythonRequests();
    const wrong: string[] = [];
    for (const [id, e] of Object.entries(SDK_OPERATIONS)) {
      const route = byOperation.get(id)!;
      for (const [which, got] of [['Mailroom', sent[id]?.[0]], ['AsyncMailroom', sent[id]?.[1]]] as const) {
        if (!got || got[0] !== route.method || !pathPattern(route.path).test(got[1])) wrong.push(`${id}: ${which}.${e.py} sent ${got?.join(' ') ?? 'nothing'}, not ${route.method} ${route.path}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
