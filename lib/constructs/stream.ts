/**
 * Stream: the API Gateway WebSocket API of the realtime event stream (issue 16). Routes are
 * selected by the message's "type": $connect (authenticates the key; 401 otherwise),
 * $disconnect, subscribe, ping and $default, all to the stream function. The stage has access
 * logs and throttling; functions whose needs name streamPost get ManageConnections on this
 * stage's @connections only (MailroomFunction.bindStream).
 */
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
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
}

export class MailroomStream extends Construct {
  readonly webSocketApi: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;
  readonly accessLogs: logs.LogGroup;
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

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: STREAM_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: props.throttleRateLimit, burstLimit: props.throttleBurstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify({
          requestId: '$context.requestId', requestTime: '$context.requestTime', ip: '$context.identity.sourceIp',
          routeKey: '$context.routeKey', eventType: '$context.eventType', connectionId: '$context.connectionId',
          status: '$context.status', integrationLatency: '$context.integrationLatency', error: '$context.error.message',
        })),
      },
    });

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
