import { config } from '../platform/config.ts';
import { httpHandler } from '../api/http-handler.ts';
import type { HttpRequest } from '../platform/http/types.ts';

/** The public base URL as the caller reached us (API Gateway, custom domain, or localhost). */
const apiUrlOf = (req: HttpRequest) => {
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  if (!host) return config.siteUrl;
  return `${req.headers['x-forwarded-proto'] ?? 'https'}://${host}`;
};

const cache = new Map<string, Promise<string>>();
function memo(key: string, build: () => Promise<string>) {
  let v = cache.get(key);
  if (v === undefined) {
    v = build();
    cache.set(key, v);
    v.catch(() => cache.delete(key));
  }
  return v;
}

const TEXT = 'text/plain; charset=utf-8';
/** Discovery documents change only with a release (spec: cache for an hour). */
const CACHE_HEADERS = { 'cache-control': 'public, max-age=3600' };

/**
 * Built on the first request for a document, not at init: it loads every schema of the API (the
 * other functions load only their own), and the documents are cached for an hour downstream.
 */
const openApiText = (apiUrl: string) => memo(`openapi:${apiUrl}`, async () => {
  const { buildOpenApi } = await import('./openapi.ts');
  return JSON.stringify(await buildOpenApi(apiUrl), null, 2);
});
const openApiDoc = async (apiUrl: string) => JSON.parse(await openApiText(apiUrl));
const docsContext = (apiUrl: string) => ({ apiUrl, siteUrl: config.siteUrl, mailDomain: config.mailDomain });

/** A text document (lambdas/discovery/llms.ts), made from the OpenAPI document. */
type TextDoc = 'buildLlmsTxt' | 'buildLlmsFullTxt' | 'buildSkillMd';
const textDoc = (build: TextDoc, apiUrl: string) =>
  memo(`${build}:${apiUrl}`, async () => (await import('./llms.ts'))[build](await openApiDoc(apiUrl), docsContext(apiUrl)));

export const handler = await httpHandler('discovery', {
  getOpenApi: async (req) => ({
    raw: { body: await openApiText(apiUrlOf(req)), contentType: 'application/json; charset=utf-8' }, headers: CACHE_HEADERS,
  }),
  getLlmsTxt: async (req) => ({ raw: { body: await textDoc('buildLlmsTxt', apiUrlOf(req)), contentType: TEXT }, headers: CACHE_HEADERS }),
  getLlmsFullTxt: async (req) => ({ raw: { body: await textDoc('buildLlmsFullTxt', apiUrlOf(req)), contentType: TEXT }, headers: CACHE_HEADERS }),
  getSkillMd: async (req) => ({
    raw: { body: await textDoc('buildSkillMd', apiUrlOf(req)), contentType: 'text/markdown; charset=utf-8' }, headers: CACHE_HEADERS,
  }),
});
