import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { openInApp, screenshot, showPath } from './support/browser';
import { pickCollector } from './support/collector-picker';
import { gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';

/**
 * The audit's defects of the withdrawal screens, each driven as tesoreria the way the audit reproduced it,
 * against the whole stack.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/retirosUnificados' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.getByRole('heading', { level: 1, name: 'Retiros' }).waitFor();
});

describe("/retirosUnificados' views", () => {
  const params = () => new URL(page.url()).searchParams;
  const view = (name: string) =>
    page.getByRole('group', { name: 'Vista de retiros' }).getByRole('button', { name });

  it("each view keeps its own filters: 10001 and 'Por autorizar' stay in 'Retiros pendientes'", async () => {
    await showPath(page, suite.stack.urls.web, '/retirosUnificados');
    await view('Retiros pendientes').click();
    await gridSettled(page, 'Retiros pendientes de autorización');
    await pickCollector(page, '10001');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('entidad') === '10001' &&
        url.searchParams.get('estado') === 'pending_authorization',
    );
    await gridSettled(page, 'Retiros pendientes de autorización');

    await view('Historial').click();
    await gridSettled(page, 'Historial de retiros');
    // The history's own defaults: no collector, 'Todos' (an address without its parameters, or estado=todos).
    await expect.poll(() => params().get('estado') ?? 'todos').toBe('todos');
    expect(params().get('entidad')).toBeNull();
    expect(await page.getByRole('combobox', { name: 'Entidad' }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Todos', pressed: true }).count()).toBe(1);

    await view('Retiros por lote').click();
    await gridSettled(page, 'Retiros a transferir');
    await expect.poll(() => params().get('estado')).toBeNull();
    expect(params().get('entidad')).toBeNull();
    expect(await page.getByRole('combobox', { name: 'Entidad' }).inputValue()).toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back on 'Retiros pendientes', its own filters are still there.
    await view('Retiros pendientes').click();
    await gridSettled(page, 'Retiros pendientes de autorización');
    await page.waitForURL((url) => url.searchParams.get('entidad') === '10001');
    expect(params().get('estado')).toBe('pending_authorization');
    expect(params().has('estados')).toBe(false);
  });

  it('a view chosen the moment a filter is picked does not take that filter', async () => {
    await showPath(page, suite.stack.urls.web, '/retirosUnificados');
    await view('Retiros pendientes').click();
    await gridSettled(page, 'Retiros pendientes de autorización');
    await pickCollector(page, '10002');
    await view('Historial').click(); // before the filter's address is committed
    await gridSettled(page, 'Historial de retiros');
    await expect.poll(() => params().get('estado') ?? 'todos').toBe('todos');
    expect(params().get('entidad')).toBeNull();
    expect(await page.getByRole('combobox', { name: 'Entidad' }).inputValue()).toBe('');

    await view('Retiros pendientes').click();
    await gridSettled(page, 'Retiros pendientes de autorización');
    await page.waitForURL((url) => url.searchParams.get('entidad') === '10002');
  });
});

describe('batches', () => {
  it("the 'Lotes' view has no second heading under 'Retiros'", async () => {
    await showPath(page, suite.stack.urls.web, '/retirosUnificados');
    await page
      .getByRole('group', { name: 'Vista de retiros' })
      .getByRole('button', { name: 'Lotes' })
      .click();
    await page.getByRole('region', { name: 'Lotes de retiros' }).getByRole('search').waitFor();
    expect(await page.getByRole('heading', { name: 'Retiros', exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Lotes de retiros' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Lotes de retiros' }).count()).toBe(1);
  });

  it('/lotes: Estado is as tall and as wide as Entidad', async () => {
    await openInApp(page, '/lotes');
    const filters = page.getByRole('search', { name: 'Filtros de lotes' });
    await filters.waitFor();
    const outline = (field: ReturnType<Page['getByRole']>) =>
      field.locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]').boundingBox();
    const entity = (await outline(filters.getByRole('combobox', { name: /Entidad/ })))!;
    const status = (await filters.getByTestId('status-filter').locator('xpath=..').boundingBox())!;
    expect(Math.abs(status.height - entity.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(status.width - entity.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(status.y - entity.y)).toBeLessThanOrEqual(1);
    await screenshot(page, 'batches-filters');
  });

  it('/lotes/lotes without a collector asks for one, then opens the batch', async () => {
    await openInApp(page, '/lotes/lotes');
    await page.getByTestId('batch-choose-collector').getByText('Indique la entidad del lote').waitFor();
    expect(await page.getByText(/No existe el lote/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'batch-lookup');
    await pickCollector(page, '10001');
    await page.getByRole('textbox', { name: 'ID del lote' }).fill('20190');
    await page.getByRole('button', { name: 'Ver lote' }).click();
    await page.waitForURL(/\/lotes\/lotes\/10001\/20190$/);
    await page.getByTestId('batch-card-20190').waitFor();
  });

  it("the batch detail's 'Operaciones' say what they do, usable or not", async () => {
    await showPath(page, suite.stack.urls.web, '/lotes/lotes/10001/20190');
    const operations = page.getByTestId('batch-operations');
    await operations.waitFor();
    for (const label of ['Re-exportar', 'Reprocesar']) {
      await operations.getByText(label, { exact: true }).waitFor();
    }
    // A disabled one still says why, in its tooltip and accessible name.
    const reprocess = operations.getByTestId('action-reason-REPROCESS');
    expect(await reprocess.getAttribute('aria-label')).toMatch(/^Reprocesar: .+/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'batch-detail-operations');
  });
});

describe("'Programar' (spec 001 §2)", () => {
  it('is present and disabled, as the spec shows it, and says why in its tooltip', async () => {
    await openInApp(page, '/retirosUnificados');
    const button = page.getByRole('button', { name: 'Programar', exact: true });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    const reason = page.getByTestId('action-reason-SCHEDULE');
    await reason.hover();
    expect(await page.getByRole('tooltip').innerText()).toBe(
      'Programar\nLos retiros programados todavía no están habilitados.',
    );
    await button.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'withdrawals-schedule-disabled');
  });
});
