/**
 * The local emulator answers a Query from the partition it names (lib/local/moto_server.py), not
 * by walking the whole table as moto does. These tests run it with MAILROOM_MOTO_CHECK_QUERIES=1,
 * where moto's own walk runs beside every narrowed Query and a difference fails the request: the
 * writes below are the ones that can move an item between GSI partitions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchWriteItemCommand, CreateTableCommand, DeleteItemCommand, DynamoDBClient, PutItemCommand, QueryCommand,
  TransactWriteItemsCommand, UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';

let moto: Emulator;
let db: DynamoDBClient;
const TableName = 'narrowing';

beforeAll(async () => {
  const before = process.env.MAILROOM_MOTO_CHECK_QUERIES;
  process.env.MAILROOM_MOTO_CHECK_QUERIES = '1';
  try { moto = await startMoto(); } finally {
    if (before === undefined) delete process.env.MAILROOM_MOTO_CHECK_QUERIES; else process.env.MAILROOM_MOTO_CHECK_QUERIES = before;
  }
  db = new DynamoDBClient({ endpoint: moto.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await db.send(new CreateTableCommand({
    TableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: ['pk', 'sk', 'g1pk', 'g1sk'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    GlobalSecondaryIndexes: [{
      IndexName: 'gsi1',
      KeySchema: [{ AttributeName: 'g1pk', KeyType: 'HASH' }, { AttributeName: 'g1sk', KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'ALL' },
    }],
  }));
}, 60_000);

afterAll(async () => { db?.destroy(); await moto?.stop(); });

const s = (S: string) => ({ S });
const item = (pk: string, sk: string, g1pk?: string) => ({ pk: s(pk), sk: s(sk), ...(g1pk ? { g1pk: s(g1pk), g1sk: s(sk) } : {}) });

async function skOf(partition: string, index?: 'gsi1'): Promise<string[]> {
  const out = await db.send(new QueryCommand({
    TableName, IndexName: index,
    KeyConditionExpression: '#p = :p',
    ExpressionAttributeNames: { '#p': index ? 'g1pk' : 'pk' },
    ExpressionAttributeValues: { ':p': s(partition) },
  }));
  return (out.Items ?? []).map((i) => i.sk!.S!);
}

/**
 * For every condition × direction × limit: paging to the end by LastEvaluatedKey sees exactly
 * what one unlimited Query returns. (The check mode fails any page that differs from moto's walk.)
 */
async function expectSamePages(partition: string, conditions: [string, Record<string, { S: string }>][], IndexName: 'gsi1' | undefined,
  idAttribute: 'pk' | 'sk') {
  for (const [KeyConditionExpression, values] of conditions) {
    const ExpressionAttributeValues = { ':p': s(partition), ...values };
    for (const ScanIndexForward of [true, false]) {
      const all = (await db.send(new QueryCommand({ TableName, IndexName, KeyConditionExpression, ScanIndexForward, ExpressionAttributeValues })))
        .Items!.map((i) => i[idAttribute]!.S!);
      for (const Limit of [undefined, 1, 2, 3]) {
        const seen: string[] = [];
        let ExclusiveStartKey: Record<string, any> | undefined;
        let pages = 0;
        do {
          const out = await db.send(new QueryCommand({ TableName, IndexName, KeyConditionExpression, Limit, ScanIndexForward, ExclusiveStartKey, ExpressionAttributeValues }));
          seen.push(...(out.Items ?? []).map((i) => i[idAttribute]!.S!));
          ExclusiveStartKey = out.LastEvaluatedKey;
        } while (ExclusiveStartKey && ++pages < 20);
        expect(seen, `${KeyConditionExpression} ${JSON.stringify(values)} forward=${ScanIndexForward} limit=${Limit}`).toEqual(all);
      }
    }
  }
}

describe('a Query reads the partition it names, with the same answers as moto', () => {
  it('base-table partitions: only their own items, in sort-key order, paged by ExclusiveStartKey', async () => {
    for (const sk of ['c', 'a', 'b']) await db.send(new PutItemCommand({ TableName, Item: item('base#1', sk) }));
    await db.send(new PutItemCommand({ TableName, Item: item('base#2', 'z') }));
    expect(await skOf('base#1')).toEqual(['a', 'b', 'c']);
    expect(await skOf('base#none')).toEqual([]);
    const first = await db.send(new QueryCommand({
      TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': s('base#1') }, Limit: 2, ScanIndexForward: false,
    }));
    expect(first.Items!.map((i) => i.sk!.S)).toEqual(['c', 'b']);
    const rest = await db.send(new QueryCommand({
      TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': s('base#1') },
      ScanIndexForward: false, ExclusiveStartKey: first.LastEvaluatedKey,
    }));
    expect(rest.Items!.map((i) => i.sk!.S)).toEqual(['a']);
  });

  it('sort-key conditions, limits and start keys read the same page both ways, in both directions', async () => {
    const pk = 'range#1';
    const sks = ['A#1', 'A#2', 'A#3', 'B#1', 'B#2', 'C#1'];
    for (const sk of sks) await db.send(new PutItemCommand({ TableName, Item: item(pk, sk) }));
    const conditions: [string, Record<string, { S: string }>][] = [
      ['pk = :p', {}],
      ['pk = :p AND begins_with(sk, :a)', { ':a': s('A#') }],
      ['pk = :p AND begins_with(sk, :a)', { ':a': s('B#') }],
      ['pk = :p AND sk BETWEEN :a AND :b', { ':a': s('A#2'), ':b': s('B#1') }],
      ['pk = :p AND sk > :a', { ':a': s('A#3') }],
      ['pk = :p AND sk <= :a', { ':a': s('B#1') }],
      ['pk = :p AND sk = :a', { ':a': s('B#2') }],
    ];
    await expectSamePages(pk, conditions, undefined, 'sk');
    const all = (await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': s(pk) } }))).Items!;
    expect(all.map((i) => i.sk!.S)).toEqual(sks);
    // A deleted item leaves the sorted keys.
    await db.send(new DeleteItemCommand({ TableName, Key: { pk: s(pk), sk: s('A#2') } }));
    expect(await skOf(pk)).toEqual(sks.filter((k) => k !== 'A#2'));
  });

  it('GSI sort-key conditions, limits and start keys read the same pages as moto, in both directions', async () => {
    const g = 'gsirange';
    // Sort keys with shared prefixes, and two items with the same index sort key (moto orders those by the table key).
    const rows: [string, string][] = [['gr#1', 'A#1'], ['gr#2', 'A#2'], ['gr#3', 'A#2'], ['gr#4', 'B#1'], ['gr#5', 'B#2'], ['gr#6', 'C#1']];
    for (const [pk, sk] of rows) await db.send(new PutItemCommand({ TableName, Item: { pk: s(pk), sk: s(sk), g1pk: s(g), g1sk: s(sk) } }));
    const conditions: [string, Record<string, { S: string }>][] = [
      ['g1pk = :p AND begins_with(g1sk, :a)', { ':a': s('A#') }],
      ['g1pk = :p AND begins_with(g1sk, :a)', { ':a': s('B#') }],
      ['g1pk = :p AND g1sk BETWEEN :a AND :b', { ':a': s('A#2'), ':b': s('B#1') }],
      ['g1pk = :p AND g1sk > :a', { ':a': s('A#2') }],
    ];
    await expectSamePages(g, conditions, 'gsi1', 'pk');
  });

  it('an item an UpdateItem moves to another GSI partition is found there, and no longer in the old one', async () => {
    await db.send(new PutItemCommand({ TableName, Item: item('mv#1', 'x', 'old') }));
    expect(await skOf('old', 'gsi1')).toEqual(['x']);
    await db.send(new UpdateItemCommand({
      TableName, Key: { pk: s('mv#1'), sk: s('x') }, UpdateExpression: 'SET g1pk = :n', ExpressionAttributeValues: { ':n': s('new') },
    }));
    expect(await skOf('new', 'gsi1')).toEqual(['x']);
    expect(await skOf('old', 'gsi1')).toEqual([]);
    await db.send(new UpdateItemCommand({ TableName, Key: { pk: s('mv#1'), sk: s('x') }, UpdateExpression: 'REMOVE g1pk' }));
    expect(await skOf('new', 'gsi1')).toEqual([]);
  });

  it('an UpdateItem that creates its item, a delete, a batch write and a transaction all show in GSI queries', async () => {
    await db.send(new UpdateItemCommand({
      TableName, Key: { pk: s('up#1'), sk: s('u') }, UpdateExpression: 'SET g1pk = :g, g1sk = :k',
      ExpressionAttributeValues: { ':g': s('mixed'), ':k': s('u') },
    }));
    await db.send(new BatchWriteItemCommand({ RequestItems: { [TableName]: [
      { PutRequest: { Item: item('bw#1', 'b1', 'mixed') } },
      { PutRequest: { Item: item('bw#2', 'b2', 'mixed') } },
    ] } }));
    await db.send(new TransactWriteItemsCommand({ TransactItems: [
      { Put: { TableName, Item: item('tx#1', 't1', 'mixed') } },
      { Update: { TableName, Key: { pk: s('bw#2'), sk: s('b2') }, UpdateExpression: 'SET g1pk = :o', ExpressionAttributeValues: { ':o': s('other') } } },
    ] }));
    await db.send(new DeleteItemCommand({ TableName, Key: { pk: s('bw#1'), sk: s('b1') } }));
    expect(await skOf('mixed', 'gsi1')).toEqual(['t1', 'u']);
    expect(await skOf('other', 'gsi1')).toEqual(['b2']);
  });

  it('a transaction that fails its condition leaves the GSI partitions as they were', async () => {
    await db.send(new PutItemCommand({ TableName, Item: item('rb#1', 'r', 'before') }));
    await expect(db.send(new TransactWriteItemsCommand({ TransactItems: [
      { Update: { TableName, Key: { pk: s('rb#1'), sk: s('r') }, UpdateExpression: 'SET g1pk = :a', ExpressionAttributeValues: { ':a': s('after') } } },
      { ConditionCheck: { TableName, Key: { pk: s('rb#none'), sk: s('r') }, ConditionExpression: 'attribute_exists(pk)' } },
    ] }))).rejects.toThrow(/cancel/i);
    expect(await skOf('before', 'gsi1')).toEqual(['r']);
    expect(await skOf('after', 'gsi1')).toEqual([]);
  });
});
