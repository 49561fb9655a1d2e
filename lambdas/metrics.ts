/**
 * Business metrics as CloudWatch Embedded Metric Format (EMF) through Powertools for AWS Lambda's
 * Metrics: each is a JSON log line that CloudWatch turns into a metric, so there is no PutMetricData
 * call, no extra permission and no latency. Counters are buffered and written once per invocation
 * by `flushMetrics()` (the HTTP pipeline and every event handler call it when they finish).
 *
 * Namespace: POWERTOOLS_METRICS_NAMESPACE (the CDK construct sets 'Mailroom'); dimension: the
 * service (POWERTOOLS_SERVICE_NAME, one per function). Both default sensibly when unset.
 *
 * Usage: `import { metrics } from '../metrics.ts'; metrics.waitCall();` — one call per event.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from './functions.ts';

/** Metric names, as they appear in CloudWatch. */
export const METRIC = {
  mailReceived: 'MailReceived',
  mailRejected: 'MailRejected',
  webhookAttempts: 'WebhookAttempts',
  webhookFailures: 'WebhookFailures',
  mailSent: 'MailSent',
  waitCalls: 'WaitCalls',
} as const;

const emf = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || process.env.AWS_LAMBDA_FUNCTION_NAME || 'mailroom',
});

let pending = 0;
const count = (name: string, n: number) => {
  if (n <= 0) return;
  emf.addMetric(name, MetricUnit.Count, n);
  pending += 1;
};

export const metrics = {
  /** A message filed into an inbox (one per inbox it reached). */
  mailReceived: (n = 1) => count(METRIC.mailReceived, n),
  /** A message refused at ingest (blocked sender, over quota, unknown recipient, spam/virus). */
  mailRejected: (n = 1) => count(METRIC.mailRejected, n),
  /** One HTTP POST to a webhook endpoint, whatever its outcome. */
  webhookAttempt: (n = 1) => count(METRIC.webhookAttempts, n),
  /** An attempt that got no 2xx (HTTP error, timeout, refused URL). */
  webhookFailure: (n = 1) => count(METRIC.webhookFailures, n),
  /** A message handed to SES for sending (send now, reply, scheduled or draft send). */
  mailSent: (n = 1) => count(METRIC.mailSent, n),
  /** One call of the long-poll wait endpoint. */
  waitCall: (n = 1) => count(METRIC.waitCalls, n),
};

/** Writes the buffered counters as one EMF line; nothing when none were counted. */
export function flushMetrics(): void {
  if (pending === 0) return;
  pending = 0;
  emf.publishStoredMetrics();
}
