import { config } from '../config.ts';
import { httpHandler } from '../http/handler.ts';
import type { HttpRequest } from '../http/types.ts';
import { buildLlmsFullTxt, buildLlmsTxt, buildSkillMd } from '../schemas/llms.ts';
import { buildOpenApi } from '../schemas/openapi.ts';

/** The public base URL as the caller reached us (API Gateway, custom domain, or localhost). */
const apiUrlOf = (req: HttpRequest) => {
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  if (!host) return config.siteUrl;
  return `${req.headers['x-forwarded-proto'] ?? 'https'}://${host}`;
};

const cache = new Map<string, string>();
function memo(key: string, build: () => string) {
  let v = cache.get(key);
  if (v === undefined) { v = build(); cache.set(key, v); }
  return v;
}

const TEXT = 'text/plain; charset=utf-8';
/** Discovery documents change only with a release (spec: cache for an hour). */
const CACHE_HEADERS = { 'cache-control': 'public, max-age=3600' };

const openApiText = (apiUrl: string) => memo(`openapi:${apiUrl}`, () => JSON.stringify(buildOpenApi(apiUrl), null, 2));
const docsContext = (apiUrl: string) => ({ apiUrl, siteUrl: config.siteUrl, mailDomain: config.mailDomain });

export const handler = httpHandler('discovery', {
  getOpenApi: async (req) => ({
    raw: { body: openApiText(apiUrlOf(req)), contentType: 'application/json; charset=utf-8' }, headers: CACHE_HEADERS,
  }),
  getLlmsTxt: async (req) => {
    const apiUrl = apiUrlOf(req);
    return { raw: { body: memo(`llms:${apiUrl}`, () => buildLlmsTxt(JSON.parse(openApiText(apiUrl)), docsContext(apiUrl))), contentType: TEXT }, headers: CACHE_HEADERS };
  },
  getLlmsFullTxt: async (req) => {
    const apiUrl = apiUrlOf(req);
    return { raw: { body: memo(`llms-full:${apiUrl}`, () => buildLlmsFullTxt(JSON.parse(openApiText(apiUrl)), docsContext(apiUrl))), contentType: TEXT }, headers: CACHE_HEADERS };
  },
  getSkillMd: async (req) => {
    const apiUrl = apiUrlOf(req);
    return { raw: { body: memo(`skill:${apiUrl}`, () => buildSkillMd(JSON.parse(openApiText(apiUrl)), docsContext(apiUrl))), contentType: 'text/markdown; charset=utf-8' }, headers: CACHE_HEADERS };
  },
});
