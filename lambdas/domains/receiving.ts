/**
 * Custom domains receive mail through receipt rules that name them. The stack's own rule names only
 * the mail domain (lib/constructs/ingest.ts): a rule without recipients would take the mail of
 * every domain verified in the account and region, another stage's or application's too. So a
 * proven custom domain is added to a rule of its own here, `<stack rule>-d<n>`, with the same
 * actions (store under inbound/, then invoke ingest), in the stack's rule set.
 *
 * SES has no conditional update of a rule, and allows each rule operation once a second, so the
 * table holds which rule takes which domain (one versioned item, written only when a domain is
 * proven or deleted): a change is a conditional write of that item, then the rules it touched are
 * written to SES; if the item changed meanwhile, those of them it changed are written again, so
 * the last write of each rule to SES is of the latest version. `synced` marks a version SES was seen to hold;
 * a caller that finds it behind for long (a crash between the two steps) writes every rule again.
 *
 * SES's quotas: 100 recipients per rule, 200 rules per rule set; one stage takes 100 domains per
 * rule, so far more than SES's 10,000 identities per region fit.
 */
import { requireEnv } from '../platform/config.ts';
import { customDomainRuleName, deleteReceiptRule, putReceiptRule } from '../platform/aws/ses-receipt-rules.ts';
import { RESOURCE_SETTINGS } from '../platform/resource-settings.ts';
import { unavailable } from '../platform/errors.ts';
import type { ReceivingRules } from './domains.entities.ts';
import * as store from './domains.store.ts';

/** SES: at most 100 recipients in one receipt rule (service quotas, email receiving). */
export const RECIPIENTS_PER_RULE = 100;
/** Conditional writes tried before giving up: domain changes are rare; a burst of proofs takes turns. */
const WRITE_ATTEMPTS = 25;
/** Rounds of "write the rules, look again": each round is only needed when another change landed. */
const SYNC_ROUNDS = 5;
/**
 * An unsynced version older than this was left by a crash (a sync takes seconds: a few SES calls,
 * each retried for about a second when throttled), not by a caller still syncing it.
 */
const SYNC_ABANDONED_AFTER_MS = 60_000;

const receiving = {
  ruleSet: requireEnv('RECEIPT_RULE_SET'),
  /** The stack's own rule: custom domains' rules are placed after it and named after it. */
  rule: requireEnv('RECEIPT_RULE'),
  bucket: requireEnv('BUCKET_NAME'),
  ingestFunctionArn: requireEnv('INGEST_FUNCTION_ARN'),
};

const customRuleName = (n: number) => customDomainRuleName(receiving.rule, n);

type Rules = ReceivingRules['rules'];

/** The rules with `domain` in the first one with room (or a new one); undefined when it is already in one. */
export function placeDomain(rules: Rules, domain: string): Rules | undefined {
  if (Object.values(rules).some((ds) => ds.includes(domain))) return undefined;
  for (let n = 1; ; n++) {
    const name = customRuleName(n);
    const domains = rules[name] ?? [];
    if (domains.length < RECIPIENTS_PER_RULE) return { ...rules, [name]: [...domains, domain] };
  }
}

/** The rules without `domain` (its rule left empty: to be deleted); undefined when no rule has it. */
export function removeDomain(rules: Rules, domain: string): Rules | undefined {
  const name = Object.keys(rules).find((r) => rules[r]!.includes(domain));
  return name === undefined ? undefined : { ...rules, [name]: rules[name]!.filter((d) => d !== domain) };
}

/** Rule names whose domains differ between two versions. */
const changedRules = (a: Rules, b: Rules) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((n) => JSON.stringify(a[n] ?? []) !== JSON.stringify(b[n] ?? []));

/** Writes the named rules to SES as `rules` says: a rule with domains exists with exactly them, an empty one does not. */
async function writeRules(rules: Rules, names: readonly string[]): Promise<void> {
  // One at a time: SES allows one rule operation a second.
  for (const name of names) {
    const recipients = rules[name] ?? [];
    if (recipients.length === 0) await deleteReceiptRule(receiving.ruleSet, name);
    else {
      await putReceiptRule(receiving.ruleSet, {
        name, recipients, bucket: receiving.bucket, prefix: RESOURCE_SETTINGS.inboundPrefix, functionArn: receiving.ingestFunctionArn,
      }, receiving.rule);
    }
  }
}

/** Brings SES to `state` (for the `names` rules), then to any later version, and records the version SES holds. */
async function sync(state: ReceivingRules, names: readonly string[]): Promise<void> {
  let current = state;
  let pending = names;
  for (let round = 0; round < SYNC_ROUNDS; round++) {
    await writeRules(current.rules, pending);
    const latest = await store.getReceivingRules();
    if (latest.version === current.version) {
      await store.markReceivingSynced(latest.version);
      return;
    }
    // Another change landed: of the rules written, those it changed may now be stale in SES (a later
    // writer's value overwritten by ours). Its writer writes the rules it changed itself.
    const changed = new Set(changedRules(current.rules, latest.rules));
    pending = pending.filter((n) => changed.has(n));
    current = latest;
  }
  // Left behind (unsynced): the next change, or the next caller, writes every rule again.
}

/** Applies `edit` to the stored rules with a conditional write: the version written (or read, when nothing changed) and the rules SES needs written. */
async function change(edit: (rules: Rules) => Rules | undefined): Promise<{ state: ReceivingRules; toWrite: string[] }> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const read = await store.getReceivingRules();
    // SES not seen to hold what was read, long after it was written (a crash between the two steps): every rule is written again.
    const behind = read.synced < read.version && Date.now() - Date.parse(read.changed_at) > SYNC_ABANDONED_AFTER_MS;
    const next = edit(read.rules);
    if (!next) return { state: read, toWrite: behind ? Object.keys(read.rules) : [] };
    const saved = await store.saveReceivingRules(read, next);
    if (saved) return { state: saved, toWrite: behind ? Object.keys(next) : changedRules(read.rules, next) };
    // Lost to a concurrent change: wait a little (jittered, so contenders spread out) and read again.
    await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * Math.min(attempt + 1, 5)));
  }
  throw unavailable('RECEIVING_BUSY', 'Receiving is being changed for many other domains right now.', {
    retry_after: 2, next_steps: ['Wait retry_after seconds, then send the same request again.'] });
}

/** SES takes mail for `domain` (a proven custom domain) and gives it to ingest. Idempotent. */
export async function startReceiving(domain: string): Promise<void> {
  const { state, toWrite } = await change((rules) => placeDomain(rules, domain));
  if (toWrite.length) await sync(state, toWrite);
}

/** SES no longer takes mail for `domain`. Idempotent. */
export async function stopReceiving(domain: string): Promise<void> {
  const { state, toWrite } = await change((rules) => removeDomain(rules, domain));
  if (toWrite.length) await sync(state, toWrite);
}

/**
 * Every proven custom domain gets its rule: for stacks whose custom domains were verified before
 * rules named their domains (the stack's rule then took every verified domain's mail). Run once
 * after the upgrade, by `npm run backfill -- --stage <stage>`. Answers how many domains it placed.
 */
export async function receiveProvenDomains(): Promise<{ domains: number; placed: number }> {
  const claims = (await store.scanDomainClaims()).filter((c) => c.status !== 'deleting');
  let placed = 0;
  // All in one change, then one write per rule: SES allows one rule operation a second.
  const { state, toWrite } = await change((rules) => {
    let next = rules;
    placed = 0;
    for (const c of claims) {
      const with_ = placeDomain(next, c.domain);
      if (with_) { next = with_; placed++; }
    }
    return placed ? next : undefined;
  });
  if (toWrite.length) await sync(state, toWrite);
  return { domains: claims.length, placed };
}
