/**
 * What outlives the stack, and what a failed first deploy leaves behind: the table, the buckets,
 * the mail domain's SES identity and its DNS records are RetainExceptOnCreate — kept by
 * `cdk destroy` and by a replacement, deleted by the rollback of the deploy that created them
 * (so a retry does not trip over orphans). Nothing is plainly Retain. With -c adoptIdentity=true
 * the stack uses the mail domain's existing identity: it creates neither the identity nor its DNS
 * records (they exist already: creating them again would fail the deploy), and the functions may
 * still send as it.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/functions.ts';
import { MAIL_POLICY_OUTPUTS } from '../../lib/stack-outputs.ts';
import { logicalId, synthMailroom, TEST_MAIL_DOMAIN, type Synthesized } from './synth.ts';

const ZONE = { hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'mailroom.test' };

type Resource = { Type: string; DeletionPolicy?: string; UpdateReplacePolicy?: string; Properties?: any };
const resourcesOf = (v: Synthesized) => v.template.toJSON().Resources as Record<string, Resource>;
const outputsOf = (v: Synthesized) => Object.keys(v.template.toJSON().Outputs as object);

/** The resources of the statements that allow ses:SendEmail, over every function's policy. */
function sendEmailResources(v: Synthesized): unknown[] {
  return Object.values(resourcesOf(v))
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .flatMap((r) => r.Properties.PolicyDocument.Statement as any[])
    .filter((s) => [s.Action].flat().includes('ses:SendEmail'))
    .flatMap((s) => [s.Resource].flat());
}

/** arn:<partition>:ses:<region>:<account>:identity/<name>, as the template writes it (a literal name joins the last part). */
const identityArnOf = (name: string | object) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' },
    ...(typeof name === 'string' ? [`:identity/${name}`] : [':identity/', name])]],
});

describe('a failed first deploy leaves nothing behind; cdk destroy keeps the data and the mail domain', () => {
  let zoned: Synthesized;
  beforeAll(() => {
    zoned = synthMailroom({ skipBundling: true, context: ZONE });
  });

  it('the table and both buckets are RetainExceptOnCreate, and Retain on replacement', () => {
    const res = resourcesOf(zoned);
    for (const construct of [zoned.stack.data.table, zoned.stack.data.bucket, zoned.stack.data.accessLogsBucket]) {
      expect(res[logicalId(construct, zoned.stack)], construct.node.path).toMatchObject({
        DeletionPolicy: 'RetainExceptOnCreate',
        UpdateReplacePolicy: 'Retain',
      });
    }
  });

  it('the mail domain identity and its DNS records (DKIM, SPF, DMARC, MX) are RetainExceptOnCreate', () => {
    const res = Object.values(resourcesOf(zoned));
    const identities = res.filter((r) => r.Type === 'AWS::SES::EmailIdentity');
    expect(identities).toHaveLength(1);
    expect(identities[0]!.Properties.EmailIdentity).toBe(TEST_MAIL_DOMAIN);
    const records = res.filter((r) => r.Type === 'AWS::Route53::RecordSet');
    expect(records.map((r) => r.Properties.Type).sort()).toEqual(['CNAME', 'CNAME', 'CNAME', 'MX', 'TXT', 'TXT']);
    for (const r of [...identities, ...records]) {
      expect(r, `${r.Type} ${r.Properties.Name ?? ''}`).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    }
  });

  it('no resource is plainly Retain: a rollback of its first create would orphan it', () => {
    const plainRetain = Object.entries(resourcesOf(zoned)).filter(([, r]) => r.DeletionPolicy === 'Retain').map(([id, r]) => `${id} ${r.Type}`);
    expect(plainRetain).toEqual([]);
  });
});

describe('adoptIdentity: the existing SES identity of the mail domain is used, not created', () => {
  let created: Synthesized;
  let adopted: Synthesized;
  let adoptedZoned: Synthesized;
  beforeAll(() => {
    created = synthMailroom({ skipBundling: true });
    adopted = synthMailroom({ skipBundling: true, context: { adoptIdentity: 'true' } });
    adoptedZoned = synthMailroom({ skipBundling: true, context: { adoptIdentity: 'true', ...ZONE } });
  });

  it('without it, the stack creates the identity and outputs its three DKIM records', () => {
    created.template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    expect(outputsOf(created)).toEqual(expect.arrayContaining(['DkimRecord1', 'DkimRecord2', 'DkimRecord3']));
  });

  it('with it, no identity is created and no DKIM records are output (they are published already)', () => {
    adopted.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(outputsOf(adopted).filter((o) => o.startsWith('Dkim'))).toEqual([]);
  });

  it('with it, the functions may still send as the mail domain: ses:SendEmail names identity/<mail domain>', () => {
    expect(sendEmailResources(created)).toContainEqual(identityArnOf({ Ref: logicalId(created.stack.sending.identity as any, created.stack) }));
    expect(sendEmailResources(adopted)).toContainEqual(identityArnOf(TEST_MAIL_DOMAIN));
  });

  it('with it and a hosted zone, none of the mail domain\'s records are created (they exist: creating them again fails the deploy)', () => {
    adoptedZoned.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    // What to check is still published: the MX target, SPF and DMARC outputs stay.
    expect(outputsOf(adoptedZoned)).toEqual(expect.arrayContaining(['MxTarget', MAIL_POLICY_OUTPUTS.spf, MAIL_POLICY_OUTPUTS.dmarc]));
  });

  it('with it, every send still names the stack\'s configuration set, so events flow without changing the identity\'s default', () => {
    const cs = { Ref: logicalId(adopted.stack.sending.configurationSet, adopted.stack) };
    adopted.template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ [ENV.sesConfigurationSet]: cs }) } });
  });
});

describe('disposableData: a throwaway sandbox leaves nothing behind on cdk destroy', () => {
  let disposable: Synthesized;
  beforeAll(() => {
    disposable = synthMailroom({ skipBundling: true, context: { stage: 'sandbox', disposableData: 'true', ...ZONE } });
  });

  it('the table and both buckets are deleted with the stack, the buckets emptied first; the mail domain identity is still kept', () => {
    const res = resourcesOf(disposable);
    const { table, bucket, accessLogsBucket } = disposable.stack.data;
    for (const construct of [table, bucket, accessLogsBucket]) {
      expect(res[logicalId(construct, disposable.stack)], construct.node.path).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    }
    // CloudFormation cannot delete a bucket that holds objects: the auto-delete resource empties each first.
    const emptied = Object.values(res).filter((r) => r.Type === 'Custom::S3AutoDeleteObjects').map((r) => r.Properties.BucketName);
    expect(emptied).toEqual(expect.arrayContaining([{ Ref: logicalId(bucket, disposable.stack) }, { Ref: logicalId(accessLogsBucket, disposable.stack) }]));
    expect(emptied).toHaveLength(2);
    // DKIM verification of a new identity takes minutes: kept, a redeploy adopts it (-c adoptIdentity=true).
    const identity = Object.values(res).find((r) => r.Type === 'AWS::SES::EmailIdentity');
    expect(identity).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate' });
  });

  it('passes cdk-nag (AWS Solutions) with no finding', () => {
    expect(new AwsSolutionsChecks().validateScope(disposable.stack).violations).toEqual([]);
  });

  it('is refused outside test mode, and with table deletion protection', () => {
    expect(() => synthMailroom({ skipBundling: true, context: { stage: 'prod', disposableData: 'true' } })).toThrow(/'disposableData'.*only a stack in test mode/);
    expect(() => synthMailroom({ skipBundling: true, context: { stage: 'sandbox', disposableData: 'true', tableDeletionProtection: 'true' } }))
      .toThrow(/'disposableData' and 'tableDeletionProtection' exclude each other/);
  });
});
