/**
 * Structured JSON logs (one line each) through Powertools for AWS Lambda's Logger. Never log
 * secrets, keys or message bodies: callers pass ids. The exported API (log.*, setLogContext,
 * addLogContext, errorFields) is what call sites use; Powertools stays behind it.
 *
 * A line is { level, time, message, service, xray_trace_id?, ...context, ...fields }: the fields
 * of the hand-written logger this replaced, plus the service and, with tracing on, the trace id.
 */
import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';

/** Same field names and order as before Powertools (level lower-case, `time`), so queries keep working. */
class MailroomLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: this.formatTimestamp(attributes.timestamp),
        message: attributes.message,
        service: attributes.serviceName,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }
}

/**
 * POWERTOOLS_SERVICE_NAME is set per function by the CDK construct; without it (a bare import,
 * a test) the Lambda function name or 'mailroom' stands in.
 */
const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || process.env.AWS_LAMBDA_FUNCTION_NAME || 'mailroom',
  // Powertools reads LOG_LEVEL too, but only in upper case; ours is documented in lower case.
  // In AWS, the function's log level (AWS_LAMBDA_LOG_LEVEL, set by the CDK) takes precedence.
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || 'info').toUpperCase() as 'INFO',
  logFormatter: new MailroomLogFormatter(),
});

type Fields = Record<string, unknown>;

/**
 * Request-scoped fields (request id, account id, inbox id) added to every line until reset.
 * They are Powertools' temporary keys: setLogContext starts a new request's set.
 */
export const setLogContext = (fields: Fields) => { logger.resetKeys(); logger.appendKeys(fields); };
export const addLogContext = (fields: Fields) => { logger.appendKeys(fields); };

export const log = {
  debug: (m: string, f?: Fields) => logger.debug(m, f ?? {}),
  info: (m: string, f?: Fields) => logger.info(m, f ?? {}),
  warn: (m: string, f?: Fields) => logger.warn(m, f ?? {}),
  error: (m: string, f?: Fields) => logger.error(m, f ?? {}),
};

export const errorFields = (e: unknown) =>
  e instanceof Error ? { error_name: e.name, error_message: e.message, stack: e.stack } : { error_message: String(e) };
