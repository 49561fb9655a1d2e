/**
 * The single table's request bins (test mode): each entity's record type, key shapes and declaration
 * (platform/dynamo/entity.ts), in one place. Access pattern → key:
 *   bin (by id: its public URL names only the id)   pk BIN#<bin>            sk BIN
 *   bin → its recorded requests, newest last        pk BIN#<bin>            sk REQ#<seq, 10 digits>
 *   account → its live bins (one slot per bin)      pk ACCOUNT#<acc>        sk BINSLOT#<00-19>
 */
import { declare, epochSeconds } from '../platform/dynamo/entity.ts';

// Limits of a bin: bins.ts applies them, the request schemas state them (this module is pure, so
// the schemas can import it without the use cases' configuration).
export const MAX_LIVE_BINS = 20;
/** Requests a bin keeps: the newest; each new one past this drops the oldest. */
export const MAX_KEPT_REQUESTS = 100;
/** A recorded body is cut at this many bytes (body_truncated says so); the request itself is taken whole. */
export const MAX_RECORDED_BODY_BYTES = 64 * 1024;
/** API Gateway ends an integration at 30 s: the delay and the bin's own reads and writes fit in the function's 29. */
export const MAX_DELAY_MS = 25_000;
export const MAX_TTL_HOURS = 72;
export const BIN_DEFAULTS = { status: 200, delay_ms: 0, ttl_hours: 24 } as const;

/** What a bin answers every request with. */
export interface BinResponse { status: number; delay_ms: number }

export interface BinRecord {
  id: string;
  account_id: string;
  /** The account's slot it holds (BINSLOT#<slot>) until deleted or expired. */
  slot: number;
  respond: BinResponse;
  /** Requests received so far; the n-th is stored as REQ#<n>, and only the last 100 are kept. */
  request_count: number;
  created_at: string;
  expires_at: string;
}

/** One request a bin received, as it came (the body as text, capped). */
export interface BinRequestRecord {
  bin_id: string;
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  /** How body holds the bytes: as text (valid UTF-8), or base64 (anything else). Records before it are text. */
  body_encoding?: BodyEncoding;
  body_truncated: boolean;
  received_at: string;
  answered_status: number;
}

export const BODY_ENCODINGS = ['utf8', 'base64'] as const;
export type BodyEncoding = (typeof BODY_ENCODINGS)[number];

/** An account's hold on one of its live bins: at most one bin per slot, so the slots bound the bins. */
export interface BinSlotRecord { account_id: string; slot: number; bin_id: string; expires_at: string }

export const binKey = (binId: string) => ({ pk: `BIN#${binId}`, sk: 'BIN' });
export const binPartition = (binId: string) => `BIN#${binId}`;
export const binRequestPrefix = 'REQ#';
export const binRequestKey = (binId: string, seq: number) => ({ pk: `BIN#${binId}`, sk: `${binRequestPrefix}${String(seq).padStart(10, '0')}` });
export const binSlotPrefix = 'BINSLOT#';
export const binSlotKey = (accountId: string, slot: number) => ({ pk: `ACCOUNT#${accountId}`, sk: `${binSlotPrefix}${String(slot).padStart(2, '0')}` });

// Retention: a bin, its slot and every request it recorded go at the bin's expiry (ttl_hours, at
// most 72): test data has no use after it. DynamoDB's TTL deletes within days of that, not at
// once, so readers check expires_at themselves.
export const bin = /* @__PURE__ */ declare<BinRecord>({
  name: 'bin',
  key: (b) => binKey(b.id),
  expiresAt: (b) => epochSeconds(b.expires_at),
});
export const binRequest = /* @__PURE__ */ declare<BinRequestRecord, Pick<BinRecord, 'expires_at'>>({
  name: 'bin-request',
  key: (r) => binRequestKey(r.bin_id, r.seq),
  expiresAt: (_r, b) => epochSeconds(b.expires_at),
});
export const binSlot = /* @__PURE__ */ declare<BinSlotRecord>({
  name: 'bin-slot',
  key: (s) => binSlotKey(s.account_id, s.slot),
  expiresAt: (s) => epochSeconds(s.expires_at),
});
