import type MailComposerType from 'nodemailer/lib/mail-composer';

// nodemailer's composer (124 KB minified, 74 KB of it a MIME-type table) is loaded on the first
// send, not at the cold start of every function that can send (drafts, sending, mcp).
let composerClass: Promise<typeof MailComposerType> | undefined;
const loadComposer = () => (composerClass ??= import('nodemailer/lib/mail-composer').then((m) => m.default as typeof MailComposerType));

/**
 * Outbound MIME, built by nodemailer's composer: RFC 2047 encoded headers, proper multipart
 * structure, base64 attachments. Header values are checked for CR/LF before they get here
 * (assertHeaderSafe), and the composer folds and encodes whatever remains.
 */
export interface MailToSend {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  /** Envelope only: never written into the headers. */
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  date: Date;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

const CRLF = /[\r\n\u2028\u2029]/;
/** Header injection guard: names, subjects and addresses are single-line or refused. */
export function headerProblem(field: string, value: string): string | undefined {
  return CRLF.test(value) ? `${field} must not contain line breaks` : undefined;
}

export async function composeMime(m: MailToSend): Promise<Buffer> {
  const MailComposer = await loadComposer();
  const composer = new MailComposer({
    from: { name: m.from.name, address: m.from.address },
    to: m.to,
    cc: m.cc.length ? m.cc : undefined,
    subject: m.subject,
    text: m.text,
    html: m.html ?? undefined,
    messageId: `<${m.messageId}>`,
    inReplyTo: m.inReplyTo ? `<${m.inReplyTo}>` : undefined,
    references: m.references.length ? m.references.map((r) => `<${r}>`).join(' ') : undefined,
    date: m.date,
    attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return new Promise((resolve, reject) => composer.compile().build((err, msg) => (err ? reject(err) : resolve(msg))));
}
