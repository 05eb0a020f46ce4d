import type { Stack } from './stack';
import { stubRequest } from './stub-http';

/** Helpers for the payers, payer references and collectors browser tests (docs/upstream-contract.md). */

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
