import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot } from './support/browser';
import {
  cells,
  dataRows,
  grid,
  openList as openListAt,
  searchAfter,
  settled,
  texts,
} from './support/payments-list';

/**
 * Buscar Pagos (/pagos) against the whole stack (stubs, Keycloak emulator, gateway, production web server).
 * Sample data: docs/upstream-contract.md §7 (María González, maria.gonzalez@gmail.com, collector 10001...).
 */

const suite = useBrowserStack();

const MARIA = { email: 'maria.gonzalez@gmail.com', name: 'María González' };
const JUAN = { email: 'juan.perez@hotmail.com', name: 'Juan Pérez' };

interface SearchVariables {
  filter: {
    search?: string;
    collectorId?: string;
    status?: string;
    mediaPaymentIds?: number[];
    from: string;
    to: string;
    dateField: string;
  };
  page: number;
  pageSize: number;
  sort: { field: string; direction: string };
}

/** Records the variables of every PaymentsSearch the page sends. */
function recordSearches(page: Page): SearchVariables[] {
  const searches: SearchVariables[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().includes('/graphql')) return;
    try {
      const body = JSON.parse(request.postData() ?? '{}') as {
        operationName?: string;
        variables?: SearchVariables;
      };
      if (body.operationName === 'PaymentsSearch' && body.variables) searches.push(body.variables);
    } catch {
      // not JSON: not ours
    }
  });
  return searches;
}

const query = (page: Page) => new URL(page.url()).searchParams;
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** "$ 1.234,56" -> 1234.56 */
function amountOf(text: string): number {
  return Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));
}

/** "dd/MM/yyyy HH:mm:ss" -> sortable "yyyyMMddHHmmss" */
function sortableDate(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`No es una fecha dd/MM/yyyy HH:mm:ss: ${text}`);
  const [, d, m, y, hh, mm, ss] = match;
  return `${y}${m}${d}${hh}${mm}${ss}`;
}

function isSorted<T>(values: T[], direction: 'asc' | 'desc'): boolean {
  return values.every(
    (value, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= value : values[i - 1]! >= value),
  );
}

/** The current month in the browser's time zone, as YYYY-MM, and its previous month. */
async function browserMonths(
  page: Page,
): Promise<{ current: string; previous: string; from: string; to: string }> {
  return page.evaluate(() => {
    const now = new Date();
    const fmt = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return {
      current: fmt(now),
      previous: fmt(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
      from: new Date(now.getFullYear(), now.getMonth(), 1, 0, 0, 0, 0).toISOString(),
      to: new Date(now.getFullYear(), now.getMonth() + 1, 0, 23, 59, 59, 999).toISOString(),
    };
  });
}

async function runSearch(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ });
  await box.fill(text);
  await searchAfter(page, () => box.press('Enter'));
  expect(query(page).get('search')).toBe(text.trim());
}

/** Shows /pagos with these parameters (in the app once a screen is shown) and waits for its list. */
const openList = (page: Page, params: Record<string, string>) =>
  openListAt(page, suite.stack.urls.web, params);

describe('Buscar Pagos as operador', () => {
  const operador = suite.profile('operador', '/pagos', {
    prepare: (s) => {
      searches = recordSearches(s.page);
    },
  });
  let page: Page;
  let searches: SearchVariables[];

  beforeAll(async () => {
    page = operador.page;
    await settled(page);
  });

  it('opens on the current month, newest first, 25 rows per page, with the spec columns', async () => {
    expect(pathOf(page)).toBe('/pagos');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Buscar Pagos');
    const headers = await texts(grid(page).locator('.MuiDataGrid-columnHeaderTitle'));
    expect(headers).toEqual([
      'FECHA',
      'ID TRANSACCIÓN',
      'CONCEPTO',
      'DESCRIPCIÓN',
      'NOMBRE',
      'IMPORTE',
      'MEDIO DE PAGO',
      'ESTADO',
      'ACCIONES',
    ]);
    expect(await dataRows(page).count()).toBe(25);

    const months = await browserMonths(page);
    const first = searches[0]!;
    expect(first.filter).toEqual({ from: months.from, to: months.to, dateField: 'REQUEST_DATE' });
    expect(first).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: { field: 'REQUEST_DATE', direction: 'DESC' },
    });

    const dates = await texts(cells(page, 'requestDate'));
    expect(isSorted(dates.map(sortableDate), 'desc')).toBe(true);
    const [year, month] = months.current.split('-');
    for (const date of dates) expect(date.slice(3, 10)).toBe(`${month}/${year}`);
    for (const amount of await texts(cells(page, 'finalAmount')))
      expect(amount).toMatch(/^-?\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    expect(await page.getByText(/^1–25 de \d+/).count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Seleccionar todas las filas' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-search-default');
  });

  it('links every row and its Ver detalle button to /pago/{id}', async () => {
    await openList(page, { period: (await browserMonths(page)).current });
    const id = (await texts(cells(page, 'id')))[0]!;
    expect(id).toMatch(/^\d+$/);
    const firstRow = dataRows(page).first();
    await expect(firstRow.locator('[data-field="payerName"] a').getAttribute('href')).resolves.toBe(
      `/pago/${id}`,
    );
    const detail = firstRow.getByRole('link', { name: `Ver detalle del pago ${id}` });
    await expect(detail.getAttribute('href')).resolves.toBe(`/pago/${id}`);
    await firstRow.locator('[data-field="conceptDescription"] a').click();
    await page.waitForURL((url) => url.pathname === `/pago/${id}`);
    await grid(page).waitFor({ state: 'detached' });
    await searchAfter(page, () => page.goBack());
    expect(pathOf(page)).toBe('/pagos');
  });

  it('shows export and export history to a user with the export permissions', async () => {
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Exportar XLSX' }).click();
    // The export dialog (exports end to end in e2e/exports.test.ts): opened, then left without exporting.
    const dialog = page.getByRole('dialog', { name: 'Exportar' });
    await dialog.getByText('Pagos', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const history = page.getByRole('link', { name: 'Historial de exportaciones' });
    await expect(history.getAttribute('href')).resolves.toBe('/exportaciones');
  });

  it('searches by payer e-mail only on Enter', async () => {
    await openList(page, { period: (await browserMonths(page)).current });
    const before = searches.length;
    const box = page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ });
    await expect(box.getAttribute('placeholder')).resolves.toBe('E-mail del pagador, ID de pago o nombre');
    await box.fill(MARIA.email);
    // The typed text is taken (the hint shows) but not searched: the only search is the one Enter sends, so a
    // search on typing (right away or debounced) would show up as a second one.
    await page.getByText('Presione Buscar para aplicar los cambios.').waitFor();
    expect(searches.length).toBe(before);
    await searchAfter(page, () => box.press('Enter'));
    expect(query(page).get('search')).toBe(MARIA.email);
    expect(searches.length).toBe(before + 1);
    expect(searches.at(-1)!.filter.search).toBe(MARIA.email);
    const names = await texts(cells(page, 'payerName'));
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set([MARIA.name]));
    await screenshot(page, 'payments-search-by-email');
  });

  it('filters by collector and by payment method once a search is active', async () => {
    await openList(page, { period: (await browserMonths(page)).current, search: MARIA.email });
    expect(await page.getByRole('combobox', { name: 'Medios de pago' }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Entidad' }).click();
    await page.getByRole('combobox', { name: 'Entidad' }).fill('San Martín');
    const option = page.getByRole('option', { name: /Club Atlético San Martín/ }).first();
    await option.waitFor();
    await option.click();
    await page.getByRole('combobox', { name: 'Medios de pago' }).click();
    await page.getByRole('option', { name: 'Visa', exact: true }).click();
    await page.keyboard.press('Escape');
    await searchAfter(page, () => page.getByRole('button', { name: 'Buscar', exact: true }).click());
    const params = query(page);
    expect(params.get('methods')).toBe('9');
    expect(params.get('collector_name')).toMatch(/Club Atlético San Martín/);
    const last = searches.at(-1)!;
    expect(last.filter).toMatchObject({
      search: MARIA.email,
      collectorId: params.get('collector_id'),
      mediaPaymentIds: [9],
    });
    const methods = await texts(cells(page, 'paymentMethods'));
    for (const method of methods) expect(method).toMatch(/^Visa •••• \d{4}/);
    await screenshot(page, 'payments-search-collector-method');

    // Clearing the search and the collector hides the method filter and drops it.
    await searchAfter(page, () => page.getByRole('button', { name: 'Limpiar' }).click());
    expect(query(page).has('search')).toBe(false);
    expect(query(page).has('collector_id')).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Medios de pago' }).count()).toBe(0);
    expect(query(page).has('methods')).toBe(false);
  });

  it('sorts by IMPORTE and FECHA on the server', async () => {
    await openList(page, { period: (await browserMonths(page)).current });
    const header = (name: string) => grid(page).getByRole('columnheader', { name });
    await searchAfter(page, () => header('IMPORTE').click());
    expect(query(page).get('sort')).toBe('final_amount:asc');
    expect(isSorted((await texts(cells(page, 'finalAmount'))).map(amountOf), 'asc')).toBe(true);
    expect(searches.at(-1)!.sort).toEqual({ field: 'FINAL_AMOUNT', direction: 'ASC' });

    await searchAfter(page, () => header('IMPORTE').click());
    expect(query(page).get('sort')).toBe('final_amount:desc');
    expect(isSorted((await texts(cells(page, 'finalAmount'))).map(amountOf), 'desc')).toBe(true);

    await searchAfter(page, () => header('FECHA').click());
    expect(query(page).get('sort')).toBe('request_date:asc');
    expect(isSorted((await texts(cells(page, 'requestDate'))).map(sortableDate), 'asc')).toBe(true);

    // Unsortable columns stay unsortable: clicking CONCEPTO changes nothing, so the next FECHA click turns
    // request_date:asc into request_date:desc, the default (after a sort by CONCEPTO it would be asc again).
    await expect(header('CONCEPTO').getAttribute('class')).resolves.not.toContain('columnHeader--sortable');
    const before = searches.length;
    await header('CONCEPTO').click();
    expect(query(page).get('sort')).toBe('request_date:asc');
    await searchAfter(page, () => header('FECHA').click());
    expect(searches.length).toBe(before + 1);
    expect(searches.at(-1)!.sort).toEqual({ field: 'REQUEST_DATE', direction: 'DESC' });
    expect(query(page).get('sort') ?? 'request_date:desc').toBe('request_date:desc');
    expect(isSorted((await texts(cells(page, 'requestDate'))).map(sortableDate), 'desc')).toBe(true);
  });

  it('goes to page 2 and back to page 1 when a filter changes', async () => {
    await openList(page, { period: (await browserMonths(page)).current, sort: 'request_date:asc' });
    const firstPageIds = await texts(cells(page, 'id'));
    await searchAfter(page, () => page.getByRole('button', { name: 'Ir a la página siguiente' }).click());
    expect(query(page).get('page')).toBe('2');
    expect(await page.getByText(/^26–50 de \d+/).count()).toBe(1);
    const secondPageIds = await texts(cells(page, 'id'));
    expect(secondPageIds.some((id) => firstPageIds.includes(id))).toBe(false);
    expect(searches.at(-1)!.page).toBe(2);
    await screenshot(page, 'payments-search-page-2');

    await page.getByRole('button', { name: /^Estado: Todos/ }).click();
    await searchAfter(page, () => page.getByRole('menuitem', { name: 'Aprobado' }).click());
    expect(query(page).get('status')).toBe('approved');
    expect(query(page).has('page')).toBe(false);
    expect(new Set(await texts(cells(page, 'status')))).toEqual(new Set(['Aprobado']));
    await page.getByRole('button', { name: 'Estado: Aprobado' }).waitFor();
    expect(searches.at(-1)!.filter.status).toBe('APPROVED');
    await screenshot(page, 'payments-search-approved');
  });

  it("applies the period at once, like the status menu: ◀, ▶ and 'Mes actual'; typed text waits for Buscar", async () => {
    const months = await browserMonths(page);
    await openList(page, { periodo: months.current, status: 'approved' });
    const searchBox = page.getByLabel('Buscar por e-mail del pagador, ID de pago o nombre');
    await searchBox.fill('zzz');
    await searchAfter(page, () => page.getByRole('button', { name: 'Mes anterior' }).click());
    expect(query(page).get('periodo')).toBe(months.previous);
    expect(query(page).get('status')).toBe('approved');
    // The text typed stays in the form, not applied: the list is the period's, Buscar still pending.
    expect(query(page).has('search')).toBe(false);
    expect(searches.at(-1)!.filter.search).toBeUndefined();
    expect(await searchBox.inputValue()).toBe('zzz');
    await page.getByText('Presione Buscar para aplicar los cambios.').waitFor();
    const [year, month] = months.previous.split('-');
    const dates = await texts(cells(page, 'requestDate'));
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date.slice(3, 10)).toBe(`${month}/${year}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payments-search-period-at-once');

    await searchAfter(page, () => page.getByRole('button', { name: 'Mes siguiente' }).click());
    expect(query(page).get('periodo')).toBe(months.current);
    await searchAfter(page, () => page.getByRole('button', { name: 'Mes anterior' }).click());
    await searchAfter(page, () => page.getByRole('button', { name: 'Mes actual' }).click());
    // 'Mes actual' is the default: never written, and the list follows the calendar.
    expect(query(page).has('periodo')).toBe(false);
    expect(searches.at(-1)!.filter).toMatchObject({ from: months.from, to: months.to });
    expect(await searchBox.inputValue()).toBe('zzz');
  });

  it("reads an old link's period, and the list writes it as periodo from its next change", async () => {
    const months = await browserMonths(page);
    await openList(page, { period: months.previous });
    const [year, month] = months.previous.split('-');
    expect(await page.getByRole('textbox', { name: 'Período' }).inputValue()).toBe(`${month}/${year}`);
    expect(searches.at(-1)!.filter.from).not.toBe(months.from);
    await searchAfter(page, () => page.getByRole('button', { name: 'Mes siguiente' }).click());
    expect(query(page).get('periodo')).toBe(months.current);
    expect(query(page).has('period')).toBe(false);
  });

  it('choosing the refund date clears the status filter', async () => {
    await openList(page, { period: (await browserMonths(page)).current, status: 'approved' });
    await page.getByLabel('Aplicar período a').click();
    await page.getByRole('option', { name: 'Fecha de devolución' }).click();
    await page.getByText('Se quitará el filtro de estado').waitFor();
    await searchAfter(page, () => page.getByRole('button', { name: 'Buscar', exact: true }).click());
    expect(query(page).get('date_field')).toBe('refunded_date');
    expect(query(page).has('status')).toBe(false);
    expect(searches.at(-1)!.filter).toMatchObject({ dateField: 'REFUNDED_DATE' });
    expect(searches.at(-1)!.filter.status).toBeUndefined();
    await expect(page.getByRole('button', { name: /^Estado: Todos/ }).isDisabled()).resolves.toBe(true);
  });

  it('shows the empty state for a search without matches', async () => {
    await openList(page, { period: (await browserMonths(page)).current, date_field: 'refunded_date' });
    await searchAfter(page, () => page.getByRole('button', { name: 'Limpiar' }).click());
    expect(query(page).has('date_field')).toBe(false);
    await runSearch(page, 'nadie.existe@example.com');
    await page.getByText('No se encontraron pagos').waitFor();
    expect(await dataRows(page).count()).toBe(0);
    await screenshot(page, 'payments-search-empty');
  });

  it('keeps the list in the URL across a reload and restores it when /pagos opens bare', async () => {
    await openList(page, { period: (await browserMonths(page)).current });
    await runSearch(page, JUAN.email);
    await page.getByRole('button', { name: /^Estado: Todos/ }).click();
    await searchAfter(page, () => page.getByRole('menuitem', { name: 'Aprobado' }).click());
    await searchAfter(page, () => grid(page).getByRole('columnheader', { name: 'IMPORTE' }).click());
    expect(query(page).get('status')).toBe('approved');
    expect(query(page).get('sort')).toBe('final_amount:asc');
    // Under load the grid may still show the previous answer for a moment: wait for this one.
    await expect
      .poll(async () => {
        const statuses = await texts(cells(page, 'status'));
        const amounts = (await texts(cells(page, 'finalAmount'))).map(amountOf);
        return statuses.length > 0 && statuses.every((s) => s === 'Aprobado') && isSorted(amounts, 'asc');
      })
      .toBe(true);
    const listUrl = page.url();
    const ids = await texts(cells(page, 'id'));

    await searchAfter(page, () => page.reload());
    expect(page.url()).toBe(listUrl);
    expect(await texts(cells(page, 'id'))).toEqual(ids);
    await expect(
      page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ }).inputValue(),
    ).resolves.toBe(JUAN.email);
    await page.getByRole('button', { name: 'Estado: Aprobado' }).waitFor();

    // Away and back through the menu (a bare /pagos): the last list comes back.
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    const history = page.getByRole('link', { name: 'Historial de exportaciones' });
    await history.click();
    await page.waitForURL((url) => url.pathname === '/exportaciones');
    // Apollo may answer the restored list from its cache (no new request): the same list must come back.
    await nav.locator('a[href="/pagos"]').click();
    await page.waitForURL(listUrl);
    await settled(page);
    await expect.poll(() => texts(cells(page, 'id'))).toEqual(ids);

    // With the browser's back button. Apollo may reuse the list it just showed (a quick back keeps the
    // query's subscription), so no new request is required: the same list must come back.
    await history.click();
    await page.waitForURL((url) => url.pathname === '/exportaciones');
    await page.goBack();
    await page.waitForURL(listUrl);
    await settled(page);
    expect(page.url()).toBe(listUrl);
    expect(await texts(cells(page, 'id'))).toEqual(ids);

    // Typing the bare address in the same tab.
    await searchAfter(page, () => page.goto(`${suite.stack.urls.web}/pagos`));
    await page.waitForURL((url) => url.searchParams.get('search') === JUAN.email);
    expect(page.url()).toBe(listUrl);
    expect(await texts(cells(page, 'id'))).toEqual(ids);
  });

  it('select-all selects the visible rows only, and a new page starts unselected', async () => {
    await openList(page, { period: (await browserMonths(page)).current, search: JUAN.email });
    await searchAfter(page, () => page.getByRole('button', { name: 'Limpiar' }).click());
    expect(query(page).has('search')).toBe(false);
    await page.getByRole('checkbox', { name: 'Seleccionar todas las filas' }).click();
    await page.getByTestId('selection-count').waitFor();
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('25 pagos seleccionados');
    expect(await grid(page).locator('.MuiDataGrid-row.Mui-selected').count()).toBe(25);
    await screenshot(page, 'payments-search-select-all');

    await dataRows(page).first().getByRole('checkbox').click();
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('24 pagos seleccionados');
    // Selected rows (under the pointer) and a partial select-all pass axe too.
    expect(await seriousA11yViolations(page)).toEqual([]);

    await searchAfter(page, () => page.getByRole('button', { name: 'Ir a la página siguiente' }).click());
    expect(await grid(page).locator('.MuiDataGrid-row.Mui-selected').count()).toBe(0);
    expect(await page.getByTestId('selection-count').count()).toBe(0);
  });

  it('shows an upstream failure in Spanish with a retry that keeps the filters', async () => {
    await openList(page, { period: (await browserMonths(page)).current, search: JUAN.email });
    const setFaults = (body: unknown) =>
      fetch(`${suite.stack.urls.stubs}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar los pagos' });
    await setFaults({ service: 'payment', errorRate: 1 });
    try {
      await page.getByRole('button', { name: /^Estado: Todos/ }).click();
      await page.getByRole('menuitem', { name: 'Aprobado' }).click();
      await alert.waitFor();
      expect(query(page).get('status')).toBe('approved');
      const text = await alert.innerText();
      expect(text).not.toMatch(/Error:|exception|stack|undefined/i);
      await screenshot(page, 'payments-search-error');
    } finally {
      await fetch(`${suite.stack.urls.stubs}/__admin/faults`, { method: 'DELETE' });
    }
    await searchAfter(page, () => alert.getByRole('button', { name: 'Reintentar' }).click());
    expect(await alert.count()).toBe(0);
    expect(query(page).get('search')).toBe(JUAN.email);
    expect(query(page).get('status')).toBe('approved');
    await expect(
      page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ }).inputValue(),
    ).resolves.toBe(JUAN.email);
    for (const name of await texts(cells(page, 'payerName'))) expect(name).toBe(JUAN.name);
  });

  it('reported no console errors', () => {
    expect(operador.session.problems).toEqual([]);
  });
});

describe('Buscar Pagos opened from a link', () => {
  const operador = suite.profile('operador', '/pagos');
  let page: Page;

  beforeAll(async () => {
    page = operador.page;
    await settled(page);
  });

  it('pre-filters by pagador, status, collector and period', async () => {
    const months = await browserMonths(page);
    const params = new URLSearchParams({
      pagador: MARIA.email,
      status: 'approved',
      collector_id: '10001',
      collector_name: 'Club de prueba',
      period: months.current,
    });
    const searches = recordSearches(page);
    await searchAfter(page, () => page.goto(`${suite.stack.urls.web}/pagos?${params.toString()}`));
    expect(searches.at(-1)!.filter).toMatchObject({
      search: MARIA.email,
      status: 'APPROVED',
      collectorId: '10001',
    });
    await expect(
      page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ }).inputValue(),
    ).resolves.toBe(MARIA.email);
    await expect(page.getByRole('combobox', { name: 'Entidad' }).inputValue()).resolves.toBe(
      'Club de prueba',
    );
    await page.getByRole('button', { name: 'Estado: Aprobado' }).waitFor();
    for (const name of await texts(cells(page, 'payerName'))) expect(name).toBe(MARIA.name);
    for (const status of await texts(cells(page, 'status'))) expect(status).toBe('Aprobado');
    await screenshot(page, 'payments-search-prefiltered');
  });

  it('shows the collector name of a link that carries only collector_id', async () => {
    await searchAfter(page, () => page.goto(`${suite.stack.urls.web}/pagos?collector_id=10001`));
    await expect.poll(() => page.getByRole('combobox', { name: 'Entidad' }).inputValue()).toMatch(/^Club /);
    expect(operador.session.problems).toEqual([]);
  });
});

describe('Buscar Pagos without export permissions', () => {
  it('hides export and the export history from consulta', async () => {
    await suite.withSignedIn('consulta', '/pagos', async (session) => {
      const page = session.page;
      await settled(page);
      expect(await dataRows(page).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: /^Estado:/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Exportar' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Historial de exportaciones' }).count()).toBe(0);
      expect(session.problems).toEqual([]);
    });
  });
});
