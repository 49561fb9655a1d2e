import type { HtmlScan } from './html.ts';

/** What a call-to-action link does for the reader. */
export type CtaType =
  | 'verification'
  | 'confirmation'
  | 'password_reset'
  | 'activation'
  | 'magic_login'
  | 'approval'
  | 'rejection'
  | 'invitation'
  | 'primary_action';

export type Confidence = 'high' | 'medium' | 'low';

export interface CtaLink {
  url: string;
  /** What the reader sees: the button label, or the line introducing a plain-text link. */
  text: string;
  confidence: Confidence;
  type: CtaType;
}

export interface VerificationCode {
  /** The code as it should be typed: digit groups joined, letter codes kept as written. */
  code: string;
  confidence: Confidence;
  /** The sentence it came from, at most 120 characters. */
  context: string;
}

export interface MailBody {
  text?: string;
  html?: string;
  subject?: string;
  /** The HTML already scanned during the message's one render (lambdas/content); html is then not scanned again. */
  scan?: HtmlScan;
}
