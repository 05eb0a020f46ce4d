import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { noticeShown, openInApp, screenshot, showPath, TAKE_SCREENSHOTS, tick } from './support/browser';
import { changedAlert, secondsShown, tabVisibleAgain } from './support/freshness';
import { stubRequest, stubWrites, writeLine } from './support/stub-http';
import {
  clearWithdrawalRequests,
  forceFailure,
  rowAction,
  stubWithdraw,
  stubWithdrawal,
} from './support/withdrawals';
import { gridRow, gridSettled } from './support/grid';

/**
 * Withdrawals (spec 001 §2 "Withdrawals to transfer", "Withdrawal authorization list", "Withdrawal history",
 * "Unified withdrawals"; §4; §5; §8) as tesoreria against the whole stack and the fixtures 5000001-5000010 /
 * 6000001-6000010; consulta is refused. 'Programar', present and disabled: withdrawals-defects.test.ts.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/retiros' });
let page: Page;
const TRANSFER_GRID = 'Retiros a transferir';
const PENDING_GRID = 'Retiros pendientes de autorización';

beforeAll(async () => {
  page = suite.page;
});

const bulkButton = (label: string) =>
  page.getByTestId('bulk-actions').getByRole('button', { name: label, exact: true });

describe('Retiros a transferir as tesoreria', () => {
  it('transfers two pending withdraws: 850 px confirmation, one result each, written in the stub', async () => {
    await gridSettled(page, TRANSFER_GRID);
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    if (TAKE_SCREENSHOTS) await screenshot(page, 'withdraws-list');
    await tick(gridRow(page, TRANSFER_GRID, '5000001').getByRole('checkbox'));
    await tick(gridRow(page, TRANSFER_GRID, '5000002').getByRole('checkbox'));
    await clearWithdrawalRequests(suite.stack);
    await bulkButton('Transferir').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Confirme los retiros a transferir').waitFor();
    expect(Math.round((await confirm.boundingBox())!.width)).toBe(850);
    expect(JSON.stringify(await seriousA11yViolations(page, '[role="dialog"]'))).toBe('[]');
    await confirm.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Transferir' }).click();
    const progress = page.getByRole('dialog');
    await progress.getByText('Retiro transferido correctamente').first().waitFor();
    await screenshot(page, 'withdraws-transfer-progress');
    expect(
      (await stubWrites(suite.stack, 'withdraw').then((writes) => writes.map(writeLine))).sort(),
    ).toEqual(['POST /withdraw/retiros/transferir/5000001', 'POST /withdraw/retiros/transferir/5000002']);
    expect((await stubWithdraw(suite.stack, '5000001')).status).toBe('transferred');
    expect((await stubWithdraw(suite.stack, '5000002')).status).toBe('transferred');
    await progress.getByRole('button', { name: 'Cerrar' }).last().click();
    // Transferred rows leave the list filtered to 'Pendiente'.
    await gridRow(page, TRANSFER_GRID, '5000001').waitFor({ state: 'detached' });
  });

  it("rejects one with 'Motivo de rechazo', stored as status_detail", async () => {
    await tick(gridRow(page, TRANSFER_GRID, '5000003').getByRole('checkbox'));
    await clearWithdrawalRequests(suite.stack);
    await bulkButton('Rechazar').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    const reason = page.getByRole('dialog').getByRole('textbox', { name: /Motivo de rechazo/ });
    await reason.fill('La cuenta de destino fue dada de baja');
    expect(JSON.stringify(await seriousA11yViolations(page, '[role="dialog"]'))).toBe('[]');
    await page.getByRole('dialog').getByRole('button', { name: 'Rechazar' }).click();
    await page.getByRole('dialog').getByText('Rechazado correctamente').first().waitFor();
    expect(await stubWrites(suite.stack, 'withdraw').then((writes) => writes.map(writeLine))).toEqual([
      'POST /withdraw/retiros/rechazar/5000003',
    ]);
    expect(await stubWithdraw(suite.stack, '5000003')).toMatchObject({
      status: 'rejected',
      status_detail: 'La cuenta de destino fue dada de baja',
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).last().click();
  });

  it('downloads a transferred withdrawal as xlsx, txt and xml', async () => {
    await showPath(page, suite.stack.urls.web, '/retiros?estados=transferred');
    await gridSettled(page, TRANSFER_GRID);
    const download = async (label: string) => {
      const event = page.waitForEvent('download');
      await rowAction(page, TRANSFER_GRID, '5000007', label);
      const file = await event;
      return { name: file.suggestedFilename(), path: (await file.path())! };
    };
    const txt = await download('Descargar TXT');
    expect(txt.name).toBe('retiro-5000007.txt');
    const lines = (await readFile(txt.path, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe(
      'id|collector_id|entidad|cuit|cbu|titular|importe|moneda|fecha_solicitud|fecha_transferencia|estado',
    );
    // Dates in Argentine time and the status's label, as the screen shows them.
    const shownAt = '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}';
    expect(lines[1]).toMatch(
      new RegExp(
        `^5000007\\|10002\\|Colegio Nuestra Señora de Luján\\|.*\\|254300\\.75\\|ARS\\|${shownAt}\\|${shownAt}\\|Transferido$`,
      ),
    );
    const xml = await download('Descargar XML');
    expect(xml.name).toBe('retiro-5000007.xml');
    const xmlText = await readFile(xml.path, 'utf8');
    expect(xmlText).toContain('<retiro><id>5000007</id><collector_id>10002</collector_id>');
    expect(xmlText).toContain('<importe>254300.75</importe>');
    // The notice hides itself after 2.5 s: watched from the click, not after reading the file.
    const xlsxDone = noticeShown(page, 'Descarga completa: retiro-5000007.xlsx');
    const xlsx = await download('Descargar XLSX');
    expect(xlsx.name).toBe('retiro-5000007.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const sheet = workbook.getWorksheet('Retiro')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('5000007');
    expect(sheet.getRow(2).getCell(7).value).toBe('254300.75');
    await xlsxDone;
  });
});

describe('Retiros pendientes (authorization) and Historial as tesoreria', () => {
  it("authorizes one: 'Estas autorizando 1 retiro', then 'Retiro Aprobado'", async () => {
    await openInApp(page, '/retirosUnificados');
    await page.getByRole('button', { name: 'Retiros pendientes' }).click();
    await gridSettled(page, PENDING_GRID);
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    if (TAKE_SCREENSHOTS) await screenshot(page, 'withdrawals-unified-pending');
    await clearWithdrawalRequests(suite.stack);
    await rowAction(page, PENDING_GRID, '6000001', 'Autorizar');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Estas autorizando 1 retiro').waitFor();
    await dialog.getByRole('button', { name: 'Autorizar' }).click();
    const result = page.getByRole('dialog').filter({ hasText: 'Retiro Aprobado' });
    await result.waitFor();
    if (TAKE_SCREENSHOTS) await screenshot(page, 'withdrawals-approved');
    await result.getByRole('button', { name: 'Ok' }).click();
    expect(await stubWrites(suite.stack, 'withdrawal').then((writes) => writes.map(writeLine))).toEqual([
      'POST /withdrawal/retiros/6000001/autorizar/',
    ]);
    expect((await stubWithdrawal(suite.stack, '6000001')).status).toBe('authorized');
    await gridRow(page, PENDING_GRID, '6000001').waitFor({ state: 'detached' });
  });

  it('bulk-authorizes three where one fails: its own message, the others written', async () => {
    await forceFailure(suite.stack, {
      service: 'withdrawal',
      operation: 'autorizar',
      ids: ['6000003'],
      extended_code: 'withdrawal_not_pending_authorization',
    });
    for (const id of ['6000002', '6000003', '6000004']) {
      await tick(gridRow(page, PENDING_GRID, id).getByRole('checkbox'));
    }
    await clearWithdrawalRequests(suite.stack);
    await bulkButton('Autorizar selección').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
    const input = page.getByRole('dialog');
    await input.getByText('Estas autorizando 3 retiros').waitFor();
    await input.getByRole('button', { name: 'Autorizar' }).click();
    const progress = page.getByRole('dialog');
    await progress.locator('[data-code="withdrawal_not_pending_authorization"]').first().waitFor();
    await progress.getByText('Retiros Aprobados').first().waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page, '[role="dialog"]'))).toBe('[]');
    await screenshot(page, 'withdrawals-bulk-authorize');
    expect(
      (await stubWrites(suite.stack, 'withdrawal').then((writes) => writes.map(writeLine))).sort(),
    ).toEqual([
      'POST /withdrawal/retiros/6000002/autorizar/',
      'POST /withdrawal/retiros/6000003/autorizar/',
      'POST /withdrawal/retiros/6000004/autorizar/',
    ]);
    expect((await stubWithdrawal(suite.stack, '6000002')).status).toBe('authorized');
    expect((await stubWithdrawal(suite.stack, '6000003')).status).toBe('pending_authorization');
    expect((await stubWithdrawal(suite.stack, '6000004')).status).toBe('authorized');
    await progress.getByRole('button', { name: 'Cerrar' }).last().click();
  });

  it("shows the detail dialog 'Detalle de retiro' (50vw x 80vh) with the collector and its balance", async () => {
    await rowAction(page, PENDING_GRID, '6000005', 'Ver detalle');
    const dialog = page.getByRole('dialog', { name: 'Detalle de retiro' });
    await dialog.getByRole('region', { name: 'Saldo de la entidad' }).getByText('Disponible').waitFor();
    await dialog.getByText('Club Atlético San Martín de Burzaco').first().waitFor();
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(720);
    expect(Math.round(box.height)).toBe(Math.round(0.8 * page.viewportSize()!.height));
    expect(JSON.stringify(await seriousA11yViolations(page, '[role="dialog"]'))).toBe('[]');
    if (TAKE_SCREENSHOTS) await screenshot(page, 'withdrawals-detail');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it("names the collector 'ID entidad' and 'Entidad' in the detail, as every list's ID ENTIDAD and ENTIDAD", async () => {
    for (const header of ['ID ENTIDAD', 'ENTIDAD'])
      await page
        .getByRole('grid', { name: PENDING_GRID })
        .getByRole('columnheader', { name: header, exact: true })
        .waitFor();
    await rowAction(page, PENDING_GRID, '6000005', 'Ver detalle');
    const dialog = page.getByRole('dialog', { name: 'Detalle de retiro' });
    const collector = dialog.getByRole('region', { name: 'Entidad', exact: true });
    await collector.getByText('Club Atlético San Martín de Burzaco').first().waitFor();
    const labels = await collector.locator('.MuiTypography-caption').allInnerTexts();
    expect(labels.slice(0, 2)).toEqual(['ID entidad', 'Entidad']);
    expect(await dialog.getByText(/^(Firma|Signature|Nombre)$/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it("the detail says how long ago it was read, and 'Otro operador modificó este registro' when it changed", async () => {
    await rowAction(page, PENDING_GRID, '6000005', 'Ver detalle');
    const dialog = page.getByRole('dialog', { name: 'Detalle de retiro' });
    await dialog.getByTestId('record-freshness').waitFor();
    const first = await secondsShown(dialog);
    expect(first).toBeGreaterThanOrEqual(0);
    await expect.poll(() => secondsShown(dialog), { timeout: 15_000 }).toBeGreaterThan(first);
    // Another operator authorizes it, straight at the withdrawal service: the dialog is not told.
    await stubRequest(suite.stack, 'POST', '/withdrawal/retiros/6000005/autorizar/');
    await tabVisibleAgain(page);
    await changedAlert(page).waitFor();
    expect(await changedAlert(page).getByRole('button', { name: 'Ver cambios' }).count()).toBe(0);
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    await changedAlert(page).getByRole('button', { name: 'Recargar' }).click();
    await changedAlert(page).waitFor({ state: 'detached' });
    await dialog
      .getByRole('region', { name: 'Retiro', exact: true })
      .getByText('Autorizado', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('the history lists every status with its chips', async () => {
    await openInApp(page, '/retiros/historial');
    await gridSettled(page, 'Historial de retiros');
    await page.getByRole('button', { name: 'Autorizado' }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'authorized');
    await gridSettled(page, 'Historial de retiros');
    await gridRow(page, 'Historial de retiros', '6000008').waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    if (TAKE_SCREENSHOTS) await screenshot(page, 'withdrawals-history');
  });
});

describe('Retiros as consulta', () => {
  it("shows 'No tiene permisos' on every withdrawal screen", async () => {
    await suite.withSignedIn('consulta', '/retiros', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
      for (const path of ['/retiros/historial', '/retirosUnificados']) {
        await showPath(other.page, suite.stack.urls.web, path);
        await other.page.getByText('No tiene permisos').first().waitFor();
      }
    });
  });
});
