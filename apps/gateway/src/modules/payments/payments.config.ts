/**
 * Settings of the payments module, read from the environment once (kept here rather than in config.ts so the
 * module stays self-contained):
 * - FORM_HOST: the external payment form; the checkout link is `${FORM_HOST}/{paymentId}/checkout`
 *   (+ `/ticket` when approved). Default http://localhost:5173/formulario.
 * - BULK_CONCURRENCY, BULK_MAX_ITEMS: the platform's bulk settings (shared/bulk.ts), repeated here.
 */
import { loadBulkSettings } from '../../shared/bulk.js';

export interface PaymentsConfig {
  formHost: string;
  bulkConcurrency: number;
  bulkMaxItems: number;
}

export const DEFAULT_FORM_HOST = 'http://localhost:5173/formulario';

type Env = Record<string, string | undefined>;

export function loadPaymentsConfig(env: Env = process.env): PaymentsConfig {
  const rawHost = env.FORM_HOST?.trim() || DEFAULT_FORM_HOST;
  try {
    new URL(rawHost);
  } catch {
    throw new Error(`FORM_HOST must be an absolute URL (got "${rawHost}")`);
  }
  const bulk = loadBulkSettings(env);
  return {
    formHost: rawHost.replace(/\/+$/, ''),
    bulkConcurrency: bulk.concurrency,
    bulkMaxItems: bulk.maxItems,
  };
}

let cached: PaymentsConfig | null = null;

/** The module's settings (read on first use). */
export function paymentsConfig(): PaymentsConfig {
  cached ??= loadPaymentsConfig();
  return cached;
}
