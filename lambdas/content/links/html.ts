/**
 * One streaming pass over an HTML body: visible text (with line breaks at block
 * boundaries), the anchors with what a reader would see of them (label, button
 * styling, images), and the emphasised elements a one-time code is usually shown in.
 */
import { capHtml, renderHtmlOnce, type TreeListener } from '../reply/index.ts';
import { parseStyle } from '../reply/style.ts';
import {
  MAX_ANCHORS,
  MAX_ANCHOR_TEXT_CHARS,
  MAX_EMPHASIS,
  MAX_HTML_TAGS,
  MAX_VISIBLE_TEXT_CHARS,
} from './limits.ts';
import { squash } from './text.ts';

/** 0 = not a button, 1 = outlined / pill (secondary), 2 = filled or declared button. */
export type ButtonLevel = 0 | 1 | 2;

export interface HtmlAnchor {
  /** href attribute, entities decoded, not yet validated. */
  href: string;
  /** Visible text inside the anchor, whitespace collapsed. */
  text: string;
  title: string;
  ariaLabel: string;
  /** alt texts of images inside the anchor. */
  imgAlts: string[];
  imgCount: number;
  /** An image inside is a 1×1 tracking pixel. */
  pixel: boolean;
  /** An image inside looks like a logo (src/alt/class). */
  logo: boolean;
  button: ButtonLevel;
  hidden: boolean;
  /** Offsets of the anchor's text in `HtmlScan.text`. */
  start: number;
  end: number;
  order: number;
}

export interface Emphasis {
  start: number;
  end: number;
  /** 2 = big / spaced / monospace / headline, 1 = bold. */
  strength: 1 | 2;
}

export interface HtmlScan {
  text: string;
  anchors: HtmlAnchor[];
  emphasis: Emphasis[];
}

const SKIP = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'svg', 'math', 'xml']);
const BLOCK = new Set([
  'p', 'div', 'br', 'tr', 'table', 'tbody', 'thead', 'tfoot', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'blockquote', 'hr', 'center', 'section', 'article', 'header', 'footer', 'pre', 'form',
  'dl', 'dt', 'dd', 'address', 'main', 'nav', 'aside', 'figure', 'figcaption', 'body', 'html',
]);
const CELL = new Set(['td', 'th']);
/** Containers whose background can make the anchor inside them look like a button. */
const BUTTON_WRAPPERS = new Set(['td', 'th', 'table', 'tr', 'div', 'span', 'p', 'center', 'tbody']);

interface Frame {
  name: string;
  skip: boolean;
  /** A person does not see it: the renderer's verdict (every hiding method it knows). */
  hidden: boolean;
  /** This element paints a button-like background. */
  filled: boolean;
  start: number;
  end: number;
  emphasis: 0 | 1 | 2;
}

export { parseStyle };

const NAMED_LIGHT = new Set(['white', 'transparent', 'none', 'inherit', 'initial', 'unset', 'snow', 'ivory', 'whitesmoke', 'ghostwhite', 'azure', 'aliceblue', 'mintcream', 'seashell', 'linen', 'floralwhite', 'oldlace', 'honeydew', 'lavenderblush']);

/** Relative lightness 0..1 of a CSS colour; undefined if it is no colour at all. */
export function colourLightness(value: string): number | undefined {
  const v = value.trim().toLowerCase();
  const hex = /#([0-9a-f]{3,8})\b/.exec(v);
  let r: number, g: number, b: number;
  if (hex) {
    const h = hex[1] ?? '';
    if (h.length === 3 || h.length === 4) {
      r = parseInt(h.charAt(0) + h.charAt(0), 16);
      g = parseInt(h.charAt(1) + h.charAt(1), 16);
      b = parseInt(h.charAt(2) + h.charAt(2), 16);
    } else if (h.length === 6 || h.length === 8) {
      r = parseInt(h.slice(0, 2), 16);
      g = parseInt(h.slice(2, 4), 16);
      b = parseInt(h.slice(4, 6), 16);
    } else return undefined;
  } else {
    const rgb = /rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(v);
    if (rgb) {
      r = Number(rgb[1]);
      g = Number(rgb[2]);
      b = Number(rgb[3]);
    } else {
      const word = /^[a-z]+/.exec(v)?.[0];
      if (word === undefined || word === 'url') return undefined;
      return NAMED_LIGHT.has(word) ? 1 : 0.4;
    }
  }
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** A visibly coloured (not white-ish) background on this element? */
function paintsBackground(attribs: Record<string, string>, style: ReadonlyMap<string, string>): boolean {
  const candidates = [style.get('background-color'), style.get('background'), attribs['bgcolor']];
  for (const c of candidates) {
    if (!c) continue;
    const l = colourLightness(c);
    if (l !== undefined && l < 0.9) return true;
  }
  return false;
}

const BUTTON_CLASS = /(?:^|[\s_-])(?:btn|button|cta|mcnbutton)/i;

function anchorButtonLevel(attribs: Record<string, string>, style: ReadonlyMap<string, string>): ButtonLevel {
  if ((attribs['role'] ?? '').toLowerCase() === 'button') return 2;
  if (BUTTON_CLASS.test((attribs['class'] ?? '').slice(0, 200))) return 2;
  if (paintsBackground(attribs, style)) return 2;
  const padding = style.has('padding') || style.has('padding-top') || style.has('padding-left');
  const border = style.has('border') || style.has('border-radius') || style.has('border-color');
  const block = (style.get('display') ?? '').includes('inline-block') || style.has('line-height');
  if (padding && (border || block)) return 1;
  return 0;
}

function px(value: string | undefined): number {
  if (!value) return 0;
  const m = /^(-?\d+(?:\.\d+)?)(px|pt|em|rem|%)?/.exec(value.trim());
  if (!m) return 0;
  const n = Number(m[1]);
  switch (m[2]) {
    case 'pt':
      return n * (4 / 3);
    case 'em':
    case 'rem':
      return n * 16;
    case '%':
      return (n / 100) * 16;
    default:
      return n;
  }
}

const CODE_CLASS = /(?:^|[\s_-])(?:code|otp|pin|token|passcode)(?:$|[\s_-])/i;
const HEADINGS = new Set(['h1', 'h2', 'h3']);
const BOLD = new Set(['b', 'strong', 'code', 'kbd', 'samp', 'tt']);

function emphasisOf(name: string, attribs: Record<string, string>, style: ReadonlyMap<string, string>): 0 | 1 | 2 {
  if (HEADINGS.has(name)) return 2;
  if (px(style.get('font-size')) >= 20) return 2;
  if (px(style.get('letter-spacing')) >= 2) return 2;
  if (/mono|courier|menlo|consolas/.test(style.get('font-family') ?? '')) return 2;
  if (CODE_CLASS.test(`${attribs['class'] ?? ''} ${attribs['id'] ?? ''}`.slice(0, 200))) return 2;
  if (name === 'font' && Number(attribs['size'] ?? 0) >= 5) return 2;
  if (BOLD.has(name)) return 1;
  const weight = style.get('font-weight') ?? '';
  if (weight === 'bold' || weight === 'bolder' || Number(weight) >= 600) return 1;
  return 0;
}

interface OpenAnchor {
  anchor: HtmlAnchor;
  textParts: string[];
  textLen: number;
  /** Nearest wrappers that paint a background, checked once they close. */
  wrappers: Frame[];
}

/** Scan an HTML body (one render, see renderHtmlOnce). Never throws on malformed markup. */
export function scanHtml(rawHtml: string): HtmlScan {
  const scanner = createHtmlScanner();
  try {
    renderHtmlOnce(capHtml(rawHtml), scanner.listener);
  } catch {
    // The renderer is lenient; if anything throws we keep what was collected.
  }
  return scanner.finish();
}

/**
 * The link / call-to-action / code scanner as a listener of the message's one HTML render:
 * it sees the element tree and the decoded text the renderer walks, and keeps the visible
 * text with anchor and emphasis offsets.
 */
export function createHtmlScanner(): { listener: TreeListener; finish(): HtmlScan } {
  const stack: Frame[] = [];
  let tags = 0;
  const anchors: HtmlAnchor[] = [];
  const emphasis: Emphasis[] = [];
  const pendingWrappers: Array<{ anchor: HtmlAnchor; wrapper: Frame }> = [];
  // Text is collected in parts: regex or endsWith() on a growing string would flatten
  // it on every call and turn the scan quadratic.
  const parts: string[] = [];
  let len = 0;
  let lastChar = '';
  let full = false;
  let open: OpenAnchor | undefined;

  const skipping = () => stack.length > 0 && (stack[stack.length - 1]?.skip ?? false);
  const endsWithSpace = () => lastChar === '' || lastChar === ' ' || lastChar === '\n';

  const append = (s: string) => {
    if (full || s.length === 0) return;
    let piece = s;
    if (len + piece.length > MAX_VISIBLE_TEXT_CHARS) {
      piece = piece.slice(0, MAX_VISIBLE_TEXT_CHARS - len);
      full = true;
      if (piece.length === 0) return;
    }
    parts.push(piece);
    len += piece.length;
    lastChar = piece.charAt(piece.length - 1);
  };

  const breakLine = () => {
    if (len > 0 && lastChar !== '\n') {
      if (lastChar === ' ') {
        // drop the trailing space before the line break
        const lastPart = parts[parts.length - 1] ?? '';
        parts[parts.length - 1] = lastPart.slice(0, -1);
        len--;
      }
      append('\n');
    }
  };

  const closeAnchor = () => {
    if (!open) return;
    const a = open.anchor;
    a.text = squash(open.textParts.join(''));
    a.end = len;
    for (const wrapper of open.wrappers) pendingWrappers.push({ anchor: a, wrapper });
    open = undefined;
  };

  const listener: TreeListener = {
      open(name, attribs, view) {
        // Past MAX_HTML_TAGS the rest is not scanned; the frame still goes on the stack so closes pair up.
        const parent = stack[stack.length - 1];
        const style = view.style;
        const frame: Frame = {
          name,
          skip: (parent?.skip ?? false) || SKIP.has(name) || ++tags > MAX_HTML_TAGS,
          hidden: view.hidden,
          filled: false,
          start: len,
          end: -1,
          emphasis: 0,
        };
        stack.push(frame);
        if (frame.skip) return;
        if (BLOCK.has(name)) breakLine();
        else if (CELL.has(name) && !endsWithSpace()) append(' ');
        frame.start = len;

        if (BUTTON_WRAPPERS.has(name)) {
          frame.filled = paintsBackground(attribs, style) || BUTTON_CLASS.test((attribs['class'] ?? '').slice(0, 200));
        }
        frame.emphasis = emphasisOf(name, attribs, style);

        if (name === 'a' || name === 'area') {
          closeAnchor();
          if (attribs['href'] === undefined || anchors.length >= MAX_ANCHORS) return;
          const wrappers: Frame[] = [];
          for (let i = stack.length - 2, seen = 0; i >= 0 && seen < 4; i--, seen++) {
            const f = stack[i];
            if (f?.filled) wrappers.push(f);
          }
          const anchor: HtmlAnchor = {
            href: attribs['href'] ?? '',
            text: '',
            title: squash(attribs['title'] ?? '').slice(0, MAX_ANCHOR_TEXT_CHARS),
            ariaLabel: squash(attribs['aria-label'] ?? '').slice(0, MAX_ANCHOR_TEXT_CHARS),
            imgAlts: [],
            imgCount: 0,
            pixel: false,
            logo: /logo/i.test((attribs['class'] ?? '').slice(0, 200)),
            button: anchorButtonLevel(attribs, style),
            hidden: frame.hidden,
            start: len,
            end: len,
            order: anchors.length,
          };
          if (name === 'area') anchor.text = squash(attribs['alt'] ?? '');
          anchors.push(anchor);
          if (name === 'a') open = { anchor, textParts: [], textLen: 0, wrappers };
          return;
        }

        if (name === 'img' && open) {
          const a = open.anchor;
          a.imgCount++;
          const alt = squash(attribs['alt'] ?? '');
          if (alt) a.imgAlts.push(alt.slice(0, MAX_ANCHOR_TEXT_CHARS));
          const w = attribs['width'] ?? style.get('width') ?? '';
          const h = attribs['height'] ?? style.get('height') ?? '';
          if (/^[01](px)?$/.test(w.trim()) || /^[01](px)?$/.test(h.trim())) a.pixel = true;
          if (/logo/i.test(`${(attribs['src'] ?? '').slice(0, 500)} ${alt} ${attribs['class'] ?? ''}`)) a.logo = true;
        }
        if (name === 'br' || name === 'hr') breakLine();
      },

      text(data) {
        // Hidden text is no part of what the reader sees: it never yields a code, a CTA or a URL here.
        if (skipping() || (stack[stack.length - 1]?.hidden ?? false)) return;
        const s = data.replace(/[\s\u00a0]+/g, ' ');
        const piece = endsWithSpace() && s.startsWith(' ') ? s.slice(1) : s;
        if (piece.length === 0) return;
        append(piece);
        if (open && open.textLen < MAX_ANCHOR_TEXT_CHARS) {
          const part = piece.slice(0, MAX_ANCHOR_TEXT_CHARS - open.textLen);
          open.textParts.push(part);
          open.textLen += part.length;
        }
      },

      close(name) {
        const frame = stack.pop();
        if (!frame || frame.skip) return;
        frame.end = len;
        if ((name === 'a' || name === 'area') && open) closeAnchor();
        if (frame.emphasis > 0 && emphasis.length < MAX_EMPHASIS && frame.end > frame.start) {
          emphasis.push({ start: frame.start, end: frame.end, strength: frame.emphasis === 2 ? 2 : 1 });
        }
        if (BLOCK.has(name)) breakLine();
      },
  };

  const finish = (): HtmlScan => {
  closeAnchor();
  const text = parts.join('');

  // A filled wrapper makes its anchor a button only if the anchor is (most of) what it holds.
  for (const { anchor, wrapper } of pendingWrappers) {
    const wrapperEnd = wrapper.end < 0 ? text.length : wrapper.end;
    const wrapperText = text.slice(wrapper.start, wrapperEnd).trim().length;
    const anchorText = anchor.text.length;
    if (anchorText > 0 && anchorText >= wrapperText * 0.6) anchor.button = 2;
  }

  return { text, anchors, emphasis };
  };
  return { listener, finish };
}
