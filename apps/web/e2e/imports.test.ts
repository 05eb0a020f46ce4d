import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot, showPath, TAKE_SCREENSHOTS } from './support/browser';
import { pickCollector } from './support/collector-picker';
import { collectorWithMatch, importSample, stubGet } from './support/imports';
import { stubWrites, writeLine } from './support/stub-http';
import { gridColumn, gridSettled } from './support/grid';
import { clearUpstreamRequests } from './support/stack';

/**
 * Importar pagos, the import detail, Importaciones and Detalle de conversión (spec 001 §2, §4, §5, §7) as
 * tesoreria against the whole stack, with the sample files of apps/stubs/samples/imports.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/importacion' });
let page: Page;
const ROWS = 'Solicitudes de la importación';
const EMPTY_ROWS = 'No se encontraron solicitudes de importaciones.';

beforeAll(async () => {
  page = suite.page;
  await page.getByRole('heading', { level: 1, name: 'Importar pagos' }).waitFor();
});

const box = (option: string) => page.getByTestId(`match-${option}`);
const checked = async () => ({
  payer: await box('payer').isChecked(),
  concept: await box('concept').isChecked(),
  identification: await box('identification').isChecked(),
});

/** An empty form: its screen mounted anew inside the app (no boot per test; what a test typed goes with it). */
async function openForm(): Promise<void> {
  await showPath(page, suite.stack.urls.web, '/importacion');
  await page.getByRole('heading', { level: 1, name: 'Importar pagos' }).waitFor();
}

/**
 * Fills the form, asks for the confirmation, accepts it and waits for the next screen. `file`: a sample's name,
 * or the name to give `content`.
 */
async function importFile(collectorId: string, file: string, content?: Buffer): Promise<void> {
  await pickCollector(page, collectorId);
  await page
    .getByTestId('import-file-input')
    .setInputFiles(content ? { name: file, mimeType: 'text/csv', buffer: content } : importSample(file));
  await page.getByTestId('import-file-name').getByText(file).waitFor();
  await page.getByTestId('import-submit').click();
  const dialog = page.getByTestId('import-confirm-dialog');
  await dialog.getByText('Solicitar importacion').waitFor();
  await dialog.getByText('¿Esta seguro que desea importar el archivo?').waitFor();
  await dialog.getByRole('button', { name: 'Importar' }).click();
}

describe('Importar pagos as tesoreria', () => {
  it('keeps Importar disabled until collector and file are chosen, and applies every match rule', async () => {
    const submit = page.getByTestId('import-submit');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Ver importaciones' }).waitFor();
    await pickCollector(page, '10001');
    // Payer and concept together are allowed.
    await box('payer').check();
    await box('concept').check();
    expect(await checked()).toEqual({ payer: true, concept: true, identification: false });
    // Identification clears both.
    await box('identification').check();
    expect(await checked()).toEqual({ payer: false, concept: false, identification: true });
    // Payer (or concept) clears identification.
    await box('payer').check();
    expect(await checked()).toEqual({ payer: true, concept: false, identification: false });
    await box('identification').check();
    await box('concept').check();
    expect(await checked()).toEqual({ payer: false, concept: true, identification: false });
    expect(await box('payer').isDisabled()).toBe(false);
    expect(await submit.isDisabled()).toBe(true);
    // Converter mode requires a source configuration.
    await page.getByTestId('import-file-input').setInputFiles(importSample('pagos-ok.csv'));
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="import-submit"]') as HTMLButtonElement).disabled,
    );
    await page.getByTestId('converter-switch').check();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="import-submit"]') as HTMLButtonElement).disabled,
    );
    await page.getByTestId('converter-switch').uncheck();
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'import-request');
  });

  it("a collector's match_import forces its option and locks the three checkboxes", async () => {
    await openForm();
    const forced = await collectorWithMatch(suite.stack, 'match_identification');
    await box('payer').check();
    await pickCollector(page, forced);
    await page.getByTestId('match-locked').waitFor();
    expect(await checked()).toEqual({ payer: false, concept: false, identification: true });
    for (const option of ['payer', 'concept', 'identification'])
      expect(await box(option).isDisabled()).toBe(true);
    const payerForced = await collectorWithMatch(suite.stack, 'match_payer');
    await page.getByRole('combobox', { name: 'Entidad' }).clear();
    await pickCollector(page, payerForced);
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="match-payer"]') as HTMLInputElement | null)?.checked === true,
    );
    expect(await checked()).toEqual({ payer: true, concept: false, identification: false });
    expect(await box('concept').isDisabled()).toBe(true);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'import-request-forced-match');
  });

  it('imports the clean sample, confirms it, and an issued row opens its payment', async () => {
    await openForm();
    await clearUpstreamRequests(suite.stack);
    await importFile('10001', 'pagos-ok.csv');
    await page.waitForURL(/\/importacion\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-request-count').innerText()).toContain('5');
    expect(await page.getByTestId('import-will-issue').innerText()).toContain('5 pagos');
    await gridSettled(page, ROWS, EMPTY_ROWS);
    expect(await gridColumn(page, ROWS, 'index')).toEqual(['1', '2', '3', '4', '5']);
    expect(await page.locator('.status-pending-approved').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'import-detail-pending', { fullPage: true });

    await page.locator('[data-action="CONFIRM"]').click();
    await page.getByTestId('import-confirm-dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Importación confirmada').first().waitFor();
    await page.locator('.status-approved').waitFor();
    // Confirmed: Confirmar and Cancelar stay, disabled, each saying why.
    for (const kind of ['CONFIRM', 'CANCEL']) {
      expect(await page.getByTestId(`action-reason-${kind}`).getAttribute('data-reason')).toBeTruthy();
    }
    const writes = await stubWrites(suite.stack, 'import');
    expect(writes.map(writeLine)).toEqual(['POST /import/pagos', `POST /import/pagos/aprobar/${id}`]);
    expect(writes[0]!.body).toMatchObject({ collector_id: '10001', file: { name: 'pagos-ok.csv' } });

    await gridSettled(page, ROWS, EMPTY_ROWS);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-field="paymentId"]')].some((cell) =>
        /\d/.test(cell.textContent ?? ''),
      ),
    );
    const paymentIds = (await gridColumn(page, ROWS, 'paymentId')).filter((text) => /^\d+$/.test(text));
    expect(paymentIds).toHaveLength(5);
    await page
      .getByRole('grid', { name: ROWS })
      .locator('.MuiDataGrid-row')
      .first()
      .locator('[data-field="conceptId"]')
      .click();
    await page.waitForURL(new RegExp(`/pago/${paymentIds[0]}$`));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const payment = await stubGet<{ status: string; external_transaction_id: string }>(
      suite.stack,
      `/payment/pagos/${paymentIds[0]}`,
    );
    expect(payment).toMatchObject({
      status: 200,
      body: { status: 'issued', external_transaction_id: 'IMP-DEMO-0001' },
    });
  });

  it('keeps a file name with non-ASCII letters: pagos_año_cuotas.csv reaches the service and the import as it is', async () => {
    const name = 'pagos_año_cuotas.csv';
    await openForm();
    await clearUpstreamRequests(suite.stack);
    await importFile('10001', name, readFileSync(importSample('pagos-ok.csv')));
    await page.waitForURL(/\/importacion\/\d+$/);
    await page.getByTestId('import-summary').getByText(name, { exact: true }).waitFor();
    const writes = await stubWrites(suite.stack, 'import');
    expect(writes.map(writeLine)).toEqual(['POST /import/pagos']);
    expect(writes[0]!.body).toMatchObject({ collector_id: '10001', file: { name } });
  });

  it('imports the file with errors and shows its rows, filtered by status', async () => {
    await openForm();
    await importFile('10001', 'pagos-con-errores.csv');
    await page.waitForURL(/\/importacion\/\d+$/);
    await gridSettled(page, ROWS, EMPTY_ROWS);
    expect(await page.getByTestId('import-error-count').innerText()).toContain('4');
    await page.getByTestId('rows-status-error').click();
    await page.waitForFunction(
      (grid) =>
        document.querySelectorAll(`[role="grid"][aria-label="${grid}"] .MuiDataGrid-row`).length === 4,
      ROWS,
    );
    expect(await gridColumn(page, ROWS, 'index')).toEqual(['2', '3', '4', '5']);
    const details = await gridColumn(page, ROWS, 'statusDetail');
    expect(details[2]).toContain('payer_email');
    // An error row is not a link.
    expect(await page.getByRole('grid', { name: ROWS }).locator('a[href^="/pago/"]').count()).toBe(0);
    await page.getByTestId('rows-status-pending').click();
    await page.waitForFunction(
      (grid) =>
        document.querySelectorAll(`[role="grid"][aria-label="${grid}"] .MuiDataGrid-row`).length === 2,
      ROWS,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'import-detail-errors', { fullPage: true });
    // Beyond the spec: the error rows as a CSV to fix and import again.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-download-errors').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^importacion-\d+-errores\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv).toHaveLength(5);
    expect(csv[0]).toContain('errores');
  });

  it('runs the converter path to /conversion and cancels from there', async () => {
    await openForm();
    await page.getByTestId('converter-switch').check();
    await page.getByTestId('source-configuration').click();
    await page.getByRole('option', { name: 'Banco Provincia - débitos (CSV)' }).click();
    await clearUpstreamRequests(suite.stack);
    await importFile('10001', 'banco-provincia-debitos.csv');
    await page.waitForURL(/\/conversion$/);
    await page.getByRole('heading', { level: 1, name: 'Detalle de conversión' }).waitFor();
    await page.getByTestId('import-summary').waitFor();
    const errors = 'Filas con errores de la conversión';
    await gridSettled(page, errors, EMPTY_ROWS);
    expect(await gridColumn(page, errors, 'index')).toEqual(['3', '4']);
    const texts = await gridColumn(page, errors, 'errors');
    expect(texts[0]).toContain('importe');
    expect(await page.locator('[data-action="CONFIRM"]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'conversion-detail', { fullPage: true });
    const converterWrites = await stubWrites(suite.stack, 'converter');
    expect(converterWrites.map(writeLine)).toEqual(['POST /converter/convertir/api']);
    const configurations = JSON.parse(
      (converterWrites[0]!.body as { configurations: string }).configurations,
    );
    expect(configurations).toEqual({
      type: 'payments',
      origin_id: '1',
      destination_id: '100',
      metadata: {
        collector_id: '10001',
        match_payer: false,
        match_concept: false,
        match_identification: false,
      },
    });

    await page.locator('[data-action="CANCEL"]').click();
    const dialog = page.getByTestId('import-cancel-dialog');
    await dialog.getByRole('textbox').fill('Formato equivocado');
    await dialog.getByRole('button', { name: 'Cancelar importación' }).click();
    await page.waitForURL(/\/importacion\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    await page.locator('.status-cancelled').waitFor();
    expect(await page.getByTestId('import-status-detail').innerText()).toBe('Formato equivocado');
    const writes = await stubWrites(suite.stack, 'import');
    expect(writes).toEqual([
      { method: 'POST', path: `/import/pagos/cancelar/${id}`, body: { status_detail: 'Formato equivocado' } },
    ]);
  });

  it('without a cached conversion, /conversion goes back to /importacion', async () => {
    await page.evaluate(() => sessionStorage.removeItem('imports.conversion'));
    // Typed in the address bar (a page load): the screen has only session storage to go by.
    await page.goto(`${suite.stack.urls.web}/conversion`);
    await page.waitForURL(/\/importacion$/);
  });

  it('refuses a file that is not CSV or XLSX with a clear Spanish message', async () => {
    await openForm();
    await pickCollector(page, '10001');
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'pagos.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    });
    // Refused when chosen: no confirmation, no request.
    await page.getByTestId('import-file-error').waitFor();
    expect(await page.getByTestId('import-file-error').innerText()).toMatch(/archivo/i);
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/importacion');
  });
});

describe('Importaciones as tesoreria', () => {
  it('lists imports newest first, filters by status, and a row opens its detail', async () => {
    const GRID = 'Importaciones';
    const EMPTY = 'No se encontraron importaciones';
    await showPath(page, suite.stack.urls.web, '/importaciones');
    await gridSettled(page, GRID, EMPTY);
    expect(new URL(page.url()).searchParams.get('sort') ?? 'request_date:desc').toBe('request_date:desc');
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'imports-list');
    await page.getByTestId('imports-status-filter').click();
    await page.getByRole('option', { name: 'Cancelada' }).click();
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'cancelled');
    await gridSettled(page, GRID, EMPTY);
    // The grid takes a new page's rows one render after the screen: poll the read after a filter change.
    await expect
      .poll(async () => new Set(await gridColumn(page, GRID, 'status')))
      .toEqual(new Set(['Cancelada']));
    await page
      .getByRole('grid', { name: GRID })
      .locator('.MuiDataGrid-row')
      .first()
      .locator('[data-field="requestDate"]')
      .click();
    await page.waitForURL(/\/importacion\/\d+$/);
    await page.getByTestId('import-summary').waitFor();
    await showPath(page, suite.stack.urls.web, '/importaciones?q=zzzz');
    await page.getByText(EMPTY).waitFor();
  });
});

describe('imports as consulta', () => {
  it("shows 'No tiene permisos' on every import screen", async () => {
    await suite.withSignedIn('consulta', '/importacion', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
      for (const path of ['/importacion/4001', '/importaciones', '/conversion']) {
        await showPath(other.page, suite.stack.urls.web, path);
        await other.page.getByText('No tiene permisos').first().waitFor();
      }
      await screenshot(other.page, 'imports-consulta');
    });
  });
});
