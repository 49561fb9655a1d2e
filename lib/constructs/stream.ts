/**
 * Stream: the API Gateway WebSocket API of the realtime event stream (issue 16). Routes are
 * selected by the message's "type": $connect (authenticates the key; 401 otherwise),
 * $disconnect, subscribe, ping and $default, all to the stream function. The stage has
 * throttling, and access logs only when asked (accessLogs): unlike an HTTP API's, a WebSocket
 * stage's logs need the account's API Gateway CloudWatch role, which a fresh account lacks (the
 * deploy then fails with "CloudWatch Logs role ARN must be set in account settings"). Functions
 * whose needs name streamPost get ManageConnections on this stage's @connections only
 * (MailroomFunction.bindStream).
 * With a custom domain (-c streamDomain=, certificate certificateArn), a regional API Gateway
 * domain name of its own maps its root to the stage (API Gateway cannot map a WebSocket API and an
 * HTTP API to one domain name), and, when the hosted zone holds it, an alias A record. Clients are
 * told wss://<streamDomain>; the functions still post to connections at the stage's execute-api
 * callback URL, the Management API endpoint AWS documents.
 */
import { Annotations, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import { Construct } from 'constructs';
import { regionalCustomDomain, type MailroomApiDomainProps } from './api.ts';
import { logicalIdOf, type StreamBinding } from './mailroom-function.ts';

/** The routes a client can reach besides $connect/$disconnect/$default ("type" of its message). */
export const STREAM_MESSAGE_ROUTES = ['subscribe', 'ping'] as const;
export const STREAM_STAGE = 'live';

export interface MailroomStreamProps {
  readonly stage: string;
  readonly streamFunction: lambda.IFunction;
  readonly throttleRateLimit: number;
  readonly throttleBurstLimit: number;
  readonly logRetention: logs.RetentionDays;
  /** Access logs on the stage; the account's API Gateway CloudWatch role must exist (STREAM_ACCESS_LOGS_NOTE). */
  readonly accessLogs: boolean;
  /** Serve the stream at wss://<domainName> (-c streamDomain=); the certificate is ACM's, in the stack's region, and covers the name. */
  readonly customDomain?: MailroomApiDomainProps;
}

/** Said at synth when the stream's access logs are on. */
export const STREAM_ACCESS_LOGS_NOTE =
  'WebSocket access logs are on (-c streamAccessLogs=true): API Gateway writes them with the account\'s CloudWatch role, '
  + 'so it must be set in this account and region (API Gateway console, Settings, CloudWatch log role ARN, or '
  + '`aws apigateway update-account --patch-operations op=replace,path=/cloudwatchRoleArn,value=<role ARN>` with a role that trusts '
  + 'apigateway.amazonaws.com and has AmazonAPIGatewayPushToCloudWatchLogs); otherwise the deploy fails with '
  + '"CloudWatch Logs role ARN must be set in account settings to enable logging".';

export class MailroomStream extends Construct {
  readonly webSocketApi: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  /** Present only with accessLogs. */
  readonly accessLogs?: logs.LogGroup;
  /** The custom domain, when asked for (point a CNAME or alias at its regionalDomainName). */
  readonly domainName?: apigw.DomainName;
  /** The alias A record of the custom domain, when the hosted zone holds it. */
  readonly aliasRecord?: route53.ARecord;
  /** The wss:// URL clients connect to: wss://<custom domain> when there is one, else the stage's. */
  readonly url: string;
  readonly binding: StreamBinding;

  constructor(scope: Construct, id: string, props: MailroomStreamProps) {
    super(scope, id);
    const integration = (name: string) => new WebSocketLambdaIntegration(`${name}-integration`, props.streamFunction);
    this.webSocketApi = new apigw.WebSocketApi(this, 'WebSocketApi', {
      description: `Mailroom realtime event stream (${props.stage}): the same events as webhooks`,
      routeSelectionExpression: '$request.body.type',
      connectRouteOptions: { integration: integration('connect') },
      disconnectRouteOptions: { integration: integration('disconnect') },
      defaultRouteOptions: { integration: integration('default') },
    });
    for (const route of STREAM_MESSAGE_ROUTES) this.webSocketApi.addRoute(route, { integration: integration(route) });

    if (props.accessLogs) {
      this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
      Annotations.of(this).addInfo(STREAM_ACCESS_LOGS_NOTE);
    }
    const custom = props.customDomain;
    if (custom) ({ domainName: this.domainName, aliasRecord: this.aliasRecord } = regionalCustomDomain(this, custom));
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: STREAM_STAGE,
      autoDeploy: true,
      // The domain's root maps to this stage: wss://<domain> is <stage url>.
      domainMapping: this.domainName ? { domainName: this.domainName } : undefined,
      throttle: { rateLimit: props.throttleRateLimit, burstLimit: props.throttleBurstLimit },
      accessLogSettings: this.accessLogs && {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify({
          requestId: '$context.requestId', requestTime: '$context.requestTime', ip: '$context.identity.sourceIp',
          routeKey: '$context.routeKey', eventType: '$context.eventType', connectionId: '$context.connectionId',
          status: '$context.status', integrationLatency: '$context.integrationLatency', error: '$context.error.message',
        })),
      },
    });
    if (!this.accessLogs) {
      Validations.of(this.stage).acknowledge({
        id: 'AwsSolutions-APIG1',
        reason: 'WebSocket access logs need the account-level API Gateway CloudWatch role, which a fresh account lacks (the first deploy would fail); they are off by default and on with -c streamAccessLogs=true once the role is set. Without them, the stage\'s CloudWatch metrics (ConnectCount, MessageCount, errors) and the stream function\'s own logs remain.',
      });
    }

    const stack = Stack.of(this);
    this.url = custom ? `wss://${custom.domainName}` : this.stage.url;
    this.binding = {
      url: this.url,
      // The Management API stays on execute-api (https://<api id>.execute-api.<region>.amazonaws.com/live), with or without a custom domain.
      callbackUrl: this.stage.callbackUrl,
      connectionsArn: stack.formatArn({ service: 'execute-api', resource: this.webSocketApi.apiId, resourceName: `${STREAM_STAGE}/*/@connections/*` }),
      nagResource: `arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${logicalIdOf(this.webSocketApi)}>/${STREAM_STAGE}/*/@connections/*`,
    };

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The $connect route authenticates the product API key (Authorization: Bearer, or ?key= for browsers) in the stream function and refuses others with 401; the other routes only exist on a connection that passed it.',
    });
  }
}
