/**
 * What CSS does to a person's view of a mail: the inline-style reading the renderer needs to tell
 * visible text from text a reader would never see (display:none, zero size, zero opacity, text in
 * its background's colour, off-screen, collapsed boxes), and the few <style>-block class rules
 * cheap enough to honour in the one pass. Bounded and linear: no pattern here backtracks.
 */
import type { HidingMethod } from '../safety/types.ts';
import { MAX_STYLE_CHARS } from '../limits.ts';

/** Parse `a:b; c:d` into a map, bounded. */
export function parseStyle(style: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!style) return out;
  for (const decl of style.slice(0, MAX_STYLE_CHARS).split(';')) {
    const i = decl.indexOf(':');
    if (i <= 0) continue;
    out.set(decl.slice(0, i).trim().toLowerCase(), decl.slice(i + 1).trim().toLowerCase());
  }
  return out;
}

/** A CSS colour; alpha 0 is transparent. */
export interface Rgba { r: number; g: number; b: number; a: number }

const NAMED: Record<string, Rgba> = {
  white: { r: 255, g: 255, b: 255, a: 1 }, black: { r: 0, g: 0, b: 0, a: 1 }, transparent: { r: 0, g: 0, b: 0, a: 0 },
  snow: { r: 255, g: 250, b: 250, a: 1 }, ivory: { r: 255, g: 255, b: 240, a: 1 }, whitesmoke: { r: 245, g: 245, b: 245, a: 1 },
  ghostwhite: { r: 248, g: 248, b: 255, a: 1 }, red: { r: 255, g: 0, b: 0, a: 1 }, blue: { r: 0, g: 0, b: 255, a: 1 },
  green: { r: 0, g: 128, b: 0, a: 1 }, gray: { r: 128, g: 128, b: 128, a: 1 }, grey: { r: 128, g: 128, b: 128, a: 1 },
  silver: { r: 192, g: 192, b: 192, a: 1 }, navy: { r: 0, g: 0, b: 128, a: 1 }, yellow: { r: 255, g: 255, b: 0, a: 1 },
  orange: { r: 255, g: 165, b: 0, a: 1 }, purple: { r: 128, g: 0, b: 128, a: 1 }, lightgray: { r: 211, g: 211, b: 211, a: 1 },
  lightgrey: { r: 211, g: 211, b: 211, a: 1 }, darkgray: { r: 169, g: 169, b: 169, a: 1 }, darkgrey: { r: 169, g: 169, b: 169, a: 1 },
};

const HEX = /#([0-9a-f]{3,8})\b/;
const RGB = /rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})(?:[\s,/]+([\d.]{1,8})(%?))?/;
const WORD = /(?:^|\s)([a-z]{3,20})(?:\s|$|!)/;

/** The colour a CSS value names (a `background` shorthand included); undefined when it names none. */
export function parseColour(value: string): Rgba | undefined {
  const v = value.slice(0, 200).toLowerCase();
  const hex = HEX.exec(v);
  if (hex) {
    const h = hex[1] ?? '';
    const at = (i: number, w: number) => parseInt(w === 1 ? h.charAt(i) + h.charAt(i) : h.slice(i, i + 2), 16);
    if (h.length === 3 || h.length === 4) return { r: at(0, 1), g: at(1, 1), b: at(2, 1), a: h.length === 4 ? at(3, 1) / 255 : 1 };
    if (h.length === 6 || h.length === 8) return { r: at(0, 2), g: at(2, 2), b: at(4, 2), a: h.length === 8 ? at(6, 2) / 255 : 1 };
    return undefined;
  }
  const rgb = RGB.exec(v);
  if (rgb) {
    let a = rgb[4] === undefined ? 1 : Number(rgb[4]);
    if (rgb[5] === '%') a /= 100;
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: Number.isFinite(a) ? a : 1 };
  }
  const word = WORD.exec(v)?.[1];
  return word === undefined ? undefined : NAMED[word];
}

/** Largest channel difference: 0 for the same colour, 255 for black on white. */
export function colourDistance(x: Rgba, y: Rgba): number {
  return Math.max(Math.abs(x.r - y.r), Math.abs(x.g - y.g), Math.abs(x.b - y.b));
}

const LENGTH = /^(-?\d{0,6}(?:\.\d{1,6})?)(px|pt|em|rem|%|vw|vh)?/;

/** A CSS length in px (em and % relative to `base`); undefined when the value is no length. */
export function lengthPx(value: string | undefined, base = 16): number | undefined {
  if (value === undefined) return undefined;
  const m = LENGTH.exec(value.trim());
  if (!m || m[1] === '' || m[1] === '-') return undefined;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return undefined;
  switch (m[2]) {
    case 'pt': return n * (4 / 3);
    case 'em': return n * base;
    case 'rem': return n * 16;
    case '%': return (n / 100) * base;
    case 'vw': case 'vh': return n * 8;
    default: return n;
  }
}

/** An element's own hiding that nothing inside it can undo (display, boxes, opacity, position). */
export function lockOf(style: ReadonlyMap<string, string>): HidingMethod | undefined {
  if (style.size === 0) return undefined;
  const display = style.get('display');
  if (display !== undefined && display.startsWith('none')) return 'display-none';
  const opacity = style.get('opacity');
  if (opacity !== undefined) {
    const o = Number.parseFloat(opacity);
    if (Number.isFinite(o) && o <= 0.05) return 'opacity';
  }
  const overflow = style.get('overflow') ?? style.get('overflow-y') ?? '';
  if (overflow.startsWith('hidden') || overflow.startsWith('clip')) {
    for (const k of ['max-height', 'height', 'max-width', 'width']) {
      const v = lengthPx(style.get(k));
      if (v !== undefined && v <= 1) return 'zero-height';
    }
  }
  const position = style.get('position') ?? '';
  if (position.startsWith('absolute') || position.startsWith('fixed')) {
    for (const k of ['left', 'top', 'right', 'margin-left', 'margin-top']) {
      const v = lengthPx(style.get(k));
      if (v !== undefined && v <= -500) return 'off-screen';
    }
    if ((style.get('clip') ?? '').replace(/\s/g, '').startsWith('rect(0') || (style.get('clip-path') ?? '').startsWith('inset(50%')) return 'off-screen';
  }
  const indent = lengthPx(style.get('text-indent'));
  if (indent !== undefined && indent <= -500) return 'off-screen';
  return undefined;
}

/** Declarations that hide an element in a class rule (the inline checks, plus visibility). */
function hidingOfRule(style: ReadonlyMap<string, string>): HidingMethod | undefined {
  const lock = lockOf(style);
  if (lock) return lock;
  if ((style.get('visibility') ?? '').startsWith('hidden')) return 'visibility-hidden';
  const size = lengthPx(style.get('font-size'));
  if (size !== undefined && size < 1) return 'font-size';
  return undefined;
}

/** Declarations that show an element again (a responsive alternate's reveal). */
function reveals(style: ReadonlyMap<string, string>): boolean {
  const display = style.get('display');
  if (display !== undefined && !display.startsWith('none')) return true;
  if ((style.get('visibility') ?? '').startsWith('visible')) return true;
  for (const k of ['max-height', 'height', 'font-size', 'opacity']) {
    const v = style.get(k);
    if (v !== undefined && (v.startsWith('none') || v.startsWith('auto') || (lengthPx(v) ?? 1) > 0)) return true;
  }
  return (style.get('overflow') ?? '').startsWith('visible');
}

/** Class and id rules of a mail's <style> blocks, as far as visibility goes. */
export interface StyleRules {
  /** Class (".x") or id ("#x") → how a top-level rule hides it. */
  hidden: Map<string, HidingMethod>;
  /** Classes and ids a width @media rule shows: a block hidden on one screen size and shown on another. */
  revealed: Set<string>;
  /**
   * Class (".x") or id ("#x") → the background a top-level rule paints (null: an image or a colour
   * not understood), so light text on a class-painted dark cell is not taken for text in the page's colour.
   */
  backgrounds: Map<string, Rgba | null>;
}

/** CSS characters read per message: template style blocks run to 20–40 KB. */
export const MAX_CSS_CHARS = 128 * 1024;
/** Class names and ids remembered per kind. */
const MAX_RULE_NAMES = 2_000;

const SIMPLE_SELECTOR = /^[a-z0-9]{0,10}([.#][\w-]{1,100})$/i;
const SELECTOR_NAME = /[.#][\w-]{1,100}|\[(?:class|id)[~*^|$]?=\s*["']?[\w-]{1,100}/gi;
/** A rule worth parsing for hiding: cheap substring checks before the declarations are split. */
const mayHide = (body: string) =>
  body.includes('none') || body.includes('hidden') || body.includes('opacity') || body.includes('position') || body.includes('indent') || body.includes('font-size');

/** The background a declaration block paints: a colour, null for an image or an unknown value, undefined for none. */
export function backgroundOf(style: ReadonlyMap<string, string>, bgcolor?: string): Rgba | null | undefined {
  const value = style.get('background-color') ?? style.get('background') ?? bgcolor;
  // An image is what shows (its colour only a fallback): what lies on it cannot be judged.
  if ((style.get('background-image') ?? '').includes('url(') || value?.includes('url(')) return null;
  if (value === undefined) return undefined;
  const c = parseColour(value);
  if (c !== undefined) return c.a > 0.5 ? c : undefined;
  return value.startsWith('none') || value.startsWith('inherit') || value.startsWith('initial') ? undefined : null;
}

/** Reads one <style> block into `rules`; @media alternates and simple class hides only. Linear. */
export function readStyleRules(css: string, rules: StyleRules, budget: { chars: number }): void {
  if (budget.chars <= 0) return;
  let s = css.length > budget.chars ? css.slice(0, budget.chars) : css;
  budget.chars -= s.length;
  s = stripCssComments(s).toLowerCase();
  let pos = 0;
  // Inside a width @media block, until its closing brace.
  let media = false;
  let inAt = false;
  // The next brace of each kind, found once and reused until passed: a run of lone braces stays linear.
  let open = -2;
  let close = -2;
  while (pos < s.length) {
    if (open !== -1 && open < pos) open = s.indexOf('{', pos);
    if (close !== -1 && close < pos) close = s.indexOf('}', pos);
    if (close >= 0 && (open < 0 || close < open)) {
      // The end of an at-rule block.
      media = false;
      inAt = false;
      pos = close + 1;
      continue;
    }
    if (open < 0) break;
    const prelude = s.slice(pos, open).trim();
    if (prelude.startsWith('@')) {
      const nested = prelude.startsWith('@media') || prelude.startsWith('@supports') || prelude.startsWith('@document');
      if (nested) {
        inAt = true;
        media = prelude.startsWith('@media') && prelude.includes('width') && !prelude.includes('print') && !prelude.includes('speech');
        pos = open + 1;
      } else {
        pos = close < 0 ? s.length : close + 1;
      }
      continue;
    }
    const end = close;
    const body = s.slice(open + 1, end < 0 ? s.length : end);
    pos = end < 0 ? s.length : end + 1;
    if (media) {
      if (rules.revealed.size < MAX_RULE_NAMES && reveals(parseStyle(body))) {
        for (const sel of prelude.split(',')) {
          const subject = lastCompound(sel.trim());
          for (const m of subject.matchAll(SELECTOR_NAME)) rules.revealed.add(nameOfSelector(m[0]));
        }
      }
    } else if (!inAt) {
      const hides = mayHide(body) && rules.hidden.size < MAX_RULE_NAMES;
      const paints = body.includes('background') && rules.backgrounds.size < MAX_RULE_NAMES;
      if (!hides && !paints) continue;
      const style = parseStyle(body);
      const method = hides ? hidingOfRule(style) : undefined;
      const bg = paints ? backgroundOf(style) : undefined;
      if (!method && bg === undefined) continue;
      for (const sel of prelude.split(',')) {
        const name = SIMPLE_SELECTOR.exec(sel.trim())?.[1];
        if (!name) continue;
        if (method) rules.hidden.set(name, method);
        if (bg !== undefined) rules.backgrounds.set(name, bg);
      }
    }
  }
}

/** ".x" / "#x" / "[class=x" / "[class~='x'" → ".x" or "#x". */
function nameOfSelector(token: string): string {
  if (token.charAt(0) !== '[') return token;
  const isId = token.startsWith('[id');
  let i = token.indexOf('=') + 1;
  while (i < token.length && (token.charAt(i) === ' ' || token.charAt(i) === '"' || token.charAt(i) === "'")) i++;
  return (isId ? '#' : '.') + token.slice(i);
}

/** The last compound of a selector ("u + .body .mobile" → ".mobile"): the element the rule styles. */
function lastCompound(sel: string): string {
  let i = sel.length - 1;
  while (i >= 0 && !' >+~'.includes(sel.charAt(i))) i--;
  return sel.slice(i + 1);
}

function stripCssComments(s: string): string {
  if (!s.includes('/*')) return s;
  const out: string[] = [];
  let pos = 0;
  while (pos < s.length) {
    const a = s.indexOf('/*', pos);
    if (a < 0) break;
    out.push(s.slice(pos, a));
    const b = s.indexOf('*/', a + 2);
    pos = b < 0 ? s.length : b + 2;
  }
  if (pos < s.length) out.push(s.slice(pos));
  return out.join(' ');
}
