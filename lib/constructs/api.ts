/**
 * API: the HTTP API. One route per entry of lambdas/routes.ts, each to the Lambda of its `fn`
 * (one integration per function), and a `$default` route to discovery, which answers the
 * 404/405 envelope for everything else. The `$default` stage has access logging (JSON, no
 * headers, so no keys) and stage-wide throttling; per-key rate limits are the handlers' job.
 * With a custom domain (-c apiDomain= -c certificateArn=), a regional API Gateway domain name
 * maps its root to the $default stage, and, when the hosted zone holds it, an alias A record.
 */
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { Construct } from 'constructs';
import { FUNCTIONS, type FunctionName } from '../../lambdas/functions.ts';
import type { RouteDef } from '../../lambdas/routes.ts';

export interface MailroomApiProps {
  readonly stage: string;
  readonly throttleRateLimit: number;
  readonly throttleBurstLimit: number;
  readonly logRetention: logs.RetentionDays;
  /** Serve the API (and pages) at https://<domainName> too; the certificate is ACM's, in the stack's region. */
  readonly customDomain?: MailroomApiDomainProps;
}

export interface MailroomApiDomainProps {
  readonly domainName: string;
  readonly certificateArn: string;
  /** The Route 53 zone, when it holds domainName: the alias A record is created in it. */
  readonly hostedZone?: route53.IHostedZone;
}

/**
 * A regional API Gateway domain name with the stack-region certificate, and its Route 53 alias when
 * the zone holds it: the HTTP API's and the WebSocket API's (HTTP APIs have no edge-optimized
 * endpoint; WebSocket APIs take only regional ones with TLS 1.2). Ids are the scope's own, so each
 * construct keeps its logical ids.
 */
export function regionalCustomDomain(scope: Construct, custom: MailroomApiDomainProps): { domainName: apigw.DomainName; aliasRecord?: route53.ARecord } {
  const domainName = new apigw.DomainName(scope, 'DomainName', {
    domainName: custom.domainName,
    certificate: acm.Certificate.fromCertificateArn(scope, 'Certificate', custom.certificateArn),
    endpointType: apigw.EndpointType.REGIONAL,
    securityPolicy: apigw.SecurityPolicy.TLS_1_2,
  });
  const aliasRecord = custom.hostedZone
    ? new route53.ARecord(scope, 'AliasRecord', {
      zone: custom.hostedZone,
      recordName: custom.domainName,
      target: route53.RecordTarget.fromAlias(new ApiGatewayv2DomainProperties(domainName.regionalDomainName, domainName.regionalHostedZoneId)),
    })
    : undefined;
  return { domainName, aliasRecord };
}

/** Fields of each access-log line (HTTP API $context variables). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const;

export class MailroomApi extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly accessLogs: logs.LogGroup;
  /** The custom domain, when asked for (point a CNAME or alias at its regionalDomainName). */
  readonly domainName?: apigw.DomainName;
  /** The alias A record of the custom domain, when the hosted zone holds it. */
  readonly aliasRecord?: route53.ARecord;
  private readonly customDomainName?: string;
  private readonly integrations = new Map<FunctionName, HttpLambdaIntegration>();

  constructor(scope: Construct, id: string, props: MailroomApiProps) {
    super(scope, id);

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: `Mailroom API (${props.stage}): email inboxes for AI agents`,
      // The stage is made below, with access logs and throttling.
      createDefaultStage: false,
    });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    if (props.customDomain) {
      this.customDomainName = props.customDomain.domainName;
      ({ domainName: this.domainName, aliasRecord: this.aliasRecord } = regionalCustomDomain(this, props.customDomain));
    }

    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // The domain's root maps to this stage: https://<domain>/v1/… is <endpoint>/v1/….
      domainMapping: this.domainName ? { domainName: this.domainName } : undefined,
      throttle: { rateLimit: props.throttleRateLimit, burstLimit: props.throttleBurstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'Authorization is the product API key (mr_free_/mr_live_ bearer keys, stored hashed in DynamoDB, checked in constant time by the handlers per the auth mode of each route in lambdas/routes.ts). Some routes are public by design: openapi.json, llms*.txt, and POST /v1/inboxes without a key (it creates a free account).',
    });
  }

  /** Base URL of the API, no trailing slash: https://{id}.execute-api.{region}.amazonaws.com */
  get endpoint(): string {
    return this.httpApi.apiEndpoint;
  }

  /**
   * Base URL of the $default stage, without a trailing slash (the ApiUrl output: `<ApiUrl>/v1/…`):
   * https://<custom domain> when there is one, else the endpoint (the $default stage is served at
   * the API's root; stage.url ends in '/').
   */
  get url(): string {
    return this.customDomainName ? `https://${this.customDomainName}` : this.httpApi.apiEndpoint;
  }

  /**
   * Add every route of the table, and the $default route to `defaultFn`. The `testMode` rows only
   * with `o.testMode`: without a route of their own they reach `defaultFn`, which answers 404.
   */
  addRouteTable(routes: readonly RouteDef[], functionOf: (name: FunctionName) => lambda.IFunction, defaultFn: FunctionName,
    o: { testMode: boolean }): void {
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`Duplicate route in lambdas/routes.ts: ${key}`);
      if (FUNCTIONS[route.fn].kind !== 'http') {
        throw new Error(`Route ${key} names '${route.fn}', which is not an http function in lambdas/functions.ts`);
      }
      seen.add(key);
      if (route.testMode && !o.testMode) continue;
      this.httpApi.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration: this.integrationFor(route.fn, functionOf),
      });
    }
    new apigw.HttpRoute(this, 'DefaultRoute', {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.DEFAULT,
      integration: this.integrationFor(defaultFn, functionOf),
    });
  }

  private integrationFor(name: FunctionName, functionOf: (name: FunctionName) => lambda.IFunction): HttpLambdaIntegration {
    let integration = this.integrations.get(name);
    if (!integration) {
      integration = new HttpLambdaIntegration(`${name}-integration`, functionOf(name), {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
        // One invoke permission per function for this API (apiId/*/*), not one per route: a
        // function's resource policy is capped at 20 KB (~50 route-scoped statements) and each
        // permission is a CloudFormation resource. The API still only reaches a function through
        // the routes that name it.
        scopePermissionToRoute: false,
      });
      this.integrations.set(name, integration);
    }
    return integration;
  }
}
