import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './html.ts';

/**
 * Inbound HTML is hostile until proven otherwise. It is shown only inside a sandboxed iframe
 * (no scripts, no same-origin, no forms, no popups, no top navigation) whose document carries
 * its own CSP (below). Sanitizing is the layer before that one: scripts, event handlers, forms,
 * embeds, <style>/<link> sheets, remote images and CSS that reaches out (url(), @import,
 * expression()) are removed here, so even a browser that ignored the CSP would load nothing.
 */

/** The iframe document's policy: nothing loads but data: images; it is sandboxed on its own too. */
export const MAIL_HTML_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; form-action 'none'; base-uri 'none'; frame-ancestors 'self'";

const SAFE_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp);base64,[a-z0-9+/=\s]+$/i;
/** A style value that could fetch something or run something is dropped whole. */
const SAFE_STYLE_VALUE = /^(?!.*(?:url\s*\(|image-set|expression|javascript:|vbscript:|@import|behavior|binding|\\)).*$/is;

const STYLE_PROPS = [
  'color', 'background-color', 'font', 'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'line-height',
  'letter-spacing', 'word-spacing', 'text-align', 'text-decoration', 'text-transform', 'text-indent', 'white-space', 'vertical-align',
  'direction', 'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left', 'padding', 'padding-top', 'padding-right',
  'padding-bottom', 'padding-left', 'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color',
  'border-style', 'border-width', 'border-radius', 'border-collapse', 'border-spacing', 'width', 'max-width', 'min-width', 'height',
  'max-height', 'min-height', 'display', 'list-style-type', 'table-layout', 'overflow-wrap', 'word-break',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'main' && t !== 'nav'),
    'img', 'font', 'center', 'del', 'ins', 'big', 'tt', 'strike',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    font: ['color', 'size', 'face'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'align', 'bgcolor', 'summary'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width', 'height', 'bgcolor'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'height', 'bgcolor', 'scope'],
    tr: ['align', 'valign', 'bgcolor'],
    ol: ['start', 'type'],
    '*': ['style', 'align', 'dir', 'lang', 'title'],
  },
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPS.map((p) => [p, [SAFE_STYLE_VALUE]])) },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'iframe', 'object', 'svg', 'math', 'head'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    img: (_tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      if (SAFE_IMAGE.test(src)) return { tagName: 'img', attribs: { ...attribs, src } };
      const what = src.toLowerCase().startsWith('cid:') ? 'embedded image' : 'remote image blocked';
      const alt = (attribs.alt ?? '').slice(0, 100);
      return { tagName: 'span', attribs: { title: `${what}${alt ? `: ${alt}` : ''}` }, text: `[${what}${alt ? `: ${alt}` : ''}]` };
    },
  },
};

export function sanitizeMailHtml(dirty: string): string {
  return sanitizeHtml(dirty, OPTIONS);
}

/** The complete document the iframe loads. */
export function mailHtmlDocument(dirty: string, subject: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(subject)}</title>
<style>html,body{margin:0}body{padding:16px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1c2130;background:#fff;overflow-wrap:anywhere}
img{max-width:100%;height:auto}table{max-width:100%}span[title]{color:#5b6477;font-size:.85em}</style>
</head><body>${sanitizeMailHtml(dirty)}</body></html>
`;
}
