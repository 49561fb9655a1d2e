import { httpHandler } from '../api/http-handler.ts';
import type { HttpContext, HttpEvent, HttpResponse } from '../platform/http/types.ts';
import { envelopeAsPage, pageOperations } from './pages/controllers.ts';

const inner = await httpHandler('pages', pageOperations);

/**
 * Operator pages ({site_url}/upgrade, /notify/…, /inbox/…) and the payment processor's webhook
 * (/v1/payments/webhook). A page never answers JSON: an error envelope from the pipeline (rate
 * limit, validation, a crash) is turned into an error page with the same status and headers.
 */
export const handler = async (event: HttpEvent, context: HttpContext): Promise<HttpResponse> => {
  const res = await inner(event, context);
  const isPage = !(event.rawPath ?? '').startsWith('/v1/');
  const contentType = String(res.headers?.['content-type'] ?? '');
  if (!isPage || (res.statusCode ?? 200) < 400 || !contentType.includes('json')) return res;
  const asPage = envelopeAsPage(res.statusCode ?? 500, typeof res.body === 'string' ? res.body : undefined);
  const keep = Object.fromEntries(Object.entries(res.headers ?? {}).filter(([k]) => k.startsWith('x-ratelimit-') || k === 'retry-after' || k === 'x-request-id'));
  return {
    statusCode: res.statusCode,
    headers: { ...keep, 'content-type': asPage.raw!.contentType, ...asPage.headers },
    body: asPage.raw!.body,
  };
};
