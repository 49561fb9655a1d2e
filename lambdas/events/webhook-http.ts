/**
 * Webhook HTTP delivery: one POST to an agent's URL, with the SSRF defences the spec asks for.
 *
 * - The URL is checked again (scheme, credentials, length, literal addresses): DNS and policy can
 *   change between creation and delivery.
 * - The host is resolved once (all A/AAAA records); if any address is not public the delivery is
 *   refused (local mode alone accepts a host whose addresses are all loopback).
 * - The connection goes to the vetted addresses only: the request's `lookup` hook answers with
 *   them instead of asking DNS again, so a rebinding DNS server cannot swap in a private address
 *   between the check and the connect. Host and TLS SNI / certificate checks stay the hostname.
 * - One deadline (default 5 s) covers DNS, connect, TLS, request and response; redirects are
 *   never followed; at most 64 KB of the response is read.
 *
 * Never throws: every failure is a result with `ok: false` and a short `error`.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, classifyAddress, describeAddressClass, parseIp } from '../platform/url-safety.ts';

/** Spec: a receiver has 5 seconds to answer. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** At most this much of a response is read; the rest is dropped with the connection. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** The response body reported back (delivery logs, test endpoint) is cut to this many characters. */
export const MAX_RESPONSE_BODY_CHARS = 1024;
export const WEBHOOK_USER_AGENT = 'Mailroom-Webhooks/1.0';

export type Resolver = (host: string) => Promise<string[]>;

export interface PostWebhookOptions {
  localMode: boolean;
  /** Whole-request deadline: DNS + connect + TLS + response. Default WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Replaces system DNS (tests). Called exactly once per delivery for a host name. */
  resolve?: Resolver;
}

export interface PostWebhookResult {
  ok: boolean;
  status: number | null;
  /** The first MAX_RESPONSE_BODY_CHARS characters of the response body ('' when none). */
  responseBody: string;
  latencyMs: number;
  /** Why the delivery failed: 'timeout', 'unsafe_address: …', 'connection refused', 'HTTP 500', … */
  error?: string;
}

/** All A/AAAA records, in the resolver's order. */
export const systemResolve: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, order: 'verbatim' })).map((a) => a.address);

/**
 * A `lookup` for http(s).request that answers with the given, already vetted addresses whatever
 * name it is asked for, so the socket can only connect to one of them.
 */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries: LookupAddress[] = addresses.flatMap((address) => {
    const parsed = parseIp(address);
    return parsed ? [{ address, family: parsed.version }] : [];
  });
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const wanted = family === 4 || family === 6 ? entries.filter((e) => e.family === family) : entries;
    process.nextTick(() => {
      const first = wanted[0];
      if (!first) {
        const err: NodeJS.ErrnoException = Object.assign(new Error('no vetted address for this family'), { code: 'ENOTFOUND' });
        callback(err, options.all ? [] : '', undefined);
      } else if (options.all) {
        callback(null, wanted.map((e) => ({ ...e })));
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** Cuts to `max` UTF-16 units without leaving half a surrogate pair. */
function truncateChars(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_OSSL_)/;

/** Short, stable wording for a socket/TLS/HTTP-parser error. */
export function describeRequestError(e: unknown): string {
  const err = e as NodeJS.ErrnoException | undefined;
  const code = typeof err?.code === 'string' ? err.code : undefined;
  const message = err instanceof Error ? err.message : String(e);
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused';
    case 'ECONNRESET': case 'EPIPE': return 'connection reset';
    case 'EHOSTUNREACH': return 'host unreachable';
    case 'ENETUNREACH': return 'network unreachable';
    case 'ETIMEDOUT': return 'timeout';
    case 'ECONNABORTED': return 'connection aborted';
  }
  if (code && TLS_CODES.test(code)) return clip(`tls: ${message} (${code})`, 300);
  if (code?.startsWith('HPE_')) return clip(`invalid HTTP response (${code})`, 300);
  return clip(`request failed: ${code ?? message}`, 300);
}

type Outcome = Omit<PostWebhookResult, 'latencyMs'>;

function outcomeOf(status: number, body: Buffer, location: string | undefined): Outcome {
  const responseBody = truncateChars(body.toString('utf8'), MAX_RESPONSE_BODY_CHARS);
  if (status >= 200 && status < 300) return { ok: true, status, responseBody };
  if (status >= 300 && status < 400) {
    const error = location ? `redirect not followed (${status} to ${clip(location, 512)})` : `redirect not followed (${status})`;
    return { ok: false, status, responseBody, error };
  }
  return { ok: false, status, responseBody, error: `HTTP ${status}` };
}

/** Headers the adapter owns; a caller's copy of them is dropped. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'user-agent', 'host', 'connection', 'transfer-encoding']);

function requestHeaders(headers: Record<string, string>, body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!OWN_HEADERS.has(k.toLowerCase())) out[k] = v;
  out['content-type'] = 'application/json';
  out['user-agent'] = WEBHOOK_USER_AGENT;
  out['content-length'] = String(Buffer.byteLength(body, 'utf8'));
  out.connection = 'close';
  return out;
}

const TIMEOUT = Symbol('timeout');

/**
 * POSTs `body` (raw JSON) to `url` with `headers`, under the spec's SSRF and deadline rules.
 * Never throws.
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, opts: PostWebhookOptions): Promise<PostWebhookResult> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const deadline = started + timeoutMs;
  const finish = (o: Outcome): PostWebhookResult => ({ ...o, latencyMs: performance.now() - started });
  const fail = (error: string, status: number | null = null): PostWebhookResult => finish({ ok: false, status, responseBody: '', error });

  let dnsTimer: NodeJS.Timeout | undefined;
  try {
    const checked = checkWebhookUrl(url, { localMode: opts.localMode });
    if (!checked.ok) return fail(`unsafe_url: ${checked.reason}`);
    const target = checked.url;
    const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;

    // Resolve once; the connection below uses exactly these addresses.
    let addresses: string[];
    if (checked.literalIp) {
      addresses = [checked.literalIp];
    } else {
      const resolve = opts.resolve ?? systemResolve;
      let resolved: string[] | typeof TIMEOUT;
      try {
        resolved = await Promise.race([
          Promise.resolve().then(() => resolve(host)),
          new Promise<typeof TIMEOUT>((r) => { dnsTimer = setTimeout(() => r(TIMEOUT), Math.max(0, deadline - performance.now())); }),
        ]);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException | undefined)?.code;
        return fail(`dns: could not resolve ${host}${code ? ` (${code})` : ''}`);
      } finally {
        clearTimeout(dnsTimer);
      }
      if (resolved === TIMEOUT) return fail('timeout');
      if (!Array.isArray(resolved) || resolved.length === 0) return fail(`dns: ${host} has no addresses`);
      addresses = [...resolved];
    }

    const classes = addresses.map((a) => classifyAddress(a));
    const allLoopback = classes.every((c) => c === 'loopback');
    const allPublic = classes.every((c) => c === 'public');
    if (!allPublic && !(opts.localMode && allLoopback)) {
      const i = classes.findIndex((c) => c !== 'public' && !(opts.localMode && c === 'loopback'));
      const bad = i >= 0 ? i : classes.findIndex((c) => c !== 'public');
      return fail(`unsafe_address: ${host} resolves to ${addresses[bad]}, ${describeAddressClass(classes[bad]!)}`);
    }
    if (target.protocol === 'http:' && !allLoopback) return fail('unsafe_url: the URL must use https');

    return await send(target, host, addresses, !!checked.literalIp, body, headers, deadline, finish);
  } catch (e) {
    clearTimeout(dnsTimer);
    return fail(describeRequestError(e));
  }
}

function send(
  target: URL, host: string, addresses: string[], literal: boolean, body: string, headers: Record<string, string>,
  deadline: number, finish: (o: Outcome) => PostWebhookResult,
): Promise<PostWebhookResult> {
  return new Promise((resolvePromise) => {
    const isHttps = target.protocol === 'https:';
    let settled = false;
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;
    let status: number | null = null;
    let location: string | undefined;
    const chunks: Buffer[] = [];
    let size = 0;

    const settle = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      res?.destroy();
      req?.destroy();
      resolvePromise(finish(o));
    };
    const answered = () => outcomeOf(status!, Buffer.concat(chunks), location);

    // Past the deadline: no answer yet is a timeout; an answer whose body is still arriving
    // counts by its status (the receiver did answer in time).
    const timer = setTimeout(() => settle(status === null ? { ok: false, status: null, responseBody: '', error: 'timeout' } : answered()),
      Math.max(0, deadline - performance.now()));

    try {
      const request = isHttps ? httpsRequest : httpRequest;
      req = request({
        protocol: target.protocol,
        hostname: host,
        port: target.port ? Number(target.port) : isHttps ? 443 : 80,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: requestHeaders(headers, body),
        agent: false,
        lookup: pinnedLookup(addresses),
        // SNI and certificate checks are for the name, not the vetted address (no SNI for IP literals).
        ...(isHttps && !literal ? { servername: host.replace(/\.$/, '') } : {}),
        maxHeaderSize: 16 * 1024,
      }, (response) => {
        res = response;
        status = response.statusCode ?? null;
        const loc = response.headers.location;
        location = Array.isArray(loc) ? loc[0] : loc;
        if (status === null) { settle({ ok: false, status: null, responseBody: '', error: 'invalid HTTP response' }); return; }
        response.on('data', (chunk: Buffer) => {
          const room = MAX_RESPONSE_BYTES - size;
          if (room <= 0) return;
          const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
          chunks.push(part);
          size += part.length;
          if (size >= MAX_RESPONSE_BYTES) settle(answered());
        });
        response.on('end', () => settle(answered()));
        // Cut off mid-body after a status line: the status still says what the receiver meant.
        response.on('error', () => settle(answered()));
        response.on('close', () => settle(answered()));
      });
      req.on('error', (e) => settle(status === null ? { ok: false, status: null, responseBody: '', error: describeRequestError(e) } : answered()));
      req.end(body);
    } catch (e) {
      settle({ ok: false, status: null, responseBody: '', error: describeRequestError(e) });
    }
  });
}
