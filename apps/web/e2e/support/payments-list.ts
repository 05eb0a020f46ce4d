import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
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

/** The row ids a PaymentsSearch answered, or undefined for an answer without rows (an error, not JSON, none). */
async function answeredIds(request: Request): Promise<string[] | undefined> {
  try {
    const response = await request.response();
    const body = (await response?.json()) as
      { data?: { payments?: { rows?: { id: string }[] } } } | undefined;
    return body?.data?.payments?.rows?.map((row) => row.id);
  } catch {
    return undefined;
  }
}

const isPaymentsSearch = (request: Request) =>
  request.method() === 'POST' &&
  request.url().includes('/graphql') &&
  (request.postData() ?? '').includes('"operationName":"PaymentsSearch"');

/**
 * What the page itself says for a failed wait: its filter fields, how many screens it holds, how long ago it loaded
 * and when (ms ago) it asked the gateway. A request sent before the action can explain rows shown without one.
 */
function pageRecord(page: Page): Promise<string> {
  return page.evaluate(() => {
    const ago = (at: number) => Math.round(performance.timeOrigin + at - Date.now());
    const asked = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/graphql'))
      .map((entry) => `${ago(entry.startTime)}ms`);
    const fields = [...document.querySelectorAll<HTMLInputElement>('main input')].map(
      (input) => `${input.getAttribute('aria-label') ?? input.name ?? '?'}=${input.value}`,
    );
    return (
      `campos: ${fields.join(' ')}; pantallas: ${document.querySelectorAll('[data-routed-screen]').length}; ` +
      `carga de la página hace ${Math.round(Date.now() - performance.timeOrigin)} ms; /graphql: ${asked.join(' ')}`
    );
  });
}

/**
 * Runs an action that must send a new PaymentsSearch, and waits for its answer to be on screen: the grid
 * shows exactly the answer's rows (the answer reaching the browser is not enough, React renders it later). Only
 * searches sent once the action starts count, and every one of them: a list the page was still loading (an in-app
 * visit from /home, whose list may send its search as the route changes, before or after the new list's) can answer
 * with other rows, but the screen it belongs to is gone when the action resolves (openInApp), so the grid then
 * shows the rows of the new list's answer, whichever of the searches that was. An answer without rows (an error)
 * ends the wait once every search sent has answered, and the list is then awaited settled as it shows it.
 */
export async function searchAfter(
  page: Page,
  action: () => Promise<unknown>,
  timeout = 20_000,
): Promise<void> {
  const searches: { answered: boolean; ids?: string[] | undefined }[] = [];
  /** Every request to the gateway meanwhile (its operation), for the failure's message. */
  const sentToGateway: string[] = [];
  let requestsSeen = 0;
  const actionStart = Date.now();
  const onRequest = (request: Request) => {
    requestsSeen++;
    if (request.url().includes('/graphql')) {
      sentToGateway.push(/"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1] ?? request.method());
    }
    if (!isPaymentsSearch(request)) return;
    const search: (typeof searches)[number] = { answered: false };
    searches.push(search);
    void answeredIds(request).then((ids) => Object.assign(search, { answered: true, ids }));
  };
  page.on('request', onRequest);
  // What the last poll saw, for the failure's message: a red run in CI must say which searches left and answered.
  let shownRows = '';
  try {
    await action();
    await expect
      .poll(
        async () => {
          shownRows = JSON.stringify(
            await page.evaluate(() =>
              [...document.querySelectorAll('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row')].map(
                (row) => row.getAttribute('data-id'),
              ),
            ),
          );
          // None yet: a page load may send it after its load event.
          if (searches.length === 0) return false;
          if (searches.some((search) => search.ids && JSON.stringify(search.ids) === shownRows)) return true;
          return searches.every((search) => search.answered) && searches.some((search) => !search.ids);
        },
        { timeout, message: 'la grilla no muestra la respuesta de la búsqueda que la acción envió' },
      )
      .toBe(true);
  } catch (error) {
    const timeline = await pageRecord(page).catch((reason: unknown) => String(reason));
    const sent = searches.map((search) =>
      search.answered ? JSON.stringify(search.ids ?? null) : 'sin respuesta',
    );
    throw new Error(
      `${String(error)}\nbúsquedas enviadas: ${sent.length === 0 ? 'ninguna' : sent.join(' | ')}\n` +
        `filas en pantalla: ${shownRows || '(no leídas)'}\npedidos al gateway: ${sentToGateway.join(', ') || 'ninguno'}\n` +
        `página: ${page.url()} (${timeline}; acción hace ${Date.now() - actionStart} ms, ${requestsSeen} pedidos vistos)`,
      { cause: error },
    );
  } finally {
    page.off('request', onRequest);
  }
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
