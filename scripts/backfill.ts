/**
 * `npm run backfill -- --table <name>`: brings a table written by an earlier Mailroom up to the
 * current key design (lambdas/messages/backfill.store.ts), so lists, filters and search find every item
 * stored before it. Safe on a live table and safe to repeat.
 *
 * Credentials and region come from the environment, as the functions get them:
 * AWS_REGION, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN) — with a profile,
 * `eval "$(aws configure export-credentials --format env)"` first. For the local stack, point
 * AWS_ENDPOINT_URL at its AWS emulator and use the admin keys `npm start` prints.
 */
import { Command } from 'commander';

const program = new Command('backfill')
  .description('Add the index keys and derived items (read states, label entries, search words) that items stored by an earlier version lack')
  .requiredOption('--table <name>', 'the stack\'s DynamoDB table (the TableName output; "Table" in the banner of npm start)')
  .option('--segments <n>', 'parallel scan segments', (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error('--segments must be an integer from 1 to 64');
    return n;
  }, 4)
  .parse();

const { table, segments } = program.opts<{ table: string; segments: number }>();
// The store reads its settings once, at import (lambdas/platform/config.ts). The backfill uses the table
// alone; the other two required values are never read by it.
process.env.TABLE_NAME = table;
process.env.MAIL_DOMAIN ??= 'backfill.invalid';
process.env.SITE_URL ??= 'https://backfill.invalid';
process.env.AWS_REGION ??= process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

const { backfillTable } = await import('../lambdas/messages/backfill.store.ts');
const started = Date.now();
let last = 0;
const counts = await backfillTable(segments, (c) => {
  if (Date.now() - last < 2000) return;
  last = Date.now();
  console.error(`backfill: ${c.scanned} items scanned…`);
});
console.log(`backfill: ${counts.scanned} items scanned in ${((Date.now() - started) / 1000).toFixed(1)} s; `
  + `index keys set on ${counts.indexed}, ${counts.derived} derived items written, ${counts.changed} skipped (changed meanwhile)`);
