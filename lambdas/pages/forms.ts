import { config } from '../config.ts';
import type { HttpRequest } from '../http/types.ts';

/** A form post's fields (application/x-www-form-urlencoded); the last value of a name wins. */
export function formFields(req: HttpRequest): Record<string, string> {
  const ct = (req.headers['content-type'] ?? '').toLowerCase();
  if (!ct.startsWith('application/x-www-form-urlencoded')) return {};
  return Object.fromEntries(new URLSearchParams(req.rawBody ?? ''));
}

const originOf = (url: string) => { try { return new URL(url).origin; } catch { return undefined; } };

/**
 * CSRF: the signed token inside the form is the credential, so a forged post needs the token
 * already. On top of that, a browser's own word about where the post came from is checked when
 * it gives one: Sec-Fetch-Site must be same-origin, and Origin must be this site (a sandboxed
 * frame's "null" origin is refused).
 */
export function crossSiteProblem(req: HttpRequest): string | undefined {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin') return `This form was sent from another site (${site}).`;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    const allowed = new Set([originOf(config.siteUrl), host ? `${req.headers['x-forwarded-proto'] ?? 'https'}://${host}` : undefined]);
    if (!allowed.has(origin)) return 'This form was sent from another site.';
  }
  return undefined;
}
