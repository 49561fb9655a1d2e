/**
 * Inbound: SES receiving for the mail domain.
 *
 * A receipt rule set with one rule for the mail domain: an S3 action stores the raw message
 * under `inbound/<SES message id>`, then a Lambda action invokes ingest asynchronously (Event)
 * with the SES event. We chose the Lambda action over an S3 event notification because only the
 * SES event carries the SMTP envelope recipients (`receipt.recipients`): BCC recipients are not
 * in the stored message's headers. The raw message is already in S3 when ingest runs (SES runs
 * the actions in order), and a failed asynchronous invoke lands in the async dead-letter queue
 * with the message id, so the message can be replayed.
 *
 * The rule names no recipients, so it matches every domain identity verified in this account and
 * region: the mail domain and the custom domains accounts add at run time (POST /v1/domains),
 * without a deploy per domain. Ingest files mail only for addresses that are inboxes
 * (docs/decisions.md: Custom domains).
 *
 * CloudFormation can create a receipt rule set but not make it the active one (there is one
 * active set per account and region); a custom resource calls SES SetActiveReceiptRuleSet on
 * create and update, and deactivates it on delete.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as actions from 'aws-cdk-lib/aws-ses-actions';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { RESOURCE_SETTINGS } from '../../lambdas/resource-settings.ts';

export interface MailroomInboundProps {
  readonly mailDomain: string;
  /** Raw mail bucket: SES writes under RESOURCE_SETTINGS.inboundPrefix. */
  readonly bucket: s3.Bucket;
  /** The ingest function, invoked by the rule. */
  readonly ingestFunction: lambda.IFunction;
  /** Make this rule set the active one (replaces any other active set in the account/region). */
  readonly activateRuleSet: boolean;
  /** When given, the MX record of the mail domain is created in it. */
  readonly hostedZone?: route53.IHostedZone;
  readonly logRetention: logs.RetentionDays;
}

/**
 * S3 receipt action whose bucket-policy statement is scoped to this receipt rule
 * (aws:SourceAccount + aws:SourceArn); the stock aws-ses-actions S3 action allows any rule of
 * the account to write to the bucket.
 */
class ScopedS3Action implements ses.IReceiptRuleAction {
  constructor(
    private readonly bucket: s3.Bucket,
    private readonly prefix: string,
    private readonly ruleArn: string,
  ) {}

  bind(rule: ses.IReceiptRuleRef): ses.ReceiptRuleActionConfig {
    const result = this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowSesReceiptRuleToStoreInboundMail',
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(`${this.prefix}*`)],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Stack.of(rule).account },
          ArnLike: { 'aws:SourceArn': this.ruleArn },
        },
      }),
    );
    // SES test-writes to the bucket when the rule is created: the policy must exist first.
    if (result.policyDependable) rule.node.addDependency(result.policyDependable);
    return { s3Action: { bucketName: this.bucket.bucketName, objectKeyPrefix: this.prefix } };
  }
}

export class MailroomInbound extends Construct {
  readonly ruleSet: ses.ReceiptRuleSet;
  readonly rule: ses.ReceiptRule;
  readonly ruleSetName: string;
  readonly ruleName: string;
  /** Where the MX record of the mail domain must point. */
  readonly mxTarget: string;
  readonly activation?: cr.AwsCustomResource;

  constructor(scope: Construct, id: string, props: MailroomInboundProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.mxTarget = `inbound-smtp.${stack.region}.amazonaws.com`;

    // Names are set (not generated) so the rule's ARN is known before the rule exists: the
    // bucket policy and the Lambda permission must be in place when SES validates the rule.
    this.ruleSetName = `${stack.stackName}-inbound`;
    this.ruleName = `${stack.stackName}-deliver`;
    const ruleArn = stack.formatArn({
      service: 'ses',
      resource: 'receipt-rule-set',
      resourceName: `${this.ruleSetName}:receipt-rule/${this.ruleName}`,
    });

    // The SES Lambda action would otherwise add a permission scoped to the account only.
    props.ingestFunction.addPermission('AllowSes', {
      principal: new iam.ServicePrincipal('ses.amazonaws.com'),
      action: 'lambda:InvokeFunction',
      sourceAccount: stack.account,
      sourceArn: ruleArn,
    });

    this.ruleSet = new ses.ReceiptRuleSet(this, 'RuleSet', { receiptRuleSetName: this.ruleSetName });
    this.rule = this.ruleSet.addRule('Deliver', {
      receiptRuleName: this.ruleName,
      // No recipients: every verified domain of the account (the mail domain and custom domains).
      enabled: true,
      // Spam and virus verdicts are computed and passed to ingest in the SES event.
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.OPTIONAL,
      actions: [
        new ScopedS3Action(props.bucket, RESOURCE_SETTINGS.inboundPrefix, ruleArn),
        new actions.Lambda({ function: props.ingestFunction, invocationType: actions.LambdaInvocationType.EVENT }),
      ],
    });

    if (props.activateRuleSet) {
      const logGroup = new logs.LogGroup(this, 'ActivationLogs', {
        retention: props.logRetention,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      // Our own role (logs to its own group only) instead of the provider's default role with
      // the AWS managed AWSLambdaBasicExecutionRole policy.
      const role = new iam.Role(this, 'ActivationRole', {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: 'Mailroom: activates the SES receipt rule set (custom resource provider)',
      });
      logGroup.grantWrite(role);
      const call = (parameters: Record<string, string>): cr.AwsSdkCall => ({
        service: 'SES',
        action: 'SetActiveReceiptRuleSet',
        parameters,
        physicalResourceId: cr.PhysicalResourceId.of(`${this.ruleSetName}-active`),
      });
      this.activation = new cr.AwsCustomResource(this, 'ActivateRuleSet', {
        // Omitting RuleSetName deactivates the active set: done on delete, before the set is
        // deleted (an active set cannot be deleted).
        onCreate: call({ RuleSetName: this.ruleSetName }),
        onUpdate: call({ RuleSetName: this.ruleSetName }),
        onDelete: call({}),
        policy: cr.AwsCustomResourcePolicy.fromStatements([
          new iam.PolicyStatement({ actions: ['ses:SetActiveReceiptRuleSet'], resources: ['*'] }),
        ]),
        role,
        logGroup,
        installLatestAwsSdk: false,
        timeout: Duration.minutes(2),
      });
      this.activation.node.addDependency(this.ruleSet);
      this.activation.node.addDependency(this.rule);
      Validations.of(this.activation).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'ses:SetActiveReceiptRuleSet does not support resource-level permissions (IAM service authorization reference): it can only be granted on "*". The role is used by the activation custom resource alone.',
      });
    }

    if (props.hostedZone) {
      new route53.MxRecord(this, 'MxRecord', {
        zone: props.hostedZone,
        recordName: props.mailDomain,
        values: [{ priority: 10, hostName: this.mxTarget }],
        ttl: Duration.hours(1),
      });
    }
  }
}
