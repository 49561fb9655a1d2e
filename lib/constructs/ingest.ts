/**
 * Inbound: SES receiving for the mail domain.
 *
 * A receipt rule set with one rule for the mail domain: an S3 action stores the raw message
 * under `inbound/<SES message id>`, then a Lambda action invokes ingest asynchronously (Event)
 * with the SES event. We chose the Lambda action over an S3 event notification because only the
 * SES event carries the SMTP envelope recipients (`receipt.recipients`): BCC recipients are not
 * in the stored message's headers. The raw message is already in S3 when ingest runs (SES runs
 * the actions in order).
 *
 * Nothing SES accepted is dropped: Lambda retries a failed ingest twice (with its own backoff,
 * for up to 6 hours of throttling), then puts the event in ingest's dead-letter queue. We chose
 * the function's dead-letter queue over an on-failure destination because its message body is
 * the original event, byte for byte (the SES receipt notification; RequestID, ErrorCode and
 * ErrorMessage ride as message attributes), so replaying is invoking ingest again with the body;
 * a destination would wrap it in an invocation record. An alarm fires on the first message, and
 * `npm run replay -- --stage <stage>` (scripts/replay.ts), run with the managed policy below,
 * re-invokes ingest with each one: ingest's ids derive from the SES message id, so nothing is
 * stored twice.
 *
 * A one-minute schedule also invokes ingest, to finish mail whose ingest stopped half-way.
 *
 * The rule names the mail domain as its only recipient: a rule without recipients would take the
 * mail of every domain verified in the account and region (another stage's, another
 * application's). Custom domains, added at run time (POST /v1/domains), get rules of their own,
 * `<rule>-d<n>`, written by the domains function when a domain is proven (lambdas/domains/receiving.ts);
 * the bucket policy and the Lambda permission admit every rule named `<rule>*` of the set.
 *
 * CloudFormation can create a receipt rule set but not make it the active one (there is one
 * active set per account and region). A custom resource (lib/custom-resources/receipt-rule-set.ts)
 * activates ours only when no set is active or ours already is; another application's active set
 * fails the deploy, naming it, unless -c takeOverReceiving=true. On delete it removes the custom
 * domains' rules, refuses while another stack's rules are in our set, and deactivates ours only
 * if ours is still the active one.
 *
 * A second stage in the same account and region deploys with -c receiptRuleSet=<the active set>:
 * it creates no set of its own, and puts its rules (its mail domain's and its custom domains') in
 * that one, so both stages receive.
 */
import { AssetHashType, CustomResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as actions from 'aws-cdk-lib/aws-ses-actions';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';
import { LocalEsbuild, PROJECT_ROOT } from './mailroom-function.ts';
import type { ReceivingProps } from '../custom-resources/receipt-rule-set.ts';

/** The activation function's handler, bundled like the catalogue's functions. */
const ACTIVATION_ENTRY = 'lib/custom-resources/receipt-rule-set.ts';

export interface MailroomIngestProps {
  /** Named in the alarm's description: the replay command takes it. */
  readonly stage: string;
  readonly mailDomain: string;
  /** Raw mail bucket: SES writes under RESOURCE_SETTINGS.inboundPrefix. */
  readonly bucket: s3.Bucket;
  /** The ingest function, invoked by the rule. */
  readonly ingestFunction: lambda.IFunction;
  /** Ingest's dead-letter queue (the function's DeadLetterConfig, set where the function is made). */
  readonly ingestDeadLetterQueue: sqs.IQueue;
  /** Make this rule set the active one when no other set is active in the account/region. */
  readonly activateRuleSet: boolean;
  /** Put the rules in this existing set (another stage's active one) instead of a set of our own (-c receiptRuleSet=). */
  readonly sharedRuleSet?: string;
  /** Replace another application's active set (-c takeOverReceiving=true); otherwise the deploy fails naming it. */
  readonly takeOverReceiving?: boolean;
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

export class MailroomIngest extends Construct {
  /** Ours, unless the rules go in another stage's set (sharedRuleSet). */
  readonly ruleSet?: ses.ReceiptRuleSet;
  readonly rule: ses.ReceiptRule;
  readonly ruleSetName: string;
  readonly ruleName: string;
  /** Where the MX record of the mail domain must point. */
  readonly mxTarget: string;
  /** Activation (own set) and, on delete, the custom domains' rules removed: lib/custom-resources/receipt-rule-set.ts. */
  readonly receiving: CustomResource;
  /** Fires when the ingest dead-letter queue holds a message. */
  readonly deadLetterAlarm: cloudwatch.Alarm;
  /** What an operator attaches to run `npm run replay -- --stage <stage>`, and nothing more. */
  readonly replayPolicy: iam.ManagedPolicy;
  readonly sweepRule: events.Rule;

  constructor(scope: Construct, id: string, props: MailroomIngestProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.mxTarget = `inbound-smtp.${stack.region}.amazonaws.com`;

    // Names are set (not generated) so the rule's ARN is known before the rule exists: the
    // bucket policy and the Lambda permission must be in place when SES validates the rule.
    this.ruleSetName = props.sharedRuleSet ?? `${stack.stackName}-inbound`;
    this.ruleName = `${stack.stackName}-deliver`;
    // `<rule>*`: the stack's rule and the custom domains' rules (`<rule>-d<n>`) the domains function writes.
    const rulesArn = stack.formatArn({
      service: 'ses',
      resource: 'receipt-rule-set',
      resourceName: `${this.ruleSetName}:receipt-rule/${this.ruleName}*`,
    });

    // The SES Lambda action would otherwise add a permission scoped to the account only.
    props.ingestFunction.addPermission('AllowSes', {
      principal: new iam.ServicePrincipal('ses.amazonaws.com'),
      action: 'lambda:InvokeFunction',
      sourceAccount: stack.account,
      sourceArn: rulesArn,
    });

    const ruleSet = props.sharedRuleSet
      ? ses.ReceiptRuleSet.fromReceiptRuleSetName(this, 'SharedRuleSet', props.sharedRuleSet)
      : (this.ruleSet = new ses.ReceiptRuleSet(this, 'RuleSet', { receiptRuleSetName: this.ruleSetName }));
    const ruleOptions: ses.ReceiptRuleOptions = {
      receiptRuleName: this.ruleName,
      // Only the mail domain: custom domains get rules of their own (lambdas/domains/receiving.ts).
      recipients: [props.mailDomain],
      enabled: true,
      // Spam and virus verdicts are computed and passed to ingest in the SES event.
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.OPTIONAL,
      actions: [
        new ScopedS3Action(props.bucket, RESOURCE_SETTINGS.inboundPrefix, rulesArn),
        new actions.Lambda({ function: props.ingestFunction, invocationType: actions.LambdaInvocationType.EVENT }),
      ],
    };
    // Construct path Inbound/RuleSet/Deliver kept for an own set: a deployed rule is not replaced.
    this.rule = this.ruleSet ? this.ruleSet.addRule('Deliver', ruleOptions) : new ses.ReceiptRule(this, 'Deliver', { ...ruleOptions, ruleSet });

    const retries = RESOURCE_SETTINGS.ingestRetries;
    props.ingestFunction.configureAsyncInvoke({
      retryAttempts: retries.retryAttempts,
      maxEventAge: Duration.hours(retries.maximumEventAgeHours),
    });
    const replayCommand = `npm run replay -- --stage ${props.stage}`;
    this.deadLetterAlarm = new cloudwatch.Alarm(this, 'IngestDeadLettersAlarm', {
      alarmDescription: `Inbound mail that SES accepted could not be ingested after Lambda's retries and waits in the ingest dead-letter queue (kept ${retries.dlqRetentionDays} days). Find the cause in the ingest function's log (ErrorMessage attribute of each message), fix it, then run: ${replayCommand}`,
      // SQS reports queue depth every minute or five; the maximum over five minutes sees any message.
      metric: props.ingestDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      // An idle, empty queue reports nothing: that is not a failure.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // Exactly what scripts/replay.ts calls: the stack's outputs, the queue, the function.
    // ChangeMessageVisibility: a message whose replay failed is released at once, so the next run sees it.
    this.replayPolicy = new iam.ManagedPolicy(this, 'IngestReplayPolicy', {
      description: `Mailroom (${props.stage}): run "${replayCommand}" (re-ingest the ingest dead-letter queue)`,
      statements: [
        new iam.PolicyStatement({
          sid: 'ReadStackOutputs',
          actions: ['cloudformation:DescribeStacks'],
          resources: [stack.stackId],
        }),
        new iam.PolicyStatement({
          sid: 'EmptyIngestDeadLetterQueue',
          actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility', 'sqs:GetQueueAttributes'],
          resources: [props.ingestDeadLetterQueue.queueArn],
        }),
        new iam.PolicyStatement({
          sid: 'InvokeIngest',
          actions: ['lambda:InvokeFunction'],
          resources: [props.ingestFunction.functionArn],
        }),
      ],
    });

    // The sweep, as webhook-deliver's (lib/constructs/webhooks.ts): EventBridge's Scheduled Event.
    this.sweepRule = new events.Rule(this, 'SweepUnfinishedIngests', {
      description: 'Finishes inbound mail whose ingest stopped half-way',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(props.ingestFunction, { retryAttempts: 2 })],
    });

    // A function of our own (lib/custom-resources/receipt-rule-set.ts) rather than
    // AwsCustomResource: activation depends on the account's active set, and the delete on the
    // set's rules, which fixed SDK calls cannot express. Made for every stack: its delete removes
    // the custom domains' rules, which CloudFormation does not know.
    const logGroup = new logs.LogGroup(this, 'ActivationLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(this, 'ActivationRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Mailroom: activates the SES receipt rule set when no other is active; removes the custom domains\' rules on delete (custom resource)',
    });
    logGroup.grantWrite(role);
    role.addToPolicy(new iam.PolicyStatement({
      actions: ['ses:DescribeActiveReceiptRuleSet', 'ses:SetActiveReceiptRuleSet', 'ses:DescribeReceiptRuleSet', 'ses:DeleteReceiptRule'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:RequestedRegion': stack.region } },
    }));
    const handler = new lambda.Function(this, 'ActivationHandler', {
      code: lambda.Code.fromAsset(PROJECT_ROOT, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: { image: lambda.Runtime.NODEJS_24_X.bundlingImage, local: new LocalEsbuild(ACTIVATION_ENTRY) },
      }),
      handler: 'index.handler',
      description: 'Mailroom: makes the receipt rule set active only when no other set is (or -c takeOverReceiving=true); cleans up its rules on delete',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.minutes(2),
      role,
      logGroup,
    });
    const receivingProps: ReceivingProps = {
      RuleSetName: this.ruleSetName,
      RuleName: this.ruleName,
      Activate: String(props.activateRuleSet && !props.sharedRuleSet),
      TakeOverReceiving: String(props.takeOverReceiving ?? false),
      SharedRuleSet: String(props.sharedRuleSet !== undefined),
    };
    this.receiving = new CustomResource(this, 'Receiving', {
      serviceToken: handler.functionArn,
      resourceType: 'Custom::MailroomReceiving',
      properties: receivingProps,
    });
    // Created after the rule (and set): on delete, run before them (an active set cannot be deleted).
    if (this.ruleSet) this.receiving.node.addDependency(this.ruleSet);
    this.receiving.node.addDependency(this.rule);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'SES receipt rule sets and rules have no resource-level permissions (IAM service authorization reference): they can only be granted on "*", here in the stack\'s region only. The role is used by the receiving custom resource alone.',
    });

    if (props.activateRuleSet && !props.sharedRuleSet) retireAwsCustomResourceActivation(this, this.ruleSetName, role, logGroup, this.rule);

    if (props.hostedZone) {
      // Kept with the mail domain's identity and its other records (lib/constructs/sending.ts).
      new route53.MxRecord(this, 'MxRecord', {
        zone: props.hostedZone,
        recordName: props.mailDomain,
        values: [{ priority: 10, hostName: this.mxTarget }],
        ttl: Duration.hours(1),
      }).applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    }
  }
}

/**
 * Stacks deployed before the receiving custom resource activated their set with an
 * AwsCustomResource (construct id ActivateRuleSet) whose delete call was SetActiveReceiptRuleSet
 * without a name: "disables all email receiving" in the account and region. Removing it from the
 * template would make CloudFormation run that call when it cleans up after the upgrade. So it
 * stays, at the same path with the same physical id (an update, not a replacement), and every
 * call it now makes is a read.
 */
function retireAwsCustomResourceActivation(scope: Construct, ruleSetName: string, role: iam.IRole, logGroup: logs.ILogGroup, rule: ses.ReceiptRule) {
  const read: cr.AwsSdkCall = {
    service: 'SES',
    action: 'DescribeActiveReceiptRuleSet',
    parameters: {},
    physicalResourceId: cr.PhysicalResourceId.of(`${ruleSetName}-active`),
  };
  const retired = new cr.AwsCustomResource(scope, 'ActivateRuleSet', {
    onCreate: read,
    onUpdate: read,
    onDelete: read,
    policy: cr.AwsCustomResourcePolicy.fromStatements([
      new iam.PolicyStatement({ actions: ['ses:DescribeActiveReceiptRuleSet'], resources: ['*'] }),
    ]),
    role,
    logGroup,
    installLatestAwsSdk: false,
    timeout: Duration.minutes(2),
  });
  retired.node.addDependency(rule);
  Validations.of(retired).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'ses:DescribeActiveReceiptRuleSet has no resource-level permissions. A read only: this resource is kept so that upgrading a stack never runs its old delete call.',
  });
}
