import { Readable, type Writable } from 'node:stream';
import { MailParser, type AddressObject, type AttachmentStream, type MailParserOptions, type MessageText } from 'mailparser';
import { decodeFlowed } from './flowed.ts';
import libmime from 'libmime';
import { normalizeMessageId, parseReferences } from './threading.ts';

import { MAX_ATTACHMENTS, MAX_HEADER_BYTES, MAX_PARSE_BYTES, MAX_RECIPIENTS_PER_HEADER } from './limits.ts';

export { MAX_ATTACHMENTS, MAX_HEADER_BYTES, MAX_PARSE_BYTES, MAX_RECIPIENTS_PER_HEADER } from './limits.ts';

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
  // decodeWords changes only encoded words ("=?charset?B?…?=") and its own NUL join markers: five regex passes saved on most headers.
  if (!unfolded.includes('=?') && !unfolded.includes('\0')) return unfolded;
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

/**
 * The address-like words of a header value: the runs between separators with an "@" inside (not
 * first, not last). A split and a scan, where `/[^\s<>"]+@[^\s<>"]+/` would rescan a long run
 * without "@" from each of its characters: quadratic in a 64 KB header.
 */
const addressWords = (value: string, separators: RegExp) =>
  value.split(separators).filter((w) => w.slice(1, -1).includes('@'));

function fromHeaders(headers: Record<string, string | string[]>, raw: Buffer, parseError: string): ParsedInbound {
  const fromRaw = first(headers.from) ?? '';
  // [^<>] not [^>]: a run of "<" without ">" would otherwise be rescanned from each "<".
  const fromAddr = /<([^<>]+)>/.exec(fromRaw)?.[1] ?? addressWords(fromRaw, /[\s<>"]+/)[0];
  const list = (h: string | string[] | undefined) => asList(h).flatMap((v) => addressWords(v, /[\s<>",;]+/)).map((s) => s.toLowerCase());
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
  return parseInboundReadable(Readable.from([raw]));
}

/** What mailsplit tells of a MIME part (the fields the flowed handling reads). */
interface SplitNode {
  type: string;
  contentType?: string;
  disposition?: string;
  flowed?: boolean;
  delSp?: boolean;
}

/**
 * mailparser's MailParser, with its format=flowed decoding turned off per part: it joins soft
 * breaks across quote depths (RFC 3676 §4.5 says a depth change ends a paragraph), so the
 * text/plain parts come out as sent and decodeFlowed() joins them correctly afterwards.
 * processChunk is mailparser's internal per-node hook (pinned version, see docs/decisions.md).
 */
const MailParserBase = MailParser as unknown as new (options?: MailParserOptions) => MailParser & {
  processChunk(data: SplitNode, done: () => void): void;
  createNode(data: SplitNode): { decoder?: Writable };
};

/**
 * A decoder that ignores a repeated end(): mailparser ends the current part's decoder again at
 * every later boundary chunk and at the end of input, and Node answers each repeat by building
 * (and dropping) an ERR_STREAM_ALREADY_FINISHED with its stack trace — about 2% of a parse.
 */
function endsOnce(decoder: Writable): void {
  const end = decoder.end;
  decoder.end = function (this: Writable, ...args: unknown[]) {
    return args.length === 0 && this.writableFinished ? this : end.apply(this, args as never);
  } as Writable['end'];
}
class FlowedAwareParser extends MailParserBase {
  textParts = 0;
  flowedParts = 0;
  delSp = false;
  override processChunk(data: SplitNode, done: () => void): void {
    if (data.type === 'node' && (data.contentType ?? 'text/plain') === 'text/plain' && data.disposition !== 'attachment') {
      this.textParts++;
      if (data.flowed) {
        this.flowedParts++;
        this.delSp ||= !!data.delSp;
        data.flowed = false;
      }
    }
    super.processChunk(data, done);
  }
  override createNode(data: SplitNode) {
    const node = super.createNode(data);
    if (node.decoder) endsOnce(node.decoder);
    return node;
  }
}

interface Collected {
  headers?: Map<string, unknown>;
  headerLines: { key: string; line: string }[];
  text: string;
  html: string | null;
  attachments: ParsedAttachment[];
  attachmentCount: number;
}

class TooLarge extends Error {}

/**
 * Streams raw MIME (the S3 object body) through mailparser's MailParser, counting bytes as
 * they arrive: past MAX_PARSE_BYTES the stream is abandoned and the message kept headers
 * only, so a huge message is never buffered whole. Never throws.
 */
export async function parseInboundReadable(source: Readable): Promise<ParsedInbound> {
  const kept: Buffer[] = [];
  let size = 0;
  const parser = new FlowedAwareParser({
    skipHtmlToText: true, // the content pipeline renders the HTML once for body_text and everything else
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const got: Collected = { headerLines: [], text: '', html: null, attachments: [], attachmentCount: 0 };
  parser.on('headers', (h: Map<string, unknown>) => { got.headers = h; });
  parser.on('headerLines', (lines: { key: string; line: string }[]) => { got.headerLines = lines; });
  parser.on('data', (d: MessageText | AttachmentStream) => {
    if (d.type === 'text') {
      got.text = d.text ?? '';
      got.html = typeof d.html === 'string' && d.html ? d.html : null;
      return;
    }
    const i = got.attachmentCount++;
    const chunks: Buffer[] = [];
    d.content.on('data', (c: Buffer) => { if (i < MAX_ATTACHMENTS) chunks.push(c); });
    d.content.on('end', () => {
      if (i < MAX_ATTACHMENTS) {
        const content = Buffer.concat(chunks);
        got.attachments.push({
          filename: (d.filename ?? '').trim() || `attachment-${i + 1}${extensionFor(d.contentType)}`,
          contentType: (d.contentType || 'application/octet-stream').toLowerCase(),
          size: d.size || content.length,
          content,
          ...(d.contentId ? { contentId: d.contentId.replace(/^<|>$/g, '') } : {}),
          inline: d.contentDisposition === 'inline' || (!!d.contentId && d.related === true),
        });
      }
      d.release();
    });
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('end', () => resolve());
    parser.on('error', reject);
  });
  try {
    for await (const chunk of source) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += b.length;
      if (size > MAX_PARSE_BYTES) throw new TooLarge();
      kept.push(b);
      if (!parser.write(b)) await new Promise((r) => parser.once('drain', r));
    }
    parser.end();
    await done;
  } catch (e) {
    const head = Buffer.concat(kept).subarray(0, MAX_HEADER_BYTES * 2);
    if (e instanceof TooLarge) {
      if ('destroy' in source && typeof source.destroy === 'function') source.destroy();
      parser.destroy();
      return fromHeaders(headersFromLines(headerLinesByHand(head)), Buffer.alloc(0),
        `Message of more than ${MAX_PARSE_BYTES} bytes exceeds the parse limit; headers only.`);
    }
    const raw = Buffer.concat(kept);
    return fromHeaders(headersFromLines(headerLinesByHand(raw)), raw, `MIME parsing failed: ${(e as Error).message}`);
  }
  // Decode format=flowed ourselves (see FlowedAwareParser); a message mixing flowed and fixed
  // text parts keeps its lines as sent, which loses nothing.
  const text = parser.flowedParts > 0 && parser.flowedParts === parser.textParts ? decodeFlowed(got.text, parser.delSp) : got.text;
  const h = got.headers ?? new Map<string, unknown>();
  const headers = headersFromLines(got.headerLines);
  const fromValue = (h.get('from') as AddressObject | undefined)?.value?.[0];
  const str = (k: string) => { const v = h.get(k); return typeof v === 'string' ? v : undefined; };
  const dateValue = h.get('date');
  const date = dateValue instanceof Date && !Number.isNaN(dateValue.getTime()) ? dateValue.toISOString() : undefined;
  const refs = h.get('references');
  return {
    from: fromValue?.address ? { address: fromValue.address.toLowerCase(), name: fromValue.name || null } : null,
    to: addresses(h.get('to') as AddressObject | undefined),
    cc: addresses(h.get('cc') as AddressObject | undefined),
    replyTo: addresses(h.get('reply-to') as AddressObject | undefined),
    subject: str('subject') ?? '',
    text,
    html: got.html,
    headers,
    messageId: normalizeMessageId(str('message-id')),
    inReplyTo: normalizeMessageId(str('in-reply-to')),
    references: parseReferences(typeof refs === 'string' || Array.isArray(refs) ? (refs as string | string[]) : undefined),
    date,
    attachments: got.attachments,
    authenticationResults: asList(headers['authentication-results']),
    ...(got.attachmentCount > MAX_ATTACHMENTS
      ? { parseError: `Only the first ${MAX_ATTACHMENTS} of ${got.attachmentCount} attachments were kept.` } : {}),
  };
}

const EXTENSIONS: Record<string, string> = {
  'text/plain': '.txt', 'text/html': '.html', 'text/calendar': '.ics', 'message/rfc822': '.eml', 'application/pdf': '.pdf',
  'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'message/delivery-status': '.txt',
};
const extensionFor = (ct: string | undefined) => (ct && EXTENSIONS[ct.toLowerCase()]) || '.bin';
