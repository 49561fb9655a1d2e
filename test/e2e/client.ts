import { inject } from 'vitest';
import { spawnLocalStack } from '../local-stack.ts';

export const target = () => inject('mailroom');

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Another stack than the suite's target (e.g. a second local stack with default limits). */
  baseUrl?: string;
}

/** A real HTTP call to the stack under test. */
export async function api<T = any>(method: string, path: string, opts: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] ??= 'application/json'; }
  const res = await fetch(`${opts.baseUrl ?? target().apiUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

let counter = 0;
/** A username nobody else in this run has. */
export const uniqueUsername = (prefix = 'agent') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 32).replace(/-+$/, '');

export interface CreatedInbox { id: string; address: string; api_key: string; account_api_key: string; view_url: string }

/** A new free account with one inbox. */
export async function newAccount(username = uniqueUsername(), baseUrl?: string): Promise<CreatedInbox> {
  const r = await api('POST', '/v1/inboxes', { body: { username }, baseUrl });
  if (r.status !== 201) throw new Error(`inbox creation failed: ${r.status} ${r.text}`);
  return r.body.result;
}

/** Another inbox in the account of `accountKey`. */
export async function addInbox(accountKey: string, username = uniqueUsername(), baseUrl?: string): Promise<CreatedInbox> {
  const r = await api('POST', '/v1/inboxes', { key: accountKey, body: { username }, baseUrl });
  if (r.status !== 201) throw new Error(`inbox creation failed: ${r.status} ${r.text}`);
  return r.body.result;
}

/**
 * A new account with one inbox, upgraded to a paid tier (the sandbox payment provider charges
 * pm_card_visa): what sending, scheduled drafts and custom domains need.
 */
export async function paidAccount(tier: 'developer' | 'growth' = 'developer'): Promise<CreatedInbox> {
  const inbox = await newAccount();
  const r = await api('POST', '/v1/account/upgrade', { key: inbox.account_api_key, body: { tier, payment_method: 'pm_card_visa' } });
  if (r.status !== 200) throw new Error(`upgrade to ${tier} failed: ${r.status} ${r.text}`);
  return inbox;
}

/** The X-RateLimit-* headers as numbers (NaN when a header is missing). */
export const rateHeaders = (h: Headers) => ({
  limit: Number(h.get('x-ratelimit-limit') ?? NaN),
  remaining: Number(h.get('x-ratelimit-remaining') ?? NaN),
  reset: Number(h.get('x-ratelimit-reset') ?? NaN),
  window: Number(h.get('x-ratelimit-window') ?? NaN),
});

export interface ExtraStack {
  apiUrl: string;
  /** Its SMTP stand-in for SES receiving (host 127.0.0.1), for mail to the target's domain. */
  smtpPort: number;
  /** Its own DynamoDB table in the suite's emulator. */
  tableName: string;
  /** Everything it wrote to stdout and stderr so far: its functions' log lines and EMF metrics. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A second local stack (`tsx bin/local.ts`) sharing the suite's emulator but with its own table
 * (MAILROOM_NAME_PREFIX), so a test can run it with other settings, e.g. the default limits.
 * `env` values of undefined remove the variable; `args` are npm start's flags (e.g. --no-test-mode).
 */
export async function startExtraStack(env: Record<string, string | undefined>, args: readonly string[] = []): Promise<ExtraStack> {
  const t = target();
  const stack = await spawnLocalStack({
    args,
    timeoutMs: 60_000,
    env: {
      MAIL_DOMAIN: t.mailDomain,
      AWS_ENDPOINT_URL: t.awsEndpoint,
      // The suite's emulator enforces IAM: the second stack's stand-ins and functions sign as its admin.
      ...(t.awsCredentials ? { AWS_ACCESS_KEY_ID: t.awsCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: t.awsCredentials.secretAccessKey } : {}),
      MAILROOM_NAME_PREFIX: `mr-extra-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  const { apiUrl, smtpPort, tableName } = stack.ready;
  return { apiUrl, smtpPort, tableName, output: stack.output, stop: stack.stop };
}
