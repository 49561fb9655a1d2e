/**
 * Allow and block lists (spec: matching rules). The most specific matching entry decides:
 * inbox entries before account-wide ones, then exact address over `*@domain` over
 * `*@*.domain`, and at equal specificity an allowlist entry over a blocklist entry. With no
 * match, mail is accepted unless an allowlist applies to the inbox: then it is allowlist-only.
 * An allowlist entry admits a sender only when its From domain is verified (DMARC passed for
 * it): anyone can write `boss@corp.example` in a From header. Blocklist entries match the From
 * as written, verified or not: a spoofed blocked address is no less unwanted.
 */
export interface SenderRule {
  id: string;
  type: 'allowlist' | 'blocklist';
  address: string;
  inbox_id: string | null;
}

export type SenderDecision =
  | { accepted: true; rule: SenderRule | null }
  | { accepted: false; rule: SenderRule | null; reason: string };

// Control and invisible characters (bidi controls…) are no part of an address: core/text-safety.ts.
const EXACT = /^[^\s@*\p{Cc}\p{Cf}]+@[^\s@*\p{Cc}\p{Cf}]+\.[^\s@*\p{Cc}\p{Cf}]+$/u;
const DOMAIN = /^\*@([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/;
const SUBDOMAINS = /^\*@\*\.([a-z0-9-]+(?:\.[a-z0-9-]+)+)$/;

/** Lower-cased pattern, or undefined when it is none of the three accepted forms. */
export function normalizePattern(pattern: string): string | undefined {
  const p = pattern.trim().toLowerCase();
  if (p.length > 254) return undefined;
  if (EXACT.test(p) || DOMAIN.test(p) || SUBDOMAINS.test(p)) return p;
  return undefined;
}

/** 3 exact, 2 `*@domain`, 1 `*@*.domain`, 0 no match. */
export function specificity(pattern: string, sender: string): number {
  const s = sender.toLowerCase();
  if (pattern === s) return 3;
  const domain = s.slice(s.lastIndexOf('@') + 1);
  let m = DOMAIN.exec(pattern);
  if (m) return domain === m[1] ? 2 : 0;
  m = SUBDOMAINS.exec(pattern);
  if (m) return domain.endsWith(`.${m[1]}`) ? 1 : 0;
  return 0;
}

function decide(entries: SenderRule[], sender: string): SenderRule | undefined {
  let best: SenderRule | undefined;
  let bestScore = 0;
  for (const e of entries) {
    const score = specificity(e.address, sender);
    if (!score) continue;
    if (score > bestScore || (score === bestScore && e.type === 'allowlist' && best?.type === 'blocklist')) {
      best = e;
      bestScore = score;
    }
  }
  return best;
}

/** `senderVerified`: DMARC passed for the From domain (Authentication.sender_verified). */
export function matchSenderRules(sender: string, inboxId: string, entries: SenderRule[], senderVerified: boolean): SenderDecision {
  const applicable = entries.filter((e) => e.inbox_id === null || e.inbox_id === inboxId);
  // Unverified, the sender cannot use allowlist entries; the one it would have matched is named in the reason.
  const usable = senderVerified ? applicable : applicable.filter((e) => e.type === 'blocklist');
  const best = (list: SenderRule[]) => decide(list.filter((e) => e.inbox_id === inboxId), sender) ?? decide(list.filter((e) => e.inbox_id === null), sender);
  const rule = best(usable);
  if (rule) {
    return rule.type === 'allowlist'
      ? { accepted: true, rule }
      : { accepted: false, rule, reason: `The sender matches blocklist entry ${rule.address}.` };
  }
  if (applicable.some((e) => e.type === 'allowlist')) {
    const unusable = senderVerified ? undefined : best(applicable);
    return { accepted: false, rule: null, reason: unusable
      ? `This inbox accepts only senders on its allowlist. The sender matches allowlist entry ${unusable.address}, but it could not be verified `
        + '(DMARC did not pass for its From domain), and an allowlist admits verified senders only.'
      : 'This inbox accepts only senders on its allowlist, and the sender is not on it.' };
  }
  return { accepted: true, rule: null };
}
