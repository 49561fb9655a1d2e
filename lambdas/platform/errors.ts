/**
 * Small named errors that carry everything the HTTP layer needs to answer.
 * `expose: false` errors become a generic 500 that leaks nothing.
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
  new ApiError(400, error, message, extras);
export const unauthorized = (message = 'An API key is required: send Authorization: Bearer <key>.') =>
  new ApiError(401, 'UNAUTHORIZED', message);
export const invalidApiKey = (message = 'The API key is invalid, revoked, or not valid for this resource.') =>
  new ApiError(401, 'INVALID_API_KEY', message);
export const notFound = (error: string, message: string, extras?: ErrorExtras) =>
  new ApiError(404, error, message, extras);
export const conflict = (error: string, message: string, extras?: ErrorExtras) =>
  new ApiError(409, error, message, extras);
export const tooManyRequests = (message: string, extras: ErrorExtras) =>
  new ApiError(429, 'RATE_LIMIT_EXCEEDED', message, extras);
