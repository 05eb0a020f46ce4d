import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { notice, screenshot } from './support/browser';
import { RECORD_CHANGED } from './support/freshness';
import { stubAdmin, stubRequests } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * A payment's money dialog as operador uses it: when admin, in a browser of his own, changes the payment while the
 * dialog is open, the dialog itself says so with 'Recargar' in place of its action; a service's refusal reads its
 * message, ' - ' and its extended code; after 'Resultado desconocido' the dialog says that retrying is safe and the
 * payment's state read again, and the retry is the same request. Fixtures: approved 1000017 (reverse), 1000022 and
 * 1000001 (refund), pending 1000005 (cancel).
 */

const suite = useBrowserStack({ role: 'operador', path: '/pago/1000017' });

const detail = (page: Page, id: string) =>
  page.locator(`[data-testid="payment-detail"][data-payment-id="${id}"]`);
const action = (page: Page, kind: string) => page.locator(`[data-action="${kind}"]`);
const refundDialog = (page: Page) => page.getByTestId('refund-dialog');

async function openPayment(page: Page, id: string): Promise<void> {
  await page.goto(`${suite.stack.urls.web}/pago/${id}`);
  await detail(page, id).waitFor();
}

/** Opens 'Devolver' on the payment shown and types its reason. */
async function startRefund(page: Page): Promise<ReturnType<typeof refundDialog>> {
  await action(page, 'REFUND').click();
  const dialog = refundDialog(page);
  await dialog.getByLabel('Ingrese el motivo').fill('Reclamo del pagador');
  return dialog;
}

/**
 * The payment service answers `operation` on payment `id` with `status` and the code `extendedCode` (the stubs' forced
 * failures: nothing written), `times` times or until cleared.
 */
const failPayment = (operation: string, id: string, status: number, extendedCode: string, times?: number) =>
  stubAdmin(suite.stack, 'POST', 'failures', {
    service: 'payment',
    operation,
    ids: [id],
    status,
    code: 'invalid_status',
    extended_code: extendedCode,
    message: 'Rechazado por el servicio.',
    ...(times ? { times } : {}),
  });

afterEach(async () => {
  await stubAdmin(suite.stack, 'DELETE', 'failures');
});

describe('a money dialog left open while another operator changes the payment', () => {
  const admin = suite.profile('admin', '/pago/1000017', {
    ready: (page) => detail(page, '1000017').waitFor(),
  });

  it("says it inside the dialog, 'Recargar' in place of 'Devolver', not behind the backdrop", async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await detail(page, '1000017').waitFor();
    // The read the dialog makes as it opens answers before admin acts: the news comes while it is open.
    const openingRead = page.waitForResponse((response) =>
      (response.request().postData() ?? '').includes('"operationName":"PaymentDetail"'),
    );
    const dialog = await startRefund(page);
    await openingRead;
    expect(await dialog.getByTestId('dialog-feedback').count()).toBe(0);

    await action(admin.page, 'REVERSE').click();
    const reverse = refundDialog(admin.page);
    // admin is warned first when operador's open dialog has reached him ('operador está reembolsando este pago').
    const warning = admin.page.getByTestId('live-dialog-warning');
    await warning.or(reverse).first().waitFor();
    if (await warning.isVisible()) await warning.getByRole('button', { name: 'Continuar' }).click();
    await reverse.getByLabel('Ingrese el motivo').fill('Contracargo del emisor');
    await reverse.getByRole('button', { name: 'Revertir' }).click();
    await notice(admin.page, 'Pago revertido correctamente').waitFor();

    // Pushed by the live updates (the 30 s check at the latest).
    const feedback = dialog.getByTestId('dialog-feedback').filter({ hasText: RECORD_CHANGED });
    await feedback.waitFor({ timeout: 45_000 });
    await dialog.getByRole('button', { name: 'Recargar' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Devolver' }).count()).toBe(0);
    // One notice: the page's steps aside while the dialog says it (none left behind the backdrop).
    expect(await page.locator('[role="alert"]', { hasText: RECORD_CHANGED }).count()).toBe(1);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'money-dialog-record-changed');

    await dialog.getByRole('button', { name: 'Recargar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('record-freshness')
      .filter({ hasText: /^Actualizado hace/ })
      .waitFor();
    expect(await page.locator('[role="alert"]', { hasText: RECORD_CHANGED }).count()).toBe(0);
  });
});

describe("a service's refusal in a dialog", () => {
  it("reads the message, ' - ' and the extended code that names the reason", async () => {
    const page = suite.page;
    await failPayment('devolver', '1000022', 409, 'payment_already_processed');
    await failPayment('cancelar', '1000005', 422, 'period_closed');

    await openPayment(page, '1000022');
    const refund = await startRefund(page);
    await refund.getByRole('button', { name: 'Devolver' }).click();
    const refused = refund.getByTestId('dialog-feedback').locator('[data-code="payment_already_processed"]');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/\S - payment_already_processed$/);
    await refund.getByRole('button', { name: 'Cancelar' }).click();
    await refund.waitFor({ state: 'detached' });

    await openPayment(page, '1000005');
    await action(page, 'CANCEL').click();
    const cancel = page.getByTestId('cancel-reason-dialog');
    await cancel.getByLabel('Ingrese el motivo').fill('Pedido del pagador');
    await cancel.getByRole('button', { name: 'Cancelar pago' }).click();
    const closed = cancel.getByTestId('dialog-feedback').locator('[data-code="period_closed"]');
    await closed.waitFor();
    expect(await closed.innerText()).toMatch(/\S - period_closed$/);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await cancel.getByRole('button', { name: 'Cerrar' }).last().click();
    await cancel.waitFor({ state: 'detached' });
  });
});

describe("after 'Resultado desconocido'", () => {
  it("says that retrying is safe and the payment's state read again; the retry is the same request", async () => {
    const page = suite.page;
    // The service's gateway answers 504 once: the refund may or may not have been made.
    await failPayment('devolver', '1000001', 504, 'upstream_timeout', 1);
    await openPayment(page, '1000001');
    const dialog = await startRefund(page);
    await dialog.getByRole('button', { name: 'Devolver' }).click();
    const feedback = dialog.getByTestId('dialog-feedback');
    await feedback.filter({ hasText: 'Resultado desconocido' }).waitFor();
    expect(await feedback.getByTestId('dialog-retry-safe').innerText()).toBe(
      'Puede reintentar sin riesgo: se envía la misma operación, que nunca se hace dos veces.',
    );
    expect(await feedback.getByTestId('dialog-record-state').innerText()).toMatch(/^Estado actual: Aprobado/);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await feedback.getByTestId('dialog-record-state').scrollIntoViewIfNeeded();
    await screenshot(page, 'money-dialog-unknown-outcome');

    await dialog.getByRole('button', { name: 'Devolver' }).click();
    await notice(page, 'Pago devuelto correctamente').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const refunds = (await stubRequests(suite.stack, 'payment')).filter(
      (request) => request.method === 'POST' && request.path === '/payment/pagos/1000001/devolver',
    );
    expect(refunds).toHaveLength(2);
    expect(refunds[1]!.headers['idempotency-key']).toBe(refunds[0]!.headers['idempotency-key']);
  });
});
