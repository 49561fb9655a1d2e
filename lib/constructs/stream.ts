/**
 * Stream: the API Gateway WebSocket API of the realtime event stream (issue 16). Routes are
 * selected by the message's "type": $connect (authenticates the key; 401 otherwise),
 * $disconnect, subscribe, ping and $default, all to the stream function. The stage has
 * throttling, and access logs only when asked (accessLogs): unlike an HTTP API's, a WebSocket
 * stage's logs need the account's API Gateway CloudWatch role, which a fresh account lacks (the
 * deploy then fails with "CloudWatch Logs role ARN must be set in account settings"). Functions
 * whose needs name streamPost get ManageConnections on this stage's @connections only
 * (MailroomFunction.bindStream).
 */
import { Annotations, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
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
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: STREAM_STAGE,
      autoDeploy: true,
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
    this.binding = {
      url: this.stage.url,
      connectionsArn: stack.formatArn({ service: 'execute-api', resource: this.webSocketApi.apiId, resourceName: `${STREAM_STAGE}/*/@connections/*` }),
      nagResource: `arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${logicalIdOf(this.webSocketApi)}>/${STREAM_STAGE}/*/@connections/*`,
    };

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The $connect route authenticates the product API key (Authorization: Bearer, or ?key= for browsers) in the stream function and refuses others with 401; the other routes only exist on a connection that passed it.',
    });
  }
}
