/**
 * Request bins' pure parts (issue #26): a recorded body is cut at 64 KiB on a character boundary
 * and says it was cut, and bytes that are not UTF-8 are kept as base64; a bin, its slot and each request it recorded expire with the bin, and its
 * requests sort by their number (newest first is a reverse query). The HTTP behaviour: test/e2e/bins.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // bins.ts reads its configuration at import; no AWS call is made here.
  Object.assign(process.env, {
    TABLE_NAME: 'unit-table', MAIL_DOMAIN: 'unit.example', SITE_URL: 'https://unit.example',
    AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'unit', AWS_SECRET_ACCESS_KEY: 'unit',
  });
});

const { capBody, binUrl } = await import('../../lambdas/testing/bins.ts');
const entities = await import('../../lambdas/testing/testing.entities.ts');

describe('a recorded body', () => {
  const utf8 = (s: string) => Buffer.from(s, 'utf8');

  it('is kept whole up to 64 KiB, as text when it is UTF-8, and absent is empty', () => {
    const body = 'x'.repeat(entities.MAX_RECORDED_BODY_BYTES);
    expect(capBody(utf8(body))).toEqual({ body, encoding: 'utf8', truncated: false });
    expect(capBody(undefined)).toEqual({ body: '', encoding: 'utf8', truncated: false });
  });

  it('past 64 KiB is cut to at most 64 KiB of UTF-8 and marked truncated', () => {
    const r = capBody(utf8('y'.repeat(entities.MAX_RECORDED_BODY_BYTES + 1)));
    expect(r.truncated).toBe(true);
    expect(Buffer.byteLength(r.body)).toBe(entities.MAX_RECORDED_BODY_BYTES);
  });

  it('is never cut inside a character (no replacement character, never over the cap)', () => {
    // 'é' is two bytes: a 5-byte cap falls inside the third.
    const r = capBody(utf8('ééé'), 5);
    expect(r).toEqual({ body: 'éé', encoding: 'utf8', truncated: true });
    const emoji = capBody(utf8(`a${'😀'.repeat(20_000)}`));
    expect(emoji.body).not.toContain('\ufffd');
    expect(Buffer.byteLength(emoji.body)).toBeLessThanOrEqual(entities.MAX_RECORDED_BODY_BYTES);
    expect(Buffer.byteLength(emoji.body)).toBeGreaterThan(entities.MAX_RECORDED_BODY_BYTES - 4);
  });

  it('of bytes that are not UTF-8 (an image, gzip, Latin-1) is kept as base64 that decodes to exactly those bytes', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);
    expect(capBody(png)).toEqual({ body: png.toString('base64'), encoding: 'base64', truncated: false });
    const latin1 = Buffer.from('caf\xe9', 'latin1');
    expect(Buffer.from(capBody(latin1).body, 'base64')).toEqual(latin1);
    const big = Buffer.alloc(entities.MAX_RECORDED_BODY_BYTES + 10, 0xff);
    const cut = capBody(big);
    expect(cut).toMatchObject({ encoding: 'base64', truncated: true });
    expect(Buffer.from(cut.body, 'base64')).toEqual(big.subarray(0, entities.MAX_RECORDED_BODY_BYTES));
  });
});

describe('bin entities', () => {
  const at = '2026-01-02T03:04:05.000Z';
  const bin = { id: 'bin_1', account_id: 'acc_1', slot: 3, respond: { status: 200, delay_ms: 0 }, request_count: 0, created_at: at, expires_at: '2026-01-03T03:04:05.000Z' };
  const expiry = Math.floor(Date.parse(bin.expires_at) / 1000);

  it('a bin, its slot and every request it recorded expire with the bin', () => {
    expect(entities.bin.item(bin)).toMatchObject({ pk: 'BIN#bin_1', sk: 'BIN', entity: 'bin', ttl: expiry });
    expect(entities.binSlot.item({ account_id: 'acc_1', slot: 3, bin_id: 'bin_1', expires_at: bin.expires_at }))
      .toMatchObject({ pk: 'ACCOUNT#acc_1', sk: 'BINSLOT#03', ttl: expiry });
    const request = { bin_id: 'bin_1', seq: 7, method: 'POST', path: '/bins/bin_1', query: {}, headers: {}, body: '', body_truncated: false, received_at: at, answered_status: 200 };
    const item = entities.binRequest.item(request, bin);
    expect(item).toMatchObject({ pk: 'BIN#bin_1', sk: 'REQ#0000000007', ttl: expiry });
    expect(entities.binRequest.record(item)).toEqual(request);
  });

  it('request keys sort by their number, so the newest is last (and first in a reverse query)', () => {
    const keys = [9, 10, 100, 1].map((n) => entities.binRequestKey('bin_1', n).sk);
    expect([...keys].sort()).toEqual(['REQ#0000000001', 'REQ#0000000009', 'REQ#0000000010', 'REQ#0000000100']);
  });
});

it('a bin\'s URL is under the stack\'s public base, where its pages are', () => {
  expect(binUrl('bin_1')).toBe('https://unit.example/bins/bin_1');
});
