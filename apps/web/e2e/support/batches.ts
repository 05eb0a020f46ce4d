import type { Page } from 'playwright-core';
import { gridRow, gridSettled, shownIds } from './grid';
import type { Stack } from './stack';
import { stubRequest } from './stub-http';

/** Helpers for the withdrawal batch browser tests (fixtures 20190-20195: docs/upstream-contract.md "Batch service"). */

const GRID = 'Lotes';
export const batchRow = (page: Page, id: string) => gridRow(page, GRID, id);
export const batchesSettled = (page: Page) => gridSettled(page, GRID, 'No se encontraron lotes');
export const shownBatchIds = (page: Page) => shownIds(page, GRID);

/** Opens a row's ACCIONES menu and picks an entry. */
export async function rowAction(page: Page, id: string, label: string): Promise<void> {
  await batchRow(page, id)
    .getByRole('button', { name: `Acciones del lote ${id}` })
    .click();
  await page
    .getByRole('menu', { name: `Acciones del lote ${id}` })
    .getByRole('menuitem', { name: label })
    .click();
}

export const clearBatchRequests = (stack: Stack) => stubRequest(stack, 'DELETE', '/__admin/requests');

/** The batch as the batch service holds it now. */
export const stubBatch = (stack: Stack, id: string) =>
  stubRequest(stack, 'GET', `/batch/lotes/${id}`) as Promise<Record<string, unknown> & { status: string }>;

/** The batch service requests the stubs received, as 'METHOD /path' (reads of the tests themselves excluded). */
export async function batchRequests(stack: Stack): Promise<string[]> {
  const requests = (await stubRequest(stack, 'GET', '/__admin/requests?service=batch')) as {
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
  }[];
  return requests.filter((r) => r.headers.authorization !== undefined).map((r) => `${r.method} ${r.path}`);
}
