import { config } from '../../platform/config.ts';
import type { HttpRequest } from '../../platform/http/types.ts';

/** A form post's fields (application/x-www-form-urlencoded); the last value of a name wins. */
export function formFields(req: HttpRequest): Record<string, string> {
  const ct = (req.headers['content-type'] ?? '').toLowerCase();
  if (!ct.startsWith('application/x-www-form-urlencoded')) return {};
  return Object.fromEntries(new URLSearchParams(req.rawBody ?? ''));
}

const originOf = (url: string) => { try { return new URL(url).origin; } catch { return undefined; } };

/**
 * CSRF: the signed token inside the form is the credential, so a forged post needs the token
 * already. On top of that, the browser's own word about where the post came from is checked when
 * it gives one. Sec-Fetch-Site (every current browser) must be same-origin: a post from another
 * site, or from a sandboxed frame (an opaque origin), is refused. Without it, Origin must be
 * this site; "null" is let through there because our pages send no referrer (Referrer-Policy:
 * no-referrer), which makes browsers send Origin: null on their own form posts.
 */
export function crossSiteProblem(req: HttpRequest): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site) return site === 'same-origin' ? undefined : `This form was sent from another site (${site}).`;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    const allowed = new Set([originOf(config.siteUrl), host ? `${req.headers['x-forwarded-proto'] ?? 'https'}://${host}` : undefined]);
    if (!allowed.has(origin)) return 'This form was sent from another site.';
  }
  return undefined;
}
