/**
 * The DynamoDB document client the store uses, over aws4fetch (lambdas/platform/aws/fetch.ts) instead of
 * @aws-sdk/client-dynamodb + lib-dynamodb: the SDK pair was ~200 KB of every bundle and most of
 * its cold start (docs/decisions.md, "Bundles, AWS calls and observability"). It speaks DynamoDB's JSON
 * protocol (POST /, X-Amz-Target DynamoDB_20120810.<operation>, awsJson 1.0) and keeps what the
 * SDK did for the store:
 * - the commands of lambdas/platform/aws/dynamo-commands.ts, named and typed as lib-dynamodb's;
 * - marshalling with @aws-sdk/util-dynamodb (the document client's own marshaller), same options;
 * - errors named as the SDK names them (ConditionalCheckFailedException, TransactionCanceledException
 *   with its CancellationReasons, …), the service's fields on the error;
 * - the SDK's standard retry mode: 3 attempts, jittered exponential backoff, for throttling, 5xx
 *   and connection failures; a TransactWriteItems carries a ClientRequestToken, so its retry is
 *   idempotent as the SDK's is;
 * - credentials and region from the environment at each call, AWS_ENDPOINT_URL(_DYNAMODB);
 *   connections kept alive by the runtime's fetch (undici's pool).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { log } from '../log.ts';
import { TransactionCanceledException, type DynamoCommand, type DynamoOperation } from './dynamo-commands.ts';
import { awsClient, AwsError, awsRegion, endpointOverride, readJsonFailure } from './fetch.ts';

/** The SDK's standard retry mode: 3 attempts in all. */
export const MAX_ATTEMPTS = 3;
/** Backoff bases of the standard mode (ms): the delay is random × base × 2^retry, at most MAX_BACKOFF_MS. */
const BACKOFF_BASE_MS = 100;
const THROTTLING_BACKOFF_BASE_MS = 500;
const MAX_BACKOFF_MS = 20_000;

/** Error codes the SDK retries as throttling (its THROTTLING_ERROR_CODES, those DynamoDB answers). */
const THROTTLING_CODES = new Set([
  'ThrottlingException', 'Throttling', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded',
  'TransactionInProgressException', 'LimitExceededException', 'TooManyRequestsException',
]);
/** Transient codes and statuses the SDK retries besides throttling. */
const TRANSIENT_CODES = new Set(['RequestTimeout', 'RequestTimeoutException', 'InternalServerError', 'ServiceUnavailable']);
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

// convertClassInstanceToMap: the marshaller takes any object whose `constructor` is not Object
// for a class instance — including free-form JSON with a key named "constructor"
// ({"constructor": "x"} in metadata or context answered 500). Such objects are plain maps.
// allowImpreciseNumbers: a JSON number is a double, and its shortest text (what the marshaller
// writes) reads back as the same double, so 1e20 in metadata is exact, not "imprecise" (refused,
// it answered 500). Reads give numbers back as doubles for the same reason, never as a BigInt,
// which JSON.stringify cannot write. Free-form JSON keeps to DynamoDB's range (json-shape.ts).
const MARSHALL_OPTIONS = { removeUndefinedValues: true, convertClassInstanceToMap: true, allowImpreciseNumbers: true } as const;
const UNMARSHALL_OPTIONS = { wrapNumbers: (text: string) => Number(text) };

/**
 * Calls made, and round trips: a call sent while another of the same counter is still out rides
 * the same round trip (calls sent side by side cost one wait, not two).
 */
export interface DynamoCallCounter {
  count: number; roundTrips: number; inFlight: number; byCommand: Record<string, number>; itemsRead: number;
  /** Writes refused for a failed condition (ConditionalCheckFailedException), and transactions cancelled (a condition or a conflict). */
  conditionFailed: number; transactionsCancelled: number;
}
const newCounter = (): DynamoCallCounter => ({ count: 0, roundTrips: 0, inFlight: 0, byCommand: {}, itemsRead: 0, conditionFailed: 0, transactionsCancelled: 0 });

/** DynamoDB round trips made by this process; the benchmark reads it per request. */
export const dynamoCalls = newCounter();

const callScope = new AsyncLocalStorage<DynamoCallCounter>();

/**
 * The round trips made inside `fn` alone (and what it awaits), not those of other work the
 * process does meanwhile — the benchmark runs every function in one process, and a queue
 * consumer's calls would otherwise be counted as the ingest's.
 */
export async function countDynamoCalls<T>(fn: () => Promise<T>): Promise<{ result: T; calls: DynamoCallCounter }> {
  const calls = newCounter();
  const result = await callScope.run(calls, fn);
  return { result, calls };
}

/**
 * Called before each command is sent, with the SDK's command name (GetItemCommand, …) and the
 * wire input (marshalled): the benchmark counts particular reads with it.
 */
export const dynamoListeners = new Set<(command: string, input: Readonly<Record<string, unknown>>) => void>();

type Item = Record<string, NativeAttributeValue>;
type Wire = Record<string, unknown>;

export const documentClient = {
  /** Sends one command; resolves to lib-dynamodb's output shape, or throws the service's named error. */
  async send<I extends object, O extends object>(command: DynamoCommand<I, O>): Promise<O> {
    const name = `${command.operation}Command`;
    const counters = [dynamoCalls, callScope.getStore()].filter((c): c is DynamoCallCounter => !!c);
    for (const c of counters) {
      c.count += 1;
      if (c.inFlight === 0) c.roundTrips += 1;
      c.inFlight += 1;
      c.byCommand[name] = (c.byCommand[name] ?? 0) + 1;
    }
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      const input = marshallInput(command.operation, command.input as Wire);
      for (const listener of dynamoListeners) listener(name, input);
      answer = await call(command.operation, input);
    } catch (e) {
      const name = (e as Error).name;
      for (const c of counters) {
        if (name === 'ConditionalCheckFailedException') c.conditionFailed += 1;
        if (name === 'TransactionCanceledException') c.transactionsCancelled += 1;
      }
      throw e;
    } finally {
      for (const c of counters) c.inFlight -= 1;
    }
    const { output, status, attempts } = answer;
    const read = itemsRead(output);
    for (const c of counters) c.itemsRead += read;
    return { ...unmarshallOutput(output), $metadata: { httpStatusCode: status, attempts } } as unknown as O;
  },
};

/** Items a read touched: ScannedCount of a Query/Scan (before any filter), items of a Get/BatchGet. */
function itemsRead(o: Wire): number {
  if (typeof o.ScannedCount === 'number') return o.ScannedCount;
  if (o.Item) return 1;
  if (o.Responses && typeof o.Responses === 'object' && !Array.isArray(o.Responses)) {
    return Object.values(o.Responses).reduce((n: number, items) => n + (Array.isArray(items) ? items.length : 0), 0);
  }
  return 0;
}

// ---- the wire ----

async function call(operation: DynamoOperation, input: Wire): Promise<{ output: Wire; status: number; attempts: number }> {
  const endpoint = endpointOverride('DYNAMODB') ?? `https://dynamodb.${awsRegion()}.amazonaws.com`;
  const body = JSON.stringify(input, binaryAsBase64);
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await awsClient('dynamodb', 0).fetch(`${endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` },
        body,
      });
    } catch (e) {
      // No answer at all (connection refused or reset: fetch throws a TypeError): transient.
      if (!(e instanceof TypeError) || attempt >= MAX_ATTEMPTS) throw e;
      await backoff(attempt, false);
      continue;
    }
    if (res.ok) return { output: (await res.json()) as Wire, status: res.status, attempts: attempt };
    const error = await dynamoError(res, operation);
    const throttled = THROTTLING_CODES.has(error.name) || res.status === 429;
    const transient = throttled || TRANSIENT_CODES.has(error.name) || TRANSIENT_STATUSES.has(res.status);
    if (!transient || attempt >= MAX_ATTEMPTS) throw error;
    await backoff(attempt, throttled);
  }
}

const backoff = (attempt: number, throttled: boolean) => new Promise((resolve) => setTimeout(resolve,
  Math.min(MAX_BACKOFF_MS, Math.random() * 2 ** (attempt - 1) * (throttled ? THROTTLING_BACKOFF_BASE_MS : BACKOFF_BASE_MS))));

/** The service's error, named by its code; its modelled fields (CancellationReasons, Item, …) on it. */
async function dynamoError(res: Response, operation: DynamoOperation): Promise<AwsError> {
  const { code, message, body } = await readJsonFailure(res);
  const text = `${operation}: ${code}${message ? `: ${message}` : ''}`;
  const error = code === 'TransactionCanceledException'
    ? new TransactionCanceledException(code, res.status, text) : new AwsError(code, res.status, text);
  for (const [k, v] of Object.entries(body)) if (k !== '__type' && k !== 'message' && k !== 'Message') Object.assign(error, { [k]: v });
  return error;
}

/** JSON.stringify replacer: binary values (B, BS members) travel as base64, as the protocol wants. */
function binaryAsBase64(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // `this[key]` is the value before Buffer's toJSON turned it into {type, data}.
  const raw = this[key];
  if (ArrayBuffer.isView(raw)) return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('base64');
  return value;
}

// ---- marshalling: where lib-dynamodb marshals native values in and out ----

const toWire = (v: unknown) => (v === undefined ? undefined : marshall(v as Item, MARSHALL_OPTIONS));

/** Marshals the native values of one request's parameters (Key, Item, values, start key). */
function marshallParams(p: Wire): Wire {
  const out: Wire = { ...p };
  for (const k of ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey']) if (p[k] !== undefined) out[k] = toWire(p[k]);
  if (Array.isArray(p.Keys)) out.Keys = p.Keys.map(toWire);
  return out;
}

/** Each value of a map ({Put: …}, {PutRequest: …}) marshalled as request parameters. */
const marshallEach = (o: Wire) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v && typeof v === 'object' ? marshallParams(v as Wire) : v]));

function marshallInput(operation: DynamoOperation, input: Wire): Wire {
  const out = marshallParams(input);
  if (Array.isArray(input.TransactItems)) out.TransactItems = (input.TransactItems as Wire[]).map(marshallEach);
  if (input.RequestItems && typeof input.RequestItems === 'object') {
    // BatchGet: table → {Keys, …}; BatchWrite: table → [{PutRequest: {Item}} | {DeleteRequest: {Key}}].
    out.RequestItems = Object.fromEntries(Object.entries(input.RequestItems as Wire).map(([table, r]) =>
      [table, Array.isArray(r) ? (r as Wire[]).map(marshallEach) : marshallParams(r as Wire)]));
  }
  // The SDK fills this idempotency token itself: a retried transaction that did commit succeeds again.
  if (operation === 'TransactWriteItems' && input.ClientRequestToken === undefined) out.ClientRequestToken = randomUUID();
  return out;
}

/** One stored item or key, from the wire to native values. */
function readItem(item: unknown): Item | undefined {
  if (!item || typeof item !== 'object') return undefined;
  dropUnreadable(item as Wire);
  for (const v of Object.values(item)) decodeBinary(v);
  return unmarshall(item as Parameters<typeof unmarshall>[0], UNMARSHALL_OPTIONS as Parameters<typeof unmarshall>[1]);
}
const readItems = (items: unknown) => (Array.isArray(items) ? items.map(readItem) : items);

function unmarshallOutput(o: Wire): Wire {
  const out: Wire = { ...o };
  for (const k of ['Item', 'Attributes', 'LastEvaluatedKey']) if (o[k] !== undefined) out[k] = readItem(o[k]);
  if (o.Items !== undefined) out.Items = readItems(o.Items);
  if (Array.isArray(o.Responses)) {
    // TransactGetItems: [{Item}, …].
    out.Responses = o.Responses.map((r: Wire) => (r && r.Item ? { ...r, Item: readItem(r.Item) } : r));
  } else if (o.Responses && typeof o.Responses === 'object') {
    out.Responses = Object.fromEntries(Object.entries(o.Responses).map(([t, items]) => [t, readItems(items)]));
  }
  if (o.UnprocessedKeys && typeof o.UnprocessedKeys === 'object') {
    out.UnprocessedKeys = Object.fromEntries(Object.entries(o.UnprocessedKeys as Record<string, Wire>).map(([t, r]) =>
      [t, { ...r, Keys: readItems(r.Keys) }]));
  }
  if (o.UnprocessedItems && typeof o.UnprocessedItems === 'object') {
    out.UnprocessedItems = Object.fromEntries(Object.entries(o.UnprocessedItems as Record<string, Wire[]>).map(([t, reqs]) =>
      [t, reqs.map((r) => Object.fromEntries(Object.entries(r).map(([kind, p]) => {
        const q = p as Wire;
        return [kind, { ...q, ...(q.Item ? { Item: readItem(q.Item) } : {}), ...(q.Key ? { Key: readItem(q.Key) } : {}) }];
      })))]));
  }
  return out;
}

/** B and BS members arrive as base64; the document client reads them as bytes (Uint8Array). */
function decodeBinary(av: unknown): void {
  const v = av as { B?: unknown; BS?: unknown; M?: Record<string, unknown>; L?: unknown[] };
  if (typeof v.B === 'string') v.B = new Uint8Array(Buffer.from(v.B, 'base64'));
  else if (Array.isArray(v.BS)) v.BS = v.BS.map((b) => (typeof b === 'string' ? new Uint8Array(Buffer.from(b, 'base64')) : b));
  else if (v.M) for (const x of Object.values(v.M)) decodeBinary(x);
  else if (v.L) for (const x of v.L) decodeBinary(x);
}

// ---- unreadable stored data ----

const ATTRIBUTE_TYPES = new Set(['S', 'N', 'B', 'SS', 'NS', 'BS', 'M', 'L', 'NULL', 'BOOL']);

/** Whether `value` is a well-formed AttributeValue all the way down (iterative: items nest 32 deep). */
function isAttributeValue(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (entries.length !== 1 || !ATTRIBUTE_TYPES.has(entries[0]![0])) return false;
    const [type, inner] = entries[0]!;
    if (type === 'M') {
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return false;
      stack.push(...Object.values(inner));
    } else if (type === 'L') {
      if (!Array.isArray(inner)) return false;
      stack.push(...inner);
    }
  }
  return true;
}

/**
 * Stored data that cannot be unmarshalled must not turn every later read into a 500: an inbox whose
 * metadata held an empty key (stored corrupted before such keys were refused) made the inbox, its
 * messages and its account's inbox list fail for good. Such an attribute is dropped (and logged)
 * before unmarshalling; the rest of the item reads as usual.
 */
function dropUnreadable(record: Wire) {
  for (const [name, value] of Object.entries(record)) {
    if (isAttributeValue(value)) continue;
    delete record[name];
    const key = record.pk && typeof record.pk === 'object' ? (record.pk as { S?: string }).S : undefined;
    log.warn('dropped an unreadable attribute from a stored item', { pk: key, attribute: name });
  }
}
