/**
 * Request body caps, derived from what AWS lets through (not under platform/http: the send use
 * case enforces the attachments' cap too). API Gateway (HTTP API) accepts bodies up
 * to 10 MB, but it hands the whole request to the function as one JSON event, and a synchronous
 * Lambda invocation carries at most 6 MB: a request whose event is larger never reaches the
 * function, so it could only get API Gateway's own error, never this API's 413 envelope.
 */

/** AWS Lambda's quota on a synchronous invocation's payload, request and response alike: "6 MB", read as the smaller 6,000,000. */
export const LAMBDA_SYNC_PAYLOAD_BYTES = 6_000_000;

/**
 * What the event carries besides the body: headers (HTTP API allows 10 KB of them), cookies,
 * path, query string and the request context. Generous, so the margin holds for any request.
 */
export const API_EVENT_ENVELOPE_BYTES = 64 * 1024;

/**
 * The largest body whose event is still under the Lambda quota, whatever its Content-Type: API
 * Gateway puts a body it takes for binary into the event as base64 (4 bytes for every 3).
 * About 4.24 MiB. A body up to this size reaches the function, which answers it (413 over its cap).
 */
export const LARGEST_BODY_A_FUNCTION_RECEIVES = Math.floor((LAMBDA_SYNC_PAYLOAD_BYTES - API_EVENT_ENVELOPE_BYTES) * 3 / 4);

/**
 * Body cap of the routes that take attachments (send): a round figure under
 * LARGEST_BODY_A_FUNCTION_RECEIVES, so a body somewhat over the cap still reaches the function
 * and gets the 413 envelope naming the limit.
 */
export const MAX_ATTACHMENT_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Room a send body keeps beside its attachments for recipients, subject, text and HTML. The
 * attachments' cap (sending/send-mail.ts) is what is left of the body cap, as base64.
 */
export const SEND_BODY_ROOM_BESIDE_ATTACHMENTS_BYTES = 1024 * 1024;

/** Decoded bytes whose base64 (4 characters for every 3 bytes) is at most `encoded` characters. */
export const decodedBytesOfBase64 = (encoded: number) => Math.floor(encoded / 4) * 3;

/**
 * Attachments of one send, decoded: they come base64 inside the JSON body, and the body cap keeps
 * room for the rest of the message, so 2.25 MiB (far under SES's 40 MB raw message limit).
 */
export const MAX_ATTACHMENT_BYTES_TOTAL = decodedBytesOfBase64(MAX_ATTACHMENT_REQUEST_BODY_BYTES - SEND_BODY_ROOM_BESIDE_ATTACHMENTS_BYTES);

/** 262144 → "256 KiB", 4194304 → "4 MiB", 2359296 → "2.25 MiB": how docs, error messages and pages state a size. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(2)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(2)} KiB`;
  return `${n} bytes`;
}
