/**
 * Conditional writes as plain results. A failed condition is an answer the store's callers act on
 * (a duplicate, a race lost, a limit reached), not an error: every conditional write in the store
 * goes through one of these two helpers, so the SDK's error names are read in one place only.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '../aws/dynamo-commands.ts';
import { documentClient as db } from '../aws/dynamo.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** True when the write applied, false when its condition failed; any other failure throws. */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** The write's result, or undefined when its condition failed (e.g. an update's new values). */
export async function ifApplied<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw e;
  }
}

export type TransactOutcome =
  | { ok: true }
  /**
   * `failed`: the index of the first item whose condition failed, or -1 when the transaction
   * was cancelled for another reason (a conflict with a concurrent transaction on one of its items).
   */
  | { ok: false; failed: number };

/** One TransactWriteItems, all or nothing: which condition stopped it is a result, not an error. */
export async function transact(items: TransactItem[]): Promise<TransactOutcome> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (e) {
    if ((e as Error).name !== 'TransactionCanceledException') throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return { ok: false, failed: reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed') };
  }
}
