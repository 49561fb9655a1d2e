/**
 * HTML to visible text, with the quote structure of mail clients made explicit:
 * <blockquote> content comes out ">"-prefixed (as a plain-text client would quote it), and
 * the places where a client's quoted-history container starts (Gmail's gmail_quote,
 * Outlook's divRplyFwdMsg/appendonsend, Yahoo's yahoo_quoted, …) are reported as "hint"
 * line numbers for the text-level extractor.
 *
 * The same pass tells what a person sees from what they would not: each element's visibility is
 * worked out from its attributes, inline style, the simple class rules of <style> blocks and what
 * it inherits (./style.ts); hidden text, text-bearing comments and <script> data are left out of
 * the lines and collected as hidden segments, with how they were hidden.
 *
 * Rendering streams htmlparser2's tokenizer events; no DOM is built and nothing recurses,
 * so hostile nesting depth can neither overflow the call stack nor make the work quadratic
 * (htmlparser2's own Parser keeps its open-element stack with unshift/indexOf).
 */

import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import type { HiddenSegment, HidingMethod } from '../safety/types.ts';
import { MAX_HIDDEN_SEGMENT_CHARS, MAX_HIDDEN_SEGMENTS } from '../visibility.ts';
import { MAX_ATTRIBUTE_CHARS, MAX_HTML_DEPTH, MAX_LINK_TEXT_CHARS } from './limits.ts';
import { backgroundOf, colourDistance, lengthPx, lockOf, MAX_CSS_CHARS, parseColour, parseStyle, readStyleRules, type Rgba, type StyleRules } from './style.ts';

export interface RenderOptions {
  /** Leave out signature containers (gmail_signature, moz-signature, …) and record quote hints. */
  forReply: boolean;
}

export interface Rendered {
  /** Output lines; quoted lines carry their ">" prefix. No line contains a line break. */
  lines: string[];
  /** Line numbers where a client's quoted-history container begins. */
  hints: Set<number>;
  /** True when the HTML has a <blockquote> or a known quote container. */
  structural: boolean;
}

/** Elements whose content is never visible in a mail client. */
const SKIP_TAGS = new Set([
  'head', 'title', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'object', 'iframe', 'embed',
  'canvas', 'audio', 'video', 'map', 'select', 'datalist', 'textarea', 'img', 'meta', 'link', 'base', 'xml',
  'input', 'frame', 'frameset', 'applet',
]);

/** Block elements: a line break before and after. */
const BLOCK_TAGS = new Set([
  'div', 'section', 'article', 'header', 'footer', 'nav', 'aside', 'main', 'address', 'center', 'figure',
  'figcaption', 'form', 'fieldset', 'legend', 'details', 'summary', 'dl', 'dt', 'dd', 'caption', 'table',
  'tbody', 'thead', 'tfoot', 'tr', 'ul', 'ol', 'li', 'body', 'html', 'menu', 'dir',
]);

/** Paragraph-like elements: a blank line before and after. */
const PARAGRAPH_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote']);

/**
 * Why an element's text is not shown: a hiding method (reported as a hidden segment), Outlook's
 * mso-hide:all (an Outlook-only duplicate, normal markup), or a responsive alternate (hidden here,
 * shown by an @media rule on another screen size). The last two are left out of the visible view
 * as before, and are not reported.
 */
type Hide = HidingMethod | 'mso' | 'alternate';

/** alt / title / aria-label texts kept per message, and characters kept of each. */
const MAX_ATTRIBUTE_TEXTS = 100;
const MAX_ATTRIBUTE_TEXT_CHARS = 500;

/** Invisible marks: soft hyphens, the ZWNJ / CGJ padding marketing mail puts after a preheader, zero-width spaces. */
const INVISIBLE = /[\u00ad\u034f\u200b-\u200d\u2060\ufeff]/g;
const WHITESPACE = /[\s\u00a0\u2007]+/g;
/** Text without its invisible marks and with whitespace collapsed: what a hidden run says. */
const collapse = (t: string) => t.replace(INVISIBLE, '').replace(WHITESPACE, ' ');

/** Comments that are machinery, not text: Outlook conditionals and the end of a downlevel-revealed one. */
const CONDITIONAL_COMMENT = /^\s*(?:\[if\b|\[endif|<!\[endif|<!\s*$)/i;
/** Template section markers ("Header : BEGIN", "/content", "END MODULE") and merge tags ("*|MC_PREVIEW|*", "{{name}}"). */
const MARKER_COMMENT = /^\/|^(?:begin|end|start|stop)\b|\b(?:begin|end|start|stop)$|\*\||\|\*|\{\{|\{%/i;
const TAG_IN_COMMENT = /<[^<>]{0,4000}>/g;
/** A comment is text when it holds at least this many letters and words (markers are a few words). */
const COMMENT_MIN_LETTERS = 20;
const COMMENT_MIN_WORDS = 4;
/** Scripts written without spaces between words (Thai, kana, CJK, hangul): their word count says nothing. */
const WIDE_LETTER = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/** Letters in the first 400 characters: cased letters, and letters of the scripts without case (Hebrew and Arabic onwards). */
function letterCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length && i < 400; i++) {
    const ch = s.charAt(i);
    const c = ch.charCodeAt(0);
    if (ch.toLowerCase() !== ch.toUpperCase() || (c >= 0x0590 && (c < 0x2000 || c >= 0x3040))) n++;
  }
  return n;
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const NO_STYLE: ReadonlyMap<string, string> = new Map();

/** Class or id markers of quoted-history containers, by client. */
function isQuoteContainer(name: string, attribs: Record<string, string>): boolean {
  const cls = attribs['class'] ?? '';
  const id = attribs['id'] ?? '';
  return (
    cls.includes('gmail_quote') || // Gmail (div.gmail_quote, blockquote.gmail_quote)
    cls.includes('yahoo_quoted') || id.startsWith('yahoo_quoted') || // Yahoo
    cls.includes('moz-cite-prefix') || // Thunderbird's "On … wrote:" line
    cls.includes('protonmail_quote') || // Proton
    cls.includes('zmail_extra') || // Zoho
    id === 'divRplyFwdMsg' || id === 'appendonsend' || // Outlook (web, new Outlook)
    id === 'OLK_SRC_BODY_SECTION' || // Outlook for Mac
    id === 'mail-editor-reference-message-container' || // Outlook mobile
    (name === 'blockquote' && (attribs['type'] ?? '').toLowerCase() === 'cite') // Apple Mail, Thunderbird
  );
}

function isSignatureContainer(attribs: Record<string, string>): boolean {
  const cls = attribs['class'] ?? '';
  return (
    cls.includes('gmail_signature') || cls.includes('moz-signature') ||
    attribs['data-signatureblock'] !== undefined || attribs['data-smartmail'] === 'gmail_signature'
  );
}

interface OutLine {
  text: string;
  depth: number;
  /** Some of the line's text sits in a signature container (gmail_signature, moz-signature, …). */
  sig: boolean;
}

class TextBuilder {
  readonly lines: OutLine[] = [];
  readonly hints = new Set<number>();
  // The current line is kept as parts (joined when the line ends) with flags describing it,
  // so appending never re-reads the line: a long run of tiny text nodes stays linear.
  private parts: string[] = [];
  private hasText = false;
  /** The line holds only no-break spaces: Outlook's "<p>&nbsp;</p>" spacer, kept as a blank line. */
  private nbspOnly = false;
  private endsSpace = false;
  private curDepth = 0;
  private lineSig = false;
  /** Open signature containers: their lines are flagged, left out of the reply view. */
  sigDepth = 0;
  /** 0: none, 1: line break, 2: blank line — requested before the next text. */
  private pending = 0;
  depth = 0;
  pre = 0;
  private anchors: { href: string; text: string }[] = [];

  private resetLine(): void {
    this.parts = [];
    this.lineSig = false;
    this.hasText = false;
    this.nbspOnly = false;
    this.endsSpace = false;
  }

  /** Ends the current line; `keepEmpty` pushes it even when it holds no text (<br>). */
  private endLine(keepEmpty: boolean): void {
    if (this.hasText || keepEmpty || this.nbspOnly) {
      this.lines.push({ text: this.hasText ? this.parts.join('').trimEnd() : '', depth: this.curDepth, sig: this.lineSig });
    }
    this.resetLine();
  }

  /** Applies a pending break before new text. */
  private settle(): void {
    if (this.pending === 0) return;
    this.endLine(false);
    const last = this.lines[this.lines.length - 1];
    if (this.pending === 2 && last && last.text !== '') this.lines.push({ text: '', depth: Math.min(this.depth, last.depth), sig: false });
    this.pending = 0;
  }

  text(raw: string): void {
    if (this.pre > 0) {
      const parts = raw.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
      parts.forEach((p, i) => {
        if (i > 0) this.newline();
        if (p !== '') this.append(p, true);
      });
      return;
    }
    const collapsed = raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (collapsed === '') return;
    if (collapsed === ' ') {
      // Whitespace between inline elements separates words; between blocks it is nothing.
      if (this.pending === 0 && this.hasText && !this.endsSpace) {
        this.parts.push(' ');
        this.endsSpace = true;
      }
      return;
    }
    this.append(collapsed, false);
  }

  private append(s: string, verbatim: boolean): void {
    this.settle();
    let t = s;
    if (!verbatim && (!this.hasText || this.endsSpace) && t.charCodeAt(0) === 0x20) t = t.slice(1);
    if (t === '') return;
    if (this.parts.length === 0) this.curDepth = this.depth;
    if (this.sigDepth > 0) this.lineSig = true;
    this.parts.push(t);
    if (!this.hasText) {
      if (t.trim() !== '') this.hasText = true;
      else if (t.includes('\u00a0')) this.nbspOnly = true;
    }
    this.endsSpace = t.charCodeAt(t.length - 1) === 0x20;
    const a = this.anchors[this.anchors.length - 1];
    if (a && a.text.length < MAX_LINK_TEXT_CHARS) a.text += t;
  }

  /** <br>: a hard line break (consecutive ones make blank lines). */
  newline(): void {
    if (this.pending > 0 && this.hasText) this.settle();
    this.pending = 0;
    if (this.parts.length === 0) this.curDepth = this.depth;
    this.endLine(true);
  }

  block(kind: 1 | 2): void {
    this.pending = Math.max(this.pending, kind);
  }

  /** Marks that a quoted-history container starts at the next line. */
  hint(): void {
    this.endLine(false);
    this.pending = Math.max(this.pending, 1);
    this.hints.add(this.lines.length);
  }

  openAnchor(href: string): void {
    this.anchors.push({ href, text: '' });
  }

  closeAnchor(): void {
    const a = this.anchors.pop();
    if (!a) return;
    const href = a.href.trim();
    if (!/^https?:\/\//i.test(href) || href.length > MAX_LINK_TEXT_CHARS) return;
    const text = a.text.trim();
    if (text === '') return;
    const bare = (u: string) => u.replace(/^(?:https?:\/\/)?(?:www\.)?/i, '').replace(/\/$/, '').toLowerCase();
    if (bare(text) === bare(href)) return;
    this.append(` <${href}>`, false);
  }

  finish(): OutLine[] {
    this.endLine(false);
    return this.lines;
  }
}

const VOID_TAGS = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'image', 'img', 'input', 'isindex',
  'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/** Elements an opening tag closes when they are the current element (the HTML parsing rules, simplified). */
const P_CLOSERS = [
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section',
  'table', 'ul',
];
const IMPLIED_CLOSE = new Map<string, ReadonlySet<string>>([
  ...P_CLOSERS.map((t) => [t, new Set(['p'])] as const),
  ['li', new Set(['li'])],
  ['dt', new Set(['dt', 'dd'])],
  ['dd', new Set(['dt', 'dd'])],
  ['tr', new Set(['tr', 'td', 'th'])],
  ['td', new Set(['td', 'th'])],
  ['th', new Set(['td', 'th'])],
  ['tbody', new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'])],
  ['tfoot', new Set(['thead', 'tbody', 'tr', 'td', 'th'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
]);

/** What the renderer must undo when an element closes. */
interface Open {
  name: string;
  skip: boolean;
  quote: boolean;
  signature: boolean;
  block: 0 | 1 | 2;
  /** Why text directly inside is not shown (undefined: it is shown). */
  hide: Hide | undefined;
  /** Hiding no descendant can undo (display:none, the hidden attribute, opacity, collapsed or off-screen boxes). */
  lock: Hide | undefined;
  /** Content that is no text at all (head, style, script, svg …). */
  mute: boolean;
  /** Inherited text colour, font size and visibility; the nearest painted background (undefined: an image, unknown). */
  colour: Rgba;
  bg: Rgba | undefined;
  fontPx: number;
  invisible: boolean;
}

/** What the renderer decided about an element, for the listener: its parsed style and whether a person sees it. */
export interface ElementView {
  style: ReadonlyMap<string, string>;
  /** Its text is hidden from a person (Outlook's mso-hide:all excepted: every other client shows it). */
  hidden: boolean;
}

/**
 * Another consumer of the same single pass: it sees the element tree as the renderer builds
 * it (implied closes applied, every element closed once) and the decoded text. The link,
 * call-to-action and code scanner (lambdas/content/links/html.ts) is one.
 */
export interface TreeListener {
  open(name: string, attribs: Record<string, string>, view: ElementView): void;
  text(data: string): void;
  close(name: string): void;
}

/**
 * Streams tokenizer events straight into the text builder. Keeps its own stack of open
 * elements (push/pop only, with a per-name count so a stray close tag costs nothing), so
 * the work stays linear however deep or malformed the markup is.
 */
class TokenRenderer implements TokenizerCallbacks {
  readonly b = new TextBuilder();
  structural = false;
  private readonly stack: Open[] = [];
  private readonly openCount = new Map<string, number>();
  private skipDepth = 0;
  private quoteContainers = 0;
  private lists: { ordered: boolean; n: number }[] = [];
  private overflow = false;
  private tagName = '';
  private attribs: Record<string, string> = {};
  private attrName = '';
  private attrValue = '';
  // What a person would not see, collected as the pass goes.
  readonly hidden: HiddenSegment[] = [];
  readonly attributeTexts: string[] = [];
  private readonly attributeSeen = new Set<string>();
  private run: { method: HidingMethod; len: number; gap: boolean; seg: HiddenSegment } | undefined;
  private seenVisible = false;
  private readonly rules: StyleRules = { hidden: new Map(), revealed: new Set(), backgrounds: new Map() };
  private readonly cssBudget = { chars: MAX_CSS_CHARS };
  private css: string[] = [];

  constructor(private readonly html: string, private readonly listener?: TreeListener) {}

  // The tokenizer reports text in adjacent pieces (a run of "<" comes one character at a
  // time); they are joined into one text event so both consumers see each run once.
  private textStart = -1;
  private textEnd = -1;
  private flushText(): void {
    if (this.textStart < 0) return;
    const t = this.html.slice(this.textStart, this.textEnd);
    this.textStart = -1;
    this.emit(t);
  }

  /** One run of decoded text: shown, collected as hidden, or (markup-only content) read for style rules. */
  private emit(t: string): void {
    if (this.overflow) return;
    this.listener?.text(t);
    const top = this.stack[this.stack.length - 1];
    if (top === undefined || (!top.mute && top.hide === undefined)) {
      this.b.text(t);
      if (!this.seenVisible || this.run) {
        if (collapse(t).trim() !== '') {
          this.seenVisible = true;
          this.run = undefined;
        }
      }
    } else if (top.mute) {
      if (top.name === 'script') this.collect(t, 'script-data');
      else if (top.name === 'style' && this.css.length < 1_000) this.css.push(t);
    } else if (top.hide !== 'mso' && top.hide !== 'alternate' && top.hide !== undefined) {
      this.collect(t, top.hide);
    }
  }

  /** Adds hidden text to the current run of its method, or starts a new run. */
  private collect(t: string, method: HidingMethod): void {
    const text = collapse(t);
    if (text.trim() === '') {
      if (this.run) this.run.gap = true;
      return;
    }
    let run = this.run;
    if (!run || run.method !== method) {
      if (this.hidden.length >= MAX_HIDDEN_SEGMENTS) return;
      const seg: HiddenSegment = { text: '', method, html: true, leading: !this.seenVisible };
      this.hidden.push(seg);
      run = this.run = { method, len: 0, gap: false, seg };
    }
    if (run.len >= MAX_HIDDEN_SEGMENT_CHARS) return;
    const piece = (run.gap && run.len > 0 ? ' ' : '') + text;
    run.gap = false;
    const kept = piece.slice(0, MAX_HIDDEN_SEGMENT_CHARS - run.len);
    run.seg.text += kept;
    run.len += kept.length;
  }

  /** A comment that holds text (not an Outlook conditional, a section marker or a merge tag) is hidden text. */
  private comment(data: string): void {
    if (this.overflow || CONDITIONAL_COMMENT.test(data.slice(0, 20))) return;
    const raw = data.slice(0, MAX_HIDDEN_SEGMENT_CHARS * 4).replace(TAG_IN_COMMENT, ' ');
    const text = collapse(raw).trim();
    if (text === '' || MARKER_COMMENT.test(text.slice(0, 200)) && text.length < 200) return;
    const letters = letterCount(text);
    const words = text.slice(0, 400).split(' ').length;
    if (letters < COMMENT_MIN_LETTERS || (words < COMMENT_MIN_WORDS && !WIDE_LETTER.test(text.slice(0, 400)))) return;
    this.run = undefined;
    this.collect(text, 'comment');
    this.run = undefined;
  }

  /** alt, title and aria-label of images and links: not shown as text, but read by whatever reads the mail. */
  private attributeText(attribs: Record<string, string>): void {
    for (const key of ['alt', 'title', 'aria-label']) {
      const v = attribs[key];
      if (v === undefined || this.attributeTexts.length >= MAX_ATTRIBUTE_TEXTS) continue;
      const t = collapse(v).trim().slice(0, MAX_ATTRIBUTE_TEXT_CHARS);
      if (t === '' || this.attributeSeen.has(t)) continue;
      this.attributeSeen.add(t);
      this.attributeTexts.push(t);
    }
  }

  // --- tokenizer callbacks
  ontext(start: number, end: number): void {
    if (this.textStart >= 0 && start === this.textEnd) {
      this.textEnd = end;
      return;
    }
    this.flushText();
    this.textStart = start;
    this.textEnd = end;
  }
  ontextentity(cp: number): void {
    this.flushText();
    this.emit(String.fromCodePoint(cp));
  }
  onopentagname(start: number, end: number): void {
    this.flushText();
    this.tagName = this.html.slice(start, end).toLowerCase();
    this.attribs = {};
  }
  onattribname(start: number, end: number): void {
    this.attrName = this.html.slice(start, end).toLowerCase();
    this.attrValue = '';
  }
  onattribdata(start: number, end: number): void {
    if (this.attrValue.length < MAX_ATTRIBUTE_CHARS) this.attrValue += this.html.slice(start, Math.min(end, start + MAX_ATTRIBUTE_CHARS));
  }
  onattribentity(cp: number): void {
    if (this.attrValue.length < MAX_ATTRIBUTE_CHARS) this.attrValue += String.fromCodePoint(cp);
  }
  onattribend(): void {
    if (!Object.prototype.hasOwnProperty.call(this.attribs, this.attrName)) this.attribs[this.attrName] = this.attrValue;
    this.attrValue = '';
  }
  onopentagend(): void {
    this.open(this.tagName, this.attribs);
  }
  onselfclosingtag(): void {
    // HTML ignores the slash of "<div/>"; void elements are complete either way.
    this.open(this.tagName, this.attribs);
  }
  onclosetag(start: number, end: number): void {
    this.flushText();
    this.close(this.html.slice(start, end).toLowerCase());
  }
  onend(): void {
    this.flushText();
    while (this.stack.length > 0) this.pop();
  }
  oncomment(start: number, end: number, offset: number): void {
    this.flushText();
    this.comment(this.html.slice(start, end - offset));
  }
  oncdata(): void {
    this.flushText();
  }
  ondeclaration(): void {
    this.flushText();
  }
  onprocessinginstruction(): void {
    this.flushText();
  }

  // --- tree building
  private open(name: string, attribs: Record<string, string>): void {
    if (this.overflow) return;
    const implied = IMPLIED_CLOSE.get(name);
    if (implied) {
      while (this.stack.length > 0 && implied.has(this.stack[this.stack.length - 1]!.name)) this.pop();
    }
    const parent = this.stack[this.stack.length - 1];
    const style = attribs['style'] ? parseStyle(attribs['style']) : NO_STYLE;
    if (VOID_TAGS.has(name)) {
      this.listener?.open(name, attribs, { style, hidden: parent !== undefined && parent.hide !== undefined && parent.hide !== 'mso' });
      this.listener?.close(name);
      if (name === 'img' || name === 'area') this.attributeText(attribs);
      if (this.skipDepth > 0 || parent?.hide !== undefined) {
        if (name === 'br' && this.run) this.run.gap = true;
        return;
      }
      if (name === 'br') this.b.newline();
      else if (name === 'hr') {
        this.b.block(1);
        this.b.text('---');
        this.b.block(1);
      }
      return;
    }
    if (this.stack.length >= MAX_HTML_DEPTH) {
      // Hostile nesting: what lies deeper is dropped rather than rendered out of structure.
      this.overflow = true;
      return;
    }
    const el = this.element(name, attribs, style, parent);
    this.push(el);
    this.listener?.open(name, attribs, { style, hidden: el.hide !== undefined && el.hide !== 'mso' });
    if (name === 'a') this.attributeText(attribs);
    if (this.run && (BLOCK_TAGS.has(name) || PARAGRAPH_TAGS.has(name) || name === 'td' || name === 'th')) this.run.gap = true;
    if (this.skipDepth > 0 || el.mute || el.lock !== undefined) {
      el.skip = true;
      this.skipDepth++;
      return;
    }
    if (isSignatureContainer(attribs)) {
      el.signature = true;
      this.b.sigDepth++;
    }
    if (isQuoteContainer(name, attribs)) {
      this.structural = true;
      el.quote = true;
      if (this.quoteContainers === 0) this.b.hint();
      this.quoteContainers++;
    }
    el.block = PARAGRAPH_TAGS.has(name) ? (isMsoNormal(name, attribs) ? 1 : 2) : BLOCK_TAGS.has(name) ? 1 : 0;
    if (el.block) this.b.block(el.block);
    if (name === 'blockquote') {
      this.structural = true;
      this.b.depth++;
    } else if (name === 'pre') this.b.pre++;
    else if (name === 'ul' || name === 'ol') this.lists.push({ ordered: name === 'ol', n: 0 });
    else if (name === 'li') {
      const list = this.lists[this.lists.length - 1];
      if (list && el.hide === undefined) {
        list.n++;
        this.b.text(list.ordered ? `${list.n}. ` : '- ');
      }
    } else if (name === 'a') this.b.openAnchor(attribs['href'] ?? '');
  }

  private close(name: string): void {
    if (this.overflow) return;
    if (VOID_TAGS.has(name)) {
      if (name === 'br' && this.skipDepth === 0) this.b.newline(); // "</br>" acts as <br>
      return;
    }
    if (!this.openCount.get(name)) {
      if (name === 'p' && this.skipDepth === 0) this.b.block(2); // "</p>" with no <p> is an empty paragraph
      return;
    }
    while (this.stack.length > 0) {
      if (this.pop().name === name) break;
    }
  }

  /** An element's visibility, from its attributes, inline style, class rules and what it inherits. */
  private element(name: string, attribs: Record<string, string>, style: ReadonlyMap<string, string>, parent: Open | undefined): Open {
    let lock: Hide | undefined = parent?.lock;
    if (lock === undefined) {
      lock = attribs['hidden'] !== undefined ? 'hidden-attribute' : lockOf(style);
      const cls = attribs['class'];
      if (lock === undefined && this.rules.hidden.size > 0 && (cls || attribs['id'])) lock = this.classHiding(cls, attribs['id']);
      if (lock === undefined && (style.get('mso-hide') ?? '').startsWith('all')) lock = 'mso';
      if (lock !== undefined && lock !== 'mso' && this.rules.revealed.size > 0 && this.isRevealed(cls, attribs['id'])) lock = 'alternate';
    }
    const colourValue = style.get('color') ?? (name === 'font' ? attribs['color'] : name === 'body' ? attribs['text'] : undefined);
    const colour = (colourValue !== undefined ? parseColour(colourValue) : undefined) ?? parent?.colour ?? BLACK;
    let bg = parent ? parent.bg : WHITE;
    const painted = attribs['background'] !== undefined ? null : backgroundOf(style, attribs['bgcolor']) ?? this.classBackground(attribs['class'], attribs['id']);
    if (painted !== undefined) bg = painted ?? undefined;
    const sizeValue = style.get('font-size');
    const parentPx = parent?.fontPx ?? 16;
    const fontPx = sizeValue !== undefined ? (lengthPx(sizeValue, parentPx) ?? parentPx) : parentPx;
    const visibility = style.get('visibility');
    const invisible = visibility !== undefined ? visibility.startsWith('hidden') || visibility.startsWith('collapse') : (parent?.invisible ?? false);
    let hide: Hide | undefined = lock;
    if (hide === undefined) {
      const contrast = bg === undefined ? 255 : colourDistance(colour, bg);
      if (invisible) hide = 'visibility-hidden';
      else if (fontPx < 1) hide = 'font-size';
      else if (colour.a <= 0.1 || contrast <= 16) hide = fontPx <= 2 ? 'font-size' : 'same-colour';
      else if (fontPx <= 2 && contrast <= 96) hide = 'font-size';
    }
    return {
      name, skip: false, quote: false, signature: false, block: 0, hide, lock,
      mute: (parent?.mute ?? false) || SKIP_TAGS.has(name), colour, bg, fontPx, invisible,
    };
  }

  private classBackground(cls: string | undefined, id: string | undefined): Rgba | null | undefined {
    if (this.rules.backgrounds.size === 0 || (!cls && !id)) return undefined;
    if (id) {
      const bg = this.rules.backgrounds.get(`#${id.toLowerCase()}`);
      if (bg !== undefined) return bg;
    }
    if (!cls) return undefined;
    for (const c of cls.slice(0, 500).toLowerCase().split(' ')) {
      const bg = c ? this.rules.backgrounds.get(`.${c}`) : undefined;
      if (bg !== undefined) return bg;
    }
    return undefined;
  }

  private classHiding(cls: string | undefined, id: string | undefined): HidingMethod | undefined {
    if (id) {
      const m = this.rules.hidden.get(`#${id.toLowerCase()}`);
      if (m) return m;
    }
    if (!cls) return undefined;
    for (const c of cls.slice(0, 500).toLowerCase().split(' ')) {
      const m = c && this.rules.hidden.get(`.${c}`);
      if (m) return m;
    }
    return undefined;
  }

  private isRevealed(cls: string | undefined, id: string | undefined): boolean {
    if (id && this.rules.revealed.has(`#${id.toLowerCase()}`)) return true;
    if (!cls) return false;
    for (const c of cls.slice(0, 500).toLowerCase().split(' ')) if (c && this.rules.revealed.has(`.${c}`)) return true;
    return false;
  }

  private push(el: Open): void {
    this.stack.push(el);
    this.openCount.set(el.name, (this.openCount.get(el.name) ?? 0) + 1);
  }

  private pop(): Open {
    const el = this.stack.pop()!;
    this.openCount.set(el.name, (this.openCount.get(el.name) ?? 1) - 1);
    this.listener?.close(el.name);
    if (el.name === 'style' && this.css.length > 0) {
      readStyleRules(this.css.join(''), this.rules, this.cssBudget);
      this.css = [];
    }
    if (this.run && (el.skip || el.hide !== undefined)) this.run.gap = true;
    if (el.skip) {
      this.skipDepth--;
      return el;
    }
    const name = el.name;
    if (name === 'a') this.b.closeAnchor();
    else if (name === 'td' || name === 'th') this.b.text(' ');
    else if (name === 'pre') this.b.pre--;
    else if (name === 'blockquote') this.b.depth--;
    else if (name === 'ul' || name === 'ol') this.lists.pop();
    if (el.quote) this.quoteContainers--;
    if (el.signature) this.b.sigDepth--;
    if (el.block) this.b.block(el.block);
    return el;
  }
}

/**
 * The one rendering of a message's HTML: every visible line (with its quote depth and whether
 * it sits in a signature container), where quote containers start, and whether the HTML has
 * quote structure at all. A listener (the link scanner) rides the same pass. Both views the
 * mail needs, the full text (body_text) and the reply view, are cut from this one result.
 */
export interface RenderedHtml {
  lines: readonly OutLine[];
  hints: ReadonlySet<number>;
  structural: boolean;
  /** Text a person would not see (mso-hide:all and responsive alternates are not reported). */
  hidden: HiddenSegment[];
  /** alt / title / aria-label of images and links, deduplicated and capped. */
  attributeTexts: string[];
}

export function renderHtmlOnce(html: string, listener?: TreeListener): RenderedHtml {
  const r = new TokenRenderer(html, listener);
  const tokenizer = new Tokenizer({ decodeEntities: true }, r);
  tokenizer.write(html);
  tokenizer.end();
  return { lines: r.b.finish(), hints: r.b.hints, structural: r.structural, hidden: r.hidden, attributeTexts: r.attributeTexts };
}

const lineText = (l: OutLine) => (l.depth === 0 ? l.text : l.text === '' ? '>'.repeat(l.depth) : `${'>'.repeat(l.depth)} ${l.text}`);

/**
 * A view of a rendering: all lines (forReply false), or the reply view (forReply true), which
 * leaves out signature-container lines and moves the quote hints with the lines.
 */
export function viewOf(r: RenderedHtml, opts: RenderOptions): Rendered {
  if (!opts.forReply) return { lines: r.lines.map(lineText), hints: new Set(), structural: r.structural };
  const lines: string[] = [];
  const hints = new Set<number>();
  r.lines.forEach((l, i) => {
    if (r.hints.has(i)) hints.add(lines.length);
    if (!l.sig) lines.push(lineText(l));
  });
  if (r.hints.has(r.lines.length)) hints.add(lines.length);
  return { lines, hints, structural: r.structural };
}

/** Renders HTML to lines of visible text (one render; see renderHtmlOnce for sharing it). */
export function renderHtml(html: string, opts: RenderOptions): Rendered {
  return viewOf(renderHtmlOnce(html), opts);
}

function isMsoNormal(name: string, attribs: Record<string, string>): boolean {
  return name === 'p' && /\bMsoNormal\b/.test(attribs['class'] ?? '');
}

/** Joins rendered lines into text: blank edges trimmed, runs of blank lines folded to one. */
export function joinRendered(lines: readonly string[]): string {
  const out: string[] = [];
  let blank = 0;
  for (const l of lines) {
    if (l.trim() === '') {
      blank++;
      continue;
    }
    if (out.length > 0 && blank > 0) out.push('');
    blank = 0;
    out.push(l);
  }
  return out.join('\n');
}
