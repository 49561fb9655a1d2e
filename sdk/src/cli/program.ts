/**
 * `mailroom`: the Mailroom API from a shell. Every command prints a readable summary, or the
 * API's result as JSON with --json. Exit codes: 0 ok, 1 API error, 2 usage, 3 timeout.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { DEFAULT_API_URL, Mailroom } from '../client.js';
import type { Message } from '../generated/schema.js';
import { configPath, maskKey, resolveConfig, writeConfig } from './config.js';
import { runMcpBridge } from './mcp.js';
import { EXIT, note, printJson, println, report, spinner, table, UsageError } from './output.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

interface GlobalOpts { apiUrl?: string; apiKey?: string; json?: boolean }

/** Every handler gets the resolved settings and a client; `--json` decides how results print. */
interface Ctx {
  mailroom: Mailroom;
  json: boolean;
  inbox?: string;
  apiUrl: string;
  apiKey?: string;
  /** A client for one inbox's routes: with that inbox's stored key when there is one. */
  forInbox(id: string): Mailroom;
}

function context(cmd: Command, localInbox?: string): Ctx {
  const g = cmd.optsWithGlobals<GlobalOpts & { inbox?: string }>();
  const r = resolveConfig({ apiUrl: g.apiUrl, apiKey: g.apiKey, inbox: localInbox ?? g.inbox });
  const apiUrl = (r.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  const client = (apiKey?: string) => new Mailroom({ apiUrl, ...(apiKey ? { apiKey } : {}), headers: { 'user-agent': `mailroom-cli/${pkg.version}` } });
  const mailroom = client(r.apiKey);
  // A key given by flag or env is what the user chose; a stored one defers to the inbox's own.
  const explicit = r.sources.apiKey === 'flag' || r.sources.apiKey === 'env';
  return {
    mailroom, json: Boolean(g.json), inbox: r.inbox, apiUrl, apiKey: r.apiKey,
    forInbox: (id) => (!explicit && r.inboxKeys[id] ? client(r.inboxKeys[id]) : mailroom),
  };
}

const needInbox = (c: Ctx, given?: string): string => {
  const id = given ?? c.inbox;
  if (!id) throw new UsageError('no inbox: pass --inbox <id>, set MAILROOM_INBOX, or run `mailroom config set --inbox <id>`');
  return id;
};

const intArg = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v)) throw new UsageError(`${name} must be a whole number, got "${v}"`);
  return Number(v);
};

/** Text from --body, or from --body-file (`-` reads stdin). */
function bodyText(o: { body?: string; bodyFile?: string }, required: boolean): string | undefined {
  if (o.body !== undefined && o.bodyFile !== undefined) throw new UsageError('give --body or --body-file, not both');
  if (o.bodyFile !== undefined) return readFileSync(o.bodyFile === '-' ? 0 : o.bodyFile, 'utf8');
  if (o.body === undefined && required) throw new UsageError('missing --body <text> (or --body-file <path>, - for stdin)');
  return o.body;
}

const list = (v: string, prev: string[] = []) => [...prev, ...v.split(',').map((s) => s.trim()).filter(Boolean)];

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A username nobody picked: agent- and 8 of a-z0-9 (36^8 names, so a clash is not worth a retry). */
const randomUsername = () => `agent-${Array.from({ length: 8 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[randomInt(36)]).join('')}`;

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

function messageLine(m: Pick<Message, 'id' | 'from' | 'subject' | 'received_at' | 'read'>) {
  return [m.id, m.received_at, m.read ? ' ' : '*', m.from, m.subject];
}

function printMessage(m: Message) {
  println(`From:     ${m.from_name ? `${m.from_name} <${m.from}>` : m.from}`);
  println(`To:       ${m.to.join(', ')}`);
  println(`Subject:  ${m.subject}`);
  println(`Date:     ${m.received_at}`);
  println(`Id:       ${m.id}${m.thread_id ? `  (thread ${m.thread_id})` : ''}`);
  if (m.verification_codes[0]) println(`Code:     ${m.verification_codes[0].code}`);
  if (m.cta_links[0]) println(`Link:     ${m.cta_links[0].url}`);
  if (m.attachments.length) println(`Files:    ${m.attachments.map((a) => `${a.filename} (${a.size} B)`).join(', ')}`);
  println();
  println(m.body_text);
}

export function buildProgram(): Command {
  const program = new Command('mailroom')
    .description('Email inboxes for AI agents, from the shell.')
    .version(pkg.version)
    .option('--api-url <url>', `API base URL (env MAILROOM_API_URL; default ${DEFAULT_API_URL})`)
    .option('--api-key <key>', 'account or inbox key (env MAILROOM_API_KEY)')
    .option('--json', 'print the API result as JSON')
    .exitOverride()
    .showHelpAfterError('(add --help for usage and examples)')
    .addHelpText('after', `${examples(
      'mailroom inbox create my-agent            # no key needed: saves the new account key',
      'CODE=$(mailroom wait --code --timeout 120) # blocks until a mail with a code arrives',
      'mailroom messages list --json | jq ".messages[0].subject"',
    )}
Settings: flags, then MAILROOM_API_URL / MAILROOM_API_KEY / MAILROOM_INBOX, then the config file
(mailroom config path). Exit codes: 0 ok, 1 API error, 2 usage, 3 timeout.`);

  // config ------------------------------------------------------------------------------------
  const config = program.command('config').description('API URL, key and default inbox, kept in a file only you can read');
  config.command('set')
    .description('store settings (mode 0600)')
    .option('--url <url>', 'API base URL')
    .option('--key <key>', 'API key; - reads it from stdin (keeps it out of shell history)')
    .option('--inbox <id>', 'default inbox for commands that take --inbox')
    .addHelpText('after', examples('mailroom config set --url https://api.example.org --key mr_live_…', 'pass show mailroom | mailroom config set --key -'))
    .action((o: { url?: string; key?: string; inbox?: string }, cmd: Command) => {
      if (o.url === undefined && o.key === undefined && o.inbox === undefined) throw new UsageError('nothing to set: give --url, --key and/or --inbox');
      const key = o.key === '-' ? readFileSync(0, 'utf8').trim() : o.key;
      const next = writeConfig({ ...(o.url !== undefined ? { api_url: o.url } : {}), ...(key !== undefined ? { api_key: key } : {}), ...(o.inbox !== undefined ? { inbox: o.inbox } : {}) });
      if (cmd.optsWithGlobals<GlobalOpts>().json) printJson({ path: configPath(), api_url: next.api_url ?? null, api_key: next.api_key ? maskKey(next.api_key) : null, inbox: next.inbox ?? null });
      else note(`saved to ${configPath()}`);
    });
  config.command('unset')
    .description('remove settings')
    .argument('<names...>', 'url, key and/or inbox')
    .action((names: string[]) => {
      const map = { url: 'api_url', key: 'api_key', inbox: 'inbox' } as const;
      const bad = names.filter((n) => !(n in map));
      if (bad.length) throw new UsageError(`unknown setting ${bad.join(', ')}: use url, key or inbox`);
      writeConfig(Object.fromEntries(names.map((n) => [map[n as keyof typeof map], undefined])));
    });
  config.command('show')
    .description('the settings in effect and where each comes from (the key masked)')
    .action((_o: unknown, cmd: Command) => {
      const g = cmd.optsWithGlobals<GlobalOpts>();
      const r = resolveConfig({ apiUrl: g.apiUrl, apiKey: g.apiKey });
      const view = { path: configPath(), api_url: r.apiUrl ?? DEFAULT_API_URL, api_key: r.apiKey ? maskKey(r.apiKey) : null, inbox: r.inbox ?? null, sources: r.sources };
      if (g.json) printJson(view);
      else table([['file', view.path], ['api_url', `${view.api_url}  (${r.sources.apiUrl})`], ['api_key', `${view.api_key ?? '-'}  (${r.sources.apiKey})`], ['inbox', `${view.inbox ?? '-'}  (${r.sources.inbox})`]]);
    });
  config.command('path').description('where the config file is').action(() => { println(configPath()); });

  // inboxes -----------------------------------------------------------------------------------
  const inbox = program.command('inbox').description('create, list, show and delete inboxes');
  inbox.command('create')
    .description('create an inbox; without a key this also creates a free account')
    .argument('[username]', 'local part of the address: 3-32 of a-z, 0-9, - (default: agent-<8 random letters and digits>)')
    .option('--display-name <name>', 'name shown to recipients')
    .option('--client-id <id>', 'idempotency key: repeating the call returns the same inbox')
    .option('--no-save', 'do not store the new account key and inbox in the config file')
    .addHelpText('after', examples('mailroom inbox create', 'mailroom inbox create my-agent', 'mailroom inbox create signup-bot --display-name "Signup Bot" --json'))
    .action(async (username: string | undefined, o: { displayName?: string; clientId?: string; save: boolean }, cmd: Command) => {
      const c = context(cmd);
      const created = await c.mailroom.inboxes.create({ username: username ?? randomUsername(), ...(o.displayName ? { display_name: o.displayName } : {}), ...(o.clientId ? { client_id: o.clientId } : {}) });
      // Keys are shown once: keep the inbox key, and with no key configured, the new account's
      // key and this inbox as the default.
      if (o.save && created.api_key) {
        const first = !c.apiKey && created.account_api_key;
        writeConfig(first ? { api_url: c.apiUrl, api_key: created.account_api_key!, inbox: created.id } : {}, { [created.id]: created.api_key });
        note(first ? `saved the account key and default inbox to ${configPath()}` : `saved the inbox key to ${configPath()}`);
      }
      if (c.json) printJson(created);
      else {
        table([['id', created.id], ['address', created.address], ['api_key', created.api_key ?? '(shown only at creation)'],
          ...(created.account_api_key ? [['account_api_key', created.account_api_key]] : []), ['view_url', created.view_url ?? '-']]);
      }
    });
  inbox.command('list')
    .description('the inboxes of the account (account key)')
    .option('--limit <n>', 'page size (1-100)', intArg('--limit'))
    .option('--offset <n>', 'skip this many', intArg('--offset'))
    .option('--all', 'every inbox, page after page')
    .option('--include-deleted', 'also deleted inboxes')
    .action(async (o: { limit?: number; offset?: number; all?: boolean; includeDeleted?: boolean }, cmd: Command) => {
      const c = context(cmd);
      const filter = o.includeDeleted ? { include_deleted: true } : {};
      const rows = o.all ? await collect(c.mailroom.inboxes.iterate(filter))
        : (await c.mailroom.inboxes.list({ ...filter, ...(o.limit ? { limit: o.limit } : {}), ...(o.offset ? { offset: o.offset } : {}) })).inboxes;
      if (c.json) printJson(o.all ? { inboxes: rows, total: rows.length } : { inboxes: rows });
      else table(rows.map((i) => [i.id, i.address, i.status, `${i.message_count} messages`]));
    });
  inbox.command('show')
    .description('one inbox (default: the configured inbox)')
    .argument('[id]')
    .action(async (id: string | undefined, _o: unknown, cmd: Command) => {
      const c = context(cmd);
      const inboxId = needInbox(c, id);
      const i = await c.forInbox(inboxId).inboxes.get(inboxId);
      if (c.json) printJson(i);
      else table([['id', i.id], ['address', i.address], ['display_name', i.display_name], ['status', i.status], ['tier', i.tier], ['messages', String(i.message_count)], ['threads', String(i.thread_count)], ['view_url', i.view_url]]);
    });
  inbox.command('delete')
    .description('delete an inbox (mail to it is refused afterwards)')
    .argument('<id>')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.inboxes.delete(id);
      if (c.json) printJson(r);
      else println(`deleted ${r.address}`);
    });

  // messages ----------------------------------------------------------------------------------
  const messages = program.command('messages').description('read mail');
  messages.command('list')
    .description('messages of an inbox, newest first (* = unread)')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .option('--limit <n>', 'page size (1-100)', intArg('--limit'))
    .option('--offset <n>', 'skip this many', intArg('--offset'))
    .option('--unread', 'only unread messages')
    .option('--thread <id>', 'only this conversation')
    .addHelpText('after', examples('mailroom messages list --unread', 'mailroom messages list --json | jq -r ".messages[].subject"'))
    .action(async (o: { inbox?: string; limit?: number; offset?: number; unread?: boolean; thread?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const r = await c.forInbox(inboxId).messages.list(inboxId, {
        ...(o.limit ? { limit: o.limit } : {}), ...(o.offset ? { offset: o.offset } : {}), ...(o.unread ? { unread_only: true } : {}), ...(o.thread ? { thread_id: o.thread } : {}),
      });
      if (c.json) printJson(r);
      else table(r.messages.map(messageLine));
    });
  messages.command('show')
    .description('one message with its code, link and attachments')
    .argument('<message-id>')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .action(async (id: string, o: { inbox?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const m = await c.forInbox(inboxId).messages.get(inboxId, id);
      if (c.json) printJson(m);
      else printMessage(m);
    });

  // threads -----------------------------------------------------------------------------------
  const threads = program.command('threads').description('conversations');
  threads.command('list')
    .description('conversations of an inbox, or with an account key and --all-inboxes, of the account')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .option('--all-inboxes', 'every inbox of the account (account key)')
    .option('--label <label>', 'only threads with this label')
    .option('--unread', 'only threads with unread messages')
    .option('--limit <n>', 'page size (1-100)', intArg('--limit'))
    .action(async (o: { inbox?: string; allInboxes?: boolean; label?: string; unread?: boolean; limit?: number }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const q = { ...(o.label ? { label: o.label } : {}), ...(o.unread ? { unread: true } : {}), ...(o.limit ? { limit: o.limit } : {}) };
      const r = o.allInboxes ? await c.mailroom.threads.listAll(q) : await c.forInbox(needInbox(c)).threads.list(needInbox(c), q);
      if (c.json) printJson(r);
      else table(r.threads.map((t) => [t.id, t.last_message_at, `${t.message_count} msg${t.unread_count ? `, ${t.unread_count} unread` : ''}`, t.subject]));
    });
  threads.command('show')
    .description('a conversation with its messages in order')
    .argument('<thread-id>')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .action(async (id: string, o: { inbox?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const t = await c.forInbox(inboxId).threads.get(inboxId, id);
      if (c.json) { printJson(t); return; }
      println(`${t.subject}  (${t.participants.join(', ')})`);
      for (const m of t.messages) { println(); println(`--- ${m.received_at} ${m.from} (${m.id})`); println(m.reply_body || m.body_text); }
    });

  // wait --------------------------------------------------------------------------------------
  program.command('wait')
    .description('block until a matching message arrives; print its code (--code), link (--link) or id')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .addOption(new Option('--code', 'wait for a message with a verification code and print only the code').conflicts('link'))
    .addOption(new Option('--link', 'wait for a message with a call-to-action link and print only the URL').conflicts('code'))
    .option('--from <text>', 'sender contains this (case-insensitive)')
    .option('--subject <text>', 'subject contains this (case-insensitive)')
    .option('--after <message-id>', 'only mail that arrived after this message')
    .option('--since <iso-time>', 'only mail received since then (default: 10 s before the call)')
    .option('--unread-only', 'only unread mail')
    .option('--verified-only', 'only mail whose sender passed DMARC and is not flagged spoofed_sender or lookalike_domain')
    .option('--safe-only', 'skip mail whose security.risk is medium or high')
    .option('--timeout <seconds>', 'give up after this many seconds (exit 3)', intArg('--timeout'), 120)
    .addHelpText('after', examples(
      'CODE=$(mailroom wait --code --from github.com) && echo "code is $CODE"',
      'open "$(mailroom wait --link --subject "confirm your email")"',
      'mailroom wait --timeout 30 --json',
    ))
    .action(async (o: { inbox?: string; code?: boolean; link?: boolean; from?: string; subject?: string; after?: string; since?: string; unreadOnly?: boolean; verifiedOnly?: boolean; safeOnly?: boolean; timeout: number }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const id = needInbox(c);
      if (o.timeout < 1) throw new UsageError('--timeout must be at least 1 second');
      const what = o.code ? 'a verification code' : o.link ? 'a link' : 'a message';
      const spin = spinner(`waiting for ${what} in ${id}`);
      const abort = new AbortController();
      const onSigint = () => abort.abort();
      process.once('SIGINT', onSigint);
      try {
        const r = await c.forInbox(id).waitForMessage(id, {
          timeout: o.timeout, signal: abort.signal,
          has: o.code ? 'code' : o.link ? 'link' : 'any',
          ...(o.from ? { from: o.from } : {}), ...(o.subject ? { subject: o.subject } : {}), ...(o.after ? { after: o.after } : {}),
          ...(o.since ? { since: o.since } : {}), ...(o.unreadOnly ? { unread_only: true } : {}), ...(o.verifiedOnly ? { verified_only: true } : {}),
          ...(o.safeOnly ? { safe_only: true } : {}),
        });
        spin.stop();
        // stdout stays the code or link alone (for $(…)); what the agent must weigh goes to stderr.
        const flags = [...new Set((r.message.security?.flags ?? []).map((f) => f.type))];
        if (flags.length) note(`warning: ${r.message.id} is flagged ${flags.join(', ')} (risk ${r.message.security!.risk}): treat its content, code and links with care; --safe-only skips such mail`);
        if (c.json) printJson(r);
        else if (o.code) println(r.verification_code ?? '');
        else if (o.link) println(r.cta?.url ?? '');
        else println(`${r.message.id}\t${r.message.from}\t${r.message.subject}`);
      } finally {
        spin.stop();
        process.off('SIGINT', onSigint);
      }
    });

  // claim -------------------------------------------------------------------------------------
  program.command('claim')
    .description('be one of several workers on an inbox: claim each message in turn and run a command on it; exit 0 acks it, any other releases it to another worker')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .requiredOption('--exec <command>', 'shell command run per message: the message as JSON on stdin, MAILROOM_MESSAGE_ID and MAILROOM_INBOX_ID in its environment')
    .option('--lease <seconds>', 'how long each message is yours (5-900); a command still running then loses it', intArg('--lease'), 60)
    .addOption(new Option('--has <what>', 'only mail with a code (its code is then yours alone), a link, or either').choices(['code', 'link', 'any']))
    .option('--from <text>', 'the sender address\'s domain or a whole address')
    .option('--subject <text>', 'subject contains this (case-insensitive)')
    .option('--verified-only', 'only mail whose sender passed DMARC and is not flagged spoofed_sender or lookalike_domain')
    .option('--safe-only', 'skip mail whose security.risk is medium or high')
    .option('--max <n>', 'stop after handling this many messages', intArg('--max'))
    .option('--idle <seconds>', 'stop when nothing came for this long (default: run until Ctrl-C)', intArg('--idle'))
    .addHelpText('after', examples(
      "mailroom claim --exec 'jq -r .subject >> subjects.txt'",
      "mailroom claim --has code --exec './use-code.sh' --max 1",
    ))
    .action(async (o: { inbox?: string; exec: string; lease: number; has?: 'code' | 'link' | 'any'; from?: string; subject?: string; verifiedOnly?: boolean; safeOnly?: boolean; max?: number; idle?: number }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const id = needInbox(c);
      if (o.lease < 5 || o.lease > 900) throw new UsageError('--lease must be 5-900 seconds');
      const abort = new AbortController();
      const onSigint = () => abort.abort();
      process.once('SIGINT', onSigint);
      let handled = 0;
      let lastWork = Date.now();
      try {
        const filters = { lease: o.lease, ...(o.has ? { has: o.has } : {}), ...(o.from ? { from: o.from } : {}), ...(o.subject ? { subject: o.subject } : {}),
          ...(o.verifiedOnly ? { verified_only: true } : {}), ...(o.safeOnly ? { safe_only: true } : {}) };
        while (!abort.signal.aborted && (o.max === undefined || handled < o.max)) {
          if (o.idle !== undefined && Date.now() - lastWork > o.idle * 1000) break;
          const timeout = Math.max(0, Math.min(20, o.idle ?? 20));
          const { claims } = await c.forInbox(id).messages.claimOnce(id, { ...filters, timeout, limit: 1 });
          for (const cl of claims) {
            lastWork = Date.now();
            const code = await runOn(o.exec, cl.message, id);
            const client = c.forInbox(id).messages;
            if (code === 0) await client.ack(id, cl.message.id, cl.claim_id);
            else await client.release(id, cl.message.id, cl.claim_id);
            handled++;
            // One JSON line per message, as listen prints events: a stream a script reads line by line.
            if (c.json) println(JSON.stringify({ message_id: cl.message.id, exit_code: code, outcome: code === 0 ? 'acked' : 'released' }));
            else note(`${cl.message.id}: exit ${code}, ${code === 0 ? 'acked' : 'released'}`);
          }
        }
      } finally {
        process.off('SIGINT', onSigint);
      }
    });

  // listen ------------------------------------------------------------------------------------
  program.command('listen')
    .description('stream events as they happen (WebSocket): one JSON event per line, reconnecting and resuming by itself')
    .option('--event <type>', 'only this event type (repeat or comma-separate), e.g. message.received', list)
    .option('--inbox <id>', 'only events of this inbox (repeat or comma-separate); default every inbox the key may see', list)
    .option('--since <event-id>', 'first print the events after this one (an event_id printed earlier)')
    .addHelpText('after', examples(
      'mailroom listen --event message.received',
      "mailroom listen | jq -r 'select(.event == \"message.received\") | .message.subject'",
    ))
    .action(async (o: { event?: string[]; inbox?: string[]; since?: string }, cmd: Command) => {
      const c = context(cmd);
      const abort = new AbortController();
      const stop = () => abort.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        const events = c.mailroom.stream({
          ...(o.event?.length ? { eventTypes: o.event } : {}), ...(o.inbox?.length ? { inboxIds: o.inbox } : {}),
          ...(o.since ? { lastEventId: o.since } : {}), signal: abort.signal,
          onReconnect: ({ delayMs }) => note(`disconnected; reconnecting in ${Math.round(delayMs)} ms`),
        });
        for await (const e of events) println(JSON.stringify(e));
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
    });

  // sending -----------------------------------------------------------------------------------
  program.command('send')
    .description('send an email now (paid tiers)')
    .option('--inbox <id>', 'sending inbox (default: the configured inbox)')
    .requiredOption('--to <address>', 'recipient; repeat or comma-separate for several', list)
    .option('--cc <address>', 'copy; repeat or comma-separate', list)
    .option('--bcc <address>', 'blind copy; repeat or comma-separate', list)
    .requiredOption('--subject <text>', 'subject line')
    .option('--body <text>', 'plain-text body')
    .option('--body-file <path>', 'read the body from a file (- for stdin)')
    .option('--html-file <path>', 'an HTML version of the body')
    .option('--client-id <id>', 'idempotency key: the same id never sends twice')
    .addHelpText('after', examples('mailroom send --to bob@example.org --subject "Hello" --body "Hi Bob"', 'echo "report attached" | mailroom send --to a@example.org,b@example.org --subject Report --body-file -'))
    .action(async (o: { inbox?: string; to: string[]; cc?: string[]; bcc?: string[]; subject: string; body?: string; bodyFile?: string; htmlFile?: string; clientId?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const r = await c.forInbox(inboxId).send(inboxId, {
        to: o.to, subject: o.subject, body: bodyText(o, true)!,
        ...(o.cc ? { cc: o.cc } : {}), ...(o.bcc ? { bcc: o.bcc } : {}),
        ...(o.htmlFile ? { body_html: readFileSync(o.htmlFile, 'utf8') } : {}), ...(o.clientId ? { client_id: o.clientId } : {}),
      });
      if (c.json) printJson(r);
      else println(`${r.status} ${r.id}${r.thread_id ? ` (thread ${r.thread_id})` : ''}`);
    });
  program.command('reply')
    .description('reply to a message in its thread (paid tiers)')
    .argument('<message-id>')
    .option('--body <text>', 'plain-text body')
    .option('--body-file <path>', 'read the body from a file (- for stdin)')
    .option('--all', 'reply to all the other recipients too')
    .option('--client-id <id>', 'idempotency key: the same id never sends twice')
    .addHelpText('after', examples('mailroom reply msg_123 --body "Thanks, done."'))
    .action(async (id: string, o: { body?: string; bodyFile?: string; all?: boolean; clientId?: string }, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.reply(id, { body: bodyText(o, true)!, ...(o.all ? { reply_all: true } : {}), ...(o.clientId ? { client_id: o.clientId } : {}) });
      if (c.json) printJson(r);
      else println(`${r.status} ${r.id}${r.thread_id ? ` (thread ${r.thread_id})` : ''}`);
    });

  program.command('simulate')
    .description('test mode (a sandbox stack, the local stack): deliver a mail without sending one')
    .option('--inbox <id>', 'receiving inbox (default: the configured inbox)')
    .option('--scenario <name>', 'verification_code, magic_link, reply, spoofed_sender, prompt_injection; bounce or complaint (--message: a mail this inbox sent)')
    .option('--raw-file <path>', 'an RFC 5322 message to deliver instead (- for stdin)')
    .option('--code <code>', 'verification_code: the code to plant')
    .option('--link <url>', 'magic_link: the link to plant')
    .option('--message <id>', 'reply: the message answered; bounce, complaint: the sent mail')
    .option('--text <text>', 'reply: the reply\'s text')
    .option('--from <address>', 'sender address')
    .addHelpText('after', examples('mailroom simulate --scenario verification_code --code 123456', 'mailroom simulate --raw-file mail.eml'))
    .action(async (o: { inbox?: string; scenario?: string; rawFile?: string; code?: string; link?: string; message?: string; text?: string; from?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      if ((o.scenario === undefined) === (o.rawFile === undefined)) throw new UsageError('give --scenario <name> or --raw-file <path>');
      const body = {
        ...(o.rawFile !== undefined ? { raw: readFileSync(o.rawFile === '-' ? 0 : o.rawFile, 'utf8') } : { scenario: o.scenario as never }),
        ...(o.code ? { code: o.code } : {}), ...(o.link ? { link: o.link } : {}), ...(o.message ? { message_id: o.message } : {}),
        ...(o.text ? { text: o.text } : {}), ...(o.from ? { from: o.from } : {}),
      };
      const r = await c.forInbox(inboxId).messages.simulate(inboxId, body);
      if (c.json) printJson(r);
      else println(`${r.status} ${r.message_id ?? ''}${r.rejected_reason ? ` (${r.rejected_reason})` : ''}${Object.entries(r.planted).map(([k, v]) => ` ${k}=${v}`).join('')}`);
    });

  // drafts ------------------------------------------------------------------------------------
  const drafts = program.command('drafts').description('write, schedule and send drafts');
  drafts.command('create')
    .description('write a draft; with --send-at it is sent then (paid tiers)')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .requiredOption('--to <address>', 'recipient; repeat or comma-separate', list)
    .requiredOption('--subject <text>', 'subject line')
    .option('--body <text>', 'plain-text body')
    .option('--body-file <path>', 'read the body from a file (- for stdin)')
    .option('--send-at <iso-time>', 'send automatically at this time')
    .option('--reply-to-message <id>', 'make it a reply to this message of the inbox')
    .addHelpText('after', examples('mailroom drafts create --to bob@example.org --subject Hi --body "Draft text" --send-at 2030-01-01T09:00:00Z'))
    .action(async (o: { inbox?: string; to: string[]; subject: string; body?: string; bodyFile?: string; sendAt?: string; replyToMessage?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const d = await c.forInbox(inboxId).drafts.create(inboxId, {
        to: o.to, subject: o.subject, body: bodyText(o, true)!, ...(o.sendAt ? { send_at: o.sendAt } : {}), ...(o.replyToMessage ? { in_reply_to: o.replyToMessage } : {}),
      });
      if (c.json) printJson(d);
      else println(`${d.id} ${d.status}${d.send_at ? ` at ${d.send_at}` : ''}`);
    });
  drafts.command('list')
    .option('--inbox <id>', 'inbox id (default: the configured inbox)')
    .option('--label <label>', 'only drafts with this label')
    .description('drafts, newest first')
    .action(async (o: { inbox?: string; label?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const r = await c.forInbox(inboxId).drafts.list(inboxId, o.label ? { label: o.label } : {});
      if (c.json) printJson(r);
      else table(r.drafts.map((d) => [d.id, d.status, d.send_at ?? '-', d.to, d.subject]));
    });
  drafts.command('show').argument('<draft-id>').option('--inbox <id>', 'inbox id').description('one draft')
    .action(async (id: string, o: { inbox?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const d = await c.forInbox(inboxId).drafts.get(inboxId, id);
      if (c.json) printJson(d);
      else { table([['id', d.id], ['status', d.status], ['to', d.to], ['subject', d.subject], ['send_at', d.send_at ?? '-']]); println(); println(d.body_text); }
    });
  drafts.command('update').argument('<draft-id>').option('--inbox <id>', 'inbox id').description('change given fields')
    .option('--to <address>', 'recipients', list).option('--subject <text>').option('--body <text>').option('--body-file <path>')
    .option('--send-at <iso-time>', 'reschedule').option('--unschedule', 'keep it as a draft (clears send_at)')
    .action(async (id: string, o: { inbox?: string; to?: string[]; subject?: string; body?: string; bodyFile?: string; sendAt?: string; unschedule?: boolean }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      if (o.sendAt && o.unschedule) throw new UsageError('give --send-at or --unschedule, not both');
      const body = bodyText(o, false);
      const inboxId = needInbox(c);
      const d = await c.forInbox(inboxId).drafts.update(inboxId, id, {
        ...(o.to ? { to: o.to } : {}), ...(o.subject !== undefined ? { subject: o.subject } : {}), ...(body !== undefined ? { body } : {}),
        ...(o.sendAt ? { send_at: o.sendAt } : {}), ...(o.unschedule ? { send_at: null } : {}),
      });
      if (c.json) printJson(d);
      else println(`${d.id} ${d.status}${d.send_at ? ` at ${d.send_at}` : ''}`);
    });
  drafts.command('delete').argument('<draft-id>').option('--inbox <id>', 'inbox id').description('discard a draft (and its schedule)')
    .action(async (id: string, o: { inbox?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const r = await c.forInbox(inboxId).drafts.delete(inboxId, id);
      if (c.json) printJson(r);
      else println(`deleted ${r.id}`);
    });
  drafts.command('send').argument('<draft-id>').option('--inbox <id>', 'inbox id').description('send a draft now (paid tiers)')
    .action(async (id: string, o: { inbox?: string }, cmd: Command) => {
      const c = context(cmd, o.inbox);
      const inboxId = needInbox(c);
      const r = await c.forInbox(inboxId).drafts.send(inboxId, id);
      if (c.json) printJson(r);
      else println(`${r.status} ${r.id}`);
    });

  // webhooks ----------------------------------------------------------------------------------
  const webhooks = program.command('webhooks').description('be told about new mail by HTTPS POST');
  webhooks.command('create')
    .description('register an endpoint; prints the signing secret once')
    .argument('<url>', 'your HTTPS endpoint')
    .option('--events <types>', 'comma-separated event types', list)
    .option('--inbox <id>', 'only events of this inbox (account key)')
    .addHelpText('after', examples('mailroom webhooks create https://example.org/hooks/mail --events message.received'))
    .action(async (url: string, o: { events?: string[]; inbox?: string }, cmd: Command) => {
      const c = context(cmd);
      const w = await c.mailroom.webhooks.create({ url, events: o.events ?? ['message.received'], ...(o.inbox ? { inbox_id: o.inbox } : {}) });
      if (c.json) printJson(w);
      else table([['id', w.id], ['url', w.url], ['events', w.events.join(', ')], ['secret', w.secret]]);
    });
  webhooks.command('list').description('webhooks with their health')
    .action(async (_o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.webhooks.list();
      if (c.json) printJson(r);
      else table(r.webhooks.map((w) => [w.id, w.status, w.health, w.url, w.events.join(',')]));
    });
  webhooks.command('logs').description('delivery attempts of the last 30 days').argument('<webhook-id>')
    .option('--limit <n>', 'page size (1-100)', intArg('--limit'))
    .action(async (id: string, o: { limit?: number }, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.webhooks.logs(id, o.limit ? { limit: o.limit } : {});
      if (c.json) printJson(r);
      else table(r.logs.map((l) => [l.attempted_at, l.success ? 'ok' : 'failed', String(l.response_code ?? '-'), `${l.latency_ms} ms`, l.event_type, l.error ?? '']));
    });
  webhooks.command('test').description('send a sample message.received now').argument('<webhook-id>')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.webhooks.test(id);
      if (c.json) printJson(r);
      else println(`${r.status}: HTTP ${r.response_code ?? '-'} in ${r.latency_ms} ms${r.error ? ` (${r.error})` : ''}`);
      if (r.status !== 'success') process.exitCode = EXIT.api;
    });
  webhooks.command('delete').description('delete a webhook').argument('<webhook-id>')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.webhooks.delete(id);
      if (c.json) printJson(r);
      else println(`deleted ${r.id}`);
    });

  // test mode: request bins ------------------------------------------------------------------
  /** What a bin answers, from --status and --delay-ms: only what was given. */
  const respondOf = (o: { status?: number; delayMs?: number }) =>
    ({ ...(o.status !== undefined ? { status: o.status } : {}), ...(o.delayMs !== undefined ? { delay_ms: o.delayMs } : {}) });
  const bins = program.command('bins').description('test mode: public URLs that record what is sent to them (point a webhook at one)');
  bins.command('create')
    .description('a new bin; prints its id and URL')
    .option('--status <code>', 'answer requests with this HTTP status (200-599; default 200)', intArg('--status'))
    .option('--delay-ms <ms>', 'answer after this delay (up to 25000)', intArg('--delay-ms'))
    .option('--ttl-hours <hours>', 'expire after (1-72; default 24)', intArg('--ttl-hours'))
    .addHelpText('after', examples('mailroom bins create', 'mailroom webhooks create "$(mailroom bins create --status 500 --json | jq -r .url)"'))
    .action(async (o: { status?: number; delayMs?: number; ttlHours?: number }, cmd: Command) => {
      const c = context(cmd);
      const respond = respondOf(o);
      const b = await c.mailroom.bins.create({ ...(Object.keys(respond).length ? { respond } : {}), ...(o.ttlHours !== undefined ? { ttl_hours: o.ttlHours } : {}) });
      if (c.json) printJson(b);
      else println(`${b.id} ${b.url}`);
    });
  bins.command('update').description('change what a bin answers, from its next request').argument('<bin-id>')
    .option('--status <code>', 'HTTP status (200-599)', intArg('--status'))
    .option('--delay-ms <ms>', 'delay (up to 25000)', intArg('--delay-ms'))
    .action(async (id: string, o: { status?: number; delayMs?: number }, cmd: Command) => {
      const c = context(cmd);
      if (o.status === undefined && o.delayMs === undefined) throw new UsageError('give --status <code> and/or --delay-ms <ms>');
      const b = await c.mailroom.bins.update(id, { respond: respondOf(o) });
      if (c.json) printJson(b);
      else println(`${b.id} answers ${b.respond.status} after ${b.respond.delay_ms} ms`);
    });
  bins.command('requests').description('what a bin received, newest first').argument('<bin-id>')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.bins.requests(id);
      if (c.json) printJson(r);
      else table(r.requests.map((q) => [q.received_at, q.method, String(q.answered_status), q.body.replace(/\s+/g, ' ').slice(0, 80)]));
    });
  bins.command('list').description('your live bins')
    .action(async (_o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.bins.list();
      if (c.json) printJson(r);
      else table(r.bins.map((b) => [b.id, String(b.request_count), b.expires_at, b.url]));
    });
  bins.command('delete').description('delete a bin: its URL answers 404 from now on').argument('<bin-id>')
    .action(async (id: string, _o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.bins.delete(id);
      if (c.json) printJson(r);
      else println(`deleted ${r.id}`);
    });

  // account -----------------------------------------------------------------------------------
  program.command('capabilities').description('what this key can and cannot do, and how to unlock the rest')
    .action(async (_o: unknown, cmd: Command) => {
      const c = context(cmd);
      const r = await c.mailroom.capabilities();
      if (c.json) { printJson(r); return; }
      println(`tier: ${r.tier}`);
      for (const x of r.can) println(`  can     ${x.action}`);
      for (const x of r.cannot) println(`  cannot  ${x.action}: ${x.reason} → ${x.api_call}`);
    });

  // mcp ---------------------------------------------------------------------------------------
  program.command('mcp')
    .description('the Mailroom MCP server over stdio, for desktop MCP clients (forwards to {api}/mcp with your key)')
    .addHelpText('after', `\nIn an MCP client's configuration:\n  { "mcpServers": { "mailroom": { "command": "mailroom", "args": ["mcp"],\n      "env": { "MAILROOM_API_URL": "https://…", "MAILROOM_API_KEY": "mr_…" } } } }\n`)
    .action(async (_o: unknown, cmd: Command) => {
      const c = context(cmd);
      await runMcpBridge({ apiUrl: c.apiUrl, ...(c.apiKey ? { apiKey: c.apiKey } : {}) });
    });

  return program;
}

/** Runs the CLI and returns its exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version "errors" are successes; everything else commander rejects is usage.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    return report(err, argv.includes('--json'));
  }
}

/** Runs `command` in a shell with the message as JSON on stdin; its output passes through. Resolves to its exit code. */
function runOn(command: string, message: unknown, inboxId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const m = message as { id: string };
    const child = spawn(command, { shell: true, stdio: ['pipe', 'inherit', 'inherit'], env: { ...process.env, MAILROOM_MESSAGE_ID: m.id, MAILROOM_INBOX_ID: inboxId } });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify(message)}\n`);
  });
}
