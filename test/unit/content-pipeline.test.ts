/**
 * The mail-content pipeline (lambdas/content): one parse, one HTML render per message,
 * RFC 3676 format=flowed decoding, size caps applied while the raw message streams.
 */
import { Readable } from 'node:stream';
import { Parser, Tokenizer } from 'htmlparser2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeFlowed, deriveContent, parseInboundMail, parseInboundReadable } from '../../lambdas/content/index.ts';
import { MAX_PARSE_BYTES } from '../../lambdas/content/limits.ts';

const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');

const HTML_REPLY =
  '<div dir="ltr">Your code is below.<br><br><div style="font-size:28px;letter-spacing:4px"><b>482913</b></div>' +
  '<a href="https://acme.example/verify?t=abc" style="background-color:#1a73e8;padding:12px 20px;color:#fff">Verify email</a></div>' +
  '<div class="gmail_quote"><div class="gmail_attr">On Tue, Mar 12, 2024 at 10:15 AM Bob &lt;bob@example.com&gt; wrote:</div>' +
  '<blockquote class="gmail_quote">Can you send the code?</blockquote></div>';

describe('one HTML render per message', () => {
  afterEach(() => vi.restoreAllMocks());

  it('derives body, reply, links, CTAs and codes of an HTML message from a single tokenizer pass', () => {
    const tokenizerWrites = vi.spyOn(Tokenizer.prototype, 'write');
    const parserWrites = vi.spyOn(Parser.prototype, 'write');
    const c = deriveContent({ text: '', html: HTML_REPLY, subject: 'Your verification code' });
    expect(tokenizerWrites).toHaveBeenCalledTimes(1);
    expect(parserWrites).not.toHaveBeenCalled();
    // …and every consumer got what it needs from that one pass.
    expect(c.body_text).toContain('Can you send the code?');
    expect(c.reply_body).toBe('Your code is below.\n\n482913\nVerify email <https://acme.example/verify?t=abc>');
    expect(c.links).toEqual(['https://acme.example/verify?t=abc']);
    expect(c.cta_links.map((l) => [l.url, l.type])).toEqual([['https://acme.example/verify?t=abc', 'verification']]);
    expect(c.verification_codes.map((v) => v.code)).toEqual(['482913']);
  });

  it('renders nothing for a text-only message', () => {
    const tokenizerWrites = vi.spyOn(Tokenizer.prototype, 'write');
    deriveContent({ text: 'See https://acme.example/x', html: null, subject: '' });
    expect(tokenizerWrites).not.toHaveBeenCalled();
  });
});

describe('RFC 3676 format=flowed', () => {
  it('joins soft line breaks within a paragraph', () => {
    expect(decodeFlowed('The plan looks good, let us \nstart on Monday.\n\nBye')).toBe('The plan looks good, let us start on Monday.\n\nBye');
  });

  it('ends a paragraph where the quote depth changes (§4.5): a bottom-posted answer stays out of the quote', () => {
    expect(decodeFlowed('> Hi \nHello')).toBe('> Hi\nHello');
    expect(decodeFlowed('>> deep \n> shallow \n> more\nnew')).toBe('>> deep\n> shallow more\nnew');
  });

  it('removes space-stuffing (§4.4) and keeps the "-- " signature separator unflowed (§4.3)', () => {
    expect(decodeFlowed(' >not a quote\n-- \nAlice')).toBe('>not a quote\n-- \nAlice');
  });

  it('deletes the space before a soft break with DelSp=yes (§4.2)', () => {
    expect(decodeFlowed('abc \ndef', true)).toBe('abcdef');
  });

  it('a flowed bottom-posted reply keeps its text apart from the quote above it', async () => {
    const raw = crlf(
      'From: Alice <alice@example.com>\nTo: Bob <bob@example.com>\nSubject: Re: Slides\nMessage-ID: <f@example.com>\n' +
      'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n' +
      'On 12.03.24 10:15, Bob wrote:\n> Can you send me the slides? \n\nSure, they are attached. I also added \nthe notes.\n');
    const p = await parseInboundMail(Buffer.from(raw));
    expect(p.text.trimEnd()).toBe('On 12.03.24 10:15, Bob wrote:\n> Can you send me the slides?\n\nSure, they are attached. I also added the notes.');
    expect(deriveContent(p).reply_body).toBe('Sure, they are attached. I also added the notes.');
  });
});

describe('streaming parse with caps', () => {
  it('parses the message as it streams, in small chunks', async () => {
    const raw = Buffer.from(crlf('From: a@example.com\nTo: b@example.com\nSubject: Hi\n\nHello there.\n'));
    const chunks = Array.from({ length: raw.length }, (_, i) => raw.subarray(i, i + 1));
    const p = await parseInboundReadable(Readable.from(chunks));
    expect(p.subject).toBe('Hi');
    expect(p.text.trim()).toBe('Hello there.');
  });

  it(`stops reading past MAX_PARSE_BYTES (${MAX_PARSE_BYTES}) and keeps the headers`, async () => {
    const MB = Buffer.alloc(1024 * 1024, 0x61);
    let produced = 0;
    async function* huge() {
      yield Buffer.from(crlf('From: Big <big@example.com>\nTo: b@example.com\nSubject: Huge\n\n'));
      for (let i = 0; i < 64; i++) {
        produced++;
        yield MB;
      }
    }
    const p = await parseInboundReadable(Readable.from(huge()));
    expect(p.parseError).toMatch(/parse limit/);
    expect(p.subject).toBe('Huge');
    expect(p.from?.address).toBe('big@example.com');
    expect(p.text).toBe('');
    expect(produced).toBeLessThan(64); // the rest of the object was never read
  });
});
