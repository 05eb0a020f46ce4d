/**
 * Settings of the payments module, read from the environment once (kept here rather than in config.ts so the
 * module stays self-contained):
 * - FORM_HOST: the external payment form; the checkout link is `${FORM_HOST}/{paymentId}/checkout`
 *   (+ `/ticket` when approved). Default http://localhost:5173/formulario.
 * - BULK_CONCURRENCY: how many items of a bulk action run at once upstream (1-32, default 8).
 * - BULK_MAX_ITEMS: the most ids one bulk mutation accepts (default 500).
 */
export interface PaymentsConfig {
  formHost: string;
  bulkConcurrency: number;
  bulkMaxItems: number;
}

export const DEFAULT_FORM_HOST = 'http://localhost:5173/formulario';

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

export function loadPaymentsConfig(env: Env = process.env): PaymentsConfig {
  const rawHost = env.FORM_HOST?.trim() || DEFAULT_FORM_HOST;
  try {
    new URL(rawHost);
  } catch {
    throw new Error(`FORM_HOST must be an absolute URL (got "${rawHost}")`);
  }
  return {
    formHost: rawHost.replace(/\/+$/, ''),
    bulkConcurrency: intFrom(env, 'BULK_CONCURRENCY', 8, 1, 32),
    bulkMaxItems: intFrom(env, 'BULK_MAX_ITEMS', 500, 1, 1000),
  };
}

let cached: PaymentsConfig | null = null;

/** The module's settings (read on first use). */
export function paymentsConfig(): PaymentsConfig {
  cached ??= loadPaymentsConfig();
  return cached;
}
