import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { changedAlert, nextRead, RECORD_CHANGED, secondsShown, tabVisibleAgain } from './support/freshness';
import { grid, gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';
import { stubRequest } from './support/stub-http';

/**
 * Fresh records and conflicts on a detail screen, payment detail as operador: 'Actualizado hace N s'
 * advances; another operator's change (made here at the payment service) is found when the tab becomes visible
 * (the same check runs every 30 s while visible) and says 'Otro operador modificó este registro' with 'Recargar';
 * an action refused because the record moved says so in the same words; opening an action's dialog on a moved record
 * says so at once, with one notice and one 'Recargar' on the page; the refusal is in 'Actividad' as 'Versión
 * desactualizada'. Fixtures: pending 1000005 and 1000006, issued 1000007.
 */

const suite = useBrowserStack({ role: 'operador', path: '/pago/1000005' });
let page: Page;

const detail = (p: Page, id: string) => p.locator(`[data-testid="payment-detail"][data-payment-id="${id}"]`);
const statusOf = (p: Page) =>
  p.getByTestId('payment-summary').locator('[data-status]').first().getAttribute('data-status');

/** Another operator cancels the payment (straight at the payment service: the screen is not told). */
const cancelElsewhere = (id: string) =>
  stubRequest(suite.stack, 'POST', `/payment/pagos/${id}/cancelar`, {
    reason: 'Cancelado por otro operador',
  });

beforeAll(async () => {
  page = suite.page;
  await detail(page, '1000005').waitFor();
});

describe('a payment detail left open while another operator changes it', () => {
  it("'Actualizado hace N s' advances", async () => {
    await page.getByTestId('record-freshness').waitFor();
    const first = await secondsShown(page);
    expect(first).toBeGreaterThanOrEqual(0);
    await expect.poll(() => secondsShown(page), { timeout: 15_000 }).toBeGreaterThan(first);
  });

  it("shows 'Otro operador modificó este registro' with 'Recargar', and 'Recargar' shows the new state", async () => {
    expect(await statusOf(page)).toBe('pending');
    await cancelElsewhere('1000005');
    await tabVisibleAgain(page);
    await changedAlert(page).waitFor();
    expect(await statusOf(page)).toBe('pending'); // the shown version stays until the operator reloads
    expect(await changedAlert(page).getByRole('button', { name: 'Ver cambios' }).count()).toBe(1);
    // One 'Recargar' on the page (the notice's; the header's steps aside), and a line that agrees.
    expect(await page.getByRole('button', { name: 'Recargar', includeHidden: true }).count()).toBe(1);
    expect(await page.getByTestId('record-freshness').textContent()).toMatch(/hay una versión más nueva/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await changedAlert(page).getByRole('button', { name: 'Recargar' }).click();
    await page.getByTestId('payment-summary').locator('[data-status="rejected"]').waitFor();
    await changedAlert(page).waitFor({ state: 'detached' });
  });

  it("opening an action's dialog reads the payment again: moved, the dialog says so and offers 'Recargar' at once", async () => {
    await page.goto(`${suite.stack.urls.web}/pago/1000006`);
    await detail(page, '1000006').waitFor();
    await cancelElsewhere('1000006');
    await page.locator('[data-action="CANCEL"]').click();
    const dialog = page.getByTestId('cancel-reason-dialog');
    await dialog.getByText(RECORD_CHANGED).first().waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancelar pago' }).count()).toBe(0);
    // One notice and one 'Recargar' in the page, the dialog's (none left behind the modal).
    const reloads = page.getByRole('button', { name: 'Recargar', includeHidden: true });
    await expect.poll(() => reloads.count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Recargar' }).count()).toBe(1);
    expect(await page.getByText(RECORD_CHANGED, { exact: true }).count()).toBe(1);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Recargar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page)).toBe('rejected');
  });

  it('an action refused because the payment moved says so in the same words', async () => {
    await page.goto(`${suite.stack.urls.web}/pago/1000007`);
    await detail(page, '1000007').waitFor();
    // The payment moves after the dialog opened and read it (the check as it opens found it unchanged).
    const openingCheck = nextRead(page, 'PaymentDetail');
    await page.locator('[data-action="CANCEL"]').click();
    const dialog = page.getByTestId('cancel-reason-dialog');
    await dialog.waitFor();
    await openingCheck;
    await cancelElsewhere('1000007');
    await dialog.getByLabel('Ingrese el motivo').fill('Pedido del pagador');
    await dialog.getByRole('button', { name: 'Cancelar pago' }).click();
    await dialog.getByText(RECORD_CHANGED).first().waitFor();
    await dialog.getByText('Recargá para ver su estado actual', { exact: false }).waitFor();
    // The dialog offers 'Recargar' instead of the action; it reads the payment again and closes.
    expect(await dialog.getByRole('button', { name: 'Cancelar pago' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Recargar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page)).toBe('rejected');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("the refusal is in 'Actividad' as 'Versión desactualizada'", async () => {
    // The cancel of 1000007 above was sent with the version shown; the gateway refused it as VERSION_CONFLICT.
    await suite.withSignedIn('admin', '/home', async ({ page: admin }) => {
      const rows = async () => {
        await admin.goto(`${suite.stack.urls.web}/actividad?registro=1000007`);
        await gridSettled(admin, 'Actividad', 'No se encontraron acciones');
        return grid(admin, 'Actividad').locator('.MuiDataGrid-row').allInnerTexts();
      };
      // The activity writer stores within its flush delay (250 ms): read until the row is there.
      await expect
        .poll(async () => (await rows()).join('\n'), { interval: 200 })
        .toContain('Versión desactualizada');
      const [refused] = (await rows()).filter((row) => row.includes('Versión desactualizada'));
      expect(refused).toContain('operador');
      expect(refused).toContain('Cancelar pago');
      expect(refused).toContain('Con error');
      expect(await seriousA11yViolations(admin, 'main')).toEqual([]);
    });
  });
});
