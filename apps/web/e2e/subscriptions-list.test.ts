import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { openInApp, screenshot, showPath, TAKE_SCREENSHOTS, tick } from './support/browser';
import {
  clearSubscriptionFailures,
  clearSubscriptionRequests,
  forceSubscriptionFailure,
  shownRowIds,
  subscriptionRow,
  subscriptionWrites,
  subscriptionsSettled,
} from './support/subscriptions';

/**
 * Buscar Suscripciones (spec 000 §2 "Subscription search", §4 multi-select rules, §8 per-item messages) as
 * operador, against the whole stack and the stub fixtures (docs/upstream-contract.md §5b).
 */

const suite = useBrowserStack({ role: 'operador', path: '/suscripciones?estado=cancelled&medio=todos' });
let page: Page;
const SOFIA = 'sofia.benitez@gmail.com';

beforeAll(async () => {
  page = suite.page;
  await subscriptionsSettled(page);
});

const bulkButton = (label: string) =>
  page.getByTestId('bulk-actions').getByRole('button', { name: label, exact: true });
const select = (id: string) => tick(subscriptionRow(page, id).getByRole('checkbox'));

describe('Buscar Suscripciones as operador', () => {
  it("has 'Historial de exportaciones' in its header, as Buscar Pagos", async () => {
    await showPath(page, suite.stack.urls.web, '/suscripciones?estado=cancelled&medio=todos');
    await subscriptionsSettled(page);
    const history = page.getByRole('link', { name: 'Historial de exportaciones' });
    await expect(history.getAttribute('href')).resolves.toBe('/exportaciones');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await history.click();
    await page.waitForURL((url) => url.pathname === '/exportaciones');
    await page.getByRole('heading', { level: 1, name: 'Historial de exportaciones' }).waitFor();
  });

  it('arriving with ?pagador= filters by that payer, forgets the saved filters and removes the parameters from the address', async () => {
    // Inside the app, as the payer's link arrives (the screen mounts anew from the address); the reload below loads it.
    await showPath(page, suite.stack.urls.web, `/suscripciones?pagador=${encodeURIComponent(SOFIA)}`);
    await page.waitForURL((url) => !url.searchParams.has('pagador'));
    await subscriptionsSettled(page);
    // Spec 000 §2: the parameters are removed from the address, none written in their place.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('payment-type-filter').innerText()).toBe('Débito (CBU)');
    const names = await page
      .locator('[role="grid"] .MuiDataGrid-row [data-field="payerName"]')
      .allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names.map((n) => n.trim()))).toEqual(new Set(['Sofía Benítez']));
    const saved = await page.evaluate(() => sessionStorage.getItem('subscriptions.list'));
    expect(saved).toContain('q=sofia.benitez');
    expect(saved).not.toContain('estado=');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A reload keeps the bare address and the payer's list.
    await page.reload();
    await subscriptionsSettled(page);
    expect(new URL(page.url()).search).toBe('');
    const again = await page
      .locator('[role="grid"] .MuiDataGrid-row [data-field="payerName"]')
      .allInnerTexts();
    expect(new Set(again.map((n) => n.trim()))).toEqual(new Set(['Sofía Benítez']));
  });

  it("'Ver suscripciones' from a payer keeps 'Débito (CBU)' and says how many more other payment types match, with 'Ver todos'", async () => {
    await openInApp(page, '/pagadores/700011');
    await page.getByRole('heading', { level: 1, name: 'Sofía Benítez' }).waitFor();
    await page.getByRole('link', { name: 'Ver suscripciones' }).click();
    await page.waitForURL((url) => url.pathname === '/suscripciones' && !url.searchParams.has('pagador'));
    await subscriptionsSettled(page);
    // The spec's default stays (spec 000 §2: "Default payment type filter is debit"), the address bare.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('payment-type-filter').innerText()).toBe('Débito (CBU)');
    const debitIds = await shownRowIds(page);
    const notice = page.getByTestId('other-payment-types');
    await notice.waitFor();
    const more = Number(
      /Hay (\d+) suscripci(?:ón|ones) más con otros tipos de pago\./.exec(await notice.innerText())?.[1],
    );
    expect(more).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'subscriptions-other-payment-types');

    await notice.getByRole('button', { name: 'Ver todos' }).click();
    await page.waitForURL((url) => url.searchParams.get('medio') === 'todos');
    await subscriptionsSettled(page);
    expect(new URL(page.url()).searchParams.get('q')).toBe(SOFIA);
    expect(await page.getByTestId('payment-type-filter').innerText()).toBe('Todos');
    const allIds = await shownRowIds(page);
    expect(allIds.length).toBe(debitIds.length + more);
    expect(allIds).toEqual(expect.arrayContaining(debitIds));
    // Every payment type shown: nothing more to say.
    expect(await notice.count()).toBe(0);
  });

  it("'Tipo de pago' shows 'Débito (CBU)' whole at 1440 px, each choice too", async () => {
    await showPath(page, suite.stack.urls.web, '/suscripciones?medio=debito');
    await subscriptionsSettled(page);
    const select = page.getByTestId('payment-type-filter');
    const cut = () =>
      select.evaluate((element) => element.scrollWidth > element.clientWidth || element.textContent === '');
    expect(await select.innerText()).toBe('Débito (CBU)');
    expect(await cut()).toBe(false);
    for (const choice of ['Tarjeta', 'Todos']) {
      await select.click();
      await page.getByRole('option', { name: choice, exact: true }).click();
      expect(await select.innerText()).toBe(choice);
      expect(await cut()).toBe(false);
    }
  });

  it('a search matching nothing shows the empty state inside the grid with no serious axe violation', async () => {
    await showPath(
      page,
      suite.stack.urls.web,
      `/suscripciones?q=${encodeURIComponent('nadie.existe@example.com')}&medio=todos`,
    );
    await subscriptionsSettled(page);
    const grid = page.getByRole('grid', { name: 'Suscripciones' });
    await grid.getByRole('status').getByText('No se encontraron subscripciones').waitFor();
    expect(await grid.locator('.MuiDataGrid-row').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'subscriptions-list-empty');
  });

  it('leaving and coming back restores page and filters from session storage', async () => {
    await showPath(page, suite.stack.urls.web, '/suscripciones?medio=todos&page=2&page_size=10');
    await subscriptionsSettled(page);
    const ids = await shownRowIds(page);
    // Left inside the app; back with a page load, so page and filters can only come from session storage.
    await openInApp(page, '/home');
    await page.goto(`${suite.stack.urls.web}/suscripciones`);
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await subscriptionsSettled(page);
    expect(new URL(page.url()).searchParams.get('medio')).toBe('todos');
    expect(await shownRowIds(page)).toEqual(ids);
    // At 1440 px (the session's window) every column fits: ACCIONES ends inside the grid, no horizontal scrollbar.
    const grid = page.getByRole('grid', { name: 'Suscripciones' });
    const gridBox = (await grid.boundingBox())!;
    const actionsBox = (await grid.getByRole('columnheader', { name: 'ACCIONES' }).boundingBox())!;
    expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
    expect(await grid.locator('.MuiDataGrid-scrollbar--horizontal').count()).toBe(0);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'subscriptions-list');
  });

  it('Editar Importe is refused with its reason when a non-adhesion row is selected, and runs on adhesions', async () => {
    await showPath(page, suite.stack.urls.web, `/suscripciones?q=${encodeURIComponent(SOFIA)}&medio=todos`);
    await subscriptionsSettled(page);
    await select('4000001');
    await select('4000002');
    const blocked = page.getByTestId('bulk-action-UPDATE_AMOUNT');
    expect(await bulkButton('Editar Importe').isDisabled()).toBe(true);
    expect(await blocked.getAttribute('aria-label')).toMatch(/4000001/);
    await tick(subscriptionRow(page, '4000001').getByRole('checkbox'), false);
    await select('4000008');
    await clearSubscriptionRequests(suite.stack);
    await bulkButton('Editar Importe').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('4000008').first().waitFor();
    await screenshot(page, 'subscriptions-bulk-confirm');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Por favor ingrese el Importe').fill('2100');
    await page.getByRole('button', { name: 'Guardar importe' }).click();
    const progress = page.getByRole('dialog');
    await progress.getByText('Importe de la suscripción actualizado correctamente').nth(1).waitFor();
    const writes = await subscriptionWrites(suite.stack);
    expect(writes.map((w) => [w.id, w.operation, w.body]).sort()).toEqual([
      ['4000002', 'importe', { amount: 2100 }],
      ['4000008', 'importe', { amount: 2100 }],
    ]);
    // Each result reads with the amount it now has, not the one it had.
    for (const id of ['4000002', '4000008']) {
      const item = progress.locator(`[data-testid="bulk-item"][data-id="${id}"]`);
      expect(await item.getAttribute('data-state')).toBe('success');
      expect(await item.textContent()).toContain('$ 2.100,00');
    }
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await progress.getByRole('button', { name: 'Cerrar' }).last().click();
  });

  it('a bulk cancel with a forced failure shows per-item results and retries only the failed one', async () => {
    await showPath(
      page,
      suite.stack.urls.web,
      `/suscripciones?q=${encodeURIComponent(SOFIA)}&medio=todos&estado=active`,
    );
    await subscriptionsSettled(page);
    await select('4000001');
    await select('4000002');
    await select('4000008');
    await forceSubscriptionFailure(suite.stack, 'cancelar', ['4000008']);
    await clearSubscriptionRequests(suite.stack);
    await bulkButton('Cancelar').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Ingrese el motivo').fill('Baja pedida por la entidad');
    await page.getByRole('button', { name: 'Cancelar suscripciones' }).click();
    const progress = page.getByRole('dialog');
    await progress.locator('[data-code="forced_failure"]').waitFor();
    await progress.getByText('Suscripción cancelada correctamente').nth(1).waitFor();
    expect((await subscriptionWrites(suite.stack)).map((w) => w.id).sort()).toEqual([
      '4000001',
      '4000002',
      '4000008',
    ]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'subscriptions-bulk-progress');
    await clearSubscriptionFailures(suite.stack);
    await clearSubscriptionRequests(suite.stack);
    await progress.getByRole('button', { name: 'Reintentar fallidos' }).click();
    await progress.getByText('Suscripción cancelada correctamente').nth(2).waitFor();
    expect((await subscriptionWrites(suite.stack)).map((w) => w.id)).toEqual(['4000008']);
    await progress.getByRole('button', { name: 'Cerrar' }).last().click();
    // Cancelled rows leave the 'Activa' list.
    await page.waitForFunction(
      () => !document.querySelector('[role="grid"] .MuiDataGrid-row[data-id="4000001"]'),
    );
  });

  it('changes the payment method of a selection', async () => {
    await showPath(
      page,
      suite.stack.urls.web,
      `/suscripciones?q=${encodeURIComponent('martin.sosa@outlook.com')}&medio=todos&estado=active`,
    );
    await subscriptionsSettled(page);
    const ids = (await shownRowIds(page)).filter((id) => id === '4000003' || id === '4000007');
    expect(ids.length).toBe(2);
    for (const id of ids) await select(id);
    await clearSubscriptionRequests(suite.stack);
    await bulkButton('Cambiar medio de pago').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByTestId('change-payment-method-dialog');
    await dialog.getByRole('button', { name: /Transferencia/ }).click();
    await dialog.getByLabel('CBU').fill('0170099220000067797370');
    await dialog.getByLabel('Nombre del titular').fill('Martín Sosa');
    await dialog.getByLabel('CUIT del titular').fill('20-30123456-3');
    await dialog.getByRole('button', { name: 'Cambiar medio de pago' }).click();
    await page
      .getByRole('dialog')
      .getByText('Medio de pago de la suscripción actualizado correctamente')
      .nth(1)
      .waitFor();
    expect((await subscriptionWrites(suite.stack)).map((w) => [w.method, w.operation, w.id]).sort()).toEqual(
      ids.map((id) => ['PUT', 'medio-de-pago', id]).sort(),
    );
    expect(suite.session.problems).toEqual([]);
  });

  it('starts the list query while the screen chunk downloads, and sends it once per visit', async () => {
    const searches: string[] = [];
    let searchSent!: () => void;
    const sent = new Promise<void>((resolve) => (searchSent = resolve));
    const onRequest = (request: Request) => {
      if ((request.postData() ?? '').includes('"operationName":"SubscriptionsSearch"')) {
        searches.push(request.url());
        searchSent();
      }
    };
    page.on('request', onRequest);
    // The screen's chunk is held until the list query has left (or 15 s): a query that waits for the screen
    // would come only after that hold, and the order says which came first.
    const order: string[] = [];
    const chunk = /\/assets\/subscriptions-search-screen-[\w-]+\.js$/;
    await page.route(chunk, async (route) => {
      order.push(
        await Promise.race([
          sent.then(() => 'query first'),
          new Promise<string>((resolve) => setTimeout(() => resolve('chunk first'), 15_000)),
        ]),
      );
      await route.continue();
    });
    try {
      await page.goto(`${suite.stack.urls.web}/suscripciones?estado=cancelled&medio=todos`);
      await subscriptionsSettled(page);
      expect(order).toEqual(['query first']);
      expect(searches).toHaveLength(1);
      expect((await shownRowIds(page)).length).toBeGreaterThan(0);
    } finally {
      page.off('request', onRequest);
      await page.unroute(chunk);
    }
  });
});
