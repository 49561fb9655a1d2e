/**
 * spoofed_sender: a From that is not believable. (a) the display name shows an address or a
 * domain of another registrable domain; (b) the receiving MTA's DMARC verdict for the From
 * domain is fail; (c) the Reply-To is on another registrable domain and the mail asks for
 * secrets or money.
 */
import { domainOfAddress, registrableDomain } from './domains.ts';
import { hostShownBy } from './links.ts';
import { quote } from './text.ts';
import type { SafetyInput } from './types.ts';

/** Domains and addresses written in a display name, in punycode: a split, no pattern. */
export function domainsInDisplayName(name: string): string[] {
  const out: string[] = [];
  for (const w of name.slice(0, 1_000).split(/[\s<>()[\]"'“”«»„,;|]+/)) {
    if (w === '') continue;
    const at = w.lastIndexOf('@');
    const host = at >= 0 ? hostShownBy(w.slice(at + 1)) : hostShownBy(w);
    if (host) out.push(host);
  }
  return out;
}

export interface SpoofFinding { detail: string; evidence: string }

/** The reasons the From is not believable; `asksSecretsOrMoney` comes from the content rules. */
export function spoofFindings(input: SafetyInput, asksSecretsOrMoney: boolean): SpoofFinding[] {
  const out: SpoofFinding[] = [];
  const fromDomain = input.from ? domainOfAddress(input.from.address) : '';
  const fromReg = fromDomain ? registrableDomain(fromDomain) : '';
  const name = input.from?.name ?? '';
  if (fromReg && name) {
    const other = domainsInDisplayName(name).find((d) => registrableDomain(d) !== fromReg);
    if (other) {
      out.push({
        detail: `The display name shows ${other}, but the mail comes from ${fromDomain}.`,
        evidence: quote(`${name} <${input.from!.address}>`),
      });
    }
  }
  if (input.dmarc === 'fail') {
    out.push({
      detail: `DMARC failed for the From domain ${fromDomain || '(none)'}: the From address is forged or unauthenticated.`,
      evidence: quote(`From: ${input.from?.address ?? ''} (dmarc=fail)`),
    });
  }
  if (fromReg && asksSecretsOrMoney) {
    const elsewhere = input.replyTo.find((r) => {
      const d = domainOfAddress(r);
      return d !== '' && registrableDomain(d) !== fromReg;
    });
    if (elsewhere) {
      out.push({
        detail: `Replies go to ${elsewhere}, another domain than the From (${fromDomain}), on a mail that asks for secrets or money.`,
        evidence: quote(`Reply-To: ${elsewhere}`),
      });
    }
  }
  return out;
}
