import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { argentineDateTime } from '@backoffice/validators';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { openInApp, screenshot, showPath } from './support/browser';
import {
  exportRow,
  exportsGrid,
  failExport,
  finishedExport,
  finishRunningExports,
  idsInFile,
  idsMatching,
  lastListFilters,
  newestExport,
  setExportProcessing,
} from './support/exports';
import { openList, settled } from './support/payments-list';
import { stubRequest } from './support/stub-http';

/**
 * Exports: the current /pagos filter exported as XLSX, CSV and JSON through the export dialog, followed in
 * /exportaciones until it finishes (the list refreshes by itself), downloaded with the token through /files, and
 * the file read back holds exactly the rows of the filter, all pages. consulta gets 'No tiene permisos'.
 */

/** The month shown by default (Argentine time). */
const currentPeriod = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);

// The path is made when the file starts (the period is today's).
const suite = useBrowserStack({
  role: 'admin',
  path: () => `/pagos?period=${currentPeriod()}&status=approved`,
});
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await settled(page);
});

describe('exports as admin', () => {
  for (const format of ['XLSX', 'CSV', 'JSON'] as const) {
    it(`exports the current /pagos filter as ${format}, waits in /exportaciones and downloads exactly its rows`, async () => {
      // XLSX is held running until the test has seen it running, then finishes; CSV and JSON take real time (2.5 s).
      await setExportProcessing(suite.stack, format === 'XLSX' ? 600_000 : 2500);
      // In the app; openList waits for the list's own answer, so the stubs' last list call is this screen's.
      await openList(page, suite.stack.urls.web, { period: currentPeriod(), status: 'approved' });
      const listFilters = await lastListFilters(suite.stack, '/payment/pagos');

      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menuitem', { name: `Exportar ${format}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Exportar' });
      await expect(dialog.getByRole('textbox', { name: 'Filtro' }).inputValue()).resolves.toContain(
        '"status":"APPROVED"',
      );
      if (format === 'XLSX') {
        expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
        await screenshot(page, 'exports-dialog');
      }
      await dialog.getByRole('button', { name: 'Exportar' }).click();
      await page.getByText('Exportación solicitada: puede seguirla en Historial de exportaciones.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The job holds the list's own encoded filter; the expected rows are every matching payment, all pages.
      const job = await newestExport(suite.stack);
      expect(job).toMatchObject({ type: 'payments', format: format.toLowerCase(), filters: listFilters });
      const expected = await idsMatching(suite.stack, '/payment/pagos', job.filters);
      expect(expected.length).toBeGreaterThan(25); // more than the page the operator saw

      await page.getByRole('link', { name: 'Historial de exportaciones' }).click();
      await page.waitForURL((url) => url.pathname === '/exportaciones');
      const row = exportRow(page, job.id);
      await row.waitFor();
      // Running: its progress shows, no download yet; the list refreshes by itself until it finishes.
      if (format === 'XLSX') {
        await row.getByRole('progressbar').waitFor();
        expect(await row.getByRole('button', { name: /Descargar/ }).count()).toBe(0);
        await screenshot(page, 'exports-history-running');
        await finishRunningExports(suite.stack);
      }
      const download = row.getByRole('button', { name: `Descargar exportación ${job.id}` });
      await download.waitFor({ timeout: 30_000 });
      await row.getByText('Finalizada').waitFor();
      expect(await row.locator('[data-field="records"]').innerText()).toBe(String(expected.length));

      // The toast hides itself after 2.5 s: watched from the click, not after reading the file.
      const downloaded = page
        .getByText(`Descarga completa: exportacion-${job.id}.${format.toLowerCase()}`)
        .waitFor();
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`exportacion-${job.id}.${format.toLowerCase()}`);
      const path = await file.path();
      expect(await idsInFile(path, format)).toEqual(expected);
      await downloaded;

      // The token went in a header, never in the URL.
      const fileRequest = suite.session.gatewayRequests.find((r) =>
        r.url.endsWith(`/files/exportaciones/${job.id}`),
      );
      expect(fileRequest?.headers.authorization).toMatch(/^Bearer /);
      expect(fileRequest?.url).not.toMatch(/token|Bearer/i);
      if (format === 'XLSX') {
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'exports-history-finished');
      }
    });
  }

  it('exports the current /suscripciones filter as JSON with the subscriptions list encoding', async () => {
    await openInApp(page, '/suscripciones');
    await page.getByRole('grid', { name: 'Suscripciones' }).locator('.MuiDataGrid-row').first().waitFor();
    const listFilters = await lastListFilters(suite.stack, '/subscription/suscripciones');
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Exportar JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar' });
    await dialog.getByText('Suscripciones', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Exportar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const job = await newestExport(suite.stack);
    expect(job).toMatchObject({ type: 'subscription', format: 'json', filters: listFilters });
    const expected = await idsMatching(suite.stack, '/subscription/suscripciones', job.filters);

    await openInApp(page, '/exportaciones?tipo=subscription');
    const download = exportRow(page, job.id).getByRole('button', { name: `Descargar exportación ${job.id}` });
    await download.waitFor({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(await idsInFile(await file.path(), 'JSON')).toEqual(expected);
  });

  it('an export that failed after the history showed it finished says it failed when downloaded', async () => {
    const job = await finishedExport(suite.stack, 'subscription');
    await showPath(page, suite.stack.urls.web, '/exportaciones');
    const download = exportRow(page, job.id).getByRole('button', { name: `Descargar exportación ${job.id}` });
    await download.waitFor();
    // The job fails upstream while the history still shows it finished (no export running: no refresh).
    await failExport(suite.stack, job.id);
    await download.click();
    const refusal = page
      .getByRole('status')
      .filter({ hasText: 'La exportación falló: no hay archivo para descargar - export_failed' });
    await refusal.waitFor();
    // The code follows the text, after ' - ', as in every refusal. Hovering keeps the notice open (MUI pauses it).
    await refusal.hover();
    await refusal.locator('[data-code="export_failed"]').waitFor();
    expect(await refusal.innerText()).not.toContain('todavía no finalizó');
    // The gateway's 422 is the refusal this test asks for, not a problem of the page: taken off the session's list.
    const refused = suite.session.problems.findIndex(
      (problem) => problem.startsWith('http 422: GET ') && problem.endsWith(`/files/exportaciones/${job.id}`),
    );
    expect(refused).toBeGreaterThanOrEqual(0);
    suite.session.problems.splice(refused, 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exports-history-failed-download');
  });

  it('downloads a JSON export with Argentine dates and Spanish statuses, from a browser in Tokyo', async () => {
    const job = await finishedExport(suite.stack, 'subscription', 'json');
    // What the subscription service holds: ISO dates in UTC and status/type codes.
    const upstream = new Map(
      (
        await stubRequest<{
          rows: Array<{ id: string; status: string; type: string; request_date: string }>;
        }>(suite.stack, 'GET', '/subscription/suscripciones?limit=1000')
      ).rows.map((row) => [row.id, row]),
    );
    const tokyo = await suite.signedIn('admin', '/exportaciones', undefined, { timezoneId: 'Asia/Tokyo' });
    try {
      const download = exportRow(tokyo.page, job.id).getByRole('button', {
        name: `Descargar exportación ${job.id}`,
      });
      await download.waitFor();
      const [file] = await Promise.all([tokyo.page.waitForEvent('download'), download.click()]);
      const rows = JSON.parse(await readFile(await file.path(), 'utf8')) as Array<
        Record<'id' | 'status' | 'type' | 'request_date', string>
      >;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const source = upstream.get(row.id)!;
        // The screens' form in Argentine time (not the service's UTC ISO, not Tokyo's).
        expect(row.request_date).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
        expect(row.request_date).toBe(argentineDateTime(source.request_date));
        expect(row.status).not.toBe(source.status);
        expect(row.type).not.toBe(source.type);
      }
      // The codes the audit found ('pending', 'adhesion') by the screens' labels.
      const pending = rows.find((row) => upstream.get(row.id)!.status === 'pending');
      expect(pending?.status).toBe('Pendiente');
      const adhesion = rows.find((row) => upstream.get(row.id)!.type === 'adhesion');
      expect(adhesion?.type).toBe('Adhesión');
    } finally {
      await tokyo.close();
    }
  });

  it('filters the history by type, format and status in the URL', async () => {
    await showPath(page, suite.stack.urls.web, `/exportaciones?periodo=${currentPeriod()}`);
    await exportsGrid(page).locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('combobox', { name: 'Formato' }).click();
    await page.getByRole('option', { name: 'csv', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('formato') === 'csv');
    expect(new URL(page.url()).searchParams.get('periodo')).toBe(currentPeriod());
    await page.waitForFunction(() => {
      const cells = [
        ...document.querySelectorAll('[aria-label="Exportaciones"] .MuiDataGrid-row [data-field="format"]'),
      ];
      return cells.length > 0 && cells.every((cell) => cell.textContent === 'csv');
    });
    // 'Tipo' reads in Spanish, in the filter and in its column; the URL keeps the service's word.
    await showPath(page, suite.stack.urls.web, `/exportaciones?periodo=${currentPeriod()}`);
    await exportsGrid(page).locator('.MuiDataGrid-row').first().waitFor();
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Suscripciones', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tipo') === 'subscription');
    await page.waitForFunction(() => {
      const cells = [
        ...document.querySelectorAll('[aria-label="Exportaciones"] .MuiDataGrid-row [data-field="type"]'),
      ];
      return cells.length > 0 && cells.every((cell) => cell.textContent === 'Suscripciones');
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(suite.session.problems).toEqual([]);
  });
});

describe('exports as consulta', () => {
  it("sees 'No tiene permisos' on /exportaciones and no export menu on /pagos", async () => {
    await suite.withSignedIn('consulta', '/exportaciones', async (other) => {
      await other.page.getByTestId('no-permission').waitFor();
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
      await showPath(other.page, suite.stack.urls.web, '/pagos');
      await settled(other.page);
      expect(await other.page.getByRole('button', { name: 'Exportar' }).count()).toBe(0);
    });
  });
});
