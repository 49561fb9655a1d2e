/**
 * lambdas/platform/aws/dynamo.ts, the store's DynamoDB document client over aws4fetch, against the emulator
 * and, for what the emulator never answers (throttling, 5xx, corrupted items), a real HTTP server
 * standing in for DynamoDB. What it writes the SDK's own document client reads back identically,
 * and the other way round: the store's data reads the same as it did through the SDK.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as Sdk from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentClient as db, dynamoCalls, MAX_ATTEMPTS } from '../../lambdas/platform/aws/dynamo.ts';
import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactionCanceledException,
  TransactWriteCommand, UpdateCommand,
} from '../../lambdas/platform/aws/dynamo-commands.ts';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';

const TableName = 'dynamo-client';
const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
let moto: Emulator;
let sdk: Sdk.DynamoDBDocumentClient;
let saved: NodeJS.ProcessEnv;

beforeAll(async () => {
  saved = { ...process.env };
  moto = await startMoto();
  Object.assign(process.env, {
    AWS_ENDPOINT_URL: moto.endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local',
  });
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  delete process.env.AWS_SESSION_TOKEN;
  const raw = new DynamoDBClient({ endpoint: moto.endpoint, region: 'us-east-1', credentials: CREDENTIALS });
  await raw.send(new CreateTableCommand({
    TableName, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
  }));
  sdk = Sdk.DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true } });
}, 60_000);

afterAll(async () => {
  sdk?.destroy();
  await moto?.stop();
  process.env = saved;
});

const key = (pk: string, sk = 'x') => ({ pk, sk });

/** Every kind of value the store keeps, in the places it keeps them. */
const NATIVE = {
  empty: '',
  text: 'Grüße — 📬',
  int: 42, negative: -7, float: 3.25, big: Number.MAX_SAFE_INTEGER, zero: 0,
  yes: true, no: false, nothing: null,
  bytes: new Uint8Array([0, 1, 2, 250, 255]),
  buffer: Buffer.from('binary body'),
  strings: new Set(['a', 'b']), numbers: new Set([1, 2.5]), blobs: new Set([new Uint8Array([1]), new Uint8Array([2, 3])]),
  list: ['x', 1, { deep: [true, { deeper: '' }] }],
  nested: { a: { b: { c: 'd', n: 1 } }, empty: {}, emptyList: [] },
  // Free-form JSON with a key named "constructor" (metadata, context) is a plain map.
  metadata: { constructor: 'x', toString: 'y' },
};
/** What a read gives back: bytes as Uint8Array, the rest as written. */
const READ_BACK = { ...NATIVE, buffer: new Uint8Array(Buffer.from('binary body')) };

describe('values round-trip as the SDK document client stores and reads them', () => {
  it('written here, read by the SDK: the same item', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('rt#1'), ...NATIVE } }));
    const { Item } = await sdk.send(new Sdk.GetCommand({ TableName, Key: key('rt#1') }));
    expect(Item).toEqual({ ...key('rt#1'), ...READ_BACK });
  });

  it('written by the SDK, read here: the same item', async () => {
    await sdk.send(new Sdk.PutCommand({ TableName, Item: { ...key('rt#2'), ...NATIVE } }));
    const ours = await db.send(new GetCommand({ TableName, Key: key('rt#2') }));
    const theirs = await sdk.send(new Sdk.GetCommand({ TableName, Key: key('rt#2') }));
    expect(ours.Item).toEqual(theirs.Item);
    expect(ours.Item).toEqual({ ...key('rt#2'), ...READ_BACK });
    expect(ours.Item!.bytes).toBeInstanceOf(Uint8Array);
  });

  it('undefined values are left out, at the top and nested; a missing item is no Item', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('rt#3'), gone: undefined, kept: { also: undefined, here: 1 }, list: [undefined, 'a'] } }));
    const { Item } = await db.send(new GetCommand({ TableName, Key: key('rt#3') }));
    expect(Item).toEqual({ ...key('rt#3'), kept: { here: 1 }, list: ['a'] });
    expect('gone' in Item!).toBe(false);
    const missing = await db.send(new GetCommand({ TableName, Key: key('rt#none') }));
    expect(missing.Item).toBeUndefined();
    expect(missing.$metadata.httpStatusCode).toBe(200);
  });

  it('update expressions take native values and ReturnValues gives native Attributes', async () => {
    await db.send(new PutCommand({ TableName, Item: { ...key('rt#4'), count: 1, tags: new Set(['a']) } }));
    const out = await db.send(new UpdateCommand({
      TableName, Key: key('rt#4'), ReturnValues: 'ALL_NEW',
      UpdateExpression: 'SET #c = #c + :one, note = :note, bin = :bin ADD tags :t REMOVE gone',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':note': { at: '', n: [1, 2] }, ':bin': new Uint8Array([9]), ':t': new Set(['b']), ':unused': undefined },
    }));
    expect(out.Attributes).toEqual({ ...key('rt#4'), count: 2, tags: new Set(['a', 'b']), note: { at: '', n: [1, 2] }, bin: new Uint8Array([9]) });
  });

  it('a Query pages by LastEvaluatedKey, in native keys, and counts what it read', async () => {
    for (const sk of ['a', 'b', 'c']) await db.send(new PutCommand({ TableName, Item: key('q#1', sk) }));
    const before = { ...dynamoCalls, byCommand: { ...dynamoCalls.byCommand } };
    const first = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'q#1' }, Limit: 2 }));
    expect(first.Items).toEqual([key('q#1', 'a'), key('q#1', 'b')]);
    expect(first.LastEvaluatedKey).toEqual(key('q#1', 'b'));
    const rest = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'q#1' },
      ExclusiveStartKey: first.LastEvaluatedKey }));
    expect(rest.Items).toEqual([key('q#1', 'c')]);
    expect(rest.LastEvaluatedKey).toBeUndefined();
    expect(dynamoCalls.count - before.count).toBe(2);
    expect(dynamoCalls.byCommand.QueryCommand! - (before.byCommand.QueryCommand ?? 0)).toBe(2);
    expect(dynamoCalls.itemsRead - before.itemsRead).toBe(3);
    const counted = await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'q#1' }, Select: 'COUNT' }));
    expect(counted.Count).toBe(3);
    expect(counted.Items).toBeUndefined();
  });

  it('batch writes and batch reads: Responses by table, in native values', async () => {
    await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: [
      { PutRequest: { Item: { ...key('b#1'), v: 1 } } }, { PutRequest: { Item: { ...key('b#2'), v: new Set([2]) } } },
    ] } }));
    const before = dynamoCalls.itemsRead;
    const out = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [key('b#1'), key('b#2'), key('b#none')] } } }));
    const items = out.Responses![TableName]!.sort((a, b) => String(a.pk).localeCompare(String(b.pk)));
    expect(items).toEqual([{ ...key('b#1'), v: 1 }, { ...key('b#2'), v: new Set([2]) }]);
    expect(out.UnprocessedKeys ?? {}).toEqual({});
    expect(dynamoCalls.itemsRead - before).toBe(2);
    await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: [{ DeleteRequest: { Key: key('b#1') } }] } }));
    expect((await db.send(new GetCommand({ TableName, Key: key('b#1') }))).Item).toBeUndefined();
  });
});

describe('errors carry the names the store checks', () => {
  it('a failed condition is a ConditionalCheckFailedException, not retried', async () => {
    await db.send(new PutCommand({ TableName, Item: key('e#1') }));
    const before = dynamoCalls.count;
    const e = await db.send(new PutCommand({ TableName, Item: key('e#1'), ConditionExpression: 'attribute_not_exists(pk)' })).catch((x: unknown) => x);
    expect((e as Error).name).toBe('ConditionalCheckFailedException');
    expect((e as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(400);
    expect(dynamoCalls.count - before).toBe(1);
    const del = await db.send(new DeleteCommand({ TableName, Key: key('e#none'), ConditionExpression: 'attribute_exists(pk)' })).catch((x: unknown) => x);
    expect((del as Error).name).toBe('ConditionalCheckFailedException');
  });

  it('a cancelled transaction is a TransactionCanceledException with one reason per item, and writes nothing', async () => {
    await db.send(new PutCommand({ TableName, Item: key('t#taken') }));
    const e = await db.send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName, Item: { ...key('t#new'), v: '' } } },
      { Put: { TableName, Item: key('t#taken'), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: { TableName, Key: key('t#other'), UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': 1 } } },
    ] })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TransactionCanceledException);
    expect((e as Error).name).toBe('TransactionCanceledException');
    expect((e as TransactionCanceledException).CancellationReasons!.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect((await db.send(new GetCommand({ TableName, Key: key('t#new') }))).Item).toBeUndefined();
  });

  it('a transaction that passes writes every item', async () => {
    await db.send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName, Item: { ...key('t#ok1'), n: 1 } } },
      { ConditionCheck: { TableName, Key: key('t#taken'), ConditionExpression: 'attribute_exists(pk)' } },
    ] }));
    expect((await db.send(new GetCommand({ TableName, Key: key('t#ok1') }))).Item).toEqual({ ...key('t#ok1'), n: 1 });
  });

  it('a missing table is a ResourceNotFoundException; a bad request a ValidationException', async () => {
    const missing = await db.send(new GetCommand({ TableName: 'no-such-table', Key: key('x') })).catch((x: unknown) => x);
    expect((missing as Error).name).toBe('ResourceNotFoundException');
    const bad = await db.send(new UpdateCommand({ TableName, Key: key('x'), UpdateExpression: 'SET a = :missing' })).catch((x: unknown) => x);
    expect((bad as Error).name).toBe('ValidationException');
  });
});

/**
 * A real HTTP server answering as DynamoDB does for what the emulator never answers: throttling,
 * 5xx, and a stored item the marshaller cannot read. `answers` is consumed one per request.
 */
describe('what the emulator never answers', () => {
  let server: Server;
  let answers: { status: number; body: unknown; type?: string }[];
  let seen: { target: string; authorization: string; body: Record<string, unknown> }[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => { raw += c.toString(); });
      req.on('end', () => {
        seen.push({ target: String(req.headers['x-amz-target']), authorization: String(req.headers.authorization), body: JSON.parse(raw) });
        const a = answers.shift() ?? { status: 500, body: { __type: 'InternalServerError' } };
        res.writeHead(a.status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(a.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    answers = [];
    seen = [];
    process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => { delete process.env.AWS_ENDPOINT_URL_DYNAMODB; });

  const throttled = { status: 400, body: { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' } };

  it('throttling and 5xx answers are retried with backoff, then succeed; the call counts once', async () => {
    answers = [throttled, { status: 503, body: { __type: 'ServiceUnavailable' } }, { status: 200, body: { Item: { pk: { S: 'p' }, sk: { S: 'x' } } } }];
    const before = dynamoCalls.count;
    const out = await db.send(new GetCommand({ TableName, Key: key('p') }));
    expect(out.Item).toEqual(key('p'));
    expect(out.$metadata.attempts).toBe(3);
    expect(seen).toHaveLength(3);
    expect(seen[0]!.target).toBe('DynamoDB_20120810.GetItem');
    expect(seen[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/us-east-1\/dynamodb\/aws4_request/);
    expect(dynamoCalls.count - before).toBe(1);
  });

  it('retries are bounded: after MAX_ATTEMPTS throttled answers the throttling error surfaces by name', async () => {
    answers = Array.from({ length: MAX_ATTEMPTS + 2 }, () => throttled);
    const e = await db.send(new GetCommand({ TableName, Key: key('p') })).catch((x: unknown) => x);
    expect((e as Error).name).toBe('ProvisionedThroughputExceededException');
    expect(seen).toHaveLength(MAX_ATTEMPTS);
  });

  it('a retried transaction repeats its ClientRequestToken, so a commit cannot happen twice', async () => {
    answers = [{ status: 500, body: { __type: 'InternalServerError' } }, { status: 200, body: {} }];
    await db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: key('p') } }] }));
    expect(seen).toHaveLength(2);
    expect(seen[0]!.body.ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]!.body.ClientRequestToken).toBe(seen[0]!.body.ClientRequestToken);
  });

  it('binary values travel as base64', async () => {
    answers = [{ status: 200, body: {} }];
    await db.send(new PutCommand({ TableName, Item: { ...key('p'), b: Buffer.from('hi'), bs: new Set([new Uint8Array([1, 2])]) } }));
    expect(seen[0]!.body.Item).toEqual({ pk: { S: 'p' }, sk: { S: 'x' }, b: { B: 'aGk=' }, bs: { BS: ['AQI='] } });
  });

  it('an unreadable stored attribute is dropped, the rest of the item still reads', async () => {
    const bad = { pk: { S: 'p' }, sk: { S: 'x' }, name: { S: 'kept' }, metadata: { M: { a: { Q: '1' } } }, odd: { S: 'a', N: '1' } };
    answers = [{ status: 200, body: { Item: bad } }, { status: 200, body: { Items: [bad], Count: 1, ScannedCount: 1 } }];
    expect((await db.send(new GetCommand({ TableName, Key: key('p') }))).Item).toEqual({ ...key('p'), name: 'kept' });
    expect((await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'p' } }))).Items)
      .toEqual([{ ...key('p'), name: 'kept' }]);
  });
});
