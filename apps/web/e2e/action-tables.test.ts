import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { notice, showPath } from './support/browser';
import { changedAlert, nextRead, RECORD_CHANGED, tabVisibleAgain } from './support/freshness';
import { gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';
import { stubAdmin, stubRequest, stubRequests } from './support/stub-http';
import {
  shownRowIds,
  subscriptionRow,
  subscriptionsSettled,
  subscriptionWrites,
} from './support/subscriptions';
import { rowAction } from './support/withdrawals';

/**
 * Every action through the kit's action tables, as tesoreria (impuestos for AFIP, operador for payers and
 * subscriptions): an untouched detail never warns 'Otro operador modificó este registro' after its freshness check or
 * a 'Recargar'; a service's refusal says the service's words, not a conflict, and a refused 'Presentar' lends no key
 * to the 'Re-procesar' that follows; the dialogs that move money say what and to which account. Fixtures: import 4025
 * pending approval (collector 10001, five rows to issue), batch 20191 of 10001 in error, withdrawal 6000001 pending
 * authorization, presentations 3005 and 3006 created, payer 700001, subscription 4000001.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/importacion/4025' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.locator('[data-action="CONFIRM"]').waitFor();
});

afterEach(async () => {
  await stubAdmin(suite.stack, 'DELETE', 'failures');
});

/** A service refuses one write of one record (the stubs' forced failure: nothing changes). */
const refuse = (service: string, operation: string, id: string, extendedCode: string) =>
  stubAdmin(suite.stack, 'POST', 'failures', {
    service,
    operation,
    ids: [id],
    status: 409,
    code: 'invalid_status',
    extended_code: extendedCode,
    message: 'El servicio rechazó la operación.',
  });

/**
 * The detail's freshness check, made now (the tab visible again) and compared in the page (its line's
 * `data-checked-at` moves): the record it read is the one shown, so nothing warns.
 */
async function quietAfterCheck(p: Page, operation: string): Promise<void> {
  const line = p.getByTestId('record-freshness').first();
  const before = await line.getAttribute('data-checked-at');
  const read = nextRead(p, operation);
  await tabVisibleAgain(p);
  await read;
  await expect.poll(() => line.getAttribute('data-checked-at')).not.toBe(before);
  expect(await changedAlert(p).count()).toBe(0);
  expect(await p.getByTestId('record-freshness').first().textContent()).toMatch(/^Actualizado hace/);
}

/** The toolbar's 'Recargar' (the detail's query read again), then the check: still quiet. */
async function quietAfterReload(p: Page, scope: Locator, operation: string): Promise<void> {
  const read = nextRead(p, operation);
  await scope.locator('[data-action="RELOAD"]').click();
  await read;
  await quietAfterCheck(p, operation);
}

/** A refusal inside `dialog` says the service's words (its code), never that another operator changed the record. */
async function saysTheRefusal(dialog: Locator, extendedCode: string): Promise<void> {
  await dialog.locator(`[data-code="${extendedCode}"]`).waitFor();
  expect(await dialog.getByText(RECORD_CHANGED).count()).toBe(0);
}

describe('an untouched detail', () => {
  it("never warns 'Otro operador modificó este registro' after its check or 'Recargar' (import, batch, withdrawal)", async () => {
    await quietAfterCheck(page, 'PaymentImportDetail');
    await quietAfterReload(
      page,
      page.getByRole('toolbar', { name: 'Acciones de la importación' }),
      'PaymentImportDetail',
    );

    await page.goto(`${suite.stack.urls.web}/lotes/lotes/10001/20191`);
    const toolbar = page.getByTestId('batch-toolbar');
    await toolbar.getByRole('button', { name: 'Reprocesar' }).waitFor();
    await quietAfterCheck(page, 'WithdrawalBatch');

    await page.goto(`${suite.stack.urls.web}/retirosUnificados`);
    await page.getByRole('button', { name: 'Retiros pendientes' }).click();
    await gridSettled(page, 'Retiros pendientes de autorización');
    await rowAction(page, 'Retiros pendientes de autorización', '6000005', 'Ver detalle');
    const dialog = page.getByRole('dialog', { name: 'Detalle de retiro' });
    await dialog.getByTestId('record-freshness').waitFor();
    await quietAfterCheck(page, 'WithdrawalDetail');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('nor an AFIP presentation', async () => {
    await suite.withSignedIn('impuestos', '/afip/3006', async ({ page: tax }) => {
      await tax.locator('[data-action="PRESENT"]').waitFor();
      await quietAfterCheck(tax, 'PresentationDetail');
      await quietAfterReload(
        tax,
        tax.getByRole('toolbar', { name: 'Acciones de la presentación' }),
        'PresentationDetail',
      );
      expect(await seriousA11yViolations(tax)).toEqual([]);
    });
  });
});

describe("a service's refusal", () => {
  it("of 'Presentar' says the service's words; 'Re-procesar' then goes through with a key of its own", async () => {
    await refuse('afip', 'presentar', '3005', 'afip_service_refused');
    await suite.withSignedIn('impuestos', '/afip/3005', async ({ page: tax }) => {
      await tax.locator('[data-action="PRESENT"]').click();
      const present = tax.getByTestId('present-dialog');
      await present.getByRole('button', { name: 'Presentar' }).click();
      await saysTheRefusal(present, 'afip_service_refused');
      expect(await seriousA11yViolations(tax, '[role="dialog"]')).toEqual([]);
      await present.getByRole('button', { name: 'Cancelar' }).click();
      await present.waitFor({ state: 'detached' });

      await tax.locator('[data-action="REPROCESS"]').click();
      const reprocess = tax.getByTestId('reprocess-dialog');
      await reprocess.getByLabel('Motivo (opcional)').fill('Montos mal informados');
      await reprocess.getByRole('button', { name: 'Re-procesar' }).click();
      await notice(tax, 'Presentación re-procesada con éxito').waitFor();
      await tax.getByTestId('reprocess-detail').getByText('Montos mal informados').waitFor();
    });
    const sent = (await stubRequests(suite.stack, 'afip')).filter((r) => r.method === 'POST');
    const keyOf = (path: string) => sent.find((r) => r.path === path)?.headers['idempotency-key'];
    const reprocessKey = keyOf('/afip/formularios/3005/reprocesar');
    expect(reprocessKey).toBeTruthy();
    expect(keyOf('/afip/formularios/3005/presentar')).not.toBe(reprocessKey);
    expect(
      ((await stubRequest(suite.stack, 'GET', '/afip/formularios/3005')) as { status: string }).status,
    ).toBe('reprocess');
  });

  it("of an import's 'Confirmar' and a batch's 'Reprocesar' says the service's words, not a conflict", async () => {
    await refuse('import', 'aprobar', '4025', 'import_refused_by_service');
    await page.goto(`${suite.stack.urls.web}/importacion/4025`);
    await page.locator('[data-action="CONFIRM"]').click();
    const confirm = page.getByTestId('import-confirm-dialog');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await saysTheRefusal(confirm, 'import_refused_by_service');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect(await changedAlert(page).count()).toBe(0);

    await refuse('batch', 'reprocess', '20191', 'batch_refused_by_service');
    await page.goto(`${suite.stack.urls.web}/lotes/lotes/10001/20191`);
    await page.getByTestId('batch-toolbar').getByRole('button', { name: 'Reprocesar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprocesar lote' });
    await dialog.getByRole('button', { name: 'Reprocesar' }).click();
    await saysTheRefusal(dialog, 'batch_refused_by_service');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });
});

describe('a dialog that moves money', () => {
  it("the import's 'Confirmar' says how many payments, for how much, for which collector", async () => {
    await page.goto(`${suite.stack.urls.web}/importacion/4025`);
    await page.locator('[data-action="CONFIRM"]').click();
    const confirm = page.getByTestId('import-confirm-dialog');
    await confirm.getByText(/Se emitirán 5 pagos por \$\s?11\.257,50\./).waitFor();
    const summary = confirm.getByRole('region', { name: 'Se emitirán' });
    expect(await summary.locator('dd[data-label="Monto"]').innerText()).toMatch(/^\$\s?11\.257,50$/);
    expect(await summary.locator('dd[data-label="Entidad"]').innerText()).not.toBe('—');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
  });

  it("a batch's 'Reprocesar' says whose, how many records and how much go to the bank", async () => {
    await page.goto(`${suite.stack.urls.web}/lotes/lotes/10001/20191`);
    await page.getByTestId('batch-toolbar').getByRole('button', { name: 'Reprocesar' }).click();
    const dialog = page.getByTestId('batch-action-dialog');
    const summary = dialog.getByRole('region', { name: 'Se enviará al banco' });
    expect(await summary.locator('dd[data-label="Lote"]').innerText()).toBe('20191');
    expect(await summary.locator('dd[data-label="Monto"]').innerText()).toMatch(/^\$\s?[\d.]+,\d{2}$/);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it("'Autorizar' on one withdrawal names it, its collector, its amount and its CBU", async () => {
    await page.goto(`${suite.stack.urls.web}/retirosUnificados`);
    await page.getByRole('button', { name: 'Retiros pendientes' }).click();
    await gridSettled(page, 'Retiros pendientes de autorización');
    await rowAction(page, 'Retiros pendientes de autorización', '6000001', 'Autorizar');
    const dialog = page.getByTestId('authorize-withdrawal-dialog');
    const summary = dialog.getByRole('region', { name: 'Se autorizará' });
    expect(await summary.locator('dd[data-label="Retiro"]').innerText()).toBe('6000001');
    expect(await summary.locator('dd[data-label="Monto"]').innerText()).toMatch(/^\$\s?[\d.]+,\d{2}$/);
    expect(await summary.locator('dd[data-label="CBU de destino"]').innerText()).toMatch(
      /^\d{22}$|^[\w.-]+$/,
    );
    expect(await summary.locator('dd[data-label="Entidad"]').innerText()).not.toBe('—');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });
});

describe('as operador', () => {
  const operatorProfile = suite.profile('operador', '/pagadores/700001');

  it('an untouched payer detail never warns after its check', async () => {
    const operator = operatorProfile.page;
    await operator.getByTestId('record-freshness').waitFor();
    await quietAfterCheck(operator, 'PayerDetail');
  });

  it("'Cambiar medio de pago' says what it will send before it sends", async () => {
    const operator = operatorProfile.page;
    await showPath(operator, suite.stack.urls.web, '/suscripcion/4000001');
    await operator
      .getByRole('toolbar', { name: 'Acciones de la suscripción' })
      .getByRole('button', { name: 'Cambiar medio de pago', exact: true })
      .click();
    const dialog = operator.getByTestId('change-payment-method-dialog');
    const summary = dialog.getByRole('region', { name: 'Se enviará' });
    expect(await summary.locator('dd[data-label="Número de tarjeta"]').innerText()).toBe('—');
    await dialog.getByLabel('Número de tarjeta').fill('4509953566233704');
    await expect
      .poll(() => summary.locator('dd[data-label="Número de tarjeta"]').innerText())
      .toBe('4509953566233704');
    await dialog.getByRole('button', { name: /Transferencia/ }).click();
    expect(await summary.locator('dd[data-label="Medio de pago"]').innerText()).toBe('Transferencia (CBU)');
    expect(await seriousA11yViolations(operator, '[role="dialog"]')).toEqual([]);
  });

  it("a subscription row's 'Cancelar' runs through the row's action table: its dialog, one write, the toast", async () => {
    const operator = operatorProfile.page;
    await showPath(operator, suite.stack.urls.web, '/suscripciones?estado=active&medio=todos');
    await subscriptionsSettled(operator);
    const [id] = await shownRowIds(operator);
    await stubAdmin(suite.stack, 'DELETE', 'requests');
    await subscriptionRow(operator, id!)
      .getByRole('button', { name: `Acciones de la suscripción ${id}` })
      .click();
    await operator
      .getByRole('menu', { name: `Acciones de la suscripción ${id}` })
      .getByRole('menuitem', { name: 'Cancelar' })
      .click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByText(`Se cancelará la suscripción ${id}`, { exact: false }).waitFor();
    await dialog.getByLabel('Ingrese el motivo').fill('Pedido del pagador');
    await dialog.getByRole('button', { name: /Cancelar suscripci/ }).click();
    await notice(operator, 'Suscripción cancelada correctamente').waitFor();
    expect((await subscriptionWrites(suite.stack)).map((w) => [w.method, w.operation, w.id])).toEqual([
      ['POST', 'cancelar', id],
    ]);
    await subscriptionRow(operator, id!).waitFor({ state: 'detached' });
  });
});
