/**
 * Request body cap. API Gateway's own ceiling is 10 MB; JSON bodies of this API are small, and
 * parsing a huge body just to reject it costs memory in every function. Send routes raise it.
 */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;
/** The rate-limit window for API requests (per account, or per IP for anonymous calls). */
export const API_RATE_WINDOW_SECONDS = 60;
