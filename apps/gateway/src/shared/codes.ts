/**
 * Closed code sets: an upstream code the schema types as an enum. The table maps each known code
 * (lowercase) to its value; a code the gateway does not know yet becomes OTHER, so a list or a record still answers
 * (throwing would null the record and, non-null, its page), and is logged once per set and code so it can be added.
 */
import type { Logger } from '../logger.js';

/** What a code of a closed set maps to when the gateway does not know it (every such enum has it). */
export const UNKNOWN_CODE = 'OTHER';

/** The logger of unknown codes: the gateway's, set when it starts (a mapper has no request to log through). */
let logger: Pick<Logger, 'warn'> | null = null;
const reported = new Set<string>();
/** Bounded, so an upstream sending a new code in every row cannot grow the process's memory. */
const MAX_REPORTED = 1000;

export function reportUnknownCodesTo(target: Pick<Logger, 'warn'>): void {
  logger = target;
}

/** `value` as the enum value `table` gives its lowercase code, OTHER when unknown, null when there is none. */
export function enumOf<T extends string>(
  table: Readonly<Record<string, T>>,
  value: unknown,
  set: string,
): T | typeof UNKNOWN_CODE | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const known = table[value.trim().toLowerCase()];
  if (known) return known;
  const seen = `${set}\u0000${value}`;
  if (!reported.has(seen) && reported.size < MAX_REPORTED) {
    reported.add(seen);
    logger?.warn('unknown upstream code', { set, code: value.slice(0, 100) });
  }
  return UNKNOWN_CODE;
}

/** A currency (ISO 4217) of the schema's Currency enum. */
export const CURRENCIES = { ars: 'ARS', usd: 'USD' } as const;
