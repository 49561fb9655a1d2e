/**
 * Limits of the HTTP pipeline. The body caps above the default, and why none may be larger,
 * are in platform/payload-limits.ts (Lambda's 6 MB invocation payload).
 */

/**
 * Default request body cap. JSON bodies of this API are small, and parsing a huge body just to
 * reject it costs memory in every function. Routes that take attachments raise it.
 */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

/** The rate-limit window for API requests (per account, or per IP for anonymous calls). */
export const API_RATE_WINDOW_SECONDS = 60;
