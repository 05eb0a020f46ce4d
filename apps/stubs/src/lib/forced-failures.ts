/**
 * Deterministic failures for tests. Either "the write `operation` of `service` fails for exactly these ids" (a
 * browser test makes 3 of 10 bulk cancels fail, then clears the switch and retries them), checked by the write
 * itself; or "every request of this method and/or path pattern fails" (any route, reads included: a forced 504 on
 * a write gives the gateway's UNKNOWN outcome), checked before the route runs. Unlike the random faults of
 * `faults.ts`, a forced failure answers a realistic error `{code, extended_code, message}` with the chosen status.
 */
import { badRequest, HttpError } from './errors.js';
import {
  checkMethod,
  checkOperation,
  checkPath,
  checkService,
  type Catalogue,
  type PathMatcher,
} from './operations.js';

export interface ForcedFailure {
  service: string;
  /** The action's last path segment (`cancelar`, `medio-de-pago`, `cancelar-objecion`...) or "*". */
  operation?: string;
  /** Instead of `operation`: requests of this method (and `path`, when given). */
  method?: string;
  /** Instead of `operation`: requests whose full path matches this express-style pattern. */
  path?: string;
  /** The resource ids of `operation` that fail; empty: every id. */
  ids: string[];
  status: number;
  code: string;
  extended_code: string;
  message: string;
  /** How many more times each id (a `path`/`method` rule: the rule) fails; null: until cleared. */
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
  /** The `path` pattern's matcher (a method or path rule). */
  matches: PathMatcher | null;
}

const keyOf = (failure: ForcedFailure): string =>
  failure.operation !== undefined
    ? `${failure.service} ${failure.operation}`
    : `${failure.service} ${failure.method ?? '*'} ${failure.path ?? ''}`;

export class ForcedFailures {
  private rules: Rule[] = [];

  /** Adds a rule; a rule for the same service and operation (or method and path) replaces the previous one. */
  add(failure: ForcedFailure, matches: PathMatcher | null = null): void {
    const key = keyOf(failure);
    this.rules = this.rules.filter((rule) => keyOf(rule) !== key);
    this.rules.push({ ...failure, ids: [...failure.ids], left: new Map(), matches });
  }

  list(): ForcedFailure[] {
    return this.rules.map((rule) => ({
      service: rule.service,
      operation: rule.operation,
      method: rule.method,
      path: rule.path,
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
        rule.operation !== undefined &&
        rule.service === service &&
        (rule.operation === operation || rule.operation === '*') &&
        (rule.ids.length === 0 || rule.ids.includes(id)),
    );
    const rule =
      candidates.filter((r) => r.operation === operation).pop() ??
      candidates.filter((r) => r.operation === '*').pop();
    return rule ? this.fail(rule, id) : undefined;
  }

  /**
   * The error to answer for this request before its route runs (a method or path rule), or undefined. The newest
   * matching rule wins.
   */
  matchRequest(service: string, method: string, path: string): HttpError | undefined {
    const rule = this.rules.findLast(
      (rule) =>
        rule.operation === undefined &&
        rule.service === service &&
        (rule.method === undefined || rule.method === method) &&
        (rule.matches === null || rule.matches(path)),
    );
    return rule ? this.fail(rule, '') : undefined;
  }

  /** The rule's error, counting one failure of `id` against `times`; undefined once they are spent. */
  private fail(rule: Rule, id: string): HttpError | undefined {
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

/**
 * Validates `POST /__admin/failures`: {service, operation | method and/or path, ids?, status?, code?,
 * extended_code?, message?, times?}; an unknown service, operation, method or route is refused naming the valid
 * ones. Returns the rule and its path matcher.
 */
export function parseForcedFailure(
  body: unknown,
  catalogue: Catalogue,
): { failure: ForcedFailure; matches: PathMatcher | null } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest(
      'invalid_body',
      'Se espera un objeto {service, operation | method y/o path, ids?, status?, code?, extended_code?, message?, times?}.',
    );
  }
  const raw = body as Record<string, unknown>;
  const service = checkService(catalogue, raw.service);
  const byRequest = raw.method !== undefined || raw.path !== undefined;
  if (byRequest === (raw.operation !== undefined)) {
    throw badRequest(
      'invalid_body',
      'Indique operation (p. ej. "cancelar") o method y/o path (p. ej. "POST" y "/payment/pagos/:id/cancelar"), no ambos.',
    );
  }
  const method = checkMethod(raw.method);
  const matches = raw.path === undefined ? null : checkPath(catalogue, service, method, raw.path);
  const operation = byRequest ? undefined : checkOperation(catalogue, service, raw.operation);
  if (byRequest && raw.ids !== undefined && raw.ids !== null) {
    throw badRequest('invalid_body', 'ids va con operation; con path, ponga el id en el patrón.');
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
  const failure: ForcedFailure = {
    service,
    operation,
    method,
    path: raw.path as string | undefined,
    ids: [...new Set(ids)],
    status,
    code: text(raw.code, 'code', FORCED_FAILURE_DEFAULTS.code),
    extended_code: text(raw.extended_code, 'extended_code', FORCED_FAILURE_DEFAULTS.extended_code),
    message: text(raw.message, 'message', FORCED_FAILURE_DEFAULTS.message),
    times,
  };
  return { failure, matches };
}
