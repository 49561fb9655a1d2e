/**
 * The sandbox suite's client: real HTTP to the stack's public API and nothing else — no SMTP, no
 * emulator, no store, no environment variable of the stack's. What a test creates is recorded
 * and deleted by `cleanUp()` (afterAll), which then checks that nothing is left.
 */
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../sdk/src/index.ts';

export const sandbox = () => inject('sandbox');

export interface ApiResponse<T = any> { status: number; headers: Headers; body: T; text: string }

/** A call to the stack's API (a path) or to a URL it handed out (a bin, a page). */
export async function api<T = any>(method: string, pathOrUrl: string, opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] ??= 'application/json'; }
  const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${sandbox().apiUrl}${pathOrUrl}`;
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** The result of a call that must answer `status`; the message names the call and its answer. */
export async function ok<T = any>(status: number, method: string, path: string, opts: Parameters<typeof api>[2] = {}): Promise<T> {
  const r = await api(method, path, opts);
  expect(r.status, `${method} ${path}: ${r.text.slice(0, 500)}`).toBe(status);
  return r.body?.result as T;
}

export interface Inbox { id: string; address: string; api_key: string; account_api_key: string; view_url: string }

/** What this file created, for cleanUp(). */
const accounts = new Map<string, { key: string; inboxes: Set<string> }>();
const track = (inbox: Inbox, accountKey = inbox.account_api_key) => {
  const a = accounts.get(accountKey) ?? { key: accountKey, inboxes: new Set<string>() };
  a.inboxes.add(inbox.id);
  accounts.set(accountKey, a);
  return inbox;
};
/** After a key rotation: cleanUp() signs with the new key. */
export function accountKeyRotated(oldKey: string, newKey: string) {
  const a = accounts.get(oldKey);
  if (!a) return;
  accounts.delete(oldKey);
  a.key = newKey;
  accounts.set(newKey, a);
}

let counter = 0;
/** A username nobody else has, recognisable as the suite's. */
export const username = (prefix = 'sbx') => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}${randomUUID().slice(0, 4)}`.slice(0, 32);

/** A new free account and its first inbox (the one unauthenticated call). */
export async function newAccount(): Promise<Inbox> {
  return track(await ok<Inbox>(201, 'POST', '/v1/inboxes', { body: { username: username() } }));
}

/** Another inbox of the same account (its answer carries no account key: the caller has it). */
export async function addInbox(accountKey: string): Promise<Omit<Inbox, 'account_api_key'>> {
  return track(await ok<Inbox>(201, 'POST', '/v1/inboxes', { key: accountKey, body: { username: username() } }), accountKey);
}

/** A new account upgraded to a paid tier with the sandbox's test card: sending and scheduled drafts. */
export async function paidAccount(): Promise<Inbox> {
  const inbox = await newAccount();
  await ok(200, 'POST', '/v1/account/upgrade', { key: inbox.account_api_key, body: { tier: 'developer', payment_method: 'pm_card_visa' } });
  return inbox;
}

export interface Simulated { status: string; message_id: string; thread_id?: string; planted?: Record<string, string> }

/** Test mode's inbound mail: a scenario or a raw RFC 5322 message, taking SES's path into the inbox. */
export const simulate = (key: string, inboxId: string, body: Record<string, unknown>) =>
  ok<Simulated>(201, 'POST', `/v1/inboxes/${inboxId}/messages/simulate`, { key, body });

export const readMessage = (key: string, inboxId: string, messageId: string) =>
  ok<Record<string, any>>(200, 'GET', `/v1/inboxes/${inboxId}/messages/${messageId}`, { key });

export interface Bin { id: string; url: string; respond: { status: number; delay_ms: number } }
export interface BinRequest { method: string; headers: Record<string, string>; body: string; received_at: string; answered_status: number }

/** A request bin: a public URL that records what is sent to it (webhooks in place of a receiver of our own). */
export const newBin = (accountKey: string, respond?: { status?: number; delay_ms?: number }) =>
  ok<Bin>(201, 'POST', '/v1/test/bins', { key: accountKey, body: respond ? { respond } : undefined });

export const binRequests = async (accountKey: string, binId: string) =>
  (await ok<{ requests: BinRequest[] }>(200, 'GET', `/v1/test/bins/${binId}/requests`, { key: accountKey })).requests;

/** Polls until `check` gives a value, or fails with what it last saw. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 300): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await check();
    if (got !== undefined) return got;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A delivery as its receiver checks it: the SDK's verifyWebhook (Standard Webhooks headers) with the webhook's secret. */
export function signatureValid(secret: string, headers: Record<string, string>, body: string): boolean {
  try {
    verifyWebhook(body, headers, secret);
    return true;
  } catch (e) {
    if (e instanceof WebhookVerificationError) return false;
    throw e;
  }
}

/**
 * Deletes everything the file created — each account's webhooks, bins and list entries, then its inboxes (their
 * messages, threads and drafts go with them) — and checks that the accounts list none of them.
 * Accounts themselves stay: the API deletes no account.
 */
export async function cleanUp() {
  for (const a of accounts.values()) {
    const key = a.key;
    for (const w of (await ok<{ webhooks: { id: string }[] }>(200, 'GET', '/v1/webhooks', { key })).webhooks) await ok(200, 'DELETE', `/v1/webhooks/${w.id}`, { key });
    for (const b of (await ok<{ bins: { id: string }[] }>(200, 'GET', '/v1/test/bins', { key })).bins) await ok(200, 'DELETE', `/v1/test/bins/${b.id}`, { key });
    for (const e of (await ok<{ lists: { id: string }[] }>(200, 'GET', '/v1/lists', { key })).lists) await ok(200, 'DELETE', `/v1/lists/${e.id}`, { key });
    for (const i of (await ok<{ inboxes: { id: string }[] }>(200, 'GET', '/v1/inboxes?limit=100', { key })).inboxes) await ok(200, 'DELETE', `/v1/inboxes/${i.id}`, { key });
    expect((await ok(200, 'GET', '/v1/inboxes', { key })).inboxes, 'inboxes left after clean-up').toEqual([]);
    expect((await ok(200, 'GET', '/v1/webhooks', { key })).webhooks, 'webhooks left after clean-up').toEqual([]);
    expect((await ok(200, 'GET', '/v1/test/bins', { key })).bins, 'bins left after clean-up').toEqual([]);
    expect((await ok(200, 'GET', '/v1/lists', { key })).lists, 'list entries left after clean-up').toEqual([]);
  }
  accounts.clear();
}
