/**
 * The delivery adapter against REAL sockets: a node:http server (and a raw TCP listener for TLS)
 * on 127.0.0.1. Local mode is what lets loopback targets through; production-mode refusals are
 * checked with injected resolvers, and no test sends a packet beyond the loopback interface.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_RESPONSE_BODY_CHARS, MAX_RESPONSE_BYTES, pinnedLookup, postWebhook, WEBHOOK_TIMEOUT_MS, WEBHOOK_USER_AGENT,
} from '../../lambdas/events/webhook-http.ts';
import {
  signWebhookBody, verifyWebhookSignature, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER,
} from '../../lambdas/events/webhook-signing.ts';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; raw: Buffer }

let server: Server;
let port: number;
let base: string;
let seen: Seen[];
let connections: number;
let handler: (req: IncomingMessage, res: ServerResponse, raw: Buffer) => void;

beforeEach(async () => {
  seen = [];
  connections = 0;
  handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  server = createHttpServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(parts);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, raw });
      handler(req, res, raw);
    });
  });
  server.on('connection', () => { connections++; });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const SECRET = 'whsec_unit-test-secret-0123456789abcdefghijklmnop';
const LOCAL = { localMode: true } as const;

function opensslAvailable(): boolean {
  try { execFileSync('openssl', ['version'], { stdio: 'ignore' }); return true; } catch { return false; }
}

/** A resolver that counts its calls and answers from a script (the last answer repeats). */
function scriptedResolver(...answers: string[][]) {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    return answers[Math.min(calls.length - 1, answers.length - 1)]!;
  };
  return { resolve, calls };
}

describe('postWebhook: delivery to a real server (local mode)', () => {
  it('POSTs the exact body bytes with the signature, event id, timestamp, content type and user agent', async () => {
    const body = JSON.stringify({ event: 'message.received', event_id: 'evt_1', data: { subject: 'Héllo ✓ 🎉', text: 'a\u2028b\nc' } });
    const headers = {
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(SECRET, body),
      [WEBHOOK_EVENT_ID_HEADER]: 'evt_1',
      [WEBHOOK_TIMESTAMP_HEADER]: '1767225600',
    };
    const res = await postWebhook(`${base}/hooks/in?tenant=a&x=1`, body, headers, LOCAL);

    expect(res).toMatchObject({ ok: true, status: 200, responseBody: 'ok' });
    expect(res.error).toBeUndefined();
    expect(res.latencyMs).toBeGreaterThanOrEqual(0);
    expect(seen).toHaveLength(1);
    const got = seen[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks/in?tenant=a&x=1');
    expect(got.raw.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Mailroom-Webhooks/1.0');
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(got.headers.host).toBe(`127.0.0.1:${port}`);
    expect(got.headers['x-service-event-id']).toBe('evt_1');
    expect(got.headers['x-service-timestamp']).toBe('1767225600');
    expect(verifyWebhookSignature(SECRET, got.raw, got.headers['x-service-signature'] as string)).toBe(true);
  });

  it('keeps content-type, user-agent, content-length and host its own whatever the caller passes', async () => {
    await postWebhook(`${base}/`, '{}', { 'Content-Type': 'text/plain', 'User-Agent': 'evil', host: 'internal', 'Content-Length': '999', 'X-Extra': 'yes' }, LOCAL);
    const h = seen[0]!.headers;
    expect(h['content-type']).toBe('application/json');
    expect(h['user-agent']).toBe(WEBHOOK_USER_AGENT);
    expect(h['content-length']).toBe('2');
    expect(h.host).toBe(`127.0.0.1:${port}`);
    expect(h['x-extra']).toBe('yes');
  });

  it.each([200, 201, 202, 204, 299])('%i is success', async (status) => {
    handler = (_req, res) => res.writeHead(status).end();
    const res = await postWebhook(`${base}/`, '{}', {}, LOCAL);
    expect(res).toMatchObject({ ok: true, status, responseBody: '' });
  });

  it('500 is a failure: "HTTP 500", with the response body cut to 1024 characters', async () => {
    const big = 'E'.repeat(10) + 'x'.repeat(200_000);
    handler = (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end(big);
    const res = await postWebhook(`${base}/`, '{}', {}, LOCAL);
    expect(res.ok).toBe(false);
    expect(res.status).toBe(500);
    expect(res.error).toBe('HTTP 500');
    expect(res.responseBody).toHaveLength(MAX_RESPONSE_BODY_CHARS);
    expect(res.responseBody).toBe(big.slice(0, 1024));
  });

  it.each([400, 401, 404, 410, 429, 503])('%i is a failure', async (status) => {
    handler = (_req, res) => res.writeHead(status).end('nope');
    expect(await postWebhook(`${base}/`, '{}', {}, LOCAL)).toMatchObject({ ok: false, status, error: `HTTP ${status}`, responseBody: 'nope' });
  });

  it('does not split a surrogate pair when cutting the body', async () => {
    handler = (_req, res) => res.writeHead(500).end('a' + '🎉'.repeat(1000));
    const res = await postWebhook(`${base}/`, '{}', {}, LOCAL);
    expect(res.responseBody).toBe('a' + '🎉'.repeat(511));
  });

  it('reads at most 64 KB: a 2xx whose body never ends still settles, as soon as the cap is reached', async () => {
    handler = (_req, res) => { res.writeHead(200); res.write('y'.repeat(MAX_RESPONSE_BYTES + 10_000)); /* never ends */ };
    const started = Date.now();
    const res = await postWebhook(`${base}/`, '{}', {}, { ...LOCAL, timeoutMs: 3000 });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(res.responseBody).toBe('y'.repeat(1024));
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an answer with no response at all within the deadline is "timeout" (whole-request deadline)', async () => {
    handler = (_req, res) => { setTimeout(() => { if (!res.destroyed) res.writeHead(200).end(); }, 6000).unref(); };
    const started = Date.now();
    const res = await postWebhook(`${base}/`, '{}', {}, { ...LOCAL, timeoutMs: 300 });
    const took = Date.now() - started;
    expect(res).toMatchObject({ ok: false, status: null, error: 'timeout', responseBody: '' });
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
    expect(res.latencyMs).toBeGreaterThanOrEqual(290);
    expect(seen).toHaveLength(1); // it was sent; the receiver was just too slow
  });

  it('a status line in time counts by its status even if the body is still trickling at the deadline', async () => {
    handler = (_req, res) => { res.writeHead(202); res.write('partial'); };
    const res = await postWebhook(`${base}/`, '{}', {}, { ...LOCAL, timeoutMs: 300 });
    expect(res).toMatchObject({ ok: true, status: 202, responseBody: 'partial' });
  });

  it('the default deadline is the spec\'s 5 seconds', () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
  });

  it.each([301, 302, 303, 307, 308])('%i is not followed: a failure naming the Location', async (status) => {
    handler = (req, res) => {
      if (req.url === '/elsewhere') res.writeHead(200).end('followed!');
      else res.writeHead(status, { location: `${base}/elsewhere` }).end('moved');
    };
    const res = await postWebhook(`${base}/start`, '{}', {}, LOCAL);
    expect(res).toMatchObject({ ok: false, status, error: `redirect not followed (${status} to ${base}/elsewhere)`, responseBody: 'moved' });
    expect(seen.map((s) => s.url)).toEqual(['/start']);
  });

  it('a 3xx without Location is still a failure', async () => {
    handler = (_req, res) => res.writeHead(302).end();
    expect(await postWebhook(`${base}/`, '{}', {}, LOCAL)).toMatchObject({ ok: false, status: 302, error: 'redirect not followed (302)' });
  });

  it('connection refused', async () => {
    const spare = createTcpServer();
    await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
    const freePort = (spare.address() as AddressInfo).port;
    await new Promise((r) => spare.close(r));
    const res = await postWebhook(`http://127.0.0.1:${freePort}/`, '{}', {}, LOCAL);
    expect(res).toMatchObject({ ok: false, status: null, error: 'connection refused', responseBody: '' });
  });

  it('a connection dropped before any answer is a failure, not a throw', async () => {
    handler = (req) => req.socket.destroy();
    const res = await postWebhook(`${base}/`, '{}', {}, LOCAL);
    expect(res).toMatchObject({ ok: false, status: null, error: 'connection reset' });
  });

  it('a garbage response is a failure', async () => {
    const tcp = createTcpServer((s) => s.resume().end('NOT HTTP AT ALL\r\n\r\n'));
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    try {
      const res = await postWebhook(`http://127.0.0.1:${(tcp.address() as AddressInfo).port}/`, '{}', {}, LOCAL);
      expect(res.ok).toBe(false);
      expect(res.error).toMatch(/invalid HTTP response|connection reset/);
    } finally {
      await new Promise((r) => tcp.close(r));
    }
  });

  it('never throws: bad header values and malformed URLs come back as failures', async () => {
    await expect(postWebhook(`${base}/`, '{}', { 'X-Bad': 'a\r\nInjected: 1' }, LOCAL)).resolves.toMatchObject({ ok: false, status: null });
    await expect(postWebhook(`${base}/`, '{}', { 'Bad Name': 'x' }, LOCAL)).resolves.toMatchObject({ ok: false });
    await expect(postWebhook('not a url', '{}', {}, LOCAL)).resolves.toMatchObject({ ok: false, error: expect.stringMatching(/^unsafe_url: /) });
    await expect(postWebhook(`http://localhost:${port}/`, '{}', {}, { ...LOCAL, resolve: () => { throw new Error('sync boom'); } }))
      .resolves.toMatchObject({ ok: false, error: 'dns: could not resolve localhost' });
    expect(seen).toHaveLength(0); // nothing reached the server: no header injection got through
  });

  it('http://localhost goes through the resolver and is accepted when every address is loopback', async () => {
    const r = scriptedResolver(['127.0.0.1']);
    const res = await postWebhook(`http://localhost:${port}/x`, '{}', {}, { ...LOCAL, resolve: r.resolve });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(r.calls).toEqual(['localhost']);
    expect(seen[0]!.headers.host).toBe(`localhost:${port}`);
  });

  it('local mode still refuses private addresses, and a loopback/private mix', async () => {
    for (const answer of [['10.0.0.1'], ['127.0.0.1', '10.0.0.1'], ['192.168.1.10', '127.0.0.1'], ['127.0.0.1', '8.8.8.8']]) {
      const r = scriptedResolver(answer);
      const res = await postWebhook(`http://localhost:${port}/`, '{}', {}, { ...LOCAL, resolve: r.resolve });
      expect(res.ok, answer.join()).toBe(false);
      expect(res.error).toMatch(/^unsafe_(address|url): /);
    }
    expect(connections).toBe(0);
  });

  it('DNS failure and an empty answer are failures naming the host', async () => {
    const nx = async () => { throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }); };
    expect(await postWebhook('https://nx.example.com/', '{}', {}, { localMode: false, resolve: nx }))
      .toMatchObject({ ok: false, status: null, error: 'dns: could not resolve nx.example.com (ENOTFOUND)' });
    expect(await postWebhook('https://empty.example.com/', '{}', {}, { localMode: false, resolve: async () => [] }))
      .toMatchObject({ ok: false, error: 'dns: empty.example.com has no addresses' });
  });

  it('a resolver slower than the deadline is a timeout', async () => {
    const slow = () => new Promise<string[]>((r) => setTimeout(() => r(['8.8.8.8']), 2000).unref());
    const started = Date.now();
    const res = await postWebhook('https://slow.example.com/', '{}', {}, { localMode: false, timeoutMs: 200, resolve: slow });
    expect(res).toMatchObject({ ok: false, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('postWebhook: production mode refuses unsafe targets before connecting', () => {
  const PROD = { localMode: false } as const;

  it.each([
    `http://127.0.0.1:PORT/`, 'http://example.com/hook', 'http://localhost:PORT/', 'https://127.0.0.1:PORT/', 'https://localhost:PORT/',
    'https://[::1]:PORT/', 'https://2130706433:PORT/', 'https://0x7f.1:PORT/', 'https://169.254.169.254/latest/meta-data/',
    'https://user:pw@example.com/', 'https://[::ffff:127.0.0.1]:PORT/',
  ])('%s', async (template) => {
    const r = scriptedResolver(['8.8.8.8']);
    const res = await postWebhook(template.replace('PORT', String(port)), '{}', {}, { ...PROD, resolve: r.resolve });
    expect(res).toMatchObject({ ok: false, status: null, responseBody: '' });
    expect(res.error).toMatch(/^unsafe_url: /);
    expect(r.calls).toEqual([]);
    expect(connections).toBe(0);
  });

  it.each([
    [['127.0.0.1'], /127\.0\.0\.1, a loopback address/],
    [['10.0.0.1'], /10\.0\.0\.1, a private-network address/],
    [['169.254.169.254'], /link-local/],
    [['::1'], /loopback/],
    [['::ffff:127.0.0.1'], /loopback/],
    [['fd00::5'], /private/],
    [['100.64.1.1'], /carrier-grade/],
    [['0.0.0.0'], /unspecified/],
    [['64:ff9b::a00:1'], /private/],
    [['2002:7f00:1::'], /loopback/],
    [['8.8.8.8', '10.0.0.1'], /10\.0\.0\.1/], // a mix of public and private: refused
    [['2606:4700:4700::1111', '127.0.0.1'], /127\.0\.0\.1/],
    [['not-an-ip'], /not a valid IP/],
  ] as [string[], RegExp][])('a host resolving to %j', async (answer, reason) => {
    const r = scriptedResolver(answer);
    const res = await postWebhook(`https://hooks.example.com:${port}/`, '{}', {}, { ...PROD, resolve: r.resolve });
    expect(res.ok).toBe(false);
    expect(res.status).toBeNull();
    expect(res.error).toMatch(/^unsafe_address: hooks\.example\.com resolves to /);
    expect(res.error).toMatch(reason);
    expect(r.calls).toEqual(['hooks.example.com']);
    expect(connections).toBe(0);
  });
});

describe('postWebhook: the connection goes to the vetted address (no DNS rebinding)', () => {
  let tls: TcpServer;
  let tlsPort: number;
  let hellos: Buffer[];

  beforeEach(async () => {
    hellos = [];
    // A raw listener standing in for a TLS server: it records the ClientHello (where SNI travels
    // in clear) and hangs up, which the client reports as a failed TLS connection.
    tls = createTcpServer((s: Socket) => s.once('data', (d: Buffer) => { hellos.push(d); s.destroy(); }));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    tlsPort = (tls.address() as AddressInfo).port;
  });
  afterEach(async () => { await new Promise((r) => tls.close(r)); });

  it('resolves once; a second, rebinding answer is never asked for (http)', async () => {
    const r = scriptedResolver(['127.0.0.1'], ['10.0.0.1']);
    for (let i = 1; i <= 2; i++) {
      const res = await postWebhook(`http://localhost:${port}/`, '{}', {}, { ...LOCAL, resolve: r.resolve });
      // Each delivery resolves exactly once, and connects to what that resolution vetted.
      expect(r.calls).toHaveLength(i);
      if (i === 1) expect(res).toMatchObject({ ok: true, status: 200 });
      else expect(res.error).toMatch(/^unsafe_address: localhost resolves to 10\.0\.0\.1/);
    }
    expect(seen).toHaveLength(1);
  });

  it('https: connects to the vetted address with the hostname as SNI, for a name system DNS cannot resolve', async () => {
    // hooks.mailroom.test exists only in the injected resolver: reaching 127.0.0.1 proves the socket
    // used the vetted answer rather than resolving again.
    const r = scriptedResolver(['127.0.0.1'], ['10.0.0.1']);
    const res = await postWebhook(`https://hooks.mailroom.test:${tlsPort}/hook`, '{}', {}, { ...LOCAL, resolve: r.resolve, timeoutMs: 2000 });
    expect(r.calls).toEqual(['hooks.mailroom.test']);
    expect(hellos).toHaveLength(1);
    expect(hellos[0]![0]).toBe(0x16); // a TLS handshake record
    expect(hellos[0]!.includes(Buffer.from('hooks.mailroom.test'))).toBe(true); // SNI is the hostname
    expect(res.ok).toBe(false);
    expect(res.status).toBeNull();
    expect(res.error).not.toBe('timeout');
  });

  it.skipIf(!opensslAvailable())('https: the certificate is verified for the hostname (a self-signed one is refused)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', '/CN=hooks.mailroom.test', '-addext', 'subjectAltName=DNS:hooks.mailroom.test',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      const names: string[] = [];
      const httpsServer = createHttpsServer({
        key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')),
        SNICallback: (name, cb) => { names.push(name); cb(null); },
      }, (_req, res) => res.end('should not get here'));
      await new Promise<void>((r) => httpsServer.listen(0, '127.0.0.1', r));
      try {
        const r = scriptedResolver(['127.0.0.1']);
        const url = `https://hooks.mailroom.test:${(httpsServer.address() as AddressInfo).port}/`;
        const res = await postWebhook(url, '{}', {}, { ...LOCAL, resolve: r.resolve, timeoutMs: 2000 });
        expect(names).toEqual(['hooks.mailroom.test']);
        expect(res).toMatchObject({ ok: false, status: null });
        expect(res.error).toMatch(/^tls: .*self[- ]signed/i);
      } finally {
        httpsServer.closeAllConnections();
        await new Promise((r) => httpsServer.close(r));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pinnedLookup answers only the vetted addresses, whatever is asked, in both callback shapes', async () => {
    const lookup = pinnedLookup(['2606:4700:4700::1111', '8.8.8.8', 'bogus']);
    const ask = (options: Parameters<typeof lookup>[1]) => new Promise<unknown[]>((res) =>
      lookup('attacker-controlled.example', options, (err, address, family) => res([err?.code ?? null, address, family])));
    expect(await ask({ all: true })).toEqual([null, [{ address: '2606:4700:4700::1111', family: 6 }, { address: '8.8.8.8', family: 4 }], undefined]);
    expect(await ask({})).toEqual([null, '2606:4700:4700::1111', 6]);
    expect(await ask({ family: 4 })).toEqual([null, '8.8.8.8', 4]);
    expect(await ask({ family: 4, all: true })).toEqual([null, [{ address: '8.8.8.8', family: 4 }], undefined]);
    expect((await ask({ family: 6 }))[1]).toBe('2606:4700:4700::1111');
    expect((await ask({ family: 6 }))[0]).toBeNull();
    expect((await new Promise<unknown[]>((res) => pinnedLookup(['8.8.8.8'])('x', { family: 6 }, (err, a) => res([err?.code, a]))))[0]).toBe('ENOTFOUND');
  });
});
