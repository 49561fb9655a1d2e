/**
 * The typed client. `mailroom.api` is openapi-fetch over the generated `paths` (every route,
 * typed); the namespaces (`inboxes`, `messages`, …) are one-line wrappers over it that return
 * the envelope's `result` and throw MailroomError for anything else.
 */
import createClient, { type Client } from 'openapi-fetch';
import { MailroomError, WaitTimeoutError } from './errors.js';
import type { components, operations, paths } from './generated/schema.js';
import { withClientId } from './idempotency.js';
import { paginate, type Page, type PageRequest, type PaginateOptions } from './paginate.js';
import { retryingFetch, type RetryEvent, type RetryOptions } from './retry.js';
import { eventStream, type StreamEvent, type StreamOptions } from './stream.js';

type Schemas = components['schemas'];
type Query<O extends keyof operations> = NonNullable<operations[O]['parameters']['query']>;
type Body<O extends keyof operations> = operations[O]['requestBody'] extends { content: { 'application/json': infer B } } | undefined ? B : never;

/** Where the local stack listens (`npm start`): the default when neither option nor env names one. */
export const DEFAULT_API_URL = 'http://localhost:3000';

export interface MailroomOptions {
  /** API base URL; default MAILROOM_API_URL, else http://localhost:3000. */
  apiUrl?: string;
  /** Account or inbox key; default MAILROOM_API_KEY. Creating a first inbox needs none. */
  apiKey?: string;
  /** Retry policy for 429 and 5xx; `false` turns retrying off. */
  retry?: RetryOptions | false;
  /** Called before each retry (logging, metrics). */
  onRetry?: (event: RetryEvent) => void;
  /** A fetch of your own (proxies, tests); default globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

/** Filters of the wait call (its per-call `timeout` aside). */
export type WaitQuery = Omit<Query<'waitForMessage'>, 'timeout'>;

/** What a wait call answers: the message with its best code and link, or `timed_out: true`. */
export type WaitResult = Schemas['WaitResult'];

export interface WaitForMessageOptions extends WaitQuery {
  /** Total seconds to wait across as many wait calls as that takes (default 120). */
  timeout?: number;
  /** Longest single wait call in seconds (default and maximum 25); lower it behind a proxy that cuts idle requests sooner. */
  callTimeout?: number;
  signal?: AbortSignal;
}

/** A message that arrived, with its code or link picked out. */
export type ArrivedMessage = WaitResult & { message: Schemas['Message']; timed_out: false };
/** A message claim() hands you: acked when your loop body finishes, released when you leave the loop early. */
export type ClaimedItem = Schemas['ClaimedMessage'] & { ack(): Promise<void>; release(): Promise<void> };

/** The wait call's own limit (API Gateway ends integrations at 30 s). */
export const MAX_WAIT_CALL_SECONDS = 25;
export const DEFAULT_WAIT_SECONDS = 120;
/** The server's default look-back for a wait without `since`: a mail that just landed still counts. */
const WAIT_LOOKBACK_MS = 10_000;

type ApiCall<T> = Promise<{ data?: { result: T }; error?: unknown; response: Response }>;

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env[name] : undefined) || undefined;

export class Mailroom {
  /** The raw typed client: every route of openapi.json, e.g. `api.GET('/v1/inboxes/{id}', …)`. */
  readonly api: Client<paths>;
  readonly apiUrl: string;
  private readonly apiKey: string | undefined;

  constructor(options: MailroomOptions = {}) {
    this.apiUrl = (options.apiUrl ?? env('MAILROOM_API_URL') ?? DEFAULT_API_URL).replace(/\/+$/, '');
    const key = options.apiKey ?? env('MAILROOM_API_KEY');
    this.apiKey = key;
    const base = options.fetch ?? ((r: Request) => globalThis.fetch(r));
    this.api = createClient<paths>({
      baseUrl: this.apiUrl,
      fetch: options.retry === false ? base : retryingFetch(base, options.retry, options.onRetry),
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...options.headers },
    });
  }

  /** The result of a call, or a MailroomError. */
  private async unwrap<T>(call: ApiCall<T>): Promise<T> {
    let r: Awaited<ApiCall<T>>;
    try {
      r = await call;
    } catch (err) {
      if (err instanceof MailroomError) throw err;
      throw MailroomError.network(err);
    }
    if (r.error !== undefined || !r.response.ok || !r.data) throw MailroomError.fromResponse(r.response, r.error);
    return r.data.result;
  }

  private list<T extends object, K extends string>(key: K, fetch: (p: PageRequest) => ApiCall<Record<K, T[]> & { total?: number; has_more?: boolean; next_cursor?: string | null }>, options?: PaginateOptions) {
    return paginate<T>(async (p) => {
      const page = await this.unwrap(fetch(p));
      return { items: page[key], total: page.total, has_more: page.has_more, next_cursor: page.next_cursor } satisfies Page<T>;
    }, options);
  }

  readonly inboxes = {
    /** Creates an inbox; without a key this also creates a free account (both keys are in the result, once). */
    create: (body: Body<'createInbox'>) => this.unwrap(this.api.POST('/v1/inboxes', { body: withClientId(body) })),
    list: (query: Query<'listInboxes'> = {}) => this.unwrap(this.api.GET('/v1/inboxes', { params: { query } })),
    /** Every inbox of the account, page by page. */
    iterate: (query: Omit<Query<'listInboxes'>, 'limit' | 'offset'> = {}, options?: PaginateOptions) =>
      this.list<Schemas['InboxSummary'], 'inboxes'>('inboxes', (p) => this.api.GET('/v1/inboxes', { params: { query: { ...query, ...p } } }), options),
    get: (id: string) => this.unwrap(this.api.GET('/v1/inboxes/{id}', { params: { path: { id } } })),
    update: (id: string, body: Body<'updateInbox'>) => this.unwrap(this.api.PATCH('/v1/inboxes/{id}', { params: { path: { id } }, body })),
    delete: (id: string) => this.unwrap(this.api.DELETE('/v1/inboxes/{id}', { params: { path: { id } } })),
    /** A new inbox key, returned once; the old one is refused from the next request on (the client keeps its own key: pass the new one to a new client). */
    rotateKey: (id: string) => this.unwrap(this.api.POST('/v1/inboxes/{id}/rotate-key', { params: { path: { id } } })),
    /** A new view_url; every earlier one stops opening the inbox page. */
    reissueViewUrl: (id: string) => this.unwrap(this.api.POST('/v1/inboxes/{id}/view-url', { params: { path: { id } } })),
  };

  readonly messages = {
    list: (inboxId: string, query: Query<'listMessages'> = {}) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/messages', { params: { path: { id: inboxId }, query } })),
    iterate: (inboxId: string, query: Omit<Query<'listMessages'>, 'limit' | 'offset'> = {}, options?: PaginateOptions) =>
      this.list<Schemas['Message'], 'messages'>('messages', (p) => this.api.GET('/v1/inboxes/{id}/messages', { params: { path: { id: inboxId }, query: { ...query, ...p } } }), options),
    get: (inboxId: string, messageId: string) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/messages/{msgId}', { params: { path: { id: inboxId, msgId: messageId } } })),
    update: (inboxId: string, messageId: string, body: Body<'updateMessage'>) =>
      this.unwrap(this.api.PATCH('/v1/inboxes/{id}/messages/{msgId}', { params: { path: { id: inboxId, msgId: messageId } }, body })),
    attachment: (inboxId: string, messageId: string, attachmentId: string) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/messages/{msgId}/attachments/{attachId}', { params: { path: { id: inboxId, msgId: messageId, attachId: attachmentId } } })),
    rejections: (inboxId: string, query: Query<'listRejections'> = {}) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/rejections', { params: { path: { id: inboxId }, query } })),
    /**
     * Test mode (a sandbox stack, the local stack): delivers a mail without sending one, a raw
     * message or a scenario (`{ scenario: 'verification_code', code: '123456' }`), through the same
     * path as real mail. Answers the message it became; a production stack answers 404.
     */
    simulate: (inboxId: string, body: Body<'simulateInboundMail'>) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/messages/simulate', { params: { path: { id: inboxId } }, body })),
    /** One wait call (at most 25 s): the first matching message, or `timed_out: true`. */
    wait: (inboxId: string, query: WaitQuery & { timeout?: number } = {}, init: { signal?: AbortSignal } = {}) =>
      this.waitOnce(inboxId, query, init.signal).then((r) => r.result),
    /** One claim call: up to `limit` messages, each yours under a lease until you ack or release it. */
    claimOnce: (inboxId: string, body: Body<'claimMessages'> = {}) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/messages/claim', { params: { path: { id: inboxId } }, body })),
    /** Done with a claimed message (MailroomError 409 CLAIM_NOT_HELD when its lease moved on). */
    ack: (inboxId: string, messageId: string, claimId: string) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/messages/{msgId}/ack', { params: { path: { id: inboxId, msgId: messageId } }, body: { claim_id: claimId } })),
    /** Back to the queue, now or after `delay` seconds. */
    release: (inboxId: string, messageId: string, claimId: string, delay = 0) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/messages/{msgId}/release', { params: { path: { id: inboxId, msgId: messageId } }, body: { claim_id: claimId, delay } })),
    deadLetters: (inboxId: string, query: Query<'listDeadLetters'> = {}) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/messages/dead', { params: { path: { id: inboxId }, query } })),
    requeue: (inboxId: string, messageId: string) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/messages/{msgId}/requeue', { params: { path: { id: inboxId, msgId: messageId } } })),
    /**
     * Claimed messages one at a time, for as long as you iterate: `for await (const c of
     * mailroom.messages.claim(inboxId)) { handle(c.message) }`. Each one is acked when your loop
     * body finishes and asks for the next; leaving the loop early (an exception, break or return)
     * releases the message in hand so another worker gets it at once. `c.ack()` / `c.release()`
     * decide yourself. Long-polls (timeout, default 20 s) while nothing is ready; `signal` stops it.
     */
    claim: (inboxId: string, body: Omit<Body<'claimMessages'>, 'limit'> & { batch?: number } = {}, init: { signal?: AbortSignal } = {}) =>
      this.claimLoop(inboxId, body, init.signal),
  };

  /**
   * Request bins (test mode): a public `url` that records what is sent to it, answering the status
   * and delay you set, so a webhook pointed at it can be read back, failed or stalled.
   */
  readonly bins = {
    create: (body: Body<'createBin'> = {}) => this.unwrap(this.api.POST('/v1/test/bins', { body })),
    list: () => this.unwrap(this.api.GET('/v1/test/bins')),
    /** Change what it answers from the next request on: `{ respond: { status: 500 } }`. */
    update: (id: string, body: Body<'updateBin'>) => this.unwrap(this.api.PATCH('/v1/test/bins/{id}', { params: { path: { id } }, body })),
    /** What it received, newest first. */
    requests: (id: string, query: Query<'listBinRequests'> = {}) =>
      this.unwrap(this.api.GET('/v1/test/bins/{id}/requests', { params: { path: { id }, query } })),
    delete: (id: string) => this.unwrap(this.api.DELETE('/v1/test/bins/{id}', { params: { path: { id } } })),
  };

  readonly threads = {
    list: (inboxId: string, query: Query<'listInboxThreads'> = {}) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/threads', { params: { path: { id: inboxId }, query } })),
    iterate: (inboxId: string, query: Omit<Query<'listInboxThreads'>, 'limit' | 'offset'> = {}, options?: PaginateOptions) =>
      this.list<Schemas['Thread'], 'threads'>('threads', (p) => this.api.GET('/v1/inboxes/{id}/threads', { params: { path: { id: inboxId }, query: { ...query, ...p } } }), options),
    /** Conversations across every inbox of the account (account key). */
    listAll: (query: Query<'listAccountThreads'> = {}) => this.unwrap(this.api.GET('/v1/threads', { params: { query } })),
    iterateAll: (query: Omit<Query<'listAccountThreads'>, 'limit' | 'offset'> = {}, options?: PaginateOptions) =>
      this.list<Schemas['Thread'], 'threads'>('threads', (p) => this.api.GET('/v1/threads', { params: { query: { ...query, ...p } } }), options),
    get: (inboxId: string, threadId: string) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/threads/{threadId}', { params: { path: { id: inboxId, threadId } } })).then((r) => r.thread),
    setLabels: (inboxId: string, threadId: string, labels: string[]) =>
      this.unwrap(this.api.PATCH('/v1/inboxes/{id}/threads/{threadId}', { params: { path: { id: inboxId, threadId } }, body: { labels } })).then((r) => r.thread),
    addLabel: (inboxId: string, threadId: string, label: string) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/threads/{threadId}/labels', { params: { path: { id: inboxId, threadId } }, body: { label } })).then((r) => r.thread),
    removeLabel: (inboxId: string, threadId: string, label: string) =>
      this.unwrap(this.api.DELETE('/v1/inboxes/{id}/threads/{threadId}/labels/{label}', { params: { path: { id: inboxId, threadId, label } } })).then((r) => r.thread),
  };

  readonly drafts = {
    create: (inboxId: string, body: Body<'createDraft'>) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/drafts', { params: { path: { id: inboxId } }, body })),
    list: (inboxId: string, query: Query<'listDrafts'> = {}) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/drafts', { params: { path: { id: inboxId }, query } })),
    iterate: (inboxId: string, query: Omit<Query<'listDrafts'>, 'limit' | 'offset'> = {}, options?: PaginateOptions) =>
      this.list<Schemas['Draft'], 'drafts'>('drafts', (p) => this.api.GET('/v1/inboxes/{id}/drafts', { params: { path: { id: inboxId }, query: { ...query, ...p } } }), options),
    get: (inboxId: string, draftId: string) =>
      this.unwrap(this.api.GET('/v1/inboxes/{id}/drafts/{draftId}', { params: { path: { id: inboxId, draftId } } })),
    update: (inboxId: string, draftId: string, body: Body<'updateDraft'>) =>
      this.unwrap(this.api.PATCH('/v1/inboxes/{id}/drafts/{draftId}', { params: { path: { id: inboxId, draftId } }, body })),
    delete: (inboxId: string, draftId: string) =>
      this.unwrap(this.api.DELETE('/v1/inboxes/{id}/drafts/{draftId}', { params: { path: { id: inboxId, draftId } } })),
    send: (inboxId: string, draftId: string) =>
      this.unwrap(this.api.POST('/v1/inboxes/{id}/drafts/{draftId}/send', { params: { path: { id: inboxId, draftId } } })),
  };

  /** Sends an email now (paid tiers). A client_id is added when you give none, so a retry never sends twice. */
  send(inboxId: string, body: Body<'sendMessage'>) {
    return this.unwrap(this.api.POST('/v1/inboxes/{id}/send', { params: { path: { id: inboxId } }, body: withClientId(body) }));
  }

  /** Replies in the message's thread (paid tiers); idempotent like send. */
  reply(messageId: string, body: Body<'replyToMessage'>) {
    return this.unwrap(this.api.POST('/v1/messages/{id}/reply', { params: { path: { id: messageId } }, body: withClientId(body) }));
  }

  /**
   * Realtime events over WebSocket, as an async iterator: `for await (const e of mailroom.stream({ eventTypes: ['message.received'] }))`.
   * Reconnects with backoff and resumes with last_event_id, so no event is missed or repeated;
   * end it with `break` or options.signal.
   */
  stream(options: StreamOptions = {}): AsyncGenerator<StreamEvent, void, undefined> {
    return eventStream({ apiKey: this.apiKey, streamUrl: async () => (await this.unwrap(this.api.GET('/v1/stream'))).url }, options);
  }

  readonly webhooks = {
    /** The result carries the signing secret: it is shown only here. */
    create: (body: Body<'createWebhook'>) => this.unwrap(this.api.POST('/v1/webhooks', { body })),
    list: () => this.unwrap(this.api.GET('/v1/webhooks')),
    update: (id: string, body: Body<'updateWebhook'>) => this.unwrap(this.api.PATCH('/v1/webhooks/{id}', { params: { path: { id } }, body })),
    delete: (id: string) => this.unwrap(this.api.DELETE('/v1/webhooks/{id}', { params: { path: { id } } })),
    test: (id: string) => this.unwrap(this.api.POST('/v1/webhooks/{id}/test', { params: { path: { id } } })),
    enable: (id: string) => this.unwrap(this.api.POST('/v1/webhooks/{id}/enable', { params: { path: { id } } })),
    rotateSecret: (id: string) => this.unwrap(this.api.POST('/v1/webhooks/{id}/rotate-secret', { params: { path: { id } } })),
    logs: (id: string, query: Query<'listWebhookLogs'> = {}) => this.unwrap(this.api.GET('/v1/webhooks/{id}/logs', { params: { path: { id }, query } })),
    iterateLogs: (id: string, options?: PaginateOptions) =>
      this.list<Schemas['DeliveryLog'], 'logs'>('logs', (p) => this.api.GET('/v1/webhooks/{id}/logs', { params: { path: { id }, query: p } }), options),
  };

  readonly lists = {
    create: (body: Body<'createListEntry'>) => this.unwrap(this.api.POST('/v1/lists', { body })),
    list: (query: Query<'listListEntries'> = {}) => this.unwrap(this.api.GET('/v1/lists', { params: { query } })),
    delete: (id: string) => this.unwrap(this.api.DELETE('/v1/lists/{id}', { params: { path: { id } } })),
  };

  /** Custom domains (paid tiers): add, read the DNS records to publish, verify, delete. */
  readonly domains = {
    create: (body: Body<'createDomain'>) => this.unwrap(this.api.POST('/v1/domains', { body })),
    list: () => this.unwrap(this.api.GET('/v1/domains')),
    get: (id: string) => this.unwrap(this.api.GET('/v1/domains/{id}', { params: { path: { id } } })),
    verify: (id: string) => this.unwrap(this.api.POST('/v1/domains/{id}/verify', { params: { path: { id } } })),
    delete: (id: string) => this.unwrap(this.api.DELETE('/v1/domains/{id}', { params: { path: { id } } })),
  };

  readonly account = {
    get: () => this.unwrap(this.api.GET('/v1/account')),
    capabilities: () => this.unwrap(this.api.GET('/v1/capabilities')),
    upgrade: (body: Body<'upgradeAccount'>) => this.unwrap(this.api.POST('/v1/account/upgrade', { body })),
    /** A new account key, returned once; the old one is refused from the next request on. */
    rotateKey: () => this.unwrap(this.api.POST('/v1/account/rotate-key')),
    upgradeLink: (body: Body<'createUpgradeLink'>) => this.unwrap(this.api.POST('/v1/account/upgrade-link', { body })),
    notifyOperator: (body: Body<'notifyOperator'>) => this.unwrap(this.api.POST('/v1/notify-operator', { body })),
    notification: (id: string) => this.unwrap(this.api.GET('/v1/notifications/{id}', { params: { path: { id } } })),
  };

  /** What this key can and cannot do, and how to unlock the rest. */
  capabilities() {
    return this.account.capabilities();
  }

  /** One wait call, with the envelope's next_steps (they hold the call that continues it). */
  private async *claimLoop(inboxId: string, body: Omit<Body<'claimMessages'>, 'limit'> & { batch?: number }, signal?: AbortSignal): AsyncGenerator<ClaimedItem, void, undefined> {
    const { batch = 1, ...rest } = body;
    // Messages of the batch not yet handed over go back to the queue at once.
    const releaseAll = async (left: readonly { message: { id: string }; claim_id: string }[]) => {
      for (const c of left) await this.messages.release(inboxId, c.message.id, c.claim_id).catch(() => undefined);
    };
    while (!signal?.aborted) {
      const { claims } = await this.messages.claimOnce(inboxId, { timeout: 20, ...rest, limit: batch });
      for (let i = 0; i < claims.length; i++) {
        const c = claims[i]!;
        let settled = false;
        const settle = (f: () => Promise<unknown>) => async () => { if (!settled) { settled = true; await f(); } };
        const item: ClaimedItem = { ...c,
          ack: settle(() => this.messages.ack(inboxId, c.message.id, c.claim_id)),
          release: settle(() => this.messages.release(inboxId, c.message.id, c.claim_id)) };
        let done = false;
        try {
          yield item;
          done = true;
          await item.ack();
        } finally {
          // Left early: this message and the rest of the batch go back to the queue.
          if (!done) {
            await item.release().catch(() => undefined);
            await releaseAll(claims.slice(i + 1));
          }
        }
        if (signal?.aborted) return releaseAll(claims.slice(i + 1));
      }
    }
  }

  private async waitOnce(inboxId: string, query: Query<'waitForMessage'>, signal?: AbortSignal) {
    let nextSteps: string[] = [];
    let serverDate: number | undefined;
    const result = await this.unwrap(this.api.GET('/v1/inboxes/{id}/messages/wait', {
      params: { path: { id: inboxId }, query },
      ...(signal ? { signal } : {}),
    }).then((r) => {
      nextSteps = r.data?.next_steps ?? [];
      const d = Date.parse(r.response.headers.get('date') ?? '');
      if (!Number.isNaN(d)) serverDate = d;
      return r;
    }));
    return { result, nextSteps, serverDate };
  }

  /**
   * Waits until a matching message arrives and returns it with its code or link, calling the
   * wait route as often as `timeout` (total seconds, default 120) allows. Mail that arrives
   * between two calls is not lost: every call after the first asks for the same window.
   * Throws WaitTimeoutError when the time is up.
   *
   * @example const { verification_code } = await mailroom.waitForMessage(inbox.id, { has: 'code', from: 'github.com' });
   */
  async waitForMessage(inboxId: string, options: WaitForMessageOptions = {}): Promise<ArrivedMessage> {
    const { timeout = DEFAULT_WAIT_SECONDS, callTimeout = MAX_WAIT_CALL_SECONDS, signal, ...filters } = options;
    if (!(timeout > 0)) throw new RangeError('timeout must be a positive number of seconds');
    const perCall = Math.max(1, Math.min(MAX_WAIT_CALL_SECONDS, Math.floor(callTimeout)));
    const deadline = Date.now() + timeout * 1000;
    let query: WaitQuery = { ...filters };
    let lastSteps: string[] = [];
    for (;;) {
      const remaining = Math.ceil((deadline - Date.now()) / 1000);
      if (remaining < 1) throw new WaitTimeoutError(timeout, lastSteps);
      const started = Date.now();
      const { result, nextSteps, serverDate } = await this.waitOnce(inboxId, { ...query, timeout: Math.min(perCall, remaining) }, signal);
      if (!result.timed_out && result.message) return result as ArrivedMessage;
      lastSteps = nextSteps;
      query = { ...query, ...continuation(nextSteps, query, serverDate === undefined ? undefined : serverDate - (Date.now() - started)) };
    }
  }
}

/**
 * Where the next wait call starts so nothing is skipped. A timed-out wait's next_steps give
 * the exact call that goes on waiting (`after=<last message looked at>` or `since=…`): take its
 * cursor. Failing that, keep the first call's window: the server's "now − 10 s" at that call by
 * the server's own clock (its Date header, 1 s resolution), never the local clock.
 */
function continuation(nextSteps: string[], query: WaitQuery, serverStartMs: number | undefined): Pick<WaitQuery, 'after' | 'since'> {
  for (const step of nextSteps) {
    const m = /\/messages\/wait\?(\S+)/.exec(step);
    if (!m) continue;
    const p = new URLSearchParams(m[1]!);
    const after = p.get('after');
    const since = p.get('since');
    if (after) return { after, since: undefined };
    if (since) return { since };
  }
  if (query.after !== undefined || query.since !== undefined || serverStartMs === undefined) return {};
  return { since: new Date(serverStartMs - WAIT_LOOKBACK_MS - 1000).toISOString() };
}
