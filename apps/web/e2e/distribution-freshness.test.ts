import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { gridRow, gridSettled } from './support/grid';
import { batchRequests, clearBatchRequests, stubBatch } from './support/batches';
import { changedAlert, nextRead, RECORD_CHANGED, secondsShown, tabVisibleAgain } from './support/freshness';
import { useBrowserStack } from './support/suite';
import { stubRequest } from './support/stub-http';

/**
 * Fresh records on the distribution detail, as tesoreria:
 * 'Actualizado hace N s' advances; another operator's change (made here at the distributions service) is found when
 * the tab becomes visible again and says 'Otro operador modificó este registro' with 'Recargar'; an action refused
 * because the distribution moved says so in the same words. Then the same words for a refused action in a
 * presentation's detail (as impuestos), an import's and a withdrawal batch's. Fixtures: 9300005 rejected, 9300006
 * pending, presentation 3005 created, import 4025 pending approval, batch 20191 (collector 10001) in error.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/distribucion' });
let page: Page;
const GRID = 'Distribuciones';
const EMPTY = 'Nada por acá';

const dialog = (p: Page) => p.getByTestId('distribution-detail-dialog');
/** Another operator reprocesses the distribution (straight at the service: the screen is not told). */
const reprocessElsewhere = (id: string) =>
  stubRequest(suite.stack, 'POST', `/distribuciones/distribuciones/${id}/reprocesar`);

async function openDetail(id: string): Promise<void> {
  const box = page.getByLabel('Buscar por ID o Signature');
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const paymentId = String(480_001 + (Number(id) - 9300001) * 7);
  await box.fill(paymentId);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === paymentId);
  await gridSettled(page, GRID, EMPTY);
  await gridRow(page, GRID, id)
    .getByRole('button', { name: new RegExp(`^(Modificar|Ver) ${id}$`) })
    .click();
  await dialog(page).getByTestId('distribution-status').waitFor();
}

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID, EMPTY);
});

describe('a distribution detail left open while another operator changes it', () => {
  it("says 'Actualizado hace N s', advancing", async () => {
    await openDetail('9300005');
    const first = await secondsShown(dialog(page));
    expect(first).toBeGreaterThanOrEqual(0);
    await expect.poll(() => secondsShown(dialog(page)), { timeout: 15_000 }).toBeGreaterThan(first);
  });

  it("shows 'Otro operador modificó este registro' with 'Recargar', and 'Recargar' shows the new state", async () => {
    const status = dialog(page).getByTestId('distribution-status');
    expect(await status.innerText()).toBe('Rechazado');
    await reprocessElsewhere('9300005');
    await tabVisibleAgain(page);
    await changedAlert(page).waitFor();
    expect(await status.innerText()).toBe('Rechazado'); // what the operator read stays until 'Recargar'
    expect(await seriousA11yViolations(page)).toEqual([]);
    await changedAlert(page).getByRole('button', { name: 'Recargar' }).click();
    await dialog(page).getByTestId('distribution-status').getByText('En proceso').waitFor();
    await changedAlert(page).waitFor({ state: 'detached' });
    await dialog(page).getByRole('button', { name: 'Cerrar' }).first().click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('an action refused because the distribution moved says so in the same words', async () => {
    await openDetail('9300006');
    // It moves after the dialog opened and read it unchanged (a move before opening is said at once).
    const openingCheck = nextRead(page, 'DistributionDetail');
    await dialog(page).getByRole('button', { name: 'Reprocesar' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    await openingCheck;
    await reprocessElsewhere('9300006');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await confirm.getByText(RECORD_CHANGED).first().waitFor();
    await confirm.getByText('Recargá para ver su estado actual', { exact: false }).waitFor();
  });
});

describe('a presentation detail', () => {
  it("an action refused because another operator presented it says 'Otro operador modificó este registro'", async () => {
    await suite.withSignedIn('impuestos', '/afip/3005', async ({ page: other }) => {
      await other.locator('[data-action="PRESENT"]').waitFor();
      // It moves after the dialog opened and read it unchanged (a move before opening is said at once).
      const openingCheck = nextRead(other, 'PresentationDetail');
      await other.locator('[data-action="PRESENT"]').click();
      const confirm = other.getByTestId('present-dialog');
      await confirm.waitFor();
      await openingCheck;
      await stubRequest(suite.stack, 'POST', '/afip/formularios/3005/presentar');
      await confirm.getByRole('button', { name: 'Presentar' }).click();
      await confirm.getByText(RECORD_CHANGED).first().waitFor();
      expect(await seriousA11yViolations(other)).toEqual([]);
    });
  });
});

describe('an import and a batch detail', () => {
  it("confirming an import another operator cancelled says 'Otro operador modificó este registro'; nothing is issued", async () => {
    await page.goto(`${suite.stack.urls.web}/importacion/4025`);
    await page.locator('[data-action="CONFIRM"]').waitFor();
    const openingCheck = nextRead(page, 'PaymentImportDetail');
    await page.locator('[data-action="CONFIRM"]').click();
    const confirm = page.getByTestId('import-confirm-dialog');
    await confirm.waitFor();
    await openingCheck;
    await stubRequest(suite.stack, 'POST', '/import/pagos/cancelar/4025', {
      status_detail: 'Cancelada por otro operador',
    });
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await confirm.getByText(RECORD_CHANGED).first().waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    expect(((await stubRequest(suite.stack, 'GET', '/import/pagos/4025')) as { status: string }).status).toBe(
      'cancelled',
    );
  });

  it("reprocessing a batch another operator reprocessed says 'Otro operador modificó este registro'", async () => {
    await page.goto(`${suite.stack.urls.web}/lotes/lotes/10001/20191`);
    const toolbar = page.getByTestId('batch-toolbar');
    await toolbar.getByRole('button', { name: 'Reprocesar' }).waitFor();
    const openingCheck = nextRead(page, 'WithdrawalBatch');
    await toolbar.getByRole('button', { name: 'Reprocesar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprocesar lote' });
    await dialog.waitFor();
    await openingCheck;
    await stubRequest(suite.stack, 'POST', '/batch/lotes/reprocess/20191');
    await clearBatchRequests(suite.stack);
    await dialog.getByRole('button', { name: 'Reprocesar' }).click();
    await dialog.getByText(RECORD_CHANGED).first().waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    // The gateway read the batch no longer in error and wrote nothing: it is as the other operator left it.
    expect((await batchRequests(suite.stack)).filter((r) => r.startsWith('POST'))).toEqual([]);
    expect((await stubBatch(suite.stack, '20191')).status).toBe('for_withdrawing');
  });
});
