/**
 * Deployment configuration refuses nonsense at synth, before anything reaches AWS: no placeholder
 * mail domain, every context value checked with a message naming it, typos of our keys refused;
 * and the defaults make a first deploy that succeeds on a fresh account (WebSocket access logs,
 * which need the account's API Gateway CloudWatch role, are off unless asked for).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STREAM_ACCESS_LOGS_NOTE } from '../../lib/constructs/stream.ts';
import { mailroomConfigFromContext } from '../../lib/mailroom-stack.ts';
import { CDK_JSON, logicalId, PROJECT_ROOT, synthMailroom, TEST_MAIL_DOMAIN, type Synthesized } from './synth.ts';

/** The config the CDK app would read with cdk.json and these `-c` values (no stack is built). */
function configOf(context: Record<string, unknown>) {
  const app = new App({ context: { ...CDK_JSON.context, mailDomain: TEST_MAIL_DOMAIN, ...context } });
  return mailroomConfigFromContext(app.node);
}

/** The context keys mailroomConfigFromContext reads. */
function keysRead(): string[] {
  const app = new App({ context: { ...CDK_JSON.context, mailDomain: TEST_MAIL_DOMAIN } });
  const spy = vi.spyOn(app.node, 'tryGetContext');
  mailroomConfigFromContext(app.node);
  return [...new Set(spy.mock.calls.map(([k]) => k))].sort();
}

/** A value each key must refuse, and the context it needs besides (e.g. its partner key). */
const BAD_VALUES: Record<string, { value: unknown; with?: Record<string, unknown> }> = {
  stage: { value: 'Prod!' },
  mailDomain: { value: 'not a domain' },
  siteUrl: { value: 'http://insecure.mailroom.test' },
  hostedZoneId: { value: 'my-zone', with: { hostedZoneName: 'mailroom.test' } },
  hostedZoneName: { value: 'not a zone', with: { hostedZoneId: 'Z0123456789ABCDEFGHIJ' } },
  apiDomain: { value: 'not a domain', with: { certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789' } },
  certificateArn: { value: 'my-certificate', with: { apiDomain: 'api.mailroom.test' } },
  streamDomain: { value: 'not a domain', with: { certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789' } },
  paymentProvider: { value: 'paypal' },
  allowSandboxPayments: { value: 'maybe' },
  testMode: { value: 'maybe' },
  // The test knobs, in test mode (without it any value is refused: test/infra/test-mode.test.ts).
  freeInboxCreatesPerIpPerHour: { value: '0', with: { testMode: 'true' } },
  apiRateLimitMultiplier: { value: '0', with: { testMode: 'true' } },
  webhookRetryDelays: { value: '0,5,forever', with: { testMode: 'true' } },
  paymentSecretArn: { value: 'stripe-keys', with: { paymentProvider: 'stripe' } },
  tableDeletionProtection: { value: 'maybe' },
  bucketVersioning: { value: 'maybe' },
  disposableData: { value: 'maybe', with: { testMode: 'true' } },
  adoptIdentity: { value: 'maybe' },
  activateRuleSet: { value: 'maybe' },
  logRetentionDays: { value: '2.5' },
  apiThrottleRateLimit: { value: '0' },
  apiThrottleBurstLimit: { value: '-1' },
  reservedConcurrency: { value: 'maybe' },
  streamAccessLogs: { value: 'maybe' },
  takeOverReceiving: { value: 'maybe' },
  receiptRuleSet: { value: 'has spaces' },
  alarmEmail: { value: 'ops-team' },
  monthlyBudgetUsd: { value: '0' },
};

describe('no placeholder mail domain', () => {
  it('cdk.json carries no mail domain, so a deploy must name one', () => {
    expect(CDK_JSON.context.mailDomain).toBeUndefined();
    expect(JSON.stringify(CDK_JSON.context)).not.toMatch(/example\.(com|net|org)/);
  });

  it('a missing mailDomain fails the synth, saying -c mailDomain=', () => {
    expect(() => configOf({ mailDomain: undefined })).toThrow(/-c mailDomain=/);
    expect(() => configOf({ mailDomain: '' })).toThrow(/-c mailDomain=/);
  });

  it.each(['example.com', 'mail.example.com', 'agents.EXAMPLE.net', 'a.b.example.org.'])(
    'the reserved %s (or a subdomain) fails the synth, saying -c mailDomain=',
    (domain) => {
      expect(() => configOf({ mailDomain: domain })).toThrow(/'mailDomain'.*reserved.*-c mailDomain=/s);
    },
  );

  it.each([
    ['without mailDomain', {}],
    ['with mailDomain=mail.example.com', { mailDomain: 'mail.example.com' }],
  ])('the CDK app as `cdk synth` runs it (bin/app.ts, cdk.json context) refuses to start %s', (_, extra) => {
    const run = spawnSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), ['bin/app.ts'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      // How the CLI hands the app its context (cdk.json and -c values).
      env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify({ ...CDK_JSON.context, ...extra }) },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/Context 'mailDomain'.*-c mailDomain=/);
  }, 120_000);

  it('a real domain that merely contains "example" is taken, lower-cased, without its final dot', () => {
    expect(configOf({ mailDomain: 'Mail.NotExample.com.' }).mailDomain).toBe('mail.notexample.com');
    expect(configOf({ mailDomain: 'example.com.au' }).mailDomain).toBe('example.com.au');
  });
});

describe('every context value is validated, with a message naming it', () => {
  it('each key the config reads has a refused value here', () => {
    expect(keysRead().filter((k) => !(k in BAD_VALUES))).toEqual([]);
  });

  it.each(Object.entries(BAD_VALUES))('%s', (key, { value, with: others }) => {
    expect(() => configOf({ ...others, [key]: value })).toThrow(new RegExp(key));
  });

  it('paymentSecretArn without paymentProvider=stripe, and stripe without it, are refused', () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:mailroom/stripe-AbCdEf';
    expect(() => configOf({ paymentSecretArn: arn })).toThrow(/paymentSecretArn.*paymentProvider=stripe/);
    expect(() => configOf({ paymentProvider: 'stripe' })).toThrow(/-c paymentSecretArn=/);
    expect(configOf({ paymentProvider: 'stripe', paymentSecretArn: arn }).paymentSecretArn).toBe(arn);
  });

  it('good values pass through: numbers, on/off, defaults', () => {
    const c = configOf({ logRetentionDays: '90', apiThrottleRateLimit: '12.5', apiThrottleBurstLimit: '25', streamAccessLogs: 'on', reservedConcurrency: 'off' });
    expect(c).toMatchObject({ logRetentionDays: 90, apiThrottleRateLimit: 12.5, apiThrottleBurstLimit: 25, streamAccessLogs: true, reservedConcurrency: false });
    expect(configOf({})).toMatchObject({ stage: 'dev', mailDomain: TEST_MAIL_DOMAIN, streamAccessLogs: false, paymentProvider: 'none' });
  });
});

describe('a context key one typo away from ours is refused, naming the key meant', () => {
  it.each([
    ['mailDomian', 'mailDomain'],
    ['maildomain', 'mailDomain'],
    ['stag', 'stage'],
    ['StreamAccessLogs', 'streamAccessLogs'],
    ['apiThrottleRateLimt', 'apiThrottleRateLimit'],
    ['hostedZoneID', 'hostedZoneId'],
    ['reservedConcurency', 'reservedConcurrency'],
  ])('%s → %s', (typo, meant) => {
    expect(() => configOf({ [typo]: 'x' })).toThrow(new RegExp(`Unknown context '${typo}': did you mean '${meant}'`));
  });

  it('keys far from ours, and CDK\'s own feature flags, pass', () => {
    expect(() => configOf({ teamName: 'x', 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:newStyleStackSynthesis': true })).not.toThrow();
  });
});

describe('the README deploy section lists every context value', () => {
  it('names each key the config reads', () => {
    const readme = readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Deploy to your AWS account');
    expect(start).toBeGreaterThan(0);
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end < 0 ? undefined : end);
    expect(keysRead().filter((k) => !section.includes(`\`${k}\``))).toEqual([]);
  });
});

describe('first deploy on a fresh account: WebSocket access logs off unless asked for', () => {
  let off: Synthesized;
  let on: Synthesized;
  beforeAll(() => {
    off = synthMailroom({ skipBundling: true });
    on = synthMailroom({ skipBundling: true, context: { streamAccessLogs: 'true' } });
  });

  const stageOf = (v: Synthesized, id: string) => (v.template.toJSON().Resources as Record<string, { Properties: Record<string, unknown> }>)[id]!.Properties;

  it('by default the WebSocket stage has no access logs (they need the account API Gateway CloudWatch role), the HTTP API stage keeps its own', () => {
    expect(stageOf(off, logicalId(off.stack.stream.stage, off.stack)).AccessLogSettings).toBeUndefined();
    expect(off.stack.stream.accessLogs).toBeUndefined();
    expect(stageOf(off, logicalId(off.stack.api.stage, off.stack)).AccessLogSettings).toMatchObject({ DestinationArn: expect.anything() });
    // Nothing touches the account-wide setting either.
    off.template.resourceCountIs('AWS::ApiGateway::Account', 0);
    expect(Annotations.fromStack(off.stack).findInfo('*', Match.stringLikeRegexp('WebSocket access logs are on'))).toEqual([]);
  });

  it('-c streamAccessLogs=true logs to its own log group, and the synth says the account role must exist', () => {
    const stage = stageOf(on, logicalId(on.stack.stream.stage, on.stack));
    expect(stage.AccessLogSettings).toMatchObject({
      DestinationArn: { 'Fn::GetAtt': [logicalId(on.stack.stream.accessLogs!, on.stack), 'Arn'] },
      Format: expect.stringMatching(/\$context\.connectionId/),
    });
    Annotations.fromStack(on.stack).hasInfo('*', STREAM_ACCESS_LOGS_NOTE);
    expect(STREAM_ACCESS_LOGS_NOTE).toMatch(/CloudWatch Logs role ARN must be set in account settings/);
  });

  it('the ApiUrl output has no trailing slash, so <ApiUrl>/v1/… is one slash', () => {
    const value = (off.template.toJSON().Outputs as Record<string, { Value: unknown }>).ApiUrl!.Value;
    // The HTTP API's ApiEndpoint is https://{id}.execute-api.{region}.amazonaws.com, no path.
    expect(value).toEqual({ 'Fn::GetAtt': [logicalId(off.stack.api.httpApi, off.stack), 'ApiEndpoint'] });
  });
});
