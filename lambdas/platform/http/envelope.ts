import { ApiError, DomainError } from '../errors.ts';
import { errorStatus } from './error-status.ts';
import { nextStepsForError } from './next-steps.ts';
import { errorFields, log } from '../log.ts';
import type { HttpResponse, OperationResult, RateLimitState } from './types.ts';

export const rateLimitHeaders = (r?: RateLimitState): Record<string, string> =>
  r ? {
    'x-ratelimit-limit': String(r.limit),
    'x-ratelimit-remaining': String(r.remaining),
    'x-ratelimit-reset': String(r.reset),
    'x-ratelimit-window': String(r.window),
  } : {};

const BASE_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function successResponse(out: OperationResult, requestId: string, rate?: RateLimitState): HttpResponse {
  const headers = { ...rateLimitHeaders(rate), 'x-request-id': requestId, ...out.headers };
  if (out.raw) {
    return { statusCode: out.status ?? 200, headers: { 'content-type': out.raw.contentType, ...headers }, body: out.raw.body };
  }
  return {
    statusCode: out.status ?? 200,
    headers: { ...BASE_HEADERS, ...headers },
    body: JSON.stringify({ result: out.result ?? null, next_steps: out.nextSteps ?? [] }),
  };
}

/** Any error becomes the error envelope; only DomainErrors and ApiErrors say what went wrong. */
export function errorResponse(err: unknown, requestId: string, rate?: RateLimitState): HttpResponse {
  if (err instanceof DomainError || err instanceof ApiError) {
    const { headers: extraHeaders, next_steps, details, ...extras } = err.extras;
    const body = {
      error: err.error,
      message: err.message,
      ...extras,
      ...(details === undefined ? {} : { details }),
      next_steps: next_steps ?? nextStepsForError(err.error),
    };
    return {
      statusCode: errorStatus(err),
      headers: {
        ...BASE_HEADERS, ...rateLimitHeaders(rate), 'x-request-id': requestId,
        ...(err.extras.retry_after !== undefined ? { 'retry-after': String(err.extras.retry_after) } : {}),
        ...extraHeaders,
      },
      body: JSON.stringify(body),
    };
  }
  log.error('unhandled error', errorFields(err));
  return {
    statusCode: 500,
    headers: { ...BASE_HEADERS, ...rateLimitHeaders(rate), 'x-request-id': requestId },
    body: JSON.stringify({
      error: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Nothing was changed unless the response said so.',
      request_id: requestId,
      next_steps: nextStepsForError('INTERNAL_ERROR'),
    }),
  };
}
