import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot } from './support/browser';
import { stubGet } from './support/imports';
import { stubWrites } from './support/stub-http';
import { gridColumn, gridSettled, shownIds } from './support/grid';
import { clearUpstreamRequests } from './support/stack';

/** Conciliación de transferencias (/transferencias, spec 001 §2, §4, §9) as tesoreria and consulta. */

const suite = useBrowserStack({ role: 'tesoreria', path: '/transferencias' });
let page: Page;
const GRID = 'Transferencias';
const EMPTY = 'No se encontraron transferencias.';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID, EMPTY);
});

describe('Conciliación de transferencias as tesoreria', () => {
  it('opens on the pending transfers with the listed columns', async () => {
    expect(await page.getByTestId('transfers-status-filter').innerText()).toBe('Pendiente');
    const statuses = await gridColumn(page, GRID, 'status');
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(status).toBe('Pendiente');
    const headers = await page.getByRole('grid', { name: GRID }).getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'ENTIDAD',
      'CUIT',
      'ID PAGO',
      'ID TRANSFERENCIA',
      'IMPORTE',
      'FECHA',
      'ESTADO',
      'ACCIONES',
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'transfers-list');
  });

  it('conciliates a pending transfer after confirming; it leaves the pending list and the write lands once', async () => {
    const before = await shownIds(page, GRID);
    const id = before[0] as string;
    await clearUpstreamRequests(suite.stack);
    const row = page.getByRole('grid', { name: GRID }).locator(`.MuiDataGrid-row[data-id="${id}"]`);
    await row.getByRole('button', { name: 'Conciliar' }).click();
    const dialog = page.getByTestId('conciliate-dialog');
    await dialog.getByText('¿Desea conciliar manualmente').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Conciliar' }).click();
    await page.getByText('Conciliación aprobada').first().waitFor();
    await page.waitForFunction(
      ([grid, rowId]) =>
        !document.querySelector(`[role="grid"][aria-label="${grid}"] .MuiDataGrid-row[data-id="${rowId}"]`),
      [GRID, id] as const,
    );
    expect(await stubWrites(suite.stack, 'transfer')).toEqual([
      { method: 'POST', path: `/transfer/conciliaciones/forzar-conciliacion/${id}`, body: null },
    ]);
    const stored = await stubGet<{ rows: { status: string }[] }>(
      suite.stack,
      `/transfer/conciliaciones?filters=${encodeURIComponent(JSON.stringify([{ field: 'id', operation: 'EQUAL', value: id }]))}`,
    );
    expect(stored.body.rows[0]?.status).toBe('conciliated');
    // Under "Todos" it is there, conciliated, without the action enabled.
    await page.getByTestId('transfers-status-filter').click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'todos');
    await gridSettled(page, GRID, EMPTY);
  });

  it('searches as the operator types (400 ms debounce) and a row opens its payment', async () => {
    await page.goto(`${suite.stack.urls.web}/transferencias`);
    await gridSettled(page, GRID, EMPTY);
    const paymentId = (await gridColumn(page, GRID, 'paymentId'))[0] as string;
    const input = page.getByTestId('transfers-search-input');
    await input.fill(paymentId);
    await input.press('ArrowLeft');
    await input.press('End');
    await page.waitForURL((url) => url.searchParams.get('q') === paymentId);
    await page.waitForFunction(
      (grid) =>
        document.querySelectorAll(`[role="grid"][aria-label="${grid}"] .MuiDataGrid-row`).length === 1,
      GRID,
    );
    expect(await gridColumn(page, GRID, 'paymentId')).toEqual([paymentId]);
    await page
      .getByRole('grid', { name: GRID })
      .locator('.MuiDataGrid-row')
      .first()
      .locator('[data-field="amount"]')
      .click();
    await page.waitForURL(new RegExp(`/pago/${paymentId}$`));
  });

  it('filters by exact CUIT and shows the empty message', async () => {
    await page.goto(`${suite.stack.urls.web}/transferencias?cuit=20000000001&estado=todos`);
    await page.getByText(EMPTY).waitFor();
  });
});

describe('transfers as consulta', () => {
  it("shows 'No tiene permisos'", async () => {
    await suite.withSignedIn('consulta', '/transferencias', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
    });
  });
});
