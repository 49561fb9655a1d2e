/**
 * A mail with 60 KB of Authentication-Results headers must not slow its inbox's list (issue 23,
 * done-when). Two inboxes of 50 mails each, over real SMTP to the local stack: the baseline's all
 * plain, the other's with one mail carrying ~60 KB of adversarial Authentication-Results headers
 * (test/e2e/auth-headers-mail.ts). Both 50-message pages are listed N times, alternately, full
 * and summary; p50/p95 side by side and their ratio. The verdict is computed once at ingest and
 * stored, so a list reads it and parses nothing; for reference, the row "pattern before" times the
 * regex reads used to run on that mail's headers, on every read. Latencies are moto's and this
 * machine's: compare the two columns, not runs on other machines.
 */
import { randomBytes } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { authenticationOf } from '../../lambdas/content/sender-trust.ts';
import { authHeavyMail } from '../../test/e2e/auth-headers-mail.ts';
import { median, percentile, round } from '../lib/stats.ts';
import type { BenchStack } from '../lib/stack.ts';
import type { BenchContext, Row, Section, SectionResult } from '../lib/types.ts';

/** Mails per inbox: one page of the list at its largest default-sized page. */
const MAILS = 50;
/** Lists of each page per view (BENCH_AUTH_LIST_RUNS overrides). */
const DEFAULT_RUNS = 30;
/** The done-when: the heavy inbox's list within this factor of the baseline's (noise of one machine). */
const RATIO_GOAL = 1.25;
const SENDER = 'alerts@example.org';
const RELAY_LINE = `mx.example.net; spf=pass smtp.mailfrom=example.org; dkim=pass header.d=example.org; dmarc=pass header.from=example.org`;
/** The pattern lambdas/content/sender-trust.ts ran on every read before issue 23 (for the reference row only). */
const PATTERN_BEFORE = /\bdmarc\s*=\s*[a-z]+[^;]*?\bheader\.from\s*=\s*([^\s;]+)/i;

function runs(): number {
  const raw = process.env.BENCH_AUTH_LIST_RUNS;
  const n = raw === undefined ? DEFAULT_RUNS : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_AUTH_LIST_RUNS must be a positive integer; got "${raw}"`);
  return n;
}

async function newInbox(stack: BenchStack, what: string) {
  const r = await stack.call({ method: 'POST', path: '/v1/inboxes', body: { username: `bench-auth-${what}-${randomBytes(4).toString('hex')}` } });
  if (r.status !== 201) throw new Error(`POST /v1/inboxes answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json.result as { id: string; address: string; api_key: string };
}

async function run(ctx: BenchContext): Promise<SectionResult> {
  const stack = await ctx.stack();
  const n = runs();
  const base = await newInbox(stack, 'base');
  const heavy = await newInbox(stack, 'heavy');
  const smtp = createTransport({ host: stack.running.smtpHost, port: stack.running.smtpPort, secure: false, ignoreTLS: true });
  const heavyMail = authHeavyMail({ from: SENDER, to: heavy.address, subject: 'heavy auth headers', text: 'Your code is 583920', readable: true });
  const sendMs = { plain: [] as number[], heavy: [] as number[] };
  try {
    ctx.progress(`auth-headers: ${MAILS} mails to each of two inboxes`);
    for (let i = 0; i < MAILS; i++) {
      for (const inbox of [base, heavy]) {
        const t0 = performance.now();
        if (inbox === heavy && i === MAILS / 2) {
          await smtp.sendMail({ envelope: { from: SENDER, to: [inbox.address] }, raw: heavyMail });
          sendMs.heavy.push(performance.now() - t0);
          continue;
        }
        await smtp.sendMail({ from: SENDER, to: inbox.address, subject: `mail ${i}`, text: `Mail ${i}: your code is ${100000 + i}.`,
          headers: { 'Authentication-Results': RELAY_LINE } });
        sendMs.plain.push(performance.now() - t0);
      }
    }
  } finally {
    smtp.close();
  }

  const rows: Row[] = [];
  for (const view of ['full', 'summary'] as const) {
    ctx.progress(`auth-headers: listing both pages ${n} times (view=${view})`);
    const times = { base: [] as number[], heavy: [] as number[] };
    const list = async (inbox: typeof base) => {
      const m = await stack.measure({ method: 'GET', path: `/v1/inboxes/${inbox.id}/messages?limit=${MAILS}&view=${view}`, key: inbox.api_key }, 200);
      const messages = m.result.json.result.messages as { authentication: { sender_verified: boolean } }[];
      if (messages.length !== MAILS) throw new Error(`the list of ${inbox.id} has ${messages.length} messages, not ${MAILS}`);
      if (messages.some((x) => !x.authentication.sender_verified)) throw new Error(`a message of ${inbox.id} lost its verdict (view=${view})`);
      return m.ms;
    };
    await list(base); await list(heavy); // warm both paths
    // Alternating, and starting with either half the time: drift of the machine hits both alike.
    for (let i = 0; i < n; i++) {
      const order = i % 2 ? [heavy, base] : [base, heavy];
      for (const inbox of order) (inbox === base ? times.base : times.heavy).push(await list(inbox));
    }
    const p50 = { base: median(times.base), heavy: median(times.heavy) };
    rows.push({
      measure: `list ${MAILS} messages, view=${view} (ms)`, n,
      base_p50: round(p50.base, 1), base_p95: round(percentile(times.base, 95), 1),
      heavy_p50: round(p50.heavy, 1), heavy_p95: round(percentile(times.heavy, 95), 1),
      ratio: round(p50.heavy / p50.base, 2),
    });
  }

  // Reference: what reading that one mail's headers cost per read before, and what ingest's one parse costs now.
  const head = heavyMail.subarray(0, heavyMail.indexOf('\r\n\r\n')).toString('latin1');
  const lines = head.split(/\r\n(?![ \t])/).filter((l) => /^authentication-results:/i.test(l)).map((l) => l.slice(l.indexOf(':') + 1).replace(/\r\n/g, '').trim());
  const timeIt = (fn: () => unknown) => {
    const xs: number[] = [];
    for (let i = 0; i < 10; i++) { const t0 = performance.now(); fn(); xs.push(performance.now() - t0); }
    return xs;
  };
  const before = timeIt(() => lines.map((v) => PATTERN_BEFORE.exec(v)?.[1]));
  const now = timeIt(() => authenticationOf({ dmarc: 'PASS' }, SENDER, lines));
  rows.push({ measure: `the heavy mail's ${lines.length} headers (${round(head.length / 1024, 1)} KB): pattern before, per read (ms)`, n: before.length,
    base_p50: null, base_p95: null, heavy_p50: round(median(before), 2), heavy_p95: round(percentile(before, 95), 2), ratio: null });
  rows.push({ measure: 'the same: the linear parse, once at ingest (ms)', n: now.length,
    base_p50: null, base_p95: null, heavy_p50: round(median(now), 2), heavy_p95: round(percentile(now, 95), 2), ratio: null });
  rows.push({ measure: 'SMTP sent → 250 (ingest included), plain vs heavy mail (ms)', n: sendMs.plain.length + sendMs.heavy.length,
    base_p50: round(median(sendMs.plain), 1), base_p95: round(percentile(sendMs.plain, 95), 1),
    heavy_p50: round(median(sendMs.heavy), 1), heavy_p95: null, ratio: round(median(sendMs.heavy) / median(sendMs.plain), 2) });

  const ratios = rows.slice(0, 2).map((r) => r.ratio as number);
  const problems = ratios.some((r) => r > RATIO_GOAL)
    ? [`A list with the 60 KB mail took more than ${RATIO_GOAL}x the baseline's median (${ratios.join(', ')}).`] : [];
  return {
    columns: [
      { key: 'measure', label: 'measure' }, { key: 'n', label: 'n' },
      { key: 'base_p50', label: 'baseline p50', digits: 1 }, { key: 'base_p95', label: 'baseline p95', digits: 1 },
      { key: 'heavy_p50', label: '60 KB p50', digits: 2 }, { key: 'heavy_p95', label: '60 KB p95', digits: 2 },
      { key: 'ratio', label: 'ratio p50', digits: 2 },
    ],
    rows,
    notes: [
      `Two inboxes of ${MAILS} mails; one of the second's carries ~60 KB of Authentication-Results headers (${lines.length} headers of up to 8 KB: long runs of "dmarc=pass " without ";", repeated header.from prefixes, nested parentheses). Goal: the list within ${RATIO_GOAL}x of the baseline (issue 23).`,
      'view=full returns the headers (the 60 KB go over the wire); view=summary leaves them out but reads the Authentication-Results header for messages stored before the verdict was (none here).',
      'The pattern-before row is the regex every read of that mail ran before issue 23; one header of 60 KB (folded lines) took it ~1 s.',
    ],
    problems,
    data: { runs: n },
  };
}

export const authHeadersSection: Section = {
  name: 'auth-headers',
  title: 'A mail with 60 KB of Authentication-Results headers vs a 50-message list (local stack)',
  description: 'two inboxes of 50 mails, one with a 60 KB Authentication-Results mail; list p50/p95 and ratio',
  run,
};
