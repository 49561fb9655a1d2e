/**
 * The safety assessment of an inbound message (`security` on every message): which risks the mail
 * carries for an agent reading it. Shared by the pieces that compute it — the render, which finds
 * what a person would not see (../reply/html.ts), and the rules (./index.ts) — and by ingest,
 * which stores it once.
 */

/** The flag types, exactly as the API names them. */
export const SECURITY_FLAG_TYPES = [
  'prompt_injection', 'hidden_content', 'spoofed_sender', 'lookalike_domain', 'link_mismatch', 'credential_request',
] as const;
export type SecurityFlagType = (typeof SECURITY_FLAG_TYPES)[number];

export const RISK_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type Risk = (typeof RISK_LEVELS)[number];

export interface SecurityFlag {
  type: SecurityFlagType;
  /** One sentence for the agent: what was found and why it matters. */
  detail: string;
  /** The offending text, quoted and capped (MAX_EVIDENCE_CHARS). */
  evidence: string;
}

export interface Security {
  risk: Risk;
  flags: SecurityFlag[];
  /** DMARC passed for the From domain (as message.authentication.sender_verified). */
  sender_verified: boolean;
}

/** How text was kept from a person's eyes. */
export type HidingMethod =
  | 'display-none' | 'visibility-hidden' | 'hidden-attribute' | 'font-size' | 'opacity' | 'same-colour'
  | 'off-screen' | 'zero-height' | 'comment' | 'script-data' | 'tag-characters' | 'zero-width';

/** Text in the mail that a person would not see when it is rendered. */
export interface HiddenSegment {
  text: string;
  method: HidingMethod;
  /** In the HTML part (false: the text part, e.g. Unicode tag characters). */
  html: boolean;
  /** The first hidden block of the HTML, before any visible text: where preheaders sit. */
  leading: boolean;
}

/** An HTML anchor: where it goes, and what a person sees as its text. */
export interface AnchorView { href: string; text: string }

/** What the rules read of one parsed and rendered message. */
export interface SafetyInput {
  from: { address: string; name: string | null } | null;
  replyTo: string[];
  /** Envelope sender (MAIL FROM), when known. */
  envelopeFrom?: string;
  subject: string;
  /** The receiving MTA's DMARC verdict for the From domain (SES's receipt verdict; in the corpus, mx.mailroom.test's header). */
  dmarc: 'pass' | 'fail' | 'none';
  senderVerified: boolean;
  /** The text part as sent ('' when there is none). */
  text: string;
  /** What a person sees: the HTML's visible rendering, or the text part without invisible characters. */
  visibleText: string;
  hidden: HiddenSegment[];
  anchors: AnchorView[];
  /** alt and title attribute texts (not visible as text, but read by agents). */
  attributeTexts: string[];
  attachmentNames: string[];
}

/** Evidence quotes at most this much of the offending text: enough to judge, never a whole mail. */
export const MAX_EVIDENCE_CHARS = 200;
