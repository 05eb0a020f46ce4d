import type { Stack } from './stack';

/** Helpers of the AFIP, software-provider and BIN browser tests (fixtures: docs/upstream-contract.md). */

type Loose = ReturnType<typeof JSON.parse>;

/** A stub document as the service holds it now (`null` on 404). */
export async function stubGet(stack: Stack, path: string): Promise<Loose> {
  const res = await fetch(`${stack.urls.stubs}${path}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${path} respondió ${res.status}`);
  return (await res.json()) as Loose;
}

/** Every row of a stub list with these filters (one page of 1000). */
export async function stubRows(stack: Stack, path: string, filters: unknown[] = []): Promise<Loose[]> {
  const query = new URLSearchParams({ filters: JSON.stringify(filters), limit: '1000' });
  return ((await stubGet(stack, `${path}?${query.toString()}`)) as { rows: Loose[] }).rows;
}
