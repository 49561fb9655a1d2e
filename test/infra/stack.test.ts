/**
 * CDK assertions on the synthesized template: every resource the design asks for, read against
 * the shared contracts (function catalogue, route table, table shape, resource settings).
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV, environmentNames, functionActions, FUNCTIONS, functionsOf, METRICS_NAMESPACE, type FunctionName } from '../../lambdas/functions.ts';
import { routeKey, routes } from '../../lambdas/routes.ts';
import { TABLE } from '../../lambdas/platform/dynamo/table.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';
import type { MailroomStack } from '../../lib/mailroom-stack.ts';
import { REPLAY_OUTPUTS, stackName } from '../../lib/stack-outputs.ts';
import { logicalId, synthMailroom, TEST_MAIL_DOMAIN } from './synth.ts';

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DependsOn?: string[] }>;

/** Set by the construct for the Node runtime and Powertools (powertoolsEnv), not by the needs. */
const RUNTIME_ONLY_ENV = ['NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE'];

let stack: MailroomStack;
let template: Template;
let resources: Resources;

/**
 * Actions a role gets besides its needs: writing its own log group (every function), and for the
 * webhook-deliver function the SQS event source's polling (Lambda polls on the role's behalf; the
 * local stack's poller stands in for it).
 */
const NOT_FROM_NEEDS: { all: string[]; eventSource: Partial<Record<FunctionName, string[]>> } = {
  // Logs and X-Ray: every function writes its own log group and trace segments, whatever it needs.
  all: ['logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
  eventSource: { 'webhook-deliver': ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:ReceiveMessage'] },
};

/** The actions of every policy statement attached to a function's role, less NOT_FROM_NEEDS. */
function roleActions(res: Resources, s: MailroomStack, name: FunctionName): string[] {
  const roleId = res[logicalId(s.functionOf(name).fn, s)]!.Properties.Role['Fn::GetAtt'][0];
  const actions = Object.values(res)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => (r.Properties.PolicyDocument.Statement as any[]).flatMap((st) => [st.Action].flat() as string[]));
  const other = [...NOT_FROM_NEEDS.all, ...(NOT_FROM_NEEDS.eventSource[name] ?? [])];
  return [...new Set(actions)].filter((a) => !other.includes(a)).sort();
}

/** The policy statements attached to a function's role. */
function roleStatements(name: FunctionName): { Sid?: string; Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
  const roleId = resources[fnLogicalId(name)]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as any[]);
}

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const fnLogicalId = (name: FunctionName) => logicalId(stack.functionOf(name).fn, stack);
const fnProps = (name: FunctionName) => resources[fnLogicalId(name)]!.Properties;

beforeAll(() => {
  // Bundling is exercised by cdk-synth.test.ts; here only the template matters.
  ({ stack, template } = synthMailroom({ skipBundling: true }));
  resources = template.toJSON().Resources as Resources;
});

describe('functions', () => {
  it('creates one function per catalogue entry on nodejs24.x arm64, with the catalogue sizes', () => {
    for (const name of functionsOf({ testMode: false })) {
      const spec = FUNCTIONS[name];
      const p = fnProps(name);
      expect(p.Runtime, name).toBe('nodejs24.x');
      expect(p.Architectures, name).toEqual(['arm64']);
      expect(p.Handler, name).toBe('index.handler');
      expect(p.MemorySize, name).toBe(spec.memoryMb);
      expect(p.Timeout, name).toBe(spec.timeoutSeconds);
      expect(p.LoggingConfig, name).toMatchObject({ LogFormat: 'JSON' });
      expect(p.LoggingConfig.LogGroup, name).toBeDefined();
      expect(p.Environment.Variables, name).toMatchObject({
        [ENV.mailDomain]: TEST_MAIL_DOMAIN,
        [ENV.paymentProvider]: 'none',
        NODE_OPTIONS: '--enable-source-maps',
      });
      expect(p.Environment.Variables[ENV.siteUrl], name).toBeDefined();
    }
  });

  it('traces every function with X-Ray (active) and lets its role write the segments', () => {
    for (const name of functionsOf({ testMode: false })) {
      expect(fnProps(name).TracingConfig, name).toEqual({ Mode: 'Active' });
      const roleId = fnProps(name).Role['Fn::GetAtt'][0] as string;
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, r]) => (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === roleId))
        .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as { Action: string | string[] }[]);
      const actions = statements.flatMap((st) => [st.Action].flat());
      expect(actions, name).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
    }
  });

  it('names each function\'s service and metrics namespace for Powertools (log lines, EMF metrics)', () => {
    for (const name of functionsOf({ testMode: false })) {
      expect(fnProps(name).Environment.Variables, name).toMatchObject({
        POWERTOOLS_SERVICE_NAME: `mailroom-${name}`,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      });
    }
  });

  it('gives each function exactly the environment of its needs (environmentNames, shared with the local stack)', () => {
    for (const name of functionsOf({ testMode: false })) {
      const vars = Object.keys(fnProps(name).Environment.Variables).filter((v) => !RUNTIME_ONLY_ENV.includes(v)).sort();
      expect(vars, name).toEqual(environmentNames(name, { paymentSecret: false }));
    }
  });

  it('grants each function exactly the IAM actions of its needs (NEED_ACTIONS, the local emulator\'s policies too)', () => {
    for (const name of functionsOf({ testMode: false })) {
      expect(roleActions(resources, stack, name), name).toEqual(functionActions(name, { paymentSecret: false }));
    }
  });

  it('gives each function its own log group with a retention, and no AWS managed policy', () => {
    for (const name of functionsOf({ testMode: false })) {
      const group = fnProps(name).LoggingConfig.LogGroup;
      const groupId = group.Ref as string;
      expect(resources[groupId]?.Type).toBe('AWS::Logs::LogGroup');
      expect(resources[groupId]?.Properties.RetentionInDays).toBe(30);
      const roleId = fnProps(name).Role['Fn::GetAtt'][0] as string;
      expect(resources[roleId]?.Properties.ManagedPolicyArns, name).toBeUndefined();
    }
  });

});

describe('table', () => {
  it('is the single table of lambdas/platform/dynamo/table.ts: keys, GSIs, TTL, PITR, on-demand, retained', () => {
    const tables = ofType('AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        // Off by default: a protected table would turn a failed first deploy's rollback into ROLLBACK_FAILED.
        DeletionProtectionEnabled: false,
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    });
    const gsis = tables[0]![1].Properties.GlobalSecondaryIndexes as any[];
    expect(gsis.map((g) => g.IndexName)).toEqual(TABLE.globalIndexes.map((g) => g.indexName));
    for (const def of TABLE.globalIndexes) {
      const gsi = gsis.find((g) => g.IndexName === def.indexName);
      expect(gsi.KeySchema).toEqual([
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ]);
      expect(gsi.Projection).toEqual({ ProjectionType: 'ALL' });
    }
  });
});

describe('raw-mail bucket', () => {
  it('is private, encrypted, retained and logs access', () => {
    const bucketId = logicalId(stack.data.bucket, stack);
    expect(resources[bucketId]).toMatchObject({
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: {
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LoggingConfiguration: { DestinationBucketName: { Ref: logicalId(stack.data.accessLogsBucket, stack) } },
      },
    });
  });

  it('denies non-TLS access and lets only our SES receipt rule write under inbound/', () => {
    const bucketId = logicalId(stack.data.bucket, stack);
    const policy = ofType('AWS::S3::BucketPolicy').find(([, r]) => r.Properties.Bucket.Ref === bucketId)?.[1];
    expect(policy).toBeDefined();
    const statements = policy!.Properties.PolicyDocument.Statement as any[];
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Principal: { AWS: '*' },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    const ses = statements.find((s) => s.Principal?.Service === 'ses.amazonaws.com');
    expect(ses).toMatchObject({ Effect: 'Allow', Action: 's3:PutObject' });
    expect(JSON.stringify(ses.Resource)).toContain(`/${RESOURCE_SETTINGS.inboundPrefix}*`);
    expect(ses.Condition.StringEquals).toEqual({ 'aws:SourceAccount': { Ref: 'AWS::AccountId' } });
    expect(JSON.stringify(ses.Condition.ArnLike['aws:SourceArn'])).toContain(
      `:receipt-rule-set/${stack.ingest.ruleSetName}:receipt-rule/${stack.ingest.ruleName}`,
    );
    // No other statement lets anyone else in.
    expect(statements.filter((s) => s.Effect === 'Allow')).toHaveLength(1);
  });
});

/** Resources of the HTTP API only (the WebSocket API of the stream has routes and integrations too). */
const httpOnly = (type: string) => ofType(type).filter(([, r]) => r.Properties.ApiId?.Ref === logicalId(stack.api.httpApi, stack));

describe('HTTP API', () => {
  // This stack is not in test mode: the test-mode rows get no route (test/infra/test-mode.test.ts).
  const routed = routes.filter((r) => !r.testMode);
  const integrationTarget = (routeProps: Record<string, any>): string => {
    const target = routeProps.Target['Fn::Join'][1] as [string, { Ref: string }];
    expect(target[0]).toBe('integrations/');
    const integration = resources[target[1].Ref]!;
    expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
    expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    return integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
  };

  it('has exactly one route per entry of lambdas/routes.ts, each to the Lambda of its fn', () => {
    const apiRoutes = httpOnly('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(apiRoutes).toHaveLength(routed.length + 1);
    for (const route of routed) {
      const found = apiRoutes.filter((r) => r.RouteKey === routeKey(route));
      expect(found, routeKey(route)).toHaveLength(1);
      expect(integrationTarget(found[0]!), routeKey(route)).toBe(fnLogicalId(route.fn));
    }
  });

  it('sends $default (unknown routes: the 404/405 envelope) to discovery', () => {
    const def = httpOnly('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === '$default');
    expect(def).toBeDefined();
    expect(integrationTarget(def![1].Properties)).toBe(fnLogicalId('discovery'));
  });

  it('has one integration per function', () => {
    const uris = httpOnly('AWS::ApiGatewayV2::Integration').map(([, r]) => JSON.stringify(r.Properties.IntegrationUri));
    expect(new Set(uris).size).toBe(uris.length);
    expect(uris).toHaveLength(new Set([...routed.map((r) => r.fn), 'discovery']).size);
  });

  it('lets the API invoke each routed function, scoped to this API', () => {
    const apiId = logicalId(stack.api.httpApi, stack);
    for (const name of new Set([...routed.map((r) => r.fn), 'discovery' as const])) {
      const perms = ofType('AWS::Lambda::Permission').filter(
        ([, r]) => r.Properties.Principal === 'apigateway.amazonaws.com' && JSON.stringify(r.Properties.FunctionName).includes(fnLogicalId(name))
          && JSON.stringify(r.Properties.SourceArn).includes(apiId),
      );
      expect(perms, name).toHaveLength(1);
      const source = JSON.stringify(perms[0]![1].Properties.SourceArn);
      expect(source).toContain(apiId);
      expect(source).toContain('/*/*');
    }
  });

  it('has a $default stage with access logs and throttling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context\\.requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });
});

describe('WebSocket API (realtime stream)', () => {
  const wsApiId = () => logicalId(stack.stream.webSocketApi, stack);
  const wsOnly = (type: string) => ofType(type).filter(([, r]) => r.Properties.ApiId?.Ref === wsApiId());

  it('selects routes by the message type: $connect, $disconnect, subscribe, ping and $default, all to the stream function', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.type' });
    const keys = wsOnly('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string).sort();
    expect(keys).toEqual(['$connect', '$default', '$disconnect', 'ping', 'subscribe']);
    const integrations = wsOnly('AWS::ApiGatewayV2::Integration');
    expect(integrations.length).toBeGreaterThan(0);
    for (const [, i] of integrations) {
      expect(i.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(JSON.stringify(i.Properties.IntegrationUri)).toContain(fnLogicalId('stream'));
    }
  });

  it('has a throttled stage, without access logs by default (they need the account CloudWatch role: test/infra/config.test.ts)', () => {
    const stages = wsOnly('AWS::ApiGatewayV2::Stage').map(([, r]) => r.Properties);
    expect(stages).toHaveLength(1);
    expect(stages[0]).toMatchObject({
      StageName: 'live', AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
    expect(stages[0]!.AccessLogSettings).toBeUndefined();
  });

  it('grants execute-api:ManageConnections on this stage\'s @connections only, and only to the functions that post', () => {
    const posters = functionsOf({ testMode: false }).filter((n) => (FUNCTIONS[n].needs as readonly string[]).includes('streamPost'));
    expect(posters.sort()).toEqual(['stream', 'webhook-deliver']);
    const statements = ofType('AWS::IAM::Policy').flatMap(([, r]) => (r.Properties.PolicyDocument.Statement as any[]).map((st) => ({ st, roles: r.Properties.Roles })))
      .filter(({ st }) => [st.Action].flat().includes('execute-api:ManageConnections'));
    const roleOf = (n: FunctionName) => resources[fnLogicalId(n)]!.Properties.Role['Fn::GetAtt'][0];
    expect(statements.flatMap(({ roles }) => roles.map((x: any) => x.Ref)).sort()).toEqual(posters.map(roleOf).sort());
    for (const { st } of statements) {
      expect([st.Action].flat()).toEqual(['execute-api:ManageConnections']);
      const arn = JSON.stringify(st.Resource);
      expect(arn).toContain(wsApiId());
      expect(arn).toContain('/live/*/@connections/*');
    }
  });

  it('gives the stream functions the wss:// URL (STREAM_URL), and outputs it', () => {
    for (const n of ['stream', 'webhook-deliver'] as const) {
      expect(JSON.stringify(fnProps(n).Environment.Variables[ENV.streamUrl])).toContain(wsApiId());
    }
    expect(Object.keys(template.toJSON().Outputs)).toContain('StreamUrl');
  });
});

describe('inbound (SES receiving)', () => {
  it('has one receipt rule, for the mail domain only (never every verified domain of the account): S3 inbound/ then ingest (Event)', () => {
    template.hasResourceProperties('AWS::SES::ReceiptRuleSet', { RuleSetName: stack.ingest.ruleSetName });
    template.resourceCountIs('AWS::SES::ReceiptRule', 1);
    template.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: {
        Name: stack.ingest.ruleName,
        Enabled: true,
        Recipients: [TEST_MAIL_DOMAIN],
        ScanEnabled: true,
        Actions: [
          { S3Action: { BucketName: { Ref: logicalId(stack.data.bucket, stack) }, ObjectKeyPrefix: RESOURCE_SETTINGS.inboundPrefix } },
          { LambdaAction: { FunctionArn: { 'Fn::GetAtt': [fnLogicalId('ingest'), 'Arn'] }, InvocationType: 'Event' } },
        ],
      },
    });
  });

  it('lets SES invoke ingest and write the bucket from this stack\'s rules only (its own and its custom domains\')', () => {
    const rules = `receipt-rule-set/${stack.ingest.ruleSetName}:receipt-rule/${stack.ingest.ruleName}*`;
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [fnLogicalId('ingest'), 'Arn'] },
      Principal: 'ses.amazonaws.com',
      SourceAccount: { Ref: 'AWS::AccountId' },
      SourceArn: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(`${rules.replace('*', '\\*')}$`)])] }),
    });
    const policy = JSON.stringify(ofType('AWS::S3::BucketPolicy'));
    expect(policy).toContain(rules);
  });

  it('lets the domains function alone write receipt rules, in the stack\'s region only', () => {
    for (const name of functionsOf({ testMode: false })) {
      const granted = roleStatements(name).filter((st) => [st.Action].flat().some((a) => /ReceiptRule/.test(a)));
      if (name !== 'domains') { expect(granted, name).toEqual([]); continue; }
      expect(granted).toEqual([expect.objectContaining({
        Action: ['ses:CreateReceiptRule', 'ses:DeleteReceiptRule', 'ses:UpdateReceiptRule'], Resource: '*',
        Condition: { StringEquals: { 'aws:RequestedRegion': { Ref: 'AWS::Region' } } },
      })]);
    }
    const env = (fnProps('domains').Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({ RECEIPT_RULE_SET: stack.ingest.ruleSetName, RECEIPT_RULE: stack.ingest.ruleName,
      INGEST_FUNCTION_ARN: { 'Fn::GetAtt': [fnLogicalId('ingest'), 'Arn'] } });
  });

  it('activates the rule set through its own function, which may only read and set the active set and delete rules', () => {
    const [[id, cr]] = ofType('Custom::MailroomReceiving') as [[string, Resources[string]]];
    expect(cr.Properties).toMatchObject({ RuleSetName: stack.ingest.ruleSetName, RuleName: stack.ingest.ruleName, Activate: 'true',
      TakeOverReceiving: 'false', SharedRuleSet: 'false' });
    // Created after the rule set and rule: deactivated before they are deleted.
    const ruleSetId = logicalId(stack.ingest.ruleSet!, stack);
    expect(resources[id]!.DependsOn).toEqual(expect.arrayContaining([ruleSetId]));
    const token = (cr.Properties.ServiceToken as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const role = (resources[token]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const actions = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(role))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[] }[] }).Statement.flatMap((st) => st.Action));
    expect([...new Set(actions.filter((a) => a.startsWith('ses:')))].sort()).toEqual([
      'ses:DeleteReceiptRule', 'ses:DescribeActiveReceiptRuleSet', 'ses:DescribeReceiptRuleSet', 'ses:SetActiveReceiptRuleSet']);
  });

  it('keeps the earlier AwsCustomResource activation at its logical id, its delete only a read: an upgrade never switches receiving off', () => {
    // The logical id stacks deployed before the receiving custom resource hold (their delete call deactivated every set).
    const retired = resources['InboundActivateRuleSet0E8A1528'];
    expect(retired?.Type).toBe('Custom::AWS');
    for (const call of ['Create', 'Update', 'Delete']) {
      expect(JSON.parse(retired!.Properties[call] as string)).toMatchObject({
        service: 'SES', action: 'DescribeActiveReceiptRuleSet', physicalResourceId: { id: `${stack.ingest.ruleSetName}-active` } });
    }
  });

  it('in test mode, lets simulated mail take SES\'s path only: PutObject under inbound/, and invoke exactly ingest and ses-events', () => {
    const sandbox = synthMailroom({ skipBundling: true, context: { stage: 'sandbox' } });
    const res = sandbox.template.toJSON().Resources as Resources;
    const statementsOf = (name: FunctionName) => {
      const roleId = res[logicalId(sandbox.stack.functionOf(name).fn, sandbox.stack)]!.Properties.Role['Fn::GetAtt'][0];
      return Object.values(res).filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
        .flatMap((r) => r.Properties.PolicyDocument.Statement as any[]);
    };
    const sbFn = (name: FunctionName) => logicalId(sandbox.stack.functionOf(name).fn, sandbox.stack);
    for (const name of functionsOf({ testMode: true })) {
      const invoke = statementsOf(name).filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
      const put = statementsOf(name).filter((st) => st.Sid === 'PutInboundMail');
      if (!['testing', 'mcp'].includes(name)) {
        expect(invoke, name).toEqual([]);
        expect(put, name).toEqual([]);
        continue;
      }
      expect(invoke, name).toEqual([expect.objectContaining({
        Resource: [{ 'Fn::GetAtt': [sbFn('ingest'), 'Arn'] }, { 'Fn::GetAtt': [sbFn('ses-events'), 'Arn'] }] })]);
      expect(put, name).toEqual([expect.objectContaining({
        Action: 's3:PutObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(sandbox.stack.data.bucket, sandbox.stack), 'Arn'] }, `/${RESOURCE_SETTINGS.inboundPrefix}*`]] } })]);
    }
  });

  it('puts its rules in another stage\'s set with -c receiptRuleSet= (no set of its own, nothing activated), and refuses it with takeOverReceiving', () => {
    const v = synthMailroom({ skipBundling: true, context: { receiptRuleSet: 'Mailroom-prod-inbound' } });
    v.template.resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
    v.template.resourceCountIs('Custom::AWS', 0);
    v.template.hasResourceProperties('AWS::SES::ReceiptRule', { RuleSetName: 'Mailroom-prod-inbound', Rule: Match.objectLike({ Recipients: [TEST_MAIL_DOMAIN] }) });
    v.template.hasResourceProperties('Custom::MailroomReceiving', { RuleSetName: 'Mailroom-prod-inbound', Activate: 'false', SharedRuleSet: 'true' });
    v.template.hasOutput('ReceiptRuleSetName', { Value: 'Mailroom-prod-inbound' });
    expect(() => synthMailroom({ skipBundling: true, context: { receiptRuleSet: 'Mailroom-prod-inbound', takeOverReceiving: 'true' } }))
      .toThrow(/'receiptRuleSet' and 'takeOverReceiving'/);
  });

  it('takes over another application\'s active set only when asked (-c takeOverReceiving=true)', () => {
    const v = synthMailroom({ skipBundling: true, context: { takeOverReceiving: 'true' } });
    v.template.hasResourceProperties('Custom::MailroomReceiving', { TakeOverReceiving: 'true' });
  });

  it('outputs the MX target', () => {
    template.hasOutput('MxTarget', {
      Value: { 'Fn::Join': ['', ['inbound-smtp.', { Ref: 'AWS::Region' }, '.amazonaws.com']] },
    });
  });
});

describe('webhooks', () => {
  const s = RESOURCE_SETTINGS.webhookQueue;

  it('has the delivery queue with the shared settings and a DLQ redrive', () => {
    const queueId = logicalId(stack.webhooks.queue, stack);
    const dlqId = logicalId(stack.webhooks.deadLetterQueue, stack);
    expect(resources[queueId]!.Properties).toMatchObject({
      VisibilityTimeout: s.visibilityTimeoutSeconds,
      MessageRetentionPeriod: s.retentionDays * 86400,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: s.maxReceiveCount },
    });
    expect(resources[dlqId]!.Properties).toMatchObject({
      MessageRetentionPeriod: s.dlqRetentionDays * 86400,
      SqsManagedSseEnabled: true,
    });
  });

  it('enforces TLS on every queue', () => {
    const queues = ofType('AWS::SQS::Queue').map(([id]) => id);
    const policies = ofType('AWS::SQS::QueuePolicy').map(([, r]) => r.Properties);
    for (const q of queues) {
      const policy = policies.find((p) => p.Queues.some((x: any) => x.Ref === q));
      expect(policy, q).toBeDefined();
      expect(policy!.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('feeds webhook-deliver with partial batch failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId('webhook-deliver') },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.webhooks.queue, stack), 'Arn'] },
      BatchSize: s.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

/** The schedule rules whose only target is the function. */
const scheduleRulesOf = (name: FunctionName) => ofType('AWS::Events::Rule')
  .filter(([, r]) => r.Properties.Targets.length === 1
    && JSON.stringify(r.Properties.Targets[0].Arn) === JSON.stringify({ 'Fn::GetAtt': [fnLogicalId(name), 'Arn'] }));

describe('event sweeper', () => {
  it('invokes webhook-deliver every minute to dispatch events whose writer died before dispatching them', () => {
    const rules = scheduleRulesOf('webhook-deliver');
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 minute)']);
  });
});

describe('ingest failures: retries, dead-letter queue, alarm, replay', () => {
  const retries = RESOURCE_SETTINGS.ingestRetries;
  const dlqId = () => logicalId(stack.ingestDeadLetterQueue, stack);

  it('gives ingest a dead-letter queue of its own (SQS-managed encryption, TLS only, 14 days); the other async functions keep the shared one', () => {
    expect(resources[dlqId()]!.Properties).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: retries.dlqRetentionDays * 86400 });
    expect(retries.dlqRetentionDays).toBe(14);
    expect(fnProps('ingest').DeadLetterConfig).toEqual({ TargetArn: { 'Fn::GetAtt': [dlqId(), 'Arn'] } });
    const shared = logicalId(stack.asyncDeadLetterQueue, stack);
    for (const name of ['ses-events', 'send-scheduled'] as const) {
      expect(fnProps(name).DeadLetterConfig, name).toEqual({ TargetArn: { 'Fn::GetAtt': [shared, 'Arn'] } });
    }
    // No other function sends to it.
    const targets = functionsOf({ testMode: false }).filter((n) => JSON.stringify(fnProps(n).DeadLetterConfig ?? null).includes(dlqId()));
    expect(targets).toEqual(['ingest']);
  });

  it('lets ingest\'s role send to that queue (Lambda puts the failed event there with the function\'s role)', () => {
    const roleId = fnProps('ingest').Role['Fn::GetAtt'][0] as string;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, r]) => (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === roleId))
      .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    expect(statements).toContainEqual(expect.objectContaining({
      Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [dlqId(), 'Arn'] },
    }));
  });

  it('states ingest\'s asynchronous invocation config: 2 retries, events kept 6 hours', () => {
    const configs = ofType('AWS::Lambda::EventInvokeConfig').map(([, r]) => r.Properties);
    expect(configs).toEqual([{
      FunctionName: { Ref: fnLogicalId('ingest') }, Qualifier: '$LATEST', MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600,
    }]);
  });

  it('alarms on the first message in that queue, naming the replay command', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties)
      .filter((p) => JSON.stringify(p.Dimensions ?? []).includes(dlqId()));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId(), 'QueueName'] } }],
      Statistic: 'Maximum',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    expect(alarms[0]!.AlarmDescription).toContain('npm run replay -- --stage dev');
  });

  it('has a managed replay policy allowing exactly the replay\'s calls, each on this stack\'s resource only, attached to no one', () => {
    const policyId = logicalId(stack.ingest.replayPolicy, stack);
    const policy = resources[policyId]!.Properties;
    expect(resources[policyId]!.Type).toBe('AWS::IAM::ManagedPolicy');
    expect(policy.PolicyDocument.Statement).toEqual([
      { Sid: 'ReadStackOutputs', Effect: 'Allow', Action: 'cloudformation:DescribeStacks', Resource: { Ref: 'AWS::StackId' } },
      {
        Sid: 'EmptyIngestDeadLetterQueue', Effect: 'Allow',
        Action: ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage'],
        Resource: { 'Fn::GetAtt': [dlqId(), 'Arn'] },
      },
      { Sid: 'InvokeIngest', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [fnLogicalId('ingest'), 'Arn'] } },
    ]);
    // The operator attaches it; the stack gives it to no role, user or group.
    expect(policy.Roles ?? policy.Users ?? policy.Groups).toBeUndefined();
  });

  it('outputs what the replay command reads, and the policy', () => {
    template.hasOutput(REPLAY_OUTPUTS.queueUrl, { Value: { Ref: dlqId() } });
    template.hasOutput(REPLAY_OUTPUTS.functionName, { Value: { Ref: fnLogicalId('ingest') } });
    template.hasOutput(REPLAY_OUTPUTS.policyArn, { Value: { Ref: logicalId(stack.ingest.replayPolicy, stack) } });
    expect(stack.stackName).toBe(stackName('dev'));
  });

  it('invokes ingest every minute with EventBridge\'s Scheduled Event (the sweep of half-finished ingests)', () => {
    const rules = scheduleRulesOf('ingest');
    expect(rules).toHaveLength(1);
    const [ruleId, rule] = rules[0]!;
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
    // No Input: the target gets EventBridge's own event ({"source": "aws.events", "detail-type": "Scheduled Event", …}).
    expect(rule.Properties.Targets[0].Input).toBeUndefined();
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [fnLogicalId('ingest'), 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
    });
  });
});

describe('scheduling', () => {
  it('has the schedule group, named from the settings and the stage', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: `${RESOURCE_SETTINGS.scheduleGroupName}-dev` });
  });

  it('has a role only EventBridge Scheduler can assume, allowed to invoke send-scheduled only', () => {
    const roleId = logicalId(stack.scheduling.invokeRole, stack);
    const role = resources[roleId]!.Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'sts:AssumeRole',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: expect.objectContaining({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
      }),
    ]);
    const policies = ofType('AWS::IAM::Policy').filter(([, r]) => r.Properties.Roles.some((x: any) => x.Ref === roleId));
    const statements = policies.flatMap(([, r]) => r.Properties.PolicyDocument.Statement);
    expect(statements).toEqual([
      { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [fnLogicalId('send-scheduled'), 'Arn'] } },
    ]);
  });
});

describe('outbound (SESv2)', () => {
  it('has the mail-domain identity with Easy DKIM and the configuration set as default', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: TEST_MAIL_DOMAIN,
      DkimAttributes: { SigningEnabled: true },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: logicalId(stack.sending.configurationSet, stack) } },
    });
  });

  it('sends SEND, DELIVERY, BOUNCE, COMPLAINT, REJECT, DELIVERY_DELAY events to the SNS topic', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: logicalId(stack.sending.configurationSet, stack) },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['send', 'delivery', 'bounce', 'complaint', 'reject', 'deliveryDelay'],
        SnsDestination: { TopicARN: { Ref: logicalId(stack.sending.eventsTopic, stack) } },
      },
    });
  });

  it('encrypts the topic with a rotating key SES may use, enforces TLS, and feeds ses-events', () => {
    const topicId = logicalId(stack.sending.eventsTopic, stack);
    const keyId = logicalId(stack.sending.eventsKey, stack);
    expect(resources[topicId]!.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(resources[keyId]!.Properties.EnableKeyRotation).toBe(true);
    expect(resources[keyId]!.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({ Principal: { Service: 'ses.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
    );
    const topicPolicy = ofType('AWS::SNS::TopicPolicy').find(([, r]) => r.Properties.Topics.some((t: any) => t.Ref === topicId));
    const statements = topicPolicy![1].Properties.PolicyDocument.Statement as any[];
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'ses.amazonaws.com' } }));
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId },
      Endpoint: { 'Fn::GetAtt': [fnLogicalId('ses-events'), 'Arn'] },
    });
  });

  const sesStatements = (name: FunctionName) => {
    const roleId = fnProps(name).Role['Fn::GetAtt'][0];
    return ofType('AWS::IAM::Policy')
      .filter(([, r]) => r.Properties.Roles.some((x: any) => x.Ref === roleId))
      .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as any[])
      .filter((s) => [s.Action].flat().some((a: string) => a.startsWith('ses:')));
  };
  const needing = (need: string) => functionsOf({ testMode: false }).filter((n) => (FUNCTIONS[n].needs as readonly string[]).includes(need));
  /** ses:<region>:<account>:identity/* as CloudFormation writes it. */
  const ANY_IDENTITY = /:ses:.*:identity\/\*$/;
  const joined = (r: any) => (r['Fn::Join'] ? r['Fn::Join'][1].map((p: any) => (typeof p === 'string' ? p : JSON.stringify(p))).join('') : JSON.stringify(r));

  it('lets sesSend functions send only as SES identities of this account (mail domain and custom domains) through the configuration set, and read them', () => {
    const senders = needing('sesSend');
    expect(senders.length).toBeGreaterThan(0);
    for (const name of functionsOf({ testMode: false })) {
      const ses = sesStatements(name).filter((s) => !/^(SesIdentities|SesReceiptRules)/.test(String(s.Sid ?? '')));
      if (!senders.includes(name)) {
        expect(ses, name).toEqual([]);
        continue;
      }
      expect(ses, name).toHaveLength(2);
      const [send, read] = ses;
      expect(send.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
      expect(JSON.stringify(send.Resource)).not.toContain('"*"');
      // Regression (issue 9): the verified-identity check before every send was not granted, so a
      // deployed stack answered every send OUTBOUND_NOT_CONFIGURED.
      expect(read.Action).toBe('ses:GetEmailIdentity');
      expect(JSON.stringify(read.Resource)).toContain(':identity/');
      for (const r of read.Resource) expect(send.Resource).toContainEqual(r);
      // Custom domains (issue 15): inboxes at them send from their own identities.
      expect(read.Resource.map(joined).some((r: string) => ANY_IDENTITY.test(r)), name).toBe(true);
      expect(fnProps(name).Environment.Variables[ENV.sesConfigurationSet]).toEqual({ Ref: logicalId(stack.sending.configurationSet, stack) });
    }
  });

  it('lets only sesIdentities functions (domains) create, read and delete SES identities, and set their MAIL FROM', () => {
    const managers = needing('sesIdentities');
    expect(managers).toEqual(['domains']);
    for (const name of functionsOf({ testMode: false })) {
      const manage = sesStatements(name).filter((s) => String(s.Sid ?? '').startsWith('SesIdentities'));
      if (!managers.includes(name)) {
        expect(manage, name).toEqual([]);
        continue;
      }
      // Three statements, each with its own condition: test/infra/ses-identity-policy.test.ts.
      expect(manage.flatMap((s) => [s.Action].flat()).sort()).toEqual(['ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:GetEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes', 'ses:TagResource']);
      for (const s of manage) expect(joined(s.Resource)).toMatch(ANY_IDENTITY);
      // The DNS resolvers: the Lambda runtime's own (MAILROOM_DNS_SERVERS empty) when deployed.
      expect(fnProps(name).Environment.Variables[ENV.dnsServers]).toBe('');
    }
  });
});

describe('secrets', () => {
  it('has a generated link-signing secret readable by linkSecret functions only', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
    });
    const secretId = logicalId(stack.secrets.linkSecret, stack);
    for (const name of functionsOf({ testMode: false })) {
      const roleId = fnProps(name).Role['Fn::GetAtt'][0];
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, r]) => r.Properties.Roles.some((x: any) => x.Ref === roleId))
        .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as any[]);
      const reads = statements.some((s) => JSON.stringify(s.Resource) === JSON.stringify({ Ref: secretId }));
      expect(reads, name).toBe((FUNCTIONS[name].needs as readonly string[]).includes('linkSecret'));
    }
  });
});

describe('outputs', () => {
  it('has the deploy outputs', () => {
    const outputs = Object.keys(template.toJSON().Outputs);
    for (const o of ['ApiUrl', 'SiteUrl', 'MailDomain', 'TableName', 'BucketName', 'WebhookQueueUrl', 'MxTarget', ...Object.values(REPLAY_OUTPUTS)]) {
      expect(outputs).toContain(o);
    }
    template.hasOutput('MailDomain', { Value: TEST_MAIL_DOMAIN });
  });
});

describe('context variants (no bundling)', () => {
  it('with a hosted zone: MX record and the three DKIM CNAMEs; siteUrl is used as SITE_URL', () => {
    const v = synthMailroom({
      skipBundling: true,
      context: {
        mailDomain: 'mail.agents.test',
        hostedZoneId: 'Z0123456789ABCDEFGHIJ',
        hostedZoneName: 'agents.test',
        siteUrl: 'https://mailroom.example.org/',
        stage: 'qa',
      },
    });
    v.template.hasResourceProperties('AWS::Route53::RecordSet', {
      HostedZoneId: 'Z0123456789ABCDEFGHIJ',
      Type: 'MX',
      Name: 'mail.agents.test.',
      ResourceRecords: [{ 'Fn::Join': ['', ['10 inbound-smtp.', { Ref: 'AWS::Region' }, '.amazonaws.com']] }],
    });
    v.template.resourcePropertiesCountIs('AWS::Route53::RecordSet', { Type: 'CNAME' }, 3);
    v.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SITE_URL: 'https://mailroom.example.org', MAIL_DOMAIN: 'mail.agents.test' }) },
    });
    v.template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: `${RESOURCE_SETTINGS.scheduleGroupName}-qa` });
    v.template.hasResourceProperties('AWS::SES::ReceiptRule', { Rule: Match.objectLike({ Recipients: ['mail.agents.test'] }) });
  });

  it('without a hosted zone: no DNS records; SITE_URL is the API endpoint', () => {
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
    const site = fnProps('discovery').Environment.Variables[ENV.siteUrl];
    expect(site).toEqual({ 'Fn::GetAtt': [logicalId(stack.api.httpApi, stack), 'ApiEndpoint'] });
  });

  it('with a real payment processor: only the paying functions may read its keys, from Secrets Manager', () => {
    const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:mailroom/stripe-AbCdEf';
    const v = synthMailroom({ skipBundling: true, context: { paymentProvider: 'stripe', paymentSecretArn: arn } });
    const res = v.template.toJSON().Resources as Resources;
    for (const name of functionsOf({ testMode: false })) {
      const vars = res[logicalId(v.stack.functionOf(name).fn, v.stack)]!.Properties.Environment.Variables;
      expect(vars.STRIPE_SECRET_ARN, name).toBe(['account', 'pages', 'mcp'].includes(name) ? arn : undefined);
    }
    for (const name of functionsOf({ testMode: false })) {
      expect(roleActions(res, v.stack, name), name).toEqual(functionActions(name, { paymentSecret: true }));
    }
    expect(JSON.stringify(res)).not.toMatch(/sk_live|sk_test|whsec_/);
    expect(() => synthMailroom({ skipBundling: true, context: { paymentProvider: 'stripe' } })).toThrow(/paymentSecretArn/);
  });

  it('can leave the rule set inactive and protect the table from deletion', () => {
    const v = synthMailroom({ skipBundling: true, context: { activateRuleSet: 'false', tableDeletionProtection: 'true' } });
    v.template.hasResourceProperties('Custom::MailroomReceiving', { Activate: 'false' });
    v.template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
  });

  it('rejects bad parameters', () => {
    expect(() => synthMailroom({ skipBundling: true, context: { hostedZoneId: 'Z1' } })).toThrow(/go together/);
    expect(() => synthMailroom({ skipBundling: true, context: { mailDomain: 'not a domain' } })).toThrow(/mailDomain/);
    expect(() => synthMailroom({ skipBundling: true, context: { siteUrl: 'http://insecure.example.com' } })).toThrow(/siteUrl/);
  });
});
