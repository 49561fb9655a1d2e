/**
 * Request bins (test mode only): a public URL that records what is sent to it and answers with the
 * status and delay its owner chose, so an agent's tests can point a webhook at it, read what was
 * delivered (headers and body, signatures included), and make it fail or stall to see retries and
 * health. A bin expires (ttl_hours), keeps its last 100 requests, and an account has at most 20 live.
 */
import { uuidv7 } from '../platform/ids.ts';
import { config } from '../platform/config.ts';
import { conflict, forbidden, notFound } from '../platform/errors.ts';
import {
  BIN_DEFAULTS, MAX_DELAY_MS, MAX_KEPT_REQUESTS, MAX_LIVE_BINS, MAX_RECORDED_BODY_BYTES,
  type BinRecord, type BinRequestRecord, type BinResponse, type BodyEncoding,
} from './testing.entities.ts';
import * as store from './bins.store.ts';

export interface RespondInput { status?: number; delay_ms?: number }
export interface CreateBinInput { respond?: RespondInput; ttl_hours?: number }
export interface UpdateBinInput { respond: RespondInput }
export interface BinRequestsInput { limit: number; offset: number; cursor?: string }
/** A request as the bin receives it: the body's bytes, never parsed. */
export interface IncomingRequest { method: string; path: string; query: Record<string, string>; headers: Record<string, string | undefined>; body: Buffer | undefined }

/** The bin's public address: under the stack's public base, where its pages are. */
export const binUrl = (id: string) => `${config.siteUrl}/bins/${encodeURIComponent(id)}`;

/** bin_ and a UUIDv7, as the other ids: an id of another shape is answered 404 without a read. */
const BIN_ID = /^bin_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const newBinId = (now: number) => `bin_${uuidv7(now)}`;

const binNotFound = (id: string) => notFound('BIN_NOT_FOUND', `No live bin ${id} in this account (bins expire after their ttl_hours, and a deleted bin is gone).`);

/** The route exists only with test mode on; the use cases hold the line too. */
function requireTestMode() {
  if (!config.testMode) throw notFound('NOT_FOUND', 'Request bins are a test-mode feature: this stack is not a sandbox.');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as stored, at most MAX_RECORDED_BODY_BYTES of it: valid UTF-8 as text, cut at a
 * character boundary (a multi-byte character is never split into a replacement character); any
 * other bytes (an image, a gzip, a form in Latin-1) as base64, so a reader gets them back exactly.
 */
export function capBody(body: Buffer | undefined, max = MAX_RECORDED_BODY_BYTES): { body: string; encoding: BodyEncoding; truncated: boolean } {
  if (body === undefined || body.length === 0) return { body: '', encoding: 'utf8', truncated: false };
  const truncated = body.length > max;
  let end = Math.min(body.length, max);
  // Back off continuation bytes (10xxxxxx) to the start of the character the cut falls in.
  if (truncated) while (end > 0 && (body[end]! & 0xc0) === 0x80) end--;
  try {
    return { body: strictUtf8.decode(body.subarray(0, end)), encoding: 'utf8', truncated };
  } catch {
    return { body: body.subarray(0, Math.min(body.length, max)).toString('base64'), encoding: 'base64', truncated };
  }
}

/** Names and values as received, less what cannot be stored: an absent value, an empty name (`?=x`: a map key must have one). */
const storable = (h: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[0] !== '' && e[1] !== undefined));

export async function createBin(accountId: string, input: CreateBinInput, now = new Date()): Promise<BinRecord> {
  requireTestMode();
  const nowIso = now.toISOString();
  const ttlHours = input.ttl_hours ?? BIN_DEFAULTS.ttl_hours;
  const respond: BinResponse = { status: input.respond?.status ?? BIN_DEFAULTS.status, delay_ms: input.respond?.delay_ms ?? BIN_DEFAULTS.delay_ms };
  // A bin holds one of the account's slots until it expires or is deleted. Bins created at once
  // may pick the same free slot: one wins, the others look again (each round, one at least wins,
  // so as many rounds as slots always suffice); a random free slot makes such clashes rare.
  for (let attempt = 0; attempt < MAX_LIVE_BINS; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
    const held = new Set((await store.liveSlots(accountId, nowIso)).map((s) => s.slot));
    if (held.size >= MAX_LIVE_BINS) {
      throw forbidden('BIN_LIMIT_EXCEEDED', `An account has at most ${MAX_LIVE_BINS} live bins; this one has ${held.size}.`, {
        current_usage: { live_bins: held.size, max_bins: MAX_LIVE_BINS },
      });
    }
    const free = [...Array(MAX_LIVE_BINS).keys()].filter((s) => !held.has(s));
    const slot = free[Math.floor(Math.random() * free.length)]!;
    const bin: BinRecord = {
      id: newBinId(now.getTime()), account_id: accountId, slot, respond, request_count: 0,
      created_at: nowIso, expires_at: new Date(now.getTime() + ttlHours * 3600_000).toISOString(),
    };
    if (await store.putBin(bin, nowIso)) return bin;
  }
  throw conflict('CONFLICT', 'Other bins were being created at the same time; try again.');
}

/** The account's live bins, oldest first. */
export async function listBins(accountId: string, now = new Date()): Promise<BinRecord[]> {
  requireTestMode();
  const nowIso = now.toISOString();
  const slots = await store.liveSlots(accountId, nowIso);
  const bins = slots.length ? await store.getBins(slots.map((s) => s.bin_id)) : [];
  return bins.filter((b) => b.account_id === accountId && b.expires_at > nowIso).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The account's live bin, or 404 (another account's bin is as unknown as one that never was). */
async function ownedBin(accountId: string, id: string, nowIso: string): Promise<BinRecord> {
  const bin = BIN_ID.test(id) ? await store.getBin(id) : undefined;
  if (!bin || bin.account_id !== accountId || bin.expires_at <= nowIso) throw binNotFound(id);
  return bin;
}

export async function getBin(accountId: string, id: string, now = new Date()): Promise<BinRecord> {
  requireTestMode();
  return ownedBin(accountId, id, now.toISOString());
}

export async function updateBin(accountId: string, id: string, input: UpdateBinInput, now = new Date()): Promise<BinRecord> {
  requireTestMode();
  const nowIso = now.toISOString();
  const bin = await ownedBin(accountId, id, nowIso);
  const respond: BinResponse = { status: input.respond.status ?? bin.respond.status, delay_ms: input.respond.delay_ms ?? bin.respond.delay_ms };
  const updated = await store.setBinResponse(accountId, id, respond, nowIso);
  if (!updated) throw binNotFound(id);
  return updated;
}

export async function deleteBin(accountId: string, id: string, now = new Date()): Promise<BinRecord> {
  requireTestMode();
  const bin = await ownedBin(accountId, id, now.toISOString());
  await store.deleteBin(bin);
  return bin;
}

export async function listBinRequests(accountId: string, id: string, q: BinRequestsInput, now = new Date()) {
  requireTestMode();
  await ownedBin(accountId, id, now.toISOString());
  const page = await store.pageRequests(id, { limit: q.limit, offset: q.offset, cursor: q.cursor }, MAX_KEPT_REQUESTS);
  return { ...page, limit: q.limit, offset: q.offset };
}

/**
 * A request to a bin's public URL: recorded (before the delay, so a reader sees it at once), then
 * answered with the bin's status after its delay. Unknown or expired bin → 404.
 */
export async function receiveBinRequest(id: string, req: IncomingRequest, now = new Date()): Promise<{ status: number }> {
  requireTestMode();
  const nowIso = now.toISOString();
  const bin = BIN_ID.test(id) ? await store.countRequest(id, nowIso) : undefined;
  if (!bin) throw notFound('BIN_NOT_FOUND', `No live bin ${id}: it never existed, was deleted, or expired.`);
  const { body, encoding, truncated } = capBody(req.body);
  const record: BinRequestRecord = {
    bin_id: bin.id, seq: bin.request_count, method: req.method, path: req.path, query: storable(req.query), headers: storable(req.headers),
    body, body_encoding: encoding, body_truncated: truncated, received_at: nowIso, answered_status: bin.respond.status,
  };
  await store.putRequest(bin, record, MAX_KEPT_REQUESTS);
  if (bin.respond.delay_ms > 0) await new Promise((r) => setTimeout(r, Math.min(bin.respond.delay_ms, MAX_DELAY_MS)));
  return { status: bin.respond.status };
}
