/**
 * A configuration-set event (delivery, bounce, complaint) as SNS delivers it to the ses-events
 * function: built once for what plays SES's part — test mode's simulated feedback
 * (lambdas/testing/ses-path.ts) and the local SES stand-in (lib/local/ses-outbound.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';

export function sesNotificationEvent(notification: unknown, topicArn: string, now = new Date().toISOString()): SNSEvent {
  return {
    Records: [{
      EventSource: 'aws:sns', EventVersion: '1.0', EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
      Sns: {
        Type: 'Notification', MessageId: randomUUID(), TopicArn: topicArn, Subject: '', Message: JSON.stringify(notification),
        Timestamp: now, SignatureVersion: '1', Signature: '', SigningCertUrl: '', UnsubscribeUrl: '', MessageAttributes: {},
      },
    }],
  };
}
