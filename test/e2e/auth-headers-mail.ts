/**
 * Mail carrying ~60 KB of Authentication-Results headers, as a sender can add them (issue 23):
 * one real line from the receiving relay first, then many headers of adversarial text for a
 * pattern that backtracks (long runs of `dmarc=pass ` with no `;`, repeated `header.from`
 * prefixes without a value, nested parentheses and separators). None reports DMARC for another
 * domain than the From domain, so the right verdict is the relay's: verified, as long as the
 * lines are few and short enough to read (core/sender-trust.ts). Shared by the e2e test
 * (sender-trust.test.ts) and the bench (bench/sections/auth-headers.ts).
 */
import { MAX_AUTH_RESULTS_HEADER_CHARS, MAX_AUTH_RESULTS_HEADERS } from '../../lambdas/content/sender-trust.ts';

/** About what the done-when of issue 23 names: 60 KB of these headers on one mail. */
export const AUTH_HEADERS_TOTAL_BYTES = 60 * 1024;
/** SMTP lines stay under 998 octets (RFC 5322 2.1.1): longer header values are folded. */
const FOLD_AT = 900;

/** Folds at spaces of the value (CRLF before one), so unfolding gives back the very same text. */
const fold = (value: string) => {
  const parts: string[] = [];
  let start = 0;
  while (value.length - start > FOLD_AT) {
    const space = value.lastIndexOf(' ', start + FOLD_AT);
    const cut = space > start ? space : start + FOLD_AT;
    parts.push(value.slice(start, cut));
    start = cut;
  }
  parts.push(value.slice(start));
  return parts.join('\r\n');
};

/** Adversarial Authentication-Results values, `bytes` long each (about), rotating through the shapes. */
export function adversarialAuthResults(domain: string, count: number, bytes: number): string[] {
  const shapes = [
    (n: number) => `mx.example.net; ${'dmarc=pass '.repeat(Math.ceil(n / 11))}`,
    (n: number) => `mx.example.net; dmarc=pass ${'header.from header.from '.repeat(Math.ceil(n / 24))}`,
    (n: number) => `mx.example.net; ${'dmarc = pass ( '.repeat(Math.ceil(n / 15))}${')'.repeat(8)}`,
    // Whole resinfos only (a cut one could end in another domain): shorter than n, never sliced.
    (n: number) => `mx.example.net; ${`dmarc=pass header.from=${domain}; `.repeat(Math.floor((n - 20) / (30 + domain.length)))}`,
  ];
  return Array.from({ length: count }, (_, i) => shapes[i % shapes.length]!(bytes).slice(0, bytes).trimEnd());
}

/**
 * Raw MIME from `from` (a bare address) with the relay's line (SPF, DKIM and DMARC pass for the
 * From domain) and adversarial Authentication-Results headers totalling about 60 KB. `readable`:
 * as few headers as fit under the parser's length cap (each as long as it reads: the most work
 * for it, and the worst case for a backtracking pattern); otherwise more headers than it reads.
 */
export function authHeavyMail(o: { from: string; to: string; subject: string; text: string; readable: boolean }): Buffer {
  const domain = o.from.slice(o.from.lastIndexOf('@') + 1);
  const count = o.readable ? Math.ceil(AUTH_HEADERS_TOTAL_BYTES / (MAX_AUTH_RESULTS_HEADER_CHARS - 512)) : MAX_AUTH_RESULTS_HEADERS * 2 + 20;
  const relay = `mx.example.net; spf=pass smtp.mailfrom=${domain}; dkim=pass header.d=${domain}; dmarc=pass header.from=${domain}`;
  const lines = [
    `Authentication-Results: ${relay}`,
    ...adversarialAuthResults(domain, count, Math.floor(AUTH_HEADERS_TOTAL_BYTES / count)).map((v) => `Authentication-Results: ${fold(v)}`),
    `From: <${o.from}>`, `To: ${o.to}`, `Subject: ${o.subject}`, `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${o.subject.replace(/\W/g, '')}.${Date.now()}@${domain}>`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8',
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${o.text.replace(/\r?\n/g, '\r\n')}\r\n`, 'utf8');
}
