/**
 * HTML by tagged template: every interpolated value is escaped unless it is already Html (built
 * by this template or by `trusted`). Arrays are joined; null, undefined and false render nothing.
 * Nothing user-supplied can reach a page without passing through `escapeHtml`.
 */
export class Html {
  constructor(readonly value: string) {}
  toString() { return this.value; }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export const escapeHtml = (s: string) => s.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(v: Part): string {
  if (v === null || v === undefined || v === false || v === true) return '';
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Markup we produced ourselves (the stylesheet, sanitized mail). Never pass input here. */
export const trusted = (s: string) => new Html(s);

/** A URL for an href/src attribute: only http(s) and mailto (and our own relative paths) survive. */
export function safeHref(url: string): string | undefined {
  const u = url.trim();
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  try {
    const parsed = new URL(u);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
