import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import libmime from 'libmime';
import { normalizeMessageId, parseReferences } from '../threading.ts';

/**
 * Limits, each with its reason (as mailparser documents its linkify limits):
 * Parsing is capped so one hostile message cannot exhaust the ingest function's memory; a
 * larger message is still stored, headers only, and flagged — never dropped.
 */
/** SES accepts up to 40 MB; above this we keep headers and the raw object only. */
export const MAX_PARSE_BYTES = 30 * 1024 * 1024;
/** Header JSON kept on the message item; long Received chains are trimmed beyond this. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** Hostile mail can carry thousands of tiny parts; past this they are counted, not kept. */
export const MAX_ATTACHMENTS = 100;
/** Recipients kept per header: enough for any real list, bounded for item size. */
export const MAX_RECIPIENTS_PER_HEADER = 200;

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
  contentId?: string;
  inline: boolean;
}

export interface ParsedInbound {
  from: { address: string; name: string | null } | null;
  to: string[];
  cc: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string | string[]>;
  messageId?: string;
  inReplyTo?: string;
  references: string[];
  date?: string;
  attachments: ParsedAttachment[];
  authenticationResults: string[];
  /** Why the message could only be partly read; the raw MIME stays in the bucket. */
  parseError?: string;
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] => {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  const out: string[] = [];
  const walk = (v: { address?: string; group?: unknown[] }[]) => {
    for (const e of v) {
      if (e.address) out.push(e.address.toLowerCase());
      if (Array.isArray(e.group)) walk(e.group as { address?: string }[]);
    }
  };
  for (const obj of list) walk(obj.value);
  return [...new Set(out)].slice(0, MAX_RECIPIENTS_PER_HEADER);
};

function decodeHeaderValue(raw: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ').trim();
  try { return libmime.decodeWords(unfolded); } catch { return unfolded; }
}

/** Raw header block → `{ name: value | value[] }`, lower-case names, RFC 2047 decoded. */
export function headersFromLines(lines: { key: string; line: string }[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  let bytes = 0;
  for (const { key, line } of lines) {
    const idx = line.indexOf(':');
    const value = decodeHeaderValue(idx >= 0 ? line.slice(idx + 1) : line);
    bytes += key.length + value.length;
    if (bytes > MAX_HEADER_BYTES) break;
    const k = key.trim().toLowerCase();
    // A broken fold can yield a line with no name; '' is no valid header (nor DynamoDB map key).
    if (!k) continue;
    const prev = out[k];
    out[k] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** When MIME parsing fails: split the header block by hand so the message is still useful. */
function headerLinesByHand(raw: Buffer): { key: string; line: string }[] {
  const head = raw.subarray(0, Math.min(raw.length, MAX_HEADER_BYTES * 2)).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = end >= 0 ? head.slice(0, end) : head;
  const lines: { key: string; line: string }[] = [];
  for (const l of block.split(/\r?\n(?![ \t])/)) {
    const m = /^([!-9;-~]+):/.exec(l);
    if (m) lines.push({ key: m[1]!, line: l });
  }
  return lines;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function fromHeaders(headers: Record<string, string | string[]>, raw: Buffer, parseError: string): ParsedInbound {
  const fromRaw = first(headers.from) ?? '';
  const fromAddr = /<([^>]+)>/.exec(fromRaw)?.[1] ?? /[^\s<>"]+@[^\s<>"]+/.exec(fromRaw)?.[0];
  const list = (h: string | string[] | undefined) => asList(h).flatMap((v) => v.match(/[^\s<>",;]+@[^\s<>",;]+/g) ?? []).map((s) => s.toLowerCase());
  const headEnd = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') + 4 : raw.indexOf('\n\n') >= 0 ? raw.indexOf('\n\n') + 2 : raw.length;
  const body = raw.length > MAX_PARSE_BYTES ? '' : raw.subarray(headEnd).toString('utf8');
  return {
    from: fromAddr ? { address: fromAddr.toLowerCase(), name: null } : null,
    to: list(headers.to), cc: list(headers.cc), replyTo: list(headers['reply-to']),
    subject: first(headers.subject) ?? '',
    text: body,
    html: null,
    headers,
    messageId: normalizeMessageId(first(headers['message-id'])),
    inReplyTo: normalizeMessageId(first(headers['in-reply-to'])),
    references: parseReferences(headers.references),
    date: first(headers.date),
    attachments: [],
    authenticationResults: asList(headers['authentication-results']),
    parseError,
  };
}

/**
 * Parses raw MIME as received. Never throws: what cannot be parsed comes back flagged with
 * `parseError` and as much as could be read.
 */
export async function parseInboundMail(raw: Buffer): Promise<ParsedInbound> {
  if (raw.length > MAX_PARSE_BYTES) {
    return fromHeaders(headersFromLines(headerLinesByHand(raw)), raw, `Message of ${raw.length} bytes exceeds the ${MAX_PARSE_BYTES}-byte parse limit; headers only.`);
  }
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      skipHtmlToText: true, // our own htmlToText gives body_text for HTML-only mail
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
    });
  } catch (e) {
    return fromHeaders(headersFromLines(headerLinesByHand(raw)), raw, `MIME parsing failed: ${(e as Error).message}`);
  }
  const headers = headersFromLines([...(parsed.headerLines ?? [])]);
  const attachments: ParsedAttachment[] = (parsed.attachments ?? []).slice(0, MAX_ATTACHMENTS).map((a, i) => ({
    filename: (a.filename ?? '').trim() || `attachment-${i + 1}${extensionFor(a.contentType)}`,
    contentType: (a.contentType || 'application/octet-stream').toLowerCase(),
    size: a.size ?? a.content.length,
    content: a.content,
    ...(a.contentId ? { contentId: a.contentId.replace(/^<|>$/g, '') } : {}),
    inline: a.contentDisposition === 'inline' || (!!a.contentId && a.related === true),
  }));
  const fromValue = parsed.from?.value?.[0];
  return {
    from: fromValue?.address ? { address: fromValue.address.toLowerCase(), name: fromValue.name || null } : null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' && parsed.html ? parsed.html : null,
    headers,
    messageId: normalizeMessageId(parsed.messageId),
    inReplyTo: normalizeMessageId(parsed.inReplyTo),
    references: parseReferences(parsed.references),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : undefined,
    attachments,
    authenticationResults: asList(headers['authentication-results']),
    ...((parsed.attachments?.length ?? 0) > MAX_ATTACHMENTS
      ? { parseError: `Only the first ${MAX_ATTACHMENTS} of ${parsed.attachments.length} attachments were kept.` } : {}),
  };
}

const EXTENSIONS: Record<string, string> = {
  'text/plain': '.txt', 'text/html': '.html', 'text/calendar': '.ics', 'message/rfc822': '.eml', 'application/pdf': '.pdf',
  'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'message/delivery-status': '.txt',
};
const extensionFor = (ct: string | undefined) => (ct && EXTENSIONS[ct.toLowerCase()]) || '.bin';
