/**
 * `npm run backfill -- --stage <stage>` (or `--table <name>`): brings what an earlier Mailroom
 * stored up to the current design. Safe on a live stack and safe to repeat.
 *
 * - The table (lambdas/messages/backfill.store.ts): index keys and derived items, so lists, filters
 *   and search find every item stored before them.
 * - With --stage: SES receipt rules for custom domains proven before rules named their domains
 *   (lambdas/domains/receiving.ts): until then SES refuses their mail.
 *
 * Credentials and region come from the environment, as the functions get them:
 * AWS_REGION, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN) — with a profile,
 * `eval "$(aws configure export-credentials --format env)"` first. For the local stack, point
 * AWS_ENDPOINT_URL at its AWS emulator, use the admin keys `npm start` prints, and --table.
 */
import { Command } from 'commander';
import { RECEIVING_OUTPUTS, readStackOutputs, stackName as stackOf } from '../lib/stack-outputs.ts';

const program = new Command('backfill')
  .description('Add what items stored by an earlier version lack (index keys, read states, label entries, search words); with --stage, custom domains\' receipt rules too')
  .option('--stage <stage>', 'the deployed stack Mailroom-<stage>: its table and SES receiving, read from its outputs')
  .option('--table <name>', 'the table alone (the TableName output; "Table" in the banner of npm start)')
  .option('--segments <n>', 'parallel scan segments', (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error('--segments must be an integer from 1 to 64');
    return n;
  }, 4)
  .showHelpAfterError()
  .parse();

const { stage, table, segments } = program.opts<{ stage?: string; table?: string; segments: number }>();
if ((stage === undefined) === (table === undefined)) program.error('error: say which: --stage <stage> (a deployed stack) or --table <name>');
if (stage !== undefined && !/^[a-z0-9][a-z0-9-]{0,19}$/.test(stage)) program.error(`error: --stage must be lower-case letters, digits and '-' (max 20), got '${stage}'`);
process.env.AWS_REGION ??= process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

// The store reads its settings once, at import (lambdas/platform/config.ts): set them first. The
// backfill never reads MAIL_DOMAIN or SITE_URL.
const outputs = stage !== undefined
  ? await readStackOutputs(stackOf(stage), RECEIVING_OUTPUTS).catch((e: Error) => program.error(`error: ${e.message}`))
  : undefined;
process.env.TABLE_NAME = outputs?.table ?? table;
process.env.MAIL_DOMAIN ??= 'backfill.invalid';
process.env.SITE_URL ??= 'https://backfill.invalid';

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

if (outputs) {
  Object.assign(process.env, {
    RECEIPT_RULE_SET: outputs.ruleSet, RECEIPT_RULE: outputs.rule,
    BUCKET_NAME: outputs.bucket, INGEST_FUNCTION_ARN: outputs.ingestFunctionArn,
  });
  const { receiveProvenDomains } = await import('../lambdas/domains/receiving.ts');
  const r = await receiveProvenDomains();
  console.log(`backfill: ${r.domains} proven custom domain(s); ${r.placed} given their SES receipt rule now`);
} else {
  console.log('backfill: receipt rules of custom domains need --stage (the stack\'s SES receiving); skipped');
}
