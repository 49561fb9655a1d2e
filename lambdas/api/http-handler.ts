import middy from '@middy/core';
import { flushMetrics } from '../platform/metrics.ts';
import { requestSchemas, routesOf, type HttpFunctionName, type OperationsFor } from '../routes.ts';
import { authenticate, envelope, parseRequest, rateLimit, requireAuth, validate } from './middlewares.ts';
import type { HttpContext, HttpEvent, HttpResponse, Operation } from '../platform/http/types.ts';
import { notFound } from '../platform/errors.ts';

/**
 * The one way an HTTP function is built: envelope → parse → authenticate → rate limit →
 * authorise → validate → the operation named by the route table. `operations` holds exactly the
 * operationIds of `fn`'s routes (a missing or an extra one does not compile), each typed with
 * the principal its route's auth mode lets through. Awaited at module scope: the schemas of the
 * function's own routes (and only those) are built during init, not on a request.
 */
export async function httpHandler<F extends HttpFunctionName, O extends OperationsFor<F>>(
  fn: F,
  operations: O,
  // An operation no route of `fn` names would never run: the call then lacks this argument, which says so.
  ...unrouted: Exclude<keyof O, keyof OperationsFor<F>> extends never ? [] : [unrouted: `${F} has no route for ${Exclude<keyof O, keyof OperationsFor<F>> & string}`]
) {
  await Promise.all(routesOf(fn).map(requestSchemas));
  // By operationId. Each operation was typed for its route's principal, which requireAuth has
  // checked by the time it runs: the one place the request state meets that type.
  const byId = operations as unknown as Partial<Record<string, Operation>>;
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
      // A route of another function reached this one ($default): answer as unknown.
      const op = req.route.fn === fn ? byId[req.route.operationId] : undefined;
      if (!op) throw notFound('NOT_FOUND', `No route ${req.route.method} ${req.route.path} here.`);
      return (await op(req)) as unknown as HttpResponse;
    });
}
