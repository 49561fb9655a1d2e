/**
 * Business metrics as CloudWatch Embedded Metric Format (EMF) through Powertools for AWS Lambda's
 * Metrics: each is a JSON log line that CloudWatch turns into a metric, so there is no PutMetricData
 * call, no extra permission and no latency. Counters are buffered and written once per invocation
 * by `flushMetrics()` (the HTTP pipeline and every event handler await it when they finish).
 *
 * Powertools Metrics is loaded by the first flush that has something to write, not at init: most
 * HTTP functions count nothing, and loaded and compiled its ~15 KB at every cold start for nothing
 * (docs/decisions.md, "Bundles, AWS calls and observability").
 *
 * Namespace: POWERTOOLS_METRICS_NAMESPACE (the CDK construct sets 'Mailroom'); dimension: the
 * service (POWERTOOLS_SERVICE_NAME, one per function). Both default sensibly when unset.
 *
 * Usage: `import { metrics } from '../metrics.ts'; metrics.waitCall();` — one call per event.
 */
import type { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** Metric names, as they appear in CloudWatch. */
/** CloudWatch namespace of the functions' EMF metrics (the CDK construct sets it, powertoolsEnv). */
export const METRICS_NAMESPACE = 'Mailroom';

export const METRIC = {
  mailReceived: 'MailReceived',
  mailRejected: 'MailRejected',
  webhookAttempts: 'WebhookAttempts',
  webhookFailures: 'WebhookFailures',
  mailSent: 'MailSent',
  waitCalls: 'WaitCalls',
} as const;

type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** Counts since the last flush, in the order first counted. */
const pending = new Map<MetricName, number>();
const count = (name: MetricName, n: number) => {
  if (n <= 0) return;
  pending.set(name, (pending.get(name) ?? 0) + n);
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

let emf: Promise<{ metrics: Metrics; units: typeof MetricUnit }> | undefined;
const loadEmf = () =>
  (emf ??= import('@aws-lambda-powertools/metrics').then(({ Metrics, MetricUnit: units }) => ({
    metrics: new Metrics({
      namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE,
      serviceName: process.env.POWERTOOLS_SERVICE_NAME || process.env.AWS_LAMBDA_FUNCTION_NAME || 'mailroom',
    }),
    units,
  })));

/**
 * Writes the counts since the last flush as one EMF line (a counter counted several times in an
 * invocation is one value, their sum); nothing, and no import, when none were counted.
 */
export async function flushMetrics(): Promise<void> {
  if (pending.size === 0) return;
  const counts = [...pending];
  pending.clear();
  const { metrics: emfMetrics, units } = await loadEmf();
  for (const [name, n] of counts) emfMetrics.addMetric(name, units.Count, n);
  emfMetrics.publishStoredMetrics();
}
