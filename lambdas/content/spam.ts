/**
 * spam_score, 0 (clean) to 10, from SES's verdicts: spam and virus scans, SPF, DKIM, DMARC.
 * Locally the SMTP stand-in derives the authentication verdicts from the message's own
 * Authentication-Results header, as SES would have computed them.
 */
export type VerdictStatus = 'PASS' | 'FAIL' | 'GRAY' | 'PROCESSING_FAILED' | 'DISABLED';
export interface Verdicts { spam: VerdictStatus; virus: VerdictStatus; spf: VerdictStatus; dkim: VerdictStatus; dmarc: VerdictStatus }

const WEIGHTS: Record<keyof Verdicts, { FAIL: number; GRAY: number }> = {
  spam: { FAIL: 6, GRAY: 1 },
  virus: { FAIL: 10, GRAY: 0.5 },
  spf: { FAIL: 2, GRAY: 0.5 },
  dkim: { FAIL: 2, GRAY: 0.5 },
  dmarc: { FAIL: 2.5, GRAY: 0.5 },
};

export function spamScore(v: Verdicts): number {
  let score = 0;
  for (const k of Object.keys(WEIGHTS) as (keyof Verdicts)[]) {
    const s = v[k];
    if (s === 'FAIL') score += WEIGHTS[k].FAIL;
    else if (s === 'GRAY' || s === 'PROCESSING_FAILED') score += WEIGHTS[k].GRAY;
  }
  return Math.min(10, Math.round(score * 10) / 10);
}

const RESULT_TO_VERDICT: Record<string, VerdictStatus> = {
  pass: 'PASS', fail: 'FAIL', softfail: 'GRAY', neutral: 'GRAY', none: 'GRAY', temperror: 'PROCESSING_FAILED',
  permerror: 'FAIL', policy: 'FAIL', hardfail: 'FAIL',
};

const METHODS = ['spf', 'dkim', 'dmarc'] as const;
/** "spf=pass" and the like, compiled once: this runs on every Authentication-Results header. */
const METHOD_RESULT = Object.fromEntries(METHODS.map((m) => [m, new RegExp(`\\b${m}\\s*=\\s*([a-z]+)`, 'i')])) as
  Record<(typeof METHODS)[number], RegExp>;

/** SPF/DKIM/DMARC verdicts from Authentication-Results header values (RFC 8601); GRAY when absent. */
export function verdictsFromAuthenticationResults(values: string[]): Pick<Verdicts, 'spf' | 'dkim' | 'dmarc'> {
  const out: Pick<Verdicts, 'spf' | 'dkim' | 'dmarc'> = { spf: 'GRAY', dkim: 'GRAY', dmarc: 'GRAY' };
  for (const value of values) {
    for (const method of METHODS) {
      const m = METHOD_RESULT[method].exec(value);
      if (m) {
        const v = RESULT_TO_VERDICT[m[1]!.toLowerCase()];
        // Any pass wins (several DKIM signatures may be listed); otherwise keep the worst seen.
        if (v && out[method] !== 'PASS') out[method] = v;
      }
    }
  }
  return out;
}
