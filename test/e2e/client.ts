import { inject } from 'vitest';

export const target = () => inject('mailroom');

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A real HTTP call to the stack under test. */
export async function api<T = any>(method: string, path: string, opts: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] ??= 'application/json'; }
  const res = await fetch(`${target().apiUrl}${path}`, { method, headers, body });
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
export async function newAccount(username = uniqueUsername()): Promise<CreatedInbox> {
  const r = await api('POST', '/v1/inboxes', { body: { username } });
  if (r.status !== 201) throw new Error(`inbox creation failed: ${r.status} ${r.text}`);
  return r.body.result;
}
