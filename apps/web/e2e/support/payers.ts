import type { Stack } from './stack';
import { stubRequest } from './stub-http';

/** Helpers for the payers, payer references and collectors browser tests (docs/upstream-contract.md). */

export interface PayerWrite {
  method: string;
  path: string;
  body: unknown;
}

/** The writes the payer service received (POST/PUT/DELETE under /payer). */
export async function payerWrites(stack: Stack): Promise<PayerWrite[]> {
  const res = await fetch(`${stack.urls.stubs}/__admin/requests?service=payer`);
  const rows = (await res.json()) as Array<{ method: string; path: string; body: unknown }>;
  return rows
    .filter((row) => row.method !== 'GET')
    .map((row) => ({ method: row.method, path: row.path, body: row.body }));
}

export async function clearRequests(stack: Stack): Promise<void> {
  await fetch(`${stack.urls.stubs}/__admin/requests`, { method: 'DELETE' });
}

/** GET a stub path (the stub state, e.g. `/payer/pagadores/referencias?filters=...`). */
export const stubGet = <T>(stack: Stack, path: string) => stubRequest<T>(stack, 'GET', path);

export const referencesOf = (stack: Stack, collectorId: string) =>
  stubGet<{ size: number; rows: Array<{ id: string; name: string }> }>(
    stack,
    `/payer/pagadores/referencias?limit=1000&filters=${encodeURIComponent(
      JSON.stringify([{ field: 'collector_id', operation: 'EQUAL', value: collectorId }]),
    )}`,
  );
