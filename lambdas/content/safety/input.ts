/**
 * What the rules read of a received message: the one mapping from the pipeline's output (parsed
 * mail, derived content) and the receiving MTA's verdict to SafetyInput — used by ingest and by
 * the corpus harness alike.
 */
import type { DerivedContent } from '../index.ts';
import type { ParsedInbound } from '../parse-mail.ts';
import type { SafetyInput } from './types.ts';

export interface ReceivingVerdict {
  /** DMARC for the From domain, as the receiving MTA found it (SES's receipt verdict). */
  dmarc: SafetyInput['dmarc'];
  senderVerified: boolean;
  /** MAIL FROM, when known. */
  envelopeFrom?: string;
}

export function safetyInputOf(parsed: ParsedInbound, derived: Pick<DerivedContent, 'visible_text' | 'hidden' | 'anchors' | 'attribute_texts'>,
  receiving: ReceivingVerdict): SafetyInput {
  return {
    from: parsed.from,
    replyTo: parsed.replyTo,
    ...(receiving.envelopeFrom ? { envelopeFrom: receiving.envelopeFrom.toLowerCase() } : {}),
    subject: parsed.subject,
    dmarc: receiving.dmarc,
    senderVerified: receiving.senderVerified,
    text: parsed.text,
    visibleText: derived.visible_text,
    hidden: derived.hidden,
    anchors: derived.anchors,
    attributeTexts: derived.attribute_texts,
    attachmentNames: parsed.attachments.map((a) => a.filename),
  };
}
