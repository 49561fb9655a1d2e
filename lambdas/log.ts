/**
 * Structured JSON logs (one line each). Never log secrets or message bodies: callers pass ids.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = ORDER[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? ORDER.info;

let baseFields: Record<string, unknown> = {};
/** Request-scoped fields (request id, account id, inbox id) added to every line until reset. */
export const setLogContext = (fields: Record<string, unknown>) => { baseFields = fields; };
export const addLogContext = (fields: Record<string, unknown>) => { baseFields = { ...baseFields, ...fields }; };

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...baseFields, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};

export const errorFields = (e: unknown) =>
  e instanceof Error ? { error_name: e.name, error_message: e.message, stack: e.stack } : { error_message: String(e) };
