/**
 * The safety assessment of an inbound message: deterministic rules and lists over the parsed and
 * rendered mail (no network, no model). One flag per type, each with a one-sentence detail and the
 * offending text as evidence; the risk level follows from the flags (riskOf). The method and its
 * limits: docs/safety.md.
 */
import { credentialRequest, moneyRequest, namesSecret } from './credentials.ts';
import { domainOfAddress, hostOfUrl, lookalikeOf, type Lookalike } from './domains.ts';
import { hiddenFindings } from './hidden.ts';
import { findInjection, isAboutTheTopic, type InjectionHit } from './injection.ts';
import { linkMismatches, mismatchEvidence, destinationOf } from './links.ts';
import { spoofFindings } from './sender.ts';
import { decodeBase64Blocks, foldText, indexWithParts, MAX_SCAN_CHARS, quote } from './text.ts';
import type { Risk, SafetyInput, Security, SecurityFlag, SecurityFlagType } from './types.ts';

export { SECURITY_FLAG_TYPES, RISK_LEVELS, MAX_EVIDENCE_CHARS } from './types.ts';
export type { Security, SecurityFlag, SecurityFlagType, Risk, SafetyInput, HiddenSegment, AnchorView } from './types.ts';

/** Where a piece of text sits, for the detail sentence. */
interface Source { where: string; text: string; topical: boolean }

/**
 * Risk from the flags: an injection, or a credential request from a forged or look-alike sender,
 * is high; any other flag but a lone link mismatch is medium; a lone link mismatch is low.
 */
export function riskOf(types: ReadonlySet<SecurityFlagType>): Risk {
  if (types.size === 0) return 'none';
  if (types.has('prompt_injection')) return 'high';
  if (types.has('credential_request') && (types.has('spoofed_sender') || types.has('lookalike_domain'))) return 'high';
  if (types.size === 1 && types.has('link_mismatch')) return 'low';
  return 'medium';
}

/** A word (a run between white space, angle brackets, parentheses and quotes) that starts with http(s)://. */
const URL_WORD = /(?<![^\s<>()"'])https?:\/\/[^\s<>()"']*/g;

/** URLs written in text: the whitespace-separated words that start with http(s)://. */
function urlsIn(text: string, max = 50): string[] {
  return (text.slice(0, MAX_SCAN_CHARS).match(URL_WORD) ?? []).slice(0, max);
}

/** foldText remembered for one assessment: the body, the sources and the hidden segments share texts. */
function foldOnce(): (raw: string) => string {
  const folded = new Map<string, string>();
  return (raw) => {
    let f = folded.get(raw);
    if (f === undefined) folded.set(raw, (f = foldText(raw)));
    return f;
  };
}

/** The texts injection is looked for in, folded, each with whether the quoted-discussion rule applies. */
function sourcesOf(input: SafetyInput, topical: boolean, fold: (raw: string) => string): Source[] {
  const out: Source[] = [];
  const add = (where: string, raw: string, allowQuotes: boolean) => {
    if (raw.trim() !== '') out.push({ where, text: fold(raw), topical: topical && allowQuotes });
  };
  add('the subject', input.subject, false);
  if (input.from?.name) add('the sender\'s display name', input.from.name, false);
  for (const n of input.attachmentNames.slice(0, 50)) add('an attachment name', n, false);
  add('the message text', input.visibleText, true);
  if (input.text !== input.visibleText) add('the text part', input.text, true);
  for (const seg of input.hidden.slice(0, 50)) add(`hidden text (${seg.method})`, seg.text, false);
  for (const a of input.attributeTexts.slice(0, 100)) add('an alt/title attribute', a, false);
  for (const body of new Set([input.visibleText, input.text])) {
    for (const decoded of decodeBase64Blocks(body)) add('a base64 block', decoded, false);
  }
  return out;
}

/** Every host the mail names as a sender or a destination: From, Reply-To, envelope, links. */
function hostsOf(input: SafetyInput): { host: string; role: string }[] {
  const out: { host: string; role: string }[] = [];
  if (input.from) out.push({ host: domainOfAddress(input.from.address), role: 'From' });
  for (const r of input.replyTo) out.push({ host: domainOfAddress(r), role: 'Reply-To' });
  if (input.envelopeFrom) out.push({ host: domainOfAddress(input.envelopeFrom), role: 'envelope sender' });
  for (const a of input.anchors.slice(0, 200)) {
    const d = destinationOf(a.href) ?? hostOfUrl(a.href);
    if (d) out.push({ host: d, role: 'link' });
  }
  // A plain-text mail's text is its visible text: read once.
  for (const u of urlsIn(input.text === input.visibleText ? input.text : `${input.text}\n${input.visibleText}`)) {
    const d = hostOfUrl(u);
    if (d) out.push({ host: d, role: 'link' });
  }
  return out.filter((h) => h.host !== '');
}

/** The safety assessment of one message. Pure and linear in the size of the input. */
export function assessSafety(input: SafetyInput): Security {
  const flags: SecurityFlag[] = [];
  const push = (type: SecurityFlagType, detail: string, evidence: string) => flags.push({ type, detail, evidence: quote(evidence) });

  const fold = foldOnce();
  const textPart = input.text !== input.visibleText ? input.text : '';
  const bodyRaw = `${input.subject}\n\n${input.visibleText}\n\n${textPart}`;
  // Folding never reaches across a line break, so the body folds as its parts do (which the
  // sources fold too), unless the cut at MAX_SCAN_CHARS falls inside it.
  let body: string;
  if (bodyRaw.length <= MAX_SCAN_CHARS) {
    const [subject, visible, text] = [fold(input.subject), fold(input.visibleText), fold(textPart)];
    body = `${subject}\n\n${visible}\n\n${text}`;
    // The subject, the message text and the text part are read again as sources: their indexes come from the body's.
    indexWithParts(body, [{ text: subject, at: 0 }, { text: visible, at: subject.length + 2 }, { text, at: subject.length + visible.length + 4 }]);
  } else {
    body = foldText(bodyRaw);
  }
  const topical = isAboutTheTopic(body);
  // The other rules on the whole body run now, while findAll (./text.ts) still has its stems indexed.
  const money = moneyRequest(body);
  const asked = credentialRequest(body);

  // prompt_injection, in every place text reaches an agent.
  let injection: (InjectionHit & { where: string }) | undefined;
  for (const s of sourcesOf(input, topical, fold)) {
    const hit = findInjection(s.text, s.topical);
    if (hit) { injection = { ...hit, where: s.where }; break; }
  }
  if (injection) push('prompt_injection', `Text in ${injection.where} ${injection.why}.`, injection.evidence);

  // hidden_content, from what the render reported.
  const hidden = hiddenFindings(input.hidden, fold);
  if (hidden.length > 0) {
    const first = hidden[0]!;
    push('hidden_content', `The mail hides text from a person: ${first.why}${hidden.length > 1 ? ` (and ${hidden.length - 1} more)` : ''}.`, first.evidence);
  }

  // credential_request: asked of the reader, or an agent told to leak one.
  const leaked = injection && namesSecret(injection.paragraph) ? injection.evidence : undefined;
  if (asked) push('credential_request', 'The mail asks the reader to hand over a secret (password, code, PIN/TAN, key or card data).', asked);
  else if (leaked) push('credential_request', 'The mail tells an agent to hand over a secret (a code, password or key) from the mailbox.', leaked);

  // spoofed_sender.
  const spoof = spoofFindings(input, !!(asked ?? leaked) || !!money);
  if (spoof.length > 0) push('spoofed_sender', spoof[0]!.detail, spoof[0]!.evidence);

  // lookalike_domain.
  let look: (Lookalike & { role: string }) | undefined;
  const seen = new Set<string>();
  for (const { host, role } of hostsOf(input)) {
    if (seen.has(host)) continue;
    seen.add(host);
    const l = lookalikeOf(host);
    if (l) { look = { ...l, role }; break; }
  }
  if (look) push('lookalike_domain', `The ${look.role} domain ${look.host} imitates ${look.brand}: ${look.how}.`, look.host);

  // link_mismatch.
  const mismatches = linkMismatches(input.anchors);
  if (mismatches.length > 0) {
    const m = mismatches[0]!;
    push('link_mismatch', `A link shows ${m.shown} but leads to ${m.leads}${mismatches.length > 1 ? ` (and ${mismatches.length - 1} more)` : ''}.`, mismatchEvidence(m));
  }

  return { risk: riskOf(new Set(flags.map((f) => f.type))), flags, sender_verified: input.senderVerified };
}
