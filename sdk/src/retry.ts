/**
 * Bounded retry for the API's transient answers: 429 (after its retry_after) and 5xx (with
 * exponential backoff and jitter). A request is only repeated when repeating it cannot do a
 * thing twice: a 429 was refused before anything happened; a 5xx or a lost connection is retried
 * for reads, PUT/PATCH/DELETE, and for a POST that carries a client_id (the API deduplicates it).
 */

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 disables retrying). */
  retries?: number;
  /** First backoff for 5xx and lost connections, doubled per attempt (default 500 ms). */
  baseDelayMs?: number;
  /** Cap of one backoff (default 8 s). */
  maxDelayMs?: number;
  /** A 429 whose retry_after is longer than this is not waited for but thrown (default 60 s). */
  maxRetryAfterSeconds?: number;
}

export interface RetryEvent {
  attempt: number;
  method: string;
  url: string;
  /** The status that caused the retry; 0 for a lost connection. */
  status: number;
  delayMs: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterSeconds: 60 };

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/** Seconds from a 429/503: the envelope's retry_after, else the Retry-After header. */
async function retryAfterSeconds(res: Response): Promise<number | undefined> {
  try {
    const body = (await res.clone().json()) as { retry_after?: unknown };
    if (typeof body.retry_after === 'number' && body.retry_after >= 0) return body.retry_after;
  } catch { /* not JSON */ }
  const header = res.headers.get('retry-after');
  if (header === null) return undefined;
  const n = Number(header);
  if (Number.isFinite(n) && n >= 0) return n;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

async function carriesClientId(req: Request): Promise<boolean> {
  if (!req.body) return false;
  try {
    const body = (await req.clone().json()) as { client_id?: unknown };
    return typeof body.client_id === 'string' && body.client_id.length > 0;
  } catch { return false; }
}

const sleep = (ms: number, signal?: AbortSignal | null) => new Promise<void>((resolve, reject) => {
  if (signal?.aborted) { reject(signal.reason); return; }
  const t = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
  const onAbort = () => { clearTimeout(t); reject(signal!.reason); };
  signal?.addEventListener('abort', onAbort, { once: true });
});

/** A fetch for openapi-fetch's `fetch` option that retries as described above. */
export function retryingFetch(base: (req: Request) => Promise<Response>, options: RetryOptions = {}, onRetry?: (e: RetryEvent) => void) {
  const o = { ...DEFAULT_RETRY, ...options };
  return async (request: Request): Promise<Response> => {
    // The body can be read once; every attempt sends a fresh copy of the original.
    const original = request.clone();
    const repeatable = IDEMPOTENT_METHODS.has(request.method) || await carriesClientId(original);
    for (let attempt = 1; ; attempt++) {
      const last = attempt > o.retries;
      let res: Response;
      try {
        res = await base(attempt === 1 ? request : original.clone());
      } catch (err) {
        if (last || !repeatable || request.signal?.aborted) throw err;
        const delayMs = backoff(o, attempt);
        onRetry?.({ attempt, method: request.method, url: request.url, status: 0, delayMs });
        await sleep(delayMs, request.signal);
        continue;
      }
      if (last) return res;
      let delayMs: number | undefined;
      if (res.status === 429) {
        const after = await retryAfterSeconds(res);
        if (after !== undefined && after > o.maxRetryAfterSeconds) return res;
        delayMs = after !== undefined ? Math.ceil(after * 1000) : backoff(o, attempt);
      } else if (res.status >= 500 && repeatable) {
        const after = res.status === 503 ? await retryAfterSeconds(res) : undefined;
        if (after !== undefined && after > o.maxRetryAfterSeconds) return res;
        delayMs = after !== undefined ? Math.ceil(after * 1000) : backoff(o, attempt);
      }
      if (delayMs === undefined) return res;
      await res.body?.cancel().catch(() => undefined);
      onRetry?.({ attempt, method: request.method, url: request.url, status: res.status, delayMs });
      await sleep(delayMs, request.signal);
    }
  };
}

/** Half the exponential window plus a random part of the other half: spreads clients that failed together. */
function backoff(o: Required<RetryOptions>, attempt: number): number {
  const window = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(window / 2 + Math.random() * (window / 2));
}
