import type { components } from './generated/schema.js';

/** The API's error envelope: `{ error, message, next_steps, … }`. */
export type ErrorEnvelope = components['schemas']['Error'];

/**
 * Every failed call throws this. `code` is the API's error code (INVALID_API_KEY,
 * RATE_LIMIT_EXCEEDED, …), `next_steps` what the API says to do about it, `retry_after` the
 * seconds to wait when the API gave them. Network failures have status 0 and code NETWORK_ERROR.
 */
export class MailroomError extends Error {
  override readonly name: string = 'MailroomError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The envelope's `error`, e.g. INBOX_NOT_FOUND. */
  readonly code: string;
  /** The envelope's sub-code, e.g. API_RATE_LIMIT or INBOX_CREATE_RATE_LIMIT. */
  readonly subcode?: string;
  readonly next_steps: string[];
  /** Seconds to wait before retrying (429, sometimes 503). */
  readonly retry_after?: number;
  /** The request field that failed validation. */
  readonly field?: string;
  /** Quote it when reporting a 500. */
  readonly request_id?: string;
  /** The whole error envelope, when the API sent one. */
  readonly body?: ErrorEnvelope;

  constructor(init: { status: number; code: string; message: string; next_steps?: string[]; subcode?: string; retry_after?: number; field?: string; request_id?: string; body?: ErrorEnvelope; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.next_steps = init.next_steps ?? [];
    if (init.subcode !== undefined) this.subcode = init.subcode;
    if (init.retry_after !== undefined) this.retry_after = init.retry_after;
    if (init.field !== undefined) this.field = init.field;
    if (init.request_id !== undefined) this.request_id = init.request_id;
    if (init.body !== undefined) this.body = init.body;
  }

  /** From a response that is not 2xx; `body` is its parsed JSON when there was any. */
  static fromResponse(response: Response, body: unknown): MailroomError {
    const env = isEnvelope(body) ? body : undefined;
    const header = Number(response.headers.get('retry-after'));
    const retryAfter = env?.retry_after ?? (Number.isFinite(header) && header >= 0 && response.headers.get('retry-after') !== null ? header : undefined);
    return new MailroomError({
      status: response.status,
      code: env?.error ?? `HTTP_${response.status}`,
      message: env?.message ?? `${response.status} ${response.statusText || 'error'}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
      next_steps: env?.next_steps,
      subcode: env?.code,
      retry_after: retryAfter,
      field: env?.field,
      request_id: env?.request_id,
      body: env,
    });
  }

  /** A request that got no response at all (DNS, refused connection, reset, abort). */
  static network(cause: unknown): MailroomError {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new MailroomError({ status: 0, code: 'NETWORK_ERROR', message: `No response from the Mailroom API: ${reason}`, next_steps: ['Check MAILROOM_API_URL and your network, then retry.'], cause });
  }

  /** JSON for logs and `--json` output: the envelope's own field names. */
  toJSON() {
    return {
      error: this.code, message: this.message, status: this.status, next_steps: this.next_steps,
      ...(this.subcode ? { code: this.subcode } : {}), ...(this.retry_after !== undefined ? { retry_after: this.retry_after } : {}),
      ...(this.field ? { field: this.field } : {}), ...(this.request_id ? { request_id: this.request_id } : {}),
    };
  }
}

/** waitForMessage ran out of its total time without a matching message. */
export class WaitTimeoutError extends MailroomError {
  override readonly name = 'WaitTimeoutError';
  constructor(seconds: number, nextSteps: string[] = []) {
    super({ status: 0, code: 'WAIT_TIMEOUT', message: `No matching message arrived within ${seconds} s`, next_steps: nextSteps });
  }
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
    && typeof (body as { message?: unknown }).message === 'string';
}
