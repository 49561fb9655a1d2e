/**
 * Small named errors that carry everything a caller needs to be told.
 *
 * Use cases and store throw DomainErrors: `kind` says what went wrong in the domain's words, and
 * the HTTP layer alone turns a kind into a status (platform/http/error-status.ts). ApiError is the
 * HTTP layer's own error, for what only exists over HTTP (a method not allowed, a body too large).
 * Any other error is answered as an internal error that leaks nothing.
 */
export interface ErrorExtras {
  code?: string;
  retry_after?: number;
  upgrade_context?: unknown;
  current_usage?: unknown;
  rate_limit?: unknown;
  field?: string;
  details?: unknown;
  next_steps?: string[];
  headers?: Record<string, string>;
}

/** What went wrong, as the caller should understand it; each kind has one HTTP status. */
export const ERROR_KINDS = [
  /** The request breaks a rule of its fields or of the resource's state. */
  'invalid',
  /** No credential, or one that does not hold for this. */
  'unauthenticated',
  /** Needs a paid tier, or a payment that did not go through. */
  'payment_required',
  /** Not allowed: a tier's limit is reached, or the account is paused. */
  'forbidden',
  'not_found',
  /** The resource changed, or is changing, under the request. */
  'conflict',
  /** Too many at once; `retry_after` says when to try again. */
  'rate_limited',
  /** This deployment lacks what the request needs. */
  'not_configured',
  /** A service we call refused the work. */
  'upstream_refused',
  /** Could not be done now; the same request may succeed later. */
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The kinds that are the service's side, not the request's: the same request may succeed later. */
const SERVICE_SIDE: ReadonlySet<ErrorKind> = new Set(['not_configured', 'upstream_refused', 'unavailable']);
export const isServiceSide = (kind: ErrorKind) => SERVICE_SIDE.has(kind);

export class DomainError extends Error {
  readonly expose = true;
  constructor(
    readonly kind: ErrorKind,
    readonly error: string,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** An error of the HTTP layer itself: its status is already HTTP's word for it. */
export class ApiError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('invalid', error, message, extras);
export const unauthorized = (message = 'An API key is required: send Authorization: Bearer <key>.') =>
  new DomainError('unauthenticated', 'UNAUTHORIZED', message);
export const invalidApiKey = (message = 'The API key is invalid, revoked, or not valid for this resource.') =>
  new DomainError('unauthenticated', 'INVALID_API_KEY', message);
export const paymentRequired = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('payment_required', error, message, extras);
export const forbidden = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('forbidden', error, message, extras);
export const notFound = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('not_found', error, message, extras);
export const conflict = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('conflict', error, message, extras);
export const tooManyRequests = (message: string, extras: ErrorExtras) =>
  new DomainError('rate_limited', 'RATE_LIMIT_EXCEEDED', message, extras);
export const rateLimited = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('rate_limited', error, message, extras);
export const notConfigured = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('not_configured', error, message, extras);
export const upstreamRefused = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('upstream_refused', error, message, extras);
export const unavailable = (error: string, message: string, extras?: ErrorExtras) =>
  new DomainError('unavailable', error, message, extras);
