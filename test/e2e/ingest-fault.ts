/**
 * A stand-in ingest for test/e2e/replay.test.ts (lib/local/stack.ts `functionEntries`): run in
 * ingest's place (its worker, environment and IAM identity), it is the real handler unless the
 * fault file exists, which says how to fail: `before` (nothing stored) or `after` (stored, then
 * the invocation fails, as one that times out after its commit). Each SES invocation appends its
 * SES message id to `<fault file>.attempts`, so the test can count the retries.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context, SESEvent } from 'aws-lambda';

/** Named after the stack's table: the one thing ingest's environment tells apart per stack. */
export const faultFile = (tableName: string) => join(tmpdir(), `mailroom-ingest-fault-${tableName}`);

export async function handler(event: SESEvent | Record<string, unknown>, context: Context): Promise<unknown> {
  // Loaded on first use: the test imports faultFile without the function's environment.
  const { handler: ingest } = await import('../../lambdas/ingest/ingest.handler.ts');
  if (!('Records' in event)) return ingest(event as never, context);
  const file = faultFile(process.env.TABLE_NAME!);
  appendFileSync(`${file}.attempts`, `${(event as SESEvent).Records[0]!.ses.mail.messageId}\n`);
  const mode = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (mode === 'before') throw new Error('ingest fault injected by the test (before storing)');
  const result = await ingest(event as SESEvent, context);
  if (mode === 'after') throw new Error('ingest fault injected by the test (after storing)');
  return result;
}
