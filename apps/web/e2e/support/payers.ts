import type { Page } from 'playwright-core';
import type { Stack } from './stack';

/** Helpers for the payers, payer references and collectors browser tests (docs/upstream-contract.md). */

/** Waits until the grid named `name` shows rows or `empty`, with no loading indicator. */
export async function gridSettled(page: Page, name: string, empty: string): Promise<void> {
  await page.waitForFunction(
    ([gridName, emptyText]) => {
      const root = document.querySelector(`[role="grid"][aria-label="${gridName}"]`);
      if (!root || root.querySelector('.MuiLinearProgress-root, .MuiSkeleton-root')) return false;
      return root.querySelector('.MuiDataGrid-row') !== null || (root.textContent ?? '').includes(emptyText);
    },
    [name, empty] as const,
  );
}

export async function gridRowIds(page: Page, name: string): Promise<string[]> {
  return page
    .getByRole('grid', { name })
    .locator('.MuiDataGrid-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') ?? ''));
}

export async function gridColumn(page: Page, name: string, field: string): Promise<string[]> {
  const texts = await page
    .getByRole('grid', { name })
    .locator(`.MuiDataGrid-row [data-field="${field}"]`)
    .allInnerTexts();
  return texts.map((text) => text.trim());
}

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
export async function stubGet<T>(stack: Stack, path: string): Promise<T> {
  const res = await fetch(`${stack.urls.stubs}${path}`);
  return (await res.json()) as T;
}

export const referencesOf = (stack: Stack, collectorId: string) =>
  stubGet<{ size: number; rows: Array<{ id: string; name: string }> }>(
    stack,
    `/payer/pagadores/referencias?limit=1000&filters=${encodeURIComponent(
      JSON.stringify([{ field: 'collector_id', operation: 'EQUAL', value: collectorId }]),
    )}`,
  );
