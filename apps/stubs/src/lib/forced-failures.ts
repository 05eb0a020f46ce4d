/**
 * Deterministic per-item failures for tests: "the write `operation` of `service` fails for exactly these ids"
 * (a browser test makes 3 of 10 bulk cancels fail, then clears the switch and retries them). Unlike the
 * random faults of `faults.ts`, a forced failure answers a realistic business error `{code, extended_code,
 * message}` with the chosen HTTP status, and only for the chosen operation and ids.
 */
import { badRequest, HttpError } from './errors.js';

export interface ForcedFailure {
  service: string;
  /** The action's last path segment (`cancelar`, `medio-de-pago`, `cancelar-objecion`...) or "*". */
  operation: string;
  /** The resource ids that fail; empty: every id. */
  ids: string[];
  status: number;
  code: string;
  extended_code: string;
  message: string;
  /** How many more times each id fails (null: until cleared). */
  times: number | null;
}

export const FORCED_FAILURE_DEFAULTS = {
  status: 409,
  code: 'invalid_status',
  extended_code: 'forced_failure',
  message: 'Falla forzada por el simulador.',
} as const;

const MAX_IDS = 10_000;

interface Rule extends ForcedFailure {
  /** Failures left per id when `times` is set. */
  left: Map<string, number>;
}

export class ForcedFailures {
  private rules: Rule[] = [];

  /** Adds a rule; a rule for the same service and operation replaces the previous one. */
  add(failure: ForcedFailure): void {
    this.rules = this.rules.filter(
      (rule) => !(rule.service === failure.service && rule.operation === failure.operation),
    );
    this.rules.push({ ...failure, ids: [...failure.ids], left: new Map() });
  }

  list(): ForcedFailure[] {
    return this.rules.map((rule) => ({
      service: rule.service,
      operation: rule.operation,
      ids: [...rule.ids],
      status: rule.status,
      code: rule.code,
      extended_code: rule.extended_code,
      message: rule.message,
      times: rule.times,
    }));
  }

  clear(): void {
    this.rules = [];
  }

  /**
   * The error to answer for this write, or undefined to let it run. The newest matching rule wins; an
   * operation's own rule wins over "*".
   */
  match(service: string, operation: string, id: string): HttpError | undefined {
    const candidates = this.rules.filter(
      (rule) =>
        rule.service === service &&
        (rule.operation === operation || rule.operation === '*') &&
        (rule.ids.length === 0 || rule.ids.includes(id)),
    );
    const rule =
      candidates.filter((r) => r.operation === operation).pop() ??
      candidates.filter((r) => r.operation === '*').pop();
    if (!rule) return undefined;
    if (rule.times !== null) {
      const left = rule.left.get(id) ?? rule.times;
      if (left <= 0) return undefined;
      rule.left.set(id, left - 1);
    }
    return new HttpError(rule.status, rule.code, rule.extended_code, rule.message);
  }
}

function text(value: unknown, name: string, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !value.trim() || value.length > 500) {
    throw badRequest('invalid_body', `${name} debe ser un texto no vacío (hasta 500 caracteres).`);
  }
  return value.trim();
}

/** Validates `POST /__admin/failures`: {service, operation, ids?, status?, code?, extended_code?, message?, times?}. */
export function parseForcedFailure(body: unknown, services: readonly string[]): ForcedFailure {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest(
      'invalid_body',
      'Se espera un objeto {service, operation, ids?, status?, code?, extended_code?, message?, times?}.',
    );
  }
  const raw = body as Record<string, unknown>;
  if (typeof raw.service !== 'string' || !services.includes(raw.service)) {
    throw badRequest('invalid_body', `service debe ser uno de: ${services.join(', ')}.`);
  }
  if (typeof raw.operation !== 'string' || !/^(\*|[a-z][a-z0-9-]{0,63})$/.test(raw.operation)) {
    throw badRequest(
      'invalid_body',
      'operation debe ser "*" o el último segmento de la ruta de la acción (p. ej. "cancelar").',
    );
  }
  let ids: string[] = [];
  if (raw.ids !== undefined && raw.ids !== null) {
    if (!Array.isArray(raw.ids) || raw.ids.length > MAX_IDS) {
      throw badRequest('invalid_body', `ids debe ser una lista de hasta ${MAX_IDS} ids.`);
    }
    ids = raw.ids.map((id) => {
      if (typeof id === 'number' && Number.isInteger(id) && id >= 0) return String(id);
      if (typeof id === 'string' && id.trim() && id.length <= 64) return id.trim();
      throw badRequest('invalid_body', 'Cada id de ids debe ser un texto o un entero no negativo.');
    });
  }
  const status = raw.status ?? FORCED_FAILURE_DEFAULTS.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) {
    throw badRequest('invalid_body', 'status debe ser un entero entre 400 y 599.');
  }
  const times = raw.times ?? null;
  if (times !== null && (typeof times !== 'number' || !Number.isInteger(times) || times < 1)) {
    throw badRequest('invalid_body', 'times debe ser un entero mayor o igual a 1.');
  }
  return {
    service: raw.service,
    operation: raw.operation,
    ids: [...new Set(ids)],
    status,
    code: text(raw.code, 'code', FORCED_FAILURE_DEFAULTS.code),
    extended_code: text(raw.extended_code, 'extended_code', FORCED_FAILURE_DEFAULTS.extended_code),
    message: text(raw.message, 'message', FORCED_FAILURE_DEFAULTS.message),
    times,
  };
}
