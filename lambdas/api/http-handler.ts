import middy from '@middy/core';
import type { FunctionName } from '../functions.ts';
import { flushMetrics } from '../platform/metrics.ts';
import { requestSchemas, routesOf } from '../routes.ts';
import { authenticate, envelope, parseRequest, rateLimit, requireAuth, validate } from './middlewares.ts';
import type { HttpContext, HttpEvent, HttpResponse, Operation } from '../platform/http/types.ts';
import { notFound } from '../platform/errors.ts';

/**
 * The one way an HTTP function is built: envelope → parse → authenticate → rate limit →
 * authorise → validate → the operation named by the route table. `operations` must cover every
 * route of `fn`, which the type cannot see but a unit test checks. Awaited at module scope: the
 * schemas of the function's own routes (and only those) are built during init, not on a request.
 */
export async function httpHandler(fn: FunctionName, operations: Record<string, Operation>) {
  for (const r of routesOf(fn)) {
    if (!operations[r.operationId]) throw new Error(`${fn}: no operation ${r.operationId} for ${r.method} ${r.path}`);
  }
  await Promise.all(routesOf(fn).map(requestSchemas));
  return middy<HttpEvent, HttpResponse, Error, HttpContext>()
    .use(envelope())
    // Registered after the envelope, so in both phases it runs before the envelope's own hooks.
    .use({ after: flushMetrics, onError: flushMetrics })
    .use(parseRequest())
    .use(authenticate())
    .use(rateLimit())
    .use(requireAuth())
    .use(validate())
    .handler(async (_event, context) => {
      const req = context.mailroom!;
      const op = operations[req.route.operationId];
      // A route of another function reached this one ($default): answer as unknown.
      if (!op) throw notFound('NOT_FOUND', `No route ${req.route.method} ${req.route.path} here.`);
      return (await op(req)) as unknown as HttpResponse;
    });
}
