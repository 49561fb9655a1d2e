/**
 * Outbound: the SESv2 email identity of the mail domain (Easy DKIM, 2048-bit; the CNAMEs go into
 * the hosted zone when one is given), a configuration set that is the identity's default, and
 * the configuration set's event destination: SEND, DELIVERY, BOUNCE, COMPLAINT, REJECT and
 * DELIVERY_DELAY events → an SNS topic (KMS-encrypted, TLS only) → the ses-events function.
 * SPF and a p=reject DMARC policy for the mail domain, so nobody else can send as it: in the
 * hosted zone when one is given, and always as stack outputs (the exact records to publish).
 *
 * The identity and its DNS records outlive the stack (RetainExceptOnCreate: kept on delete and
 * replace, deleted only by the rollback of the deploy that created them), so the DKIM records
 * published for it stay valid. A stack deployed with adoptIdentity uses the mail domain's existing
 * identity instead (a retained one, or one made elsewhere): it creates neither the identity nor
 * its DNS records, and leaves the identity's settings as they are. Events still flow: every send
 * names the configuration set (lambdas/platform/aws/ses.ts), which overrides an identity's default.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { SesSendingBinding } from './mailroom-function.ts';

/** The SES events the ses-events function applies to outbound messages. */
export const SES_EVENT_TYPES = [
  ses.EmailSendingEvent.SEND,
  ses.EmailSendingEvent.DELIVERY,
  ses.EmailSendingEvent.BOUNCE,
  ses.EmailSendingEvent.COMPLAINT,
  ses.EmailSendingEvent.REJECT,
  ses.EmailSendingEvent.DELIVERY_DELAY,
] as const;

/**
 * The mail domain sends only through SES (its MAIL FROM is SES's own amazonses.com: no custom
 * MAIL FROM subdomain), so its SPF allows SES and fails the rest (-all).
 */
export const MAIL_DOMAIN_SPF = 'v=spf1 include:amazonses.com -all';
/**
 * Mail whose From is the mail domain passes DMARC only with SES's Easy DKIM signature (d= the mail
 * domain itself, so strict DKIM alignment holds; SPF never aligns, as MAIL FROM is amazonses.com).
 * Anything else — spoofed mail — is rejected, at the domain and any name under it.
 */
export const MAIL_DOMAIN_DMARC = 'v=DMARC1; p=reject; sp=reject; adkim=s; aspf=r';
/** The TXT records of the mail domain's sender policy: name and value. */
export const mailDomainPolicyRecords = (mailDomain: string) => ({
  spf: { name: mailDomain, value: MAIL_DOMAIN_SPF },
  dmarc: { name: `_dmarc.${mailDomain}`, value: MAIL_DOMAIN_DMARC },
});

export interface MailroomSendingProps {
  readonly mailDomain: string;
  /** When given, the DKIM CNAMEs, SPF and DMARC records are created in it (not with adoptIdentity). */
  readonly hostedZone?: route53.IHostedZone;
  /** Use the mail domain's existing SES identity: create neither it nor its DNS records (-c adoptIdentity=true). */
  readonly adoptIdentity: boolean;
  /** The ses-events function: subscribed to the event topic. */
  readonly eventsFunction: lambda.IFunction;
}

export class MailroomSending extends Construct {
  readonly identity: ses.IEmailIdentity;
  /** The Easy DKIM CNAMEs to publish; none for an adopted identity (its records exist already). */
  readonly dkimRecords: readonly ses.DkimRecord[];
  readonly configurationSet: ses.ConfigurationSet;
  readonly eventsTopic: sns.Topic;
  readonly eventsKey: kms.Key;

  constructor(scope: Construct, id: string, props: MailroomSendingProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // The same construct id either way: an imported identity makes no resource, a created one keeps its logical id.
    if (props.adoptIdentity) {
      this.identity = ses.EmailIdentity.fromEmailIdentityName(this, 'Identity', props.mailDomain);
      this.dkimRecords = [];
    } else {
      const identity = new ses.EmailIdentity(this, 'Identity', {
        identity: ses.Identity.domain(props.mailDomain),
        configurationSet: this.configurationSet,
        dkimSigning: true,
        dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
        feedbackForwarding: false,
      });
      // Deleting it would void the DKIM records published for it: a redeploy would get new tokens.
      identity.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
      this.identity = identity;
      this.dkimRecords = identity.dkimRecords;
    }

    if (props.hostedZone && !props.adoptIdentity) {
      // Identity.publicHostedZone would make the zone apex the identity; the mail domain is
      // often a subdomain of the zone, so the three Easy DKIM CNAMEs are written here instead.
      // Kept with the identity they belong to (RetainExceptOnCreate), so a stack redeployed with
      // adoptIdentity finds them in place.
      const records: route53.RecordSet[] = this.dkimRecords.map((record, i) =>
        new route53.CnameRecord(this, `DkimRecord${i + 1}`, {
          zone: props.hostedZone!,
          recordName: record.name,
          domainName: record.value,
          ttl: Duration.hours(1),
        }),
      );
      // Trailing dots: fully qualified, so a mail domain at the zone apex is not suffixed again.
      const policy = mailDomainPolicyRecords(props.mailDomain);
      records.push(
        new route53.TxtRecord(this, 'SpfRecord', { zone: props.hostedZone, recordName: `${policy.spf.name}.`, values: [policy.spf.value], ttl: Duration.hours(1) }),
        new route53.TxtRecord(this, 'DmarcRecord', { zone: props.hostedZone, recordName: `${policy.dmarc.name}.`, values: [policy.dmarc.value], ttl: Duration.hours(1) }),
      );
      for (const record of records) record.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    }

    // SES publishes to the topic, so the key must be a customer managed key whose policy lets
    // SES (for this account) use it; the AWS managed aws/sns key cannot be shared with SES.
    this.eventsKey = new kms.Key(this, 'EventsKey', {
      description: 'Mailroom: encrypts the SES events topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    this.eventsKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowSesToPublishEncryptedEvents',
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );

    this.eventsTopic = new sns.Topic(this, 'SesEvents', {
      displayName: 'Mailroom SES sending events',
      masterKey: this.eventsKey,
      enforceSSL: true,
    });

    // Adds the topic policy for ses.amazonaws.com with SourceAccount + SourceArn (this config set).
    this.configurationSet.addEventDestination('ToSesEventsTopic', {
      destination: ses.EventDestination.snsTopic(this.eventsTopic),
      events: [...SES_EVENT_TYPES],
      enabled: true,
    });

    this.eventsTopic.addSubscription(new subscriptions.LambdaSubscription(props.eventsFunction));
  }

  /** What a function with the 'sesSend' need is bound to. */
  get sendingBinding(): SesSendingBinding {
    return {
      identityArn: this.identity.emailIdentityArn,
      configurationSetName: this.configurationSet.configurationSetName,
    };
  }
}
