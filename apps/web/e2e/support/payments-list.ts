import type { Locator, Page } from 'playwright-core';
import { showPath } from './browser';
import { grid as gridOf, gridRow, gridSettled } from './grid';
import type { Stack } from './stack';
import { stubAdmin as admin, stubRequests, type RecordedStubRequest } from './stub-http';

/** Helpers for browser tests of Buscar Pagos (/pagos) and the stubs' admin switches. */

const GRID = 'Pagos';
export const grid = (page: Page) => gridOf(page, GRID);
export const dataRows = (page: Page) => grid(page).locator('.MuiDataGrid-row');
export const cells = (page: Page, field: string) =>
  grid(page).locator(`.MuiDataGrid-row [data-field="${field}"]`);
export const rowById = (page: Page, id: string) => gridRow(page, GRID, id);

export async function texts(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((text) => text.trim());
}

/** Waits until the grid shows rows (or its empty state) and no loading indicator. */
export const settled = (page: Page) => gridSettled(page, GRID, 'No se encontraron pagos');

/** A response of the gateway to the named operation. */
export function gatewayAnswer(page: Page, operationName: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().includes('/graphql') &&
      (response.request().postData() ?? '').includes(`"operationName":"${operationName}"`),
  );
}

/**
 * Runs an action that must send a new PaymentsSearch, and waits for its answer to be on screen: the grid
 * shows exactly the answer's rows (the answer reaching the browser is not enough, React renders it later). The
 * answer awaited is that of a request the action sent: a search the page had in flight before (the list of the
 * screen an in-app navigation leaves, still loading) may answer after the action starts, with other rows.
 */
export async function searchAfter(page: Page, action: () => Promise<unknown>): Promise<void> {
  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      request.url().includes('/graphql') &&
      (request.postData() ?? '').includes('"operationName":"PaymentsSearch"'),
  );
  await action();
  const response = await (await sent).response();
  let ids: string[] | undefined;
  try {
    const body = (await response?.json()) as { data?: { payments?: { rows?: { id: string }[] } } } | undefined;
    ids = body?.data?.payments?.rows?.map((row) => row.id);
  } catch {
    ids = undefined; // not JSON: an error answer, shown as such
  }
  if (ids) await waitForRowIds(page, ids);
  await settled(page);
}

/**
 * Shows /pagos with these parameters and waits for its list: inside the app when the page already shows one of its
 * screens (showPath: the list mounts anew from the address, and the route's preload sends its PaymentsSearch to the
 * network whatever the cache holds), a page load otherwise. A test of the boot or the address bar calls `page.goto`.
 */
export async function openList(page: Page, webUrl: string, params: Record<string, string>): Promise<void> {
  const search = new URLSearchParams(params).toString();
  await searchAfter(page, () => showPath(page, webUrl, `/pagos${search ? `?${search}` : ''}`));
}

/** Waits until the grid shows exactly these row ids, in order. */
export async function waitForRowIds(page: Page, ids: readonly string[], timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const rows = [...document.querySelectorAll('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row')];
      const shown = rows.map((row) => row.getAttribute('data-id'));
      return JSON.stringify(shown) === JSON.stringify(expected);
    },
    ids,
    { timeout },
  );
}

// --- stubs admin ---------------------------------------------------------------------------------------

export interface ForcedFailure {
  service: 'payment';
  /** Last path segment of the write: cancelar, medio-de-pago, cancelar-objecion... */
  operation: string;
  ids: string[];
  status?: number;
  code?: string;
  extended_code?: string;
  message?: string;
}

/** Makes exactly these writes fail (POST /__admin/failures). */
export const forceFailures = (stack: Stack, failure: ForcedFailure) =>
  admin(stack, 'POST', 'failures', failure);
export const clearForcedFailures = (stack: Stack) => admin(stack, 'DELETE', 'failures');

export const recordedRequests = (stack: Stack) => stubRequests(stack, 'payment');
export const clearRecordedRequests = (stack: Stack) => admin(stack, 'DELETE', 'requests');

/** The ids of the payment writes of one operation the stubs received (POST /payment/pagos/{id}/{operation}). */
export function writesOf(requests: readonly RecordedStubRequest[], operation: string): string[] {
  const pattern = new RegExp(`^/payment/pagos/([^/]+)/${operation}$`);
  return requests
    .filter((r) => r.method !== 'GET')
    .map((r) => pattern.exec(r.path)?.[1])
    .filter((id): id is string => id !== undefined);
}
