/**
 * MailroomFunction: the one way this stack makes a Lambda function.
 *
 * Every function of the catalogue (lambdas/functions.ts) is a Lambda function with the same fixed
 * defaults: Node.js 24 on arm64, the handler `lambdas/<slice>/<name>.handler.ts` bundled by the local
 * esbuild (never Docker, lib/bundle-options.ts) into minified ESM (index.mjs and the lazy chunks
 * it may load) with source maps and no externals, its own
 * log group with a retention, JSON logs, and an execution role that may write only to that log
 * group. Everything else a function can touch comes from its `needs`, through the bind* methods
 * below, each of which grants the access AND sets the environment variable the handler reads, so
 * the two can never disagree.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, type ILocalBundling, CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { bundleHandlerSync, ESM_REQUIRE_BANNER, LAMBDA_NODE_OPTIONS } from '../bundle-options.ts';
import { ENV, FUNCTIONS, handlerEntry, NEED_ACTIONS, powertoolsEnv, SCHEDULE_TARGET, type FunctionName, type FunctionSpec, type Need } from '../../lambdas/functions.ts';
import { IDENTITY_TAG_CLAIM, IDENTITY_TAG_STACK } from '../../lambdas/domains/dns-records.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';

/** The repository root: entries, package-lock.json and tsconfig.json are resolved from here. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');


export { ESM_REQUIRE_BANNER };

/**
 * CDK's local bundling of one handler. The entry is a property, not only a closure: CDK caches a
 * bundled asset by its source path and bundling options (serialized, functions dropped), so
 * without it every function of the stack would get the first function's bundle.
 */
export class LocalEsbuild implements ILocalBundling {
  constructor(readonly entry: string) {}
  tryBundle(outputDir: string): boolean {
    bundleHandlerSync({ root: PROJECT_ROOT, entry: this.entry, outdir: outputDir, sourcemap: true });
    return true;
  }
}

export type Access = 'RO' | 'RW';

/** Settings every function gets; SITE_URL is set later (it may be the API's own URL). */
export interface MailroomFunctionCommon {
  readonly mailDomain: string;
  readonly paymentProvider: string;
  /** Sets ALLOW_SANDBOX_PAYMENTS: without it a function refuses PAYMENT_PROVIDER=sandbox at cold start. */
  readonly allowSandboxPayments?: boolean;
  /** Sets MAILROOM_TEST_MODE ('true' or 'false'; default off). */
  readonly testMode?: boolean;
  /** The test knobs' environment (FREE_INBOX_CREATES_PER_IP_PER_HOUR, …): given only in test mode. */
  readonly testKnobs?: Readonly<Record<string, string>>;
  readonly logRetention: logs.RetentionDays;
}

export interface MailroomFunctionProps extends MailroomFunctionCommon {
  /** Catalogue key: picks the spec and the entry (handlerEntry). */
  readonly name: FunctionName;
  /** Override of the catalogue spec (used by tests that probe the bindings). */
  readonly spec?: FunctionSpec;
  /** Lambda dead-letter queue for asynchronous invocations (SES, SNS, Scheduler). */
  readonly asyncDeadLetterQueue?: sqs.IQueue;
  /**
   * Apply the catalogue's reservedConcurrency (default true). Off for AWS accounts whose
   * concurrency quota cannot spare it (-c reservedConcurrency=off): Lambda keeps 100 unreserved.
   */
  readonly reserveConcurrency?: boolean;
}

/** The scheduling binding: what a function needs to create one-time schedules. */
export interface SchedulerBinding {
  readonly scheduleGroupName: string;
  /** Role EventBridge Scheduler assumes to invoke the target; the only role that may be passed. */
  readonly invokeRole: iam.IRole;
  /** The function the schedules invoke (send-scheduled). */
  readonly targetFunction: lambda.IFunction;
}

/** The sending binding: SESv2 identity and configuration set the function may send through. */
export interface SesSendingBinding {
  readonly identityArn: string;
  readonly configurationSetName: string;
}

/** Everything the `needs` of the catalogue can refer to. */
export interface MailroomResources {
  readonly table: dynamodb.ITable;
  readonly bucket: s3.IBucket;
  readonly webhookQueue: sqs.IQueue;
  /** The slow lane of webhook deliveries (lib/constructs/webhooks.ts); needed by the functions that need webhookSlowLane. */
  readonly webhookSlowQueue?: sqs.IQueue;
  readonly scheduler: SchedulerBinding;
  readonly linkSecret: secretsmanager.ISecret;
  readonly sesSending: SesSendingBinding;
  /** The payment processor's keys; absent with the sandbox provider. */
  readonly paymentSecret?: secretsmanager.ISecret;
  /** The WebSocket stream (lib/constructs/stream.ts): its wss:// URL, Management API endpoint and grant. */
  readonly stream: StreamBinding;
  /** SES receiving (lib/constructs/ingest.ts): where custom domains' receipt rules go, and what they do. */
  readonly receiving: ReceivingBinding;
  /** The function SES sending events reach (simulated bounces and complaints invoke it). */
  readonly sesEventsFunction: lambda.IFunction;
}

/** The rule set and the stack's rule in it; a custom domain's rule stores into the bucket and invokes ingest. */
export interface ReceivingBinding {
  readonly ruleSetName: string;
  readonly ruleName: string;
  readonly bucket: s3.IBucket;
  readonly ingestFunction: lambda.IFunction;
}

/** What posting to WebSocket connections takes: the stage's URLs and a grant on its @connections. */
export interface StreamBinding {
  /** The wss:// URL clients are told (STREAM_URL): the custom domain's when there is one. */
  readonly url: string;
  /** The Management API endpoint (STREAM_CALLBACK_URL): the stage's https:// execute-api URL. */
  readonly callbackUrl: string;
  /** ARN of the stage's connections: arn:…:execute-api:<region>:<account>:<api id>/<stage>/POST/@connections/* and the like. */
  readonly connectionsArn: string;
  /** connectionsArn as cdk-nag prints it in a finding id. */
  readonly nagResource: string;
}

export class MailroomFunction extends Construct {
  readonly name: FunctionName;
  readonly spec: FunctionSpec;
  /** The stack runs in test mode: testModeNeeds are bound too. */
  readonly testMode: boolean;
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: MailroomFunctionProps) {
    super(scope, id);
    this.name = props.name;
    this.spec = props.spec ?? FUNCTIONS[props.name];
    this.testMode = props.testMode ?? false;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // Logs are diagnostics, not data: they go with the stack (the retention bounds them anyway).
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Our own role instead of the default one: the default attaches the AWS managed
    // AWSLambdaBasicExecutionRole (logs:* on every log group); this one writes to its own group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the Mailroom ${this.name} function`,
    });
    this.logGroup.grantWrite(this.role);

    const entry = handlerEntry(this.name);
    this.fn = new lambda.Function(this, 'Handler', {
      // Bundled here by the local esbuild with lib/bundle-options.ts, the options the bench
      // measures (NodejsFunction cannot split lazy chunks: it writes one --outfile). The asset is
      // hashed from the bundle, so an unchanged bundle is not uploaded again.
      code: lambda.Code.fromAsset(PROJECT_ROOT, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never used: local bundling always succeeds or throws (no Docker fallback).
          image: lambda.Runtime.NODEJS_24_X.bundlingImage,
          local: new LocalEsbuild(entry),
        },
      }),
      handler: 'index.handler',
      description: this.spec.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: this.spec.memoryMb,
      timeout: Duration.seconds(this.spec.timeoutSeconds),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      deadLetterQueue: props.asyncDeadLetterQueue,
      reservedConcurrentExecutions: props.reserveConcurrency === false ? undefined : this.spec.reservedConcurrency,
      // X-Ray active tracing: Lambda samples invocations and traces them through the AWS SDK
      // calls; CDK grants xray:PutTraceSegments/PutTelemetryRecords to the role.
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        [ENV.mailDomain]: props.mailDomain,
        [ENV.paymentProvider]: props.paymentProvider,
        ...(props.allowSandboxPayments ? { [ENV.allowSandboxPayments]: 'true' } : {}),
        [ENV.testMode]: props.testMode ? 'true' : 'false',
        ...props.testKnobs,
        NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
        ...powertoolsEnv(this.name),
      },
    });
    this.acknowledge(
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions (CDK adds them on Resource *).',
    );
  }

  /** Set an environment variable the handler reads. */
  setEnv(name: string, value: string): this {
    this.fn.addEnvironment(name, value);
    return this;
  }

  /** Read (RO) or read and write (RW) items of the table, its indexes included. TABLE_NAME. */
  bindTable(table: dynamodb.ITable, access: Access): this {
    if (access === 'RW') table.grantReadWriteData(this.fn);
    else table.grantReadData(this.fn);
    this.setEnv(ENV.tableName, table.tableName);
    this.acknowledge(
      `AwsSolutions-IAM5[Resource::<${logicalIdOf(table)}.Arn>/index/*]`,
      'Queries on the single table go through its GSIs (gsi1..gsiN); the grant covers the indexes of this one table only.',
    );
    return this;
  }

  /**
   * Objects of the bucket: RO = GetObject, RW = Get/Put/DeleteObject; both may ListBucket so a
   * missing key reads as NoSuchKey rather than AccessDenied. BUCKET_NAME.
   */
  bindBucket(bucket: s3.IBucket, access: Access): this {
    const objectActions = access === 'RW' ? ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] : ['s3:GetObject'];
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: objectActions, resources: [bucket.arnForObjects('*')] }),
    );
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    this.setEnv(ENV.bucketName, bucket.bucketName);
    this.acknowledge(
      `AwsSolutions-IAM5[Resource::<${logicalIdOf(bucket)}.Arn>/*]`,
      'Object keys are generated per message/attachment (inbound/, attachments/, outbound/, webhook-payloads/); access is limited to the objects of this one bucket.',
    );
    return this;
  }

  /** Put raw mail under inbound/ only, as the receipt rule's S3 action does (simulated mail). BUCKET_NAME. */
  bindInboundWrite(bucket: s3.IBucket): this {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({
      sid: 'PutInboundMail', actions: ['s3:PutObject'], resources: [bucket.arnForObjects(`${RESOURCE_SETTINGS.inboundPrefix}*`)],
    }));
    this.setEnv(ENV.bucketName, bucket.bucketName);
    this.acknowledge(
      `AwsSolutions-IAM5[Resource::<${logicalIdOf(bucket)}.Arn>/${RESOURCE_SETTINGS.inboundPrefix}*]`,
      'Simulated mail is stored under inbound/<generated id>, as SES stores received mail; the grant is that prefix of this one bucket.',
    );
    return this;
  }

  /** Send messages to the webhook delivery queue. WEBHOOK_QUEUE_URL. */
  bindQueue(queue: sqs.IQueue): this {
    queue.grantSendMessages(this.fn);
    this.setEnv(ENV.webhookQueueUrl, queue.queueUrl);
    return this;
  }

  /** Read the magic-link signing secret. LINK_SECRET_ARN. */
  bindSecret(secret: secretsmanager.ISecret): this {
    secret.grantRead(this.fn);
    this.setEnv(ENV.linkSecretArn, secret.secretArn);
    return this;
  }

  /**
   * Create, update, read and delete one-time schedules in the schedule group, and pass the
   * scheduler's invoke role (and no other role) to them.
   * SCHEDULE_GROUP_NAME, SCHEDULER_ROLE_ARN, SEND_SCHEDULED_FUNCTION_ARN.
   */
  bindScheduler(binding: SchedulerBinding): this {
    const stack = Stack.of(this);
    const schedulesArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${binding.scheduleGroupName}/*`,
    });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
        resources: [schedulesArn],
      }),
    );
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [binding.invokeRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    this.setEnv(ENV.scheduleGroupName, binding.scheduleGroupName);
    this.setEnv(ENV.schedulerRoleArn, binding.invokeRole.roleArn);
    // A function that schedules itself would reference its own ARN (a cycle); it can read
    // AWS_LAMBDA_FUNCTION_NAME instead.
    if (this.name !== SCHEDULE_TARGET) {
      this.setEnv(ENV.sendScheduledFunctionArn, binding.targetFunction.functionArn);
    }
    this.acknowledge(
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${binding.scheduleGroupName}/*]`,
      'One schedule is created per scheduled draft at run time, so schedule names are not known in advance; access is limited to the schedules of the Mailroom schedule group.',
    );
    return this;
  }

  /** Send through SESv2 from the mail domain identity with the configuration set, and read that identity. SES_CONFIGURATION_SET. */
  bindSesSending(binding: SesSendingBinding): this {
    const configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: binding.configurationSetName,
    });
    // Inboxes at customers' custom domains send from those domains' identities, which the
    // domains function creates at run time: their names are not known at deploy time.
    const customIdentities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [binding.identityArn, customIdentities, configurationSetArn],
      }),
    );
    // Sending first checks that the identity is verified (lambdas/platform/aws/ses.ts); without this read
    // every send is refused as OUTBOUND_NOT_CONFIGURED.
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['ses:GetEmailIdentity'], resources: [binding.identityArn, customIdentities] }),
    );
    this.setEnv(ENV.sesConfigurationSet, binding.configurationSetName);
    this.acknowledgeCustomIdentities();
    return this;
  }

  /**
   * Create, read and delete SES domain identities (custom domains), and set their MAIL FROM — but
   * only identities this stack created: each is created with the tag mailroom:stack = the stack's
   * table name (lambdas/domains/dns-records.ts), and delete and MAIL FROM require it on the identity
   * (aws:ResourceTag). So even a function that misbehaves cannot take over or delete an identity
   * someone else made (the operator's own domain, another stage's, one left behind). Reading stays
   * open: that is how an existing identity is found and refused.
   */
  bindSesIdentities(table: dynamodb.ITable): this {
    const identities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    const stackTag = { [`aws:ResourceTag/${IDENTITY_TAG_STACK}`]: table.tableName };
    // Tag-on-create: the request must carry the stack's tag, and only the two tags the code sets.
    const createWithTags = {
      StringEquals: { [`aws:RequestTag/${IDENTITY_TAG_STACK}`]: table.tableName },
      'ForAllValues:StringEquals': { 'aws:TagKeys': [IDENTITY_TAG_STACK, IDENTITY_TAG_CLAIM] },
    };
    // Sids keep the three apart (the statements are asserted one by one: test/infra/ses-identity-policy.test.ts).
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ sid: 'SesIdentitiesRead', actions: ['ses:GetEmailIdentity'], resources: [identities] }));
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({
      sid: 'SesIdentitiesCreateTagged', actions: ['ses:CreateEmailIdentity', 'ses:TagResource'], resources: [identities], conditions: createWithTags,
    }));
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({
      sid: 'SesIdentitiesManageTagged', actions: ['ses:DeleteEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes'], resources: [identities],
      conditions: { StringEquals: stackTag },
    }));
    this.acknowledgeCustomIdentities();
    return this;
  }

  private customIdentitiesAcknowledged = false;
  private acknowledgeCustomIdentities() {
    if (this.customIdentitiesAcknowledged) return;
    this.customIdentitiesAcknowledged = true;
    this.acknowledge(
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
      'Custom domains are added by accounts at run time (POST /v1/domains), so their SES identity names are not known at deploy time; access is limited to SES identities of this account and region.',
    );
  }

  /**
   * Write the custom domains' receipt rules (lambdas/domains/receiving.ts). SES receipt rules have
   * no resource-level permissions, so the grant is on "*", held to the stack's region by condition;
   * the rules can only deliver where the bucket policy and ingest's permission admit this stack's
   * rule names (lib/constructs/ingest.ts).
   */
  bindReceiving(binding: ReceivingBinding): this {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({
      sid: 'SesReceiptRules',
      actions: [...NEED_ACTIONS.sesReceiving],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:RequestedRegion': Stack.of(this).region } },
    }));
    this.setEnv(ENV.receiptRuleSet, binding.ruleSetName);
    this.setEnv(ENV.receiptRule, binding.ruleName);
    this.setEnv(ENV.bucketName, binding.bucket.bucketName);
    this.setEnv(ENV.ingestFunctionArn, binding.ingestFunction.functionArn);
    this.acknowledge('AwsSolutions-IAM5[Resource::*]',
      'SES receipt rules have no resource-level permissions (IAM service authorization reference): granted on "*" in the stack\'s region only (aws:RequestedRegion).');
    return this;
  }

  /** Post to and close the WebSocket stream's connections (execute-api:ManageConnections on its stage only). STREAM_URL, STREAM_CALLBACK_URL. */
  bindStream(binding: StreamBinding): this {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [binding.connectionsArn] }));
    this.setEnv(ENV.streamUrl, binding.url);
    this.setEnv(ENV.streamCallbackUrl, binding.callbackUrl);
    this.acknowledge(
      `AwsSolutions-IAM5[Resource::${binding.nagResource}]`,
      'Connection ids are made by API Gateway at run time; the grant covers the @connections of the stream stage of this one WebSocket API.',
    );
    return this;
  }

  /** Apply the catalogue's `needs` of this function: the only place needs become permissions. */
  bindNeeds(resources: MailroomResources): this {
    // The catalogue's needs, and in a test-mode stack the test-mode ones too.
    const needs = new Set<Need>(this.testMode ? [...this.spec.needs, ...(this.spec.testModeNeeds ?? [])] : this.spec.needs);
    if (needs.has('tableRead') || needs.has('tableWrite')) {
      this.bindTable(resources.table, needs.has('tableWrite') ? 'RW' : 'RO');
    }
    if (needs.has('bucketRead') || needs.has('bucketWrite')) {
      this.bindBucket(resources.bucket, needs.has('bucketWrite') ? 'RW' : 'RO');
    }
    for (const need of needs) {
      switch (need) {
        case 'tableRead':
        case 'tableWrite':
        case 'bucketRead':
        case 'bucketWrite':
          break; // handled above, as one grant per resource
        case 'webhookQueue':
          this.bindQueue(resources.webhookQueue);
          break;
        case 'scheduler':
          this.bindScheduler(resources.scheduler);
          break;
        case 'linkSecret':
          this.bindSecret(resources.linkSecret);
          break;
        case 'sesSend':
          this.bindSesSending(resources.sesSending);
          break;
        case 'sesIdentities':
          this.bindSesIdentities(resources.table);
          break;
        case 'sesReceiving':
          this.bindReceiving(resources.receiving);
          break;
        case 'inboundWrite':
          this.bindInboundWrite(resources.bucket);
          break;
        case 'sesPathInvoke':
          // SES_PATH_TARGETS (lambdas/functions.ts), the functions themselves: not grantInvoke's `<arn>:*`, no version or alias is invoked.
          this.role.addToPrincipalPolicy(new iam.PolicyStatement({
            sid: 'InvokeSesPath', actions: ['lambda:InvokeFunction'],
            resources: [resources.receiving.ingestFunction.functionArn, resources.sesEventsFunction.functionArn],
          }));
          this.setEnv(ENV.ingestFunctionArn, resources.receiving.ingestFunction.functionArn);
          this.setEnv(ENV.sesEventsFunctionArn, resources.sesEventsFunction.functionArn);
          break;
        case 'dnsLookup':
          // Empty: the Lambda runtime's resolver. MAILROOM_DNS_SERVERS is for local and test stacks.
          this.setEnv(ENV.dnsServers, '');
          break;
        case 'streamPost':
          this.bindStream(resources.stream);
          break;
        case 'webhookSlowLane':
          if (!resources.webhookSlowQueue) throw new Error(`MailroomFunction ${this.name}: needs webhookSlowLane but no slow queue was given`);
          resources.webhookSlowQueue.grantSendMessages(this.fn);
          this.setEnv(ENV.webhookSlowQueueUrl, resources.webhookSlowQueue.queueUrl);
          break;
        case 'paymentSecret':
          if (resources.paymentSecret) {
            resources.paymentSecret.grantRead(this.fn);
            this.setEnv(ENV.paymentSecretArn, resources.paymentSecret.secretArn);
          }
          break;
        default: {
          const unknown: never = need;
          throw new Error(`MailroomFunction ${this.name}: no binding for need '${String(unknown)}'`);
        }
      }
    }
    return this;
  }

  /** Acknowledge one cdk-nag finding on this function's role and policy, with the reason. */
  private acknowledge(id: string, reason: string): void {
    Validations.of(this.role).acknowledge({ id, reason });
  }
}

/** Logical id of an L2's CloudFormation resource, as cdk-nag prints it in finding ids. */
export function logicalIdOf(construct: Construct): string {
  const child = construct.node.defaultChild;
  if (!child || !CfnElement.isCfnElement(child)) {
    throw new Error(`${construct.node.path} has no CloudFormation resource`);
  }
  return Stack.of(construct).getLogicalId(child);
}
