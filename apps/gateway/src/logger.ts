import { storeNamespace } from './activity/store-namespace.js';
import type { LogLevel } from './config.js';
import { activeTraceId } from './telemetry/trace-context.js';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /**
   * Audit events (audit/audit-plugin.ts): written at level "info" whatever LOG_LEVEL says (only `silent` drops
   * them), so that raising the level to quiet the access log never loses the trail. Loggers without it use info.
   */
  audit?(msg: string, fields?: LogFields): void;
}

/**
 * The active trace's id (OpenTelemetry), so a log line leads to its trace, and the request's test namespace (the
 * test profile's `x-test-namespace`), so a suite sharing one stack finds its own lines; explicit fields win.
 */
const withTrace = (fields: LogFields | undefined): LogFields | undefined => {
  const traceId = activeTraceId();
  const namespace = storeNamespace();
  if (!traceId && !namespace) return fields;
  return { ...(traceId ? { traceId } : {}), ...(namespace ? { namespace } : {}), ...fields };
};

/** Structured logs: one JSON object per line on stdout. Callers never pass tokens. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const min = ORDER[level];
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: LogFields) => {
    if (ORDER[lvl] < min) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...withTrace(fields) })}\n`);
  };
  const audit = (msg: string, fields?: LogFields) => {
    if (level === 'silent') return;
    write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg, ...withTrace(fields) })}\n`,
    );
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), audit };
}

/** The error as a loggable object (name, message, stack), never the whole object graph. */
export const errorFields = (error: unknown): LogFields =>
  error instanceof Error
    ? { error: { name: error.name, message: error.message, stack: error.stack } }
    : { error: String(error) };
