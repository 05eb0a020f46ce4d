import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot, showPath, tick, transitionsDone } from './support/browser';
import {
  clearRecordedRequests,
  openList,
  recordedRequests,
  rowById,
  searchAfter,
  settled,
  writesOf,
} from './support/payments-list';
import { clearUpstreamRequests, type Stack } from './support/stack';
import { useBrowserStack } from './support/suite';
import {
  shownRowIds,
  subscriptionRow,
  subscriptionsSettled,
  subscriptionWrites,
} from './support/subscriptions';

/**
 * Bulk actions over "all N matching the search" (beyond what the spec asks) on /pagos and /suscripciones: with
 * every row of a 10-row page ticked, the bar offers the N matching rows; the operator takes it, confirms the
 * count, gives the reason and sees one result per item; the stubs received exactly one write for each item the
 * list's filter matches (the stubs' own answer to the same filter, replayed), none for any other.
 */

const suite = useBrowserStack({ role: 'operador', path: '/home' });

/**
 * The ids the stubs hold for the filter of the list call the gateway made for the page on screen (its
 * recorded GET, replayed with the upstream's largest page).
 */
async function matchingIdsInStubs(stack: Stack, path: string): Promise<string[]> {
  const log = (await (await fetch(`${stack.urls.stubs}/__admin/requests?limit=2000`)).json()) as {
    method: string;
    path: string;
    query?: Record<string, unknown>;
  }[];
  const listCalls = log.filter((r) => r.method === 'GET' && r.path === path);
  const last = listCalls.at(-1);
  if (!last) throw new Error(`La lista no llamó a ${path}`);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(last.query ?? {})) query.set(name, String(value));
  query.set('page', '1');
  query.set('limit', '1000');
  const answer = (await (await fetch(`${stack.urls.stubs}${path}?${query.toString()}`)).json()) as {
    rows: { id: string }[];
    size: number;
  };
  expect(answer.rows).toHaveLength(answer.size);
  return answer.rows.map((row) => row.id);
}

const sorted = (ids: readonly string[]) => [...ids].sort();

/** Ticks every row of the page, one by one, as an operator would. */
async function tickEvery(rows: readonly Locator[]): Promise<void> {
  for (const row of rows) await tick(row.getByRole('checkbox'));
}

/**
 * From the bulk bar's "Cancelar" over every matching row to the progress dialog's final summary: the count
 * confirmed by ticking "Confirmo que se aplicará a N <noun>", then the reason.
 */
async function cancelAllMatching(page: Page, count: number, noun: string, submit: string): Promise<Locator> {
  await page.getByTestId('bulk-actions').getByRole('button', { name: 'Cancelar', exact: true }).click();
  const confirm = page.getByTestId('bulk-count-confirm-dialog');
  await confirm.waitFor();
  const next = confirm.getByRole('button', { name: 'Continuar' });
  expect(await next.isDisabled()).toBe(true);
  await confirm.getByRole('checkbox', { name: `Confirmo que se aplicará a ${count} ${noun}` }).check();
  await transitionsDone(page);
  expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
  await screenshot(page, `bulk-all-matching-${noun}-confirm`);
  await next.click();
  const reason = page.getByRole('textbox', { name: 'Ingrese el motivo' });
  await reason.fill('Cierre del período completo');
  await page.getByRole('dialog').getByRole('button', { name: submit }).click();
  const progress = page.getByTestId('bulk-progress-dialog');
  await progress.getByText(/^Finalizado:/).waitFor({ timeout: 60_000 });
  return progress;
}

async function progressItems(progress: Locator): Promise<{ id: string; state: string }[]> {
  return progress.getByTestId('bulk-item').evaluateAll((items) =>
    items.map((item) => ({
      id: item.getAttribute('data-id') ?? '',
      state: item.getAttribute('data-state') ?? '',
    })),
  );
}

describe('bulk actions over every row matching the search', () => {
  it('/pagos: selects the N issued payments of the period, confirms the count and cancels exactly those', async () => {
    const { page, stack } = suite;
    await clearUpstreamRequests(stack);
    await openList(page, stack.urls.web, { status: 'issued', page_size: '10' });
    const expected = await matchingIdsInStubs(stack, '/payment/pagos');
    const count = expected.length;
    expect(count).toBeGreaterThan(10);
    expect(await page.getByTestId('result-count').innerText()).toBe(`${count} pagos`);

    const pageIds = await page
      .getByRole('grid', { name: 'Pagos' })
      .locator('.MuiDataGrid-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') ?? ''));
    expect(pageIds).toHaveLength(10);
    const offer = page.getByRole('button', {
      name: `Seleccionar los ${count} pagos que coinciden con la búsqueda`,
    });
    // Not offered until every row of the page is ticked.
    await tickEvery(pageIds.slice(0, 9).map((id) => rowById(page, id)));
    expect(await offer.count()).toBe(0);
    await tickEvery([rowById(page, pageIds[9]!)]);
    await offer.click();
    const selected = page.getByTestId('all-matching-selected');
    expect(await selected.innerText()).toBe(
      `${count} pagos seleccionados (todos los que coinciden con la búsqueda)`,
    );
    // "Solo los de esta página" goes back to the page's rows; the offer is there again.
    await page.getByRole('button', { name: 'Solo los de esta página' }).click();
    expect(await page.getByTestId('selection-count').innerText()).toBe('10 pagos seleccionados');
    await offer.click();
    // Another page leaves the mode (and the selection); back on the first page the rows are ticked again.
    await searchAfter(page, () => page.getByRole('button', { name: 'Ir a la página siguiente' }).click());
    expect(await selected.count()).toBe(0);
    await searchAfter(page, () => page.getByRole('button', { name: 'Ir a la página anterior' }).click());
    expect(await selected.count()).toBe(0);
    await tickEvery(pageIds.map((id) => rowById(page, id)));
    await offer.click();
    expect(await selected.innerText()).toBe(
      `${count} pagos seleccionados (todos los que coinciden con la búsqueda)`,
    );
    await transitionsDone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-all-matching-pagos-selected');

    await clearRecordedRequests(stack);
    const progress = await cancelAllMatching(page, count, 'pagos', 'Cancelar pagos');
    const items = await progressItems(progress);
    expect(sorted(items.map((i) => i.id))).toEqual(sorted(expected));
    expect(items.every((i) => i.state === 'success')).toBe(true);
    expect(await progress.getByTestId('bulk-summary').innerText()).toBe(
      `Finalizado: ${count} correctos, 0 con error.`,
    );
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'bulk-all-matching-pagos-results');

    // Exactly one cancel per matching payment reached the stubs, and nothing else was written.
    const requests = await recordedRequests(stack);
    const cancelled = writesOf(requests, 'cancelar');
    expect(sorted(cancelled)).toEqual(sorted(expected));
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(count);

    await progress.getByRole('button', { name: 'Cerrar' }).last().click();
    await progress.waitFor({ state: 'detached' });
    await settled(page);
    // None of them is issued any more: the list of issued payments of the period is empty.
    await page.getByText('No se encontraron pagos').first().waitFor();
  });

  it('/suscripciones: cancels every subscription of the collector, each on its own', async () => {
    const { page, stack } = suite;
    await clearUpstreamRequests(stack);
    // In the app: /suscripciones is not in its cache yet, so the list that settles is the network's answer.
    await showPath(page, stack.urls.web, '/suscripciones?entidad=10019&medio=todos&page_size=10');
    await subscriptionsSettled(page);
    const expected = await matchingIdsInStubs(stack, '/subscription/suscripciones');
    const count = expected.length;
    expect(count).toBeGreaterThan(10);
    await page.getByTestId('subscriptions-total').getByText(`${count} suscripciones`).waitFor();

    const pageIds = await shownRowIds(page);
    expect(pageIds).toHaveLength(10);
    await tickEvery(pageIds.map((id) => subscriptionRow(page, id)));
    await page
      .getByRole('button', { name: `Seleccionar las ${count} suscripciones que coinciden con la búsqueda` })
      .click();
    expect(await page.getByTestId('all-matching-selected').innerText()).toBe(
      `${count} suscripciones seleccionadas (todas las que coinciden con la búsqueda)`,
    );
    await transitionsDone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-all-matching-suscripciones-selected');

    await clearUpstreamRequests(stack);
    const progress = await cancelAllMatching(page, count, 'suscripciones', 'Cancelar suscripciones');
    const items = await progressItems(progress);
    expect(sorted(items.map((i) => i.id))).toEqual(sorted(expected));
    // Already cancelled ones fail alone (not written); every other one is cancelled once.
    const succeeded = items.filter((i) => i.state === 'success').map((i) => i.id);
    const failed = items.filter((i) => i.state === 'error').map((i) => i.id);
    expect(succeeded.length + failed.length).toBe(count);
    expect(succeeded.length).toBeGreaterThan(10);
    const writes = await subscriptionWrites(stack);
    expect(writes.every((w) => w.operation === 'cancelar')).toBe(true);
    expect(sorted(writes.map((w) => w.id))).toEqual(sorted(succeeded));
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'bulk-all-matching-suscripciones-results');
  });
});
