/**
 * A message past the parse limit (or one MIME parsing gives up on) keeps only its headers, read by
 * hand (lambdas/content/parse-mail.ts). Those headers are the sender's, up to 64 KB: reading
 * the From and recipient addresses out of them must take time linear in their length (issue 23,
 * Deliver item 3). The patterns it used rescanned a long run without "@" or ">" from each of its
 * characters: seconds for one 60 KB header.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseInboundReadable } from '../../lambdas/content/parse-mail.ts';
import { MAX_PARSE_BYTES } from '../../lambdas/content/limits.ts';
import { cpuClock } from '../cpu-time.ts';

const crlf = (s: string) => s.replace(/\n/g, '\r\n');
const RUN = 60 * 1024;

/** A message just over the parse limit, so only its headers are read (by hand). */
async function headersOnly(head: string) {
  const MB = Buffer.alloc(1024 * 1024, 0x61);
  async function* huge() {
    yield Buffer.from(crlf(`${head}\n\n`), 'latin1');
    for (let sent = 0; sent <= MAX_PARSE_BYTES; sent += MB.length) yield MB;
  }
  return parseInboundReadable(Readable.from(huge()));
}

/** Parses the message, in ms of CPU time. */
async function timed(head: string) {
  const cpu = cpuClock();
  const p = await headersOnly(head);
  return { p, ms: cpu() };
}

describe('headers read by hand past the parse limit take linear time', () => {
  // Reading the headers takes a few ms; the old patterns took seconds on each of these.
  const BUDGET_MS = 500;
  const plain = 'From: Big <big@example.com>\nTo: b@example.com, c@example.com\nSubject: Huge';

  it.each([
    ['a 60 KB run of "<" without ">" before the From address', `From: ${'<'.repeat(RUN)} Big <big@example.com>\nTo: b@example.com, c@example.com\nSubject: Huge`],
    ['a 60 KB word without "@" before the From address', `From: ${'a'.repeat(RUN)} big@example.com\nTo: b@example.com, c@example.com\nSubject: Huge`],
    ['a 60 KB word without "@" before the To addresses', `From: big@example.com\nTo: ${'a'.repeat(RUN)} b@example.com, c@example.com\nSubject: Huge`],
  ])('reads the addresses after %s', async (_name, head) => {
    const base = await timed(plain);
    const hostile = await timed(head);
    expect(hostile.p.parseError).toMatch(/parse limit/);
    expect(hostile.p.from?.address).toBe('big@example.com');
    expect(hostile.p.to).toEqual(['b@example.com', 'c@example.com']);
    // Both parse the same 30 MB; what the hostile header adds is the reading of its addresses.
    expect(hostile.ms - base.ms).toBeLessThan(BUDGET_MS);
  });

  it('takes the bracketed address, not a stray "<" before it', async () => {
    const p = await headersOnly('From: "Al <x" <al@example.com>\nTo: b@example.com\nSubject: Huge');
    expect(p.from?.address).toBe('al@example.com');
  });
});
