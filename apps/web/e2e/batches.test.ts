import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import {
  batchRequests,
  batchRow,
  batchesSettled,
  clearBatchRequests,
  rowAction,
  shownBatchIds,
  stubBatch,
} from './support/batches';
import { notice, noticeShown, openInApp, screenshot, showPath, tick } from './support/browser';

/**
 * Lotes de retiros (spec 001 §2 "Withdrawal batches", §4 "Batch", §8) as tesoreria against the whole stack and
 * the batch fixtures 20190-20195 of collector 10001 (docs/upstream-contract.md "Batch service"); consulta is
 * refused.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/lotes' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
});

describe('Lotes de retiros as tesoreria', () => {
  it('asks for a collector first and searches nothing until one is chosen', async () => {
    await clearBatchRequests(suite.stack);
    await page.getByTestId('batches-choose-collector').waitFor();
    expect(await page.getByRole('grid', { name: 'Lotes' }).count()).toBe(0);
    expect(await batchRequests(suite.stack)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const picker = page.getByRole('combobox', { name: 'Entidad *' });
    await picker.click();
    await picker.fill('10001');
    await page.getByRole('option').filter({ hasText: 'ID 10001' }).first().click();
    await batchesSettled(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('entidad')).toBe('10001');
    // The period is 'Mes actual', relative: never pinned in the address.
    expect(url.searchParams.has('periodo')).toBe(false);
    expect(await page.getByRole('button', { name: 'Mes actual' }).getAttribute('aria-pressed')).toBe('true');
    const ids = await shownBatchIds(page);
    expect(ids).toEqual(expect.arrayContaining(['20190', '20191', '20192', '20193', '20194', '20195']));
    expect(await batchRequests(suite.stack)).toContain('GET /batch/lotes');
    // The list is saved to session storage once shown (an effect after the render).
    await page.waitForFunction(() => sessionStorage.getItem('batches.list')?.includes('entidad=10001'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'batches-list');
  });

  it('restores filters and list from session storage when coming back', async () => {
    // Left inside the app; back with a page load, so filters and list can only come from session storage.
    await openInApp(page, '/home');
    await page.goto(`${suite.stack.urls.web}/lotes`);
    await page.waitForURL((url) => url.searchParams.get('entidad') === '10001');
    await batchesSettled(page);
    expect(await shownBatchIds(page)).toContain('20190');
  });

  it('reprocesses a batch in error from its row: the stub holds it for_withdrawing', async () => {
    await clearBatchRequests(suite.stack);
    await rowAction(page, '20191', 'Reprocesar');
    const dialog = page.getByTestId('batch-action-dialog');
    await dialog.getByText('El lote 20191 está en error').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Reprocesar' }).click();
    await notice(page, '¡Lote reprocesado con éxito!').waitFor();
    expect(await batchRequests(suite.stack)).toContain('POST /batch/lotes/reprocess/20191');
    expect((await stubBatch(suite.stack, '20191')).status).toBe('for_withdrawing');
    await batchRow(page, '20191').locator('[data-status="for_withdrawing"]').waitFor();
  });

  it('downloads a batch in for_withdrawing: the saved file lists the batch and its payments', async () => {
    const batch = await stubBatch(suite.stack, '20190');
    const records = (await (await fetch(`${suite.stack.urls.stubs}/batch/lotes/20190/registros`)).json()) as {
      rows: { payment_id: string }[];
    };
    // The notice hides itself after 2.5 s: watched from the click, not after reading the file.
    // Next to the downloads: the bank's layout, byte for byte (docs/decisions.md, "Files an operator downloads").
    await page
      .getByText(/se descargan tal como los genera el servicio, en el formato del banco \(00004\)/)
      .waitFor();
    const downloaded = noticeShown(page, 'Descarga completa: lote-20190.txt');
    const download = page.waitForEvent('download');
    await rowAction(page, '20190', 'Descargar TXT');
    const file = await download;
    expect(file.suggestedFilename()).toBe('lote-20190.txt');
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.trim().split('\r\n');
    const detail = batch.collector_detail as { name: string };
    expect(lines[0]).toBe(
      ['LOTE', '20190', '10001', detail.name, '00004', '4', Number(batch.balance).toFixed(2)].join(';'),
    );
    expect(lines.slice(2).map((line) => line.split(';')[0])).toEqual(records.rows.map((r) => r.payment_id));
    await downloaded;
  });

  it('bulk: Reprocesar needs every selected row in error; per-item results; Deseleccionar clears', async () => {
    await showPath(page, suite.stack.urls.web, '/lotes?entidad=10001');
    await batchesSettled(page);
    await tick(batchRow(page, '20192').getByRole('checkbox'));
    await tick(batchRow(page, '20190').getByRole('checkbox'));
    const blocked = page.getByTestId('bulk-action-REPROCESS');
    expect(await blocked.getByRole('button').isDisabled()).toBe(true);
    expect(await blocked.getAttribute('aria-label')).toBe(
      'Reprocesar: Lote 20190: Solo se reprocesan lotes en error.',
    );

    await showPath(page, suite.stack.urls.web, '/lotes?entidad=10001&estado=error');
    await batchesSettled(page);
    await tick(batchRow(page, '20192').getByRole('checkbox'));
    await tick(batchRow(page, '20193').getByRole('checkbox'));
    const bulk = page.getByTestId('bulk-actions').getByRole('button', { name: 'Reprocesar', exact: true });
    expect(await bulk.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Deseleccionar' }).click();
    expect(await page.getByTestId('selection-count').count()).toBe(0);

    await tick(batchRow(page, '20192').getByRole('checkbox'));
    await tick(batchRow(page, '20193').getByRole('checkbox'));
    await clearBatchRequests(suite.stack);
    await bulk.click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Confirme los lotes en error a reprocesar').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'batches-bulk-confirm');
    await confirm.getByRole('button', { name: 'Continuar' }).click();
    const progress = page.getByRole('dialog');
    // The refusal reads in Spanish, ' - ' and its code.
    await progress.locator('[data-code="batch_destination_account_missing"]').first().waitFor();
    await progress.getByText('¡Lote reprocesado con éxito!').first().waitFor();
    await screenshot(page, 'batches-bulk-progress');
    expect((await batchRequests(suite.stack)).filter((r) => r.startsWith('POST')).sort()).toEqual([
      'POST /batch/lotes/reprocess/20192',
      'POST /batch/lotes/reprocess/20193',
    ]);
    expect((await stubBatch(suite.stack, '20192')).status).toBe('for_withdrawing');
    expect((await stubBatch(suite.stack, '20193')).status).toBe('error');
    await progress.getByRole('button', { name: 'Cerrar' }).last().click();
    // The reprocessed batch left the list filtered by 'Error'; the failed one stays.
    await batchRow(page, '20192').waitFor({ state: 'detached' });
    expect(await shownBatchIds(page)).toContain('20193');
  });

  it('shows the detail dialog (50vw x 70vh) with the batch card and its payments', async () => {
    await showPath(page, suite.stack.urls.web, '/lotes?entidad=10001');
    await batchesSettled(page);
    await rowAction(page, '20195', 'Ver detalle');
    const dialog = page.getByTestId('batch-detail-dialog');
    await dialog.getByRole('table', { name: 'Pagos del lote' }).waitFor();
    expect(await dialog.getByTestId('batch-id').innerText()).toBe('20195');
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(720);
    expect(Math.round(box.height)).toBe(630);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'batches-detail-dialog');
    await page.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('opens a batch by each of its routes; another collector’s batch is not found', async () => {
    await showPath(page, suite.stack.urls.web, '/lotes/lotes/10001/20190');
    const card = page.getByTestId('batch-card-20190');
    await card.waitFor();
    expect(await card.getByTestId('batch-record-count').innerText()).toContain('4');
    expect(await page.getByRole('table', { name: 'Pagos del lote' }).locator('tbody tr').count()).toBe(4);
    const toolbar = page.getByTestId('batch-toolbar');
    await toolbar.getByRole('button', { name: 'Descargar XML' }).waitFor();
    await page.getByText(/se descargan tal como los genera el servicio, en el formato del banco/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'batch-detail');

    await showPath(page, suite.stack.urls.web, '/retiros/lotes/10001/20195');
    await page.getByTestId('batch-card-20195').waitFor();
    await showPath(page, suite.stack.urls.web, '/lotes/lotes?collectorId=10001&id=20194');
    await page.getByRole('heading', { name: 'Detalle de lote 20194' }).waitFor();
    await page.getByTestId('batch-records').getByText('El lote no tiene registros.').waitFor();
    await showPath(page, suite.stack.urls.web, '/lotes/lotes/10002/20190');
    await page.getByTestId('batch-not-found').waitFor();
  });
});

describe('Lotes de retiros as consulta', () => {
  it("shows 'No tiene permisos' on every batch screen", async () => {
    await suite.withSignedIn('consulta', '/lotes', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
      for (const path of ['/lotes/lotes/10001/20190', '/retiros/lotes/10001/20190', '/lotes/lotes']) {
        await showPath(other.page, suite.stack.urls.web, path);
        await other.page.getByText('No tiene permisos').first().waitFor();
      }
      await screenshot(other.page, 'batches-consulta');
    });
  });
});
