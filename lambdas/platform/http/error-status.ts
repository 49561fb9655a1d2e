import { ApiError, DomainError, type ErrorKind } from '../errors.ts';

/** The one place a domain error's kind becomes an HTTP status. */
export const STATUS_OF_KIND = {
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
} as const satisfies Record<ErrorKind, number>;

/** The status an error answers: its kind's, the HTTP layer's own, or 500 for anything unforeseen. */
export function errorStatus(err: unknown): number {
  if (err instanceof DomainError) return STATUS_OF_KIND[err.kind];
  if (err instanceof ApiError) return err.status;
  return 500;
}
