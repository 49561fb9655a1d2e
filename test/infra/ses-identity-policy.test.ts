/**
 * Custom domains never take over an SES identity the stack did not create, held in IAM and not
 * only in code: the domains function creates identities only with the stack's tag (aws:RequestTag,
 * aws:TagKeys; ses:TagResource is what SES authorizes tag-on-create as), and deletes them or sets
 * their MAIL FROM only when the identity carries that tag (aws:ResourceTag). Reading stays open:
 * that is how an existing identity is found and refused. And the mail domain publishes SPF and a
 * p=reject DMARC policy: Route 53 records when a hosted zone is given, stack outputs always.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { functionsOf, type FunctionName } from '../../lambdas/functions.ts';
import { IDENTITY_TAG_CLAIM, IDENTITY_TAG_STACK } from '../../lambdas/domains/dns-records.ts';
import { MAIL_POLICY_OUTPUTS } from '../../lib/stack-outputs.ts';
import { logicalId, synthMailroom, type Synthesized } from './synth.ts';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
const IDENTITY_MANAGEMENT = ['ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes', 'ses:TagResource'];

let plain: Synthesized;
let zoned: Synthesized;
beforeAll(() => {
  plain = synthMailroom({ skipBundling: true, context: { mailDomain: 'mail.agents.test' } });
  zoned = synthMailroom({ skipBundling: true, context: { mailDomain: 'mail.agents.test', hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'agents.test' } });
});

function statementsOf(s: Synthesized, name: FunctionName): any[] {
  const resources = s.template.toJSON().Resources as Resources;
  const roleId = resources[logicalId(s.stack.functionOf(name).fn, s.stack)]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as any[]);
}
const actionsOf = (st: any): string[] => [st.Action].flat();
const tableRef = (s: Synthesized) => ({ Ref: logicalId(s.stack.data.table, s.stack) });

describe('the domains function and SES identities (IAM)', () => {
  it('deletes an identity or sets its MAIL FROM only when the identity carries the stack tag (aws:ResourceTag)', () => {
    const st = statementsOf(plain, 'domains').filter((x) => actionsOf(x).some((a) => ['ses:DeleteEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes'].includes(a)));
    expect(st).toHaveLength(1);
    expect(actionsOf(st[0]).sort()).toEqual(['ses:DeleteEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes']);
    expect(st[0].Condition).toEqual({ StringEquals: { [`aws:ResourceTag/${IDENTITY_TAG_STACK}`]: tableRef(plain) } });
  });

  it('creates an identity only with the stack tag in the request and no tag keys but the two the code sets', () => {
    const st = statementsOf(plain, 'domains').filter((x) => actionsOf(x).includes('ses:CreateEmailIdentity'));
    expect(st).toHaveLength(1);
    // Tag-on-create is authorized as ses:TagResource too (Service Authorization Reference, SES v2):
    // it gets the same condition, so no tag other than the stack's can be written.
    expect(actionsOf(st[0]).sort()).toEqual(['ses:CreateEmailIdentity', 'ses:TagResource']);
    expect(st[0].Condition).toEqual({
      StringEquals: { [`aws:RequestTag/${IDENTITY_TAG_STACK}`]: tableRef(plain) },
      'ForAllValues:StringEquals': { 'aws:TagKeys': [IDENTITY_TAG_STACK, IDENTITY_TAG_CLAIM] },
    });
  });

  it('no grant manages identities without a condition, and no other function manages them at all', () => {
    for (const name of functionsOf({ testMode: false })) {
      const managing = statementsOf(plain, name).filter((x) => actionsOf(x).some((a) => IDENTITY_MANAGEMENT.includes(a)));
      if (name !== 'domains') {
        expect(managing, name).toEqual([]);
        continue;
      }
      for (const x of managing) expect(x.Condition, JSON.stringify(x.Action)).toBeTruthy();
      // Reading is unconditional: an identity someone else made must be seen to be refused.
      expect(statementsOf(plain, name).filter((x) => actionsOf(x).includes('ses:GetEmailIdentity') && !x.Condition)).toHaveLength(1);
    }
  });
});

describe('the mail domain publishes SPF and DMARC p=reject', () => {
  const SPF = 'v=spf1 include:amazonses.com -all';

  it('as Route 53 TXT records in the hosted zone when one is given', () => {
    const txt = Object.values(zoned.template.toJSON().Resources as Resources)
      .filter((r) => r.Type === 'AWS::Route53::RecordSet' && r.Properties.Type === 'TXT')
      .map((r) => ({ name: r.Properties.Name, values: r.Properties.ResourceRecords, zone: r.Properties.HostedZoneId }));
    expect(txt).toContainEqual({ name: 'mail.agents.test.', values: [`"${SPF}"`], zone: 'Z0123456789ABCDEFGHIJ' });
    const dmarc = txt.find((r) => r.name === '_dmarc.mail.agents.test.');
    expect(dmarc?.values).toHaveLength(1);
    expect(dmarc!.values[0]).toMatch(/^"v=DMARC1; p=reject;/);
    // Spoofed subdomains are rejected too.
    expect(dmarc!.values[0]).toContain('sp=reject');
  });

  it('without a hosted zone: no records, and stack outputs give the exact records to publish', () => {
    const records = Object.values(plain.template.toJSON().Resources as Resources).filter((r) => r.Type === 'AWS::Route53::RecordSet');
    expect(records).toEqual([]);
    const outputs = plain.template.toJSON().Outputs as Record<string, { Value: string }>;
    expect(outputs[MAIL_POLICY_OUTPUTS.spf]!.Value).toBe(`mail.agents.test TXT "${SPF}"`);
    expect(outputs[MAIL_POLICY_OUTPUTS.dmarc]!.Value).toMatch(/^_dmarc\.mail\.agents\.test TXT "v=DMARC1; p=reject; sp=reject;[^"]*"$/);
    // The same text either way.
    expect((zoned.template.toJSON().Outputs as Record<string, { Value: string }>)[MAIL_POLICY_OUTPUTS.spf]!.Value).toBe(outputs[MAIL_POLICY_OUTPUTS.spf]!.Value);
  });
});
