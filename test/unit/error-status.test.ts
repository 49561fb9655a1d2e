/**
 * Use cases and store say what went wrong in the domain's words (DomainError's kind); the HTTP
 * layer maps each kind to one status, in one place. These pin that mapping, and that the envelope
 * answers a domain error exactly as it answered the status-carrying error it replaced.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, DomainError, ERROR_KINDS, isServiceSide, notFound, tooManyRequests, type ErrorKind } from '../../lambdas/platform/errors.ts';
import { errorStatus, STATUS_OF_KIND } from '../../lambdas/platform/http/error-status.ts';
import { errorResponse } from '../../lambdas/platform/http/envelope.ts';

const EXPECTED: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  not_configured: 501,
  upstream_refused: 502,
  unavailable: 503,
};

describe('each domain error kind answers one HTTP status', () => {
  it.each(ERROR_KINDS)('%s', (kind) => {
    expect(errorStatus(new DomainError(kind, 'SOME_CODE', 'why'))).toBe(EXPECTED[kind]);
    expect(errorResponse(new DomainError(kind, 'SOME_CODE', 'why'), 'req-1').statusCode).toBe(EXPECTED[kind]);
  });

  it('every kind has a status and no status stands for two kinds', () => {
    expect(Object.keys(STATUS_OF_KIND).sort()).toEqual([...ERROR_KINDS].sort());
    expect(new Set(Object.values(STATUS_OF_KIND)).size).toBe(ERROR_KINDS.length);
  });

  it('the kinds on the service\'s side are exactly the 5xx ones (a scheduled send retries those, drops the rest)', () => {
    for (const kind of ERROR_KINDS) expect(isServiceSide(kind)).toBe(EXPECTED[kind] >= 500);
  });
});

describe('the envelope answers a domain error byte for byte as the HTTP error of the same status', () => {
  it('status, body, retry-after and extra headers are the same', () => {
    const extras = { code: 'CONCURRENT_CREATE', retry_after: 1, headers: { allow: 'GET' }, details: { n: 1 } };
    const rate = { limit: 10, remaining: 9, reset: 60, window: 60 };
    expect(errorResponse(tooManyRequests('Too many at once.', extras), 'req-1', rate))
      .toEqual(errorResponse(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many at once.', extras), 'req-1', rate));
  });

  it('a domain error with no next_steps of its own gets its code\'s defaults', () => {
    const body = JSON.parse(errorResponse(notFound('INBOX_NOT_FOUND', 'No inbox.'), 'req-1').body as string);
    expect(body).toEqual({ error: 'INBOX_NOT_FOUND', message: 'No inbox.', next_steps: expect.arrayContaining([expect.stringContaining('GET /v1/inboxes')]) });
  });
});

describe('an error nobody foresaw', () => {
  it('answers 500 INTERNAL_ERROR and leaks nothing of its message', () => {
    const res = errorResponse(new Error('ConditionalCheckFailed on table secret-table-name'), 'req-9');
    expect(errorStatus(new Error('x'))).toBe(500);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret-table-name');
    expect(JSON.parse(res.body as string)).toMatchObject({ error: 'INTERNAL_ERROR', request_id: 'req-9' });
  });

  it('a thrown non-error (a string) answers the same 500', () => {
    const res = errorResponse('db password is hunter2', 'req-9');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
  });
});
