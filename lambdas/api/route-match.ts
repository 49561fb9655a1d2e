import { routes, type RouteDef } from '../routes.ts';

interface CompiledRoute { route: RouteDef; regex: RegExp; names: string[] }

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const pattern = route.path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${pattern}$`), names };
});

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/**
 * Matches like API Gateway: a literal segment beats a parameter, so `/v1/threads` never reaches
 * `/v1/inboxes/{id}`; the table has no ambiguous pairs (a unit test checks it). With
 * `testMode: false` (a stack not in test mode; default: every row) the testMode rows are not
 * routed, and a request for one is not-found, not a 405 from a parameter route it also fits.
 */
export function matchRoute(method: string, rawPath: string, o: { testMode: boolean } = { testMode: true }): RouteMatch {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const allowed: string[] = [];
  let best: { c: CompiledRoute; m: RegExpExecArray } | undefined;
  let testModeOnly = false;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    if (c.route.testMode && !o.testMode) {
      testModeOnly ||= c.route.method === method.toUpperCase();
      continue;
    }
    if (c.route.method !== method.toUpperCase()) { allowed.push(c.route.method); continue; }
    if (!best || c.names.length < best.c.names.length) best = { c, m };
  }
  if (best) {
    const params: Record<string, string> = {};
    best.c.names.forEach((n, i) => {
      try { params[n] = decodeURIComponent(best!.m[i + 1]!); } catch { params[n] = best!.m[i + 1]!; }
    });
    return { kind: 'found', route: best.c.route, params };
  }
  return allowed.length && !testModeOnly ? { kind: 'method-not-allowed', allowed: [...new Set(allowed)] } : { kind: 'not-found' };
}
