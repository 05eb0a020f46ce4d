import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import {
  screenshot,
  SCREENSHOT_DIR as SCREENSHOTS,
  showPath,
  TAKE_SCREENSHOTS,
  transitionsDone,
} from './support/browser';
import { clearUpstreamRequests, resetStubs, upstreamRequests, type StackUrls } from './support/stack';
import { useBrowserStack } from './support/suite';

/**
 * Payment detail (/pago/{id}) and its dialogs, in the browser, against the stubs' fixture payments
 * (docs/upstream-contract.md §7): each action as `operador` on a payment in the state that allows it,
 * the spec's messages, a rejected refund's status detail, and `consulta` seeing no action it cannot use.
 */

const suite = useBrowserStack();
let urls: StackUrls;

beforeAll(() => {
  urls = suite.stack.urls;
});

/**
 * Shows payment `id` inside the app (showPath: no boot per test) once the gateway's answer for it is on screen. The
 * detail reads cache and network, and the Apollo cache outlives a test: a payment an earlier test changed shows its
 * cached version first, before the stubs' reset one arrives, so the wait is for the answer's version on the screen.
 */
async function openPayment(page: Page, id: string): Promise<Locator> {
  const answers: Response[] = [];
  const record = (response: Response) => {
    const body = response.request().postData() ?? '';
    if (!body.includes('"operationName":"PaymentDetail"')) return;
    if ((JSON.parse(body) as { variables?: { id?: string } }).variables?.id === id) answers.push(response);
  };
  page.on('response', record);
  let version: string;
  try {
    await showPath(page, urls.web, `/pago/${id}`);
    // The newest answer whose body can still be read: a page replaced meanwhile (the sign-in's redirect on a first
    // load) dropped its answers' bodies and asked again.
    version = await vi.waitFor(
      async () => {
        for (const response of [...answers].reverse()) {
          const answer = (await response.json().catch(() => undefined)) as
            { data?: { payment?: { version?: number | null } | null } } | undefined;
          if (answer) return String(answer.data?.payment?.version ?? '');
        }
        throw new Error(`no readable PaymentDetail answer for ${id} yet`);
      },
      { timeout: 60_000, interval: 50 },
    );
  } finally {
    page.off('response', record);
  }
  const detail = page.locator(
    `[data-testid="payment-detail"][data-payment-id="${id}"][data-version="${version}"]`,
  );
  await detail.waitFor();
  return detail;
}

/**
 * A notice outlives the screen it came from (2.5 s, then the next in the queue): closed after each test, so the
 * next test's notice check cannot read the one before (its page is no longer loaded anew).
 */
async function closeNotices(page: Page): Promise<void> {
  const shown = page.locator('.MuiSnackbar-root');
  while ((await shown.count()) > 0) {
    // Its 'Cerrar' from the page itself: a notice in its exit transition is not clickable for Playwright.
    await page.evaluate(() =>
      document.querySelectorAll<HTMLButtonElement>('.MuiSnackbar-root button').forEach((b) => b.click()),
    );
    await shown.first().waitFor({ state: 'detached' });
  }
}

const action = (page: Page, kind: string) => page.locator(`[data-action="${kind}"]`);

/** Waits for the snackbar with this text (a CSS locator: an open dialog marks the snackbar aria-hidden). */
async function expectNotice(page: Page, text: string): Promise<void> {
  await page.locator('.MuiSnackbar-root [role="status"]', { hasText: text }).first().waitFor();
}

async function statusOf(page: Page): Promise<string | null> {
  return page.getByTestId('payment-summary').locator('[data-status]').first().getAttribute('data-status');
}

async function waitForStatus(page: Page, status: string): Promise<void> {
  await page.getByTestId('payment-summary').locator(`[data-status="${status}"]`).waitFor();
}

/**
 * A screenshot once the dialog's opening transition is over; nothing without E2E_SCREENSHOTS (its waits, up to the
 * idle network's half second, served only the picture: every step after one waits for what it reads).
 */
async function shot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await transitionsDone(page);
  await screenshot(page, name);
}

function dialog(page: Page, testId: string): Locator {
  return page.getByTestId(testId);
}

describe('payment detail as operador', () => {
  const operador = suite.profile('operador', '/pago/1000001');
  let page: Page;

  beforeAll(async () => {
    page = operador.page;
  });

  afterEach(async () => {
    await closeNotices(page);
  });

  it('shows the header, the collector link, the toolbar from actions, the summary and every section', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000001');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Detalle del Pago');
    await expect(page.getByTestId('collector-link').getAttribute('href')).resolves.toBe('/comercios/10001');

    // Approved online payment: refund and reverse enabled, cancel disabled with its reason.
    await expect(action(page, 'REFUND').isEnabled()).resolves.toBe(true);
    await expect(action(page, 'REVERSE').isEnabled()).resolves.toBe(true);
    await expect(action(page, 'CANCEL').isDisabled()).resolves.toBe(true);
    const reason = await page.getByTestId('action-reason-CANCEL').getAttribute('data-reason');
    expect(reason).toBeTruthy();
    await page.getByTestId('action-reason-CANCEL').hover();
    await page.getByRole('tooltip').filter({ hasText: reason! }).waitFor();

    // Summary and sections.
    expect(await statusOf(page)).toBe('approved');
    await expect(page.getByTestId('payment-amount').textContent()).resolves.toMatch(/^\$ [\d.]+,\d{2}$/);
    await expect(page.getByTestId('card-masked').first().textContent()).resolves.toMatch(/^\d{6}\*{6}\d{4}$/);
    await expect(page.getByTestId('method-installments').first().locator('dd').textContent()).resolves.toBe(
      '1',
    );
    await expect(page.getByTestId('field-rate').locator('dd').textContent()).resolves.toMatch(
      /^\d+(,\d+)? %$/,
    );
    for (const section of [
      'section-methods',
      'section-data',
      'section-payer',
      'section-collector',
      'section-fees',
      'section-related',
      'section-subscription',
      'section-batch',
      'section-refunds',
      'section-metadata',
      'section-extra',
      'payer-notifications',
      'collector-notifications',
      'payment-source',
    ]) {
      await expect(page.getByTestId(section).isVisible(), section).resolves.toBe(true);
    }
    // Operador holds PAYER_SHOW: the button to the payer profile.
    await expect(
      page.getByTestId('section-payer').getByRole('link', { name: 'Ver pagador' }).getAttribute('href'),
    ).resolves.toBe('/pagadores/700001');
    // The form link opens the checkout page, with /ticket for an approved payment.
    await expect(action(page, 'FORM_LINK').getAttribute('href')).resolves.toMatch(
      /\/1000001\/checkout\/ticket$/,
    );
    await expect(action(page, 'FORM_LINK').getAttribute('target')).resolves.toBe('_blank');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payment-detail-operador-approved');
    if (TAKE_SCREENSHOTS) {
      await page
        .getByTestId('section-methods')
        .screenshot({ path: `${SCREENSHOTS}payment-detail-methods.png` });
    }
    expect(operador.session.problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  });

  it('cancels a pending payment, asking for the reason first', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000005');
    await action(page, 'CANCEL').click();
    const d = dialog(page, 'cancel-reason-dialog');
    await d.getByLabel('Ingrese el motivo').waitFor();
    await d.getByRole('button', { name: 'Cancelar pago' }).click();
    await d.getByText('Disculpe, debe ingresar el motivo').waitFor();
    await shot(page, 'payment-dialog-cancel-reason');
    await d.getByLabel('Ingrese el motivo').fill('Pedido del pagador');
    await d.getByRole('button', { name: 'Cancelar pago' }).click();
    await expectNotice(page, 'Pago cancelado correctamente');
    await d.waitFor({ state: 'detached' });
    await waitForStatus(page, 'rejected');
    await expect(page.getByTestId('payment-status-detail').textContent()).resolves.toBe(
      'Cancelado desde el back-office',
    );
  });

  it('changes the payment method by card; submit stays disabled until the card is valid', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000006');
    await action(page, 'CHANGE_PAYMENT_METHOD').click();
    const d = dialog(page, 'change-payment-method-dialog');
    const submit = d.getByRole('button', { name: 'Guardar' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await d.getByLabel('Número de tarjeta').fill('4507990000004905');
    await d.getByLabel('Vencimiento (MM/AAAA)').fill(`12${new Date().getFullYear() + 2}`);
    await d.getByLabel('Nombre del titular').fill('Juan Pérez');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await d.getByLabel('DNI del titular').fill('30123');
    await d.getByLabel('DNI del titular').blur();
    await d.getByText('La cantidad de caracteres para DNI es 7 u 8').waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await d.getByLabel('DNI del titular').fill('30123456');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await shot(page, 'payment-dialog-change-method-card');
    await submit.click();
    await expectNotice(page, 'Medio de pago actualizado correctamente');
    await d.waitFor({ state: 'detached' });
    await expect(page.getByTestId('card-masked').first().textContent()).resolves.toBe('450799******4905');
  });

  it('changes the payment method by transfer (CBU and CUIT)', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000007');
    await action(page, 'CHANGE_PAYMENT_METHOD').click();
    const d = dialog(page, 'change-payment-method-dialog');
    await d.getByRole('button', { name: 'Transferencia (CBU)' }).click();
    const submit = d.getByRole('button', { name: 'Guardar' });
    await d.getByLabel('CBU').fill('0170099220000067797370');
    await d.getByLabel('Nombre del titular').fill('Lucía Fernández');
    await d.getByLabel('CUIT del titular').fill('20-30123456-4');
    await d.getByLabel('CUIT del titular').blur();
    await d.getByText('El número de CUIT no es válido').waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await d.getByLabel('CUIT del titular').fill('20-30123456-3');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await shot(page, 'payment-dialog-change-method-transfer');
    await submit.click();
    await expectNotice(page, 'Medio de pago actualizado correctamente');
    await page.getByTestId('payment-method').first().getByText('Débito automático (CBU)').waitFor();
  });

  it('refunds an approved payment, showing the amount, and the payment becomes refunded', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000001');
    const amount = await page.getByTestId('payment-amount').textContent();
    await action(page, 'REFUND').click();
    const d = dialog(page, 'refund-dialog');
    await expect(d.getByTestId('refund-amounts').textContent()).resolves.toContain(
      `Importe a devolver${amount}`,
    );
    await d.getByLabel('Ingrese el motivo').fill('Servicio no prestado');
    await shot(page, 'payment-dialog-refund');
    // The dialog's own colours, not a frame of its fade-in.
    await transitionsDone(page);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await d.getByRole('button', { name: 'Devolver' }).click();
    await expectNotice(page, 'Pago devuelto correctamente');
    await waitForStatus(page, 'refunded');
    await page.getByTestId('refund-row').first().waitFor();
    await expect(page.getByTestId('refund-row').first().getAttribute('data-status')).resolves.toBe(
      'approved',
    );
  });

  it('a refund the gateway rejects shows its status detail as the error and keeps the dialog open', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000002');
    await action(page, 'REFUND').click();
    const d = dialog(page, 'refund-dialog');
    await d.getByLabel('Ingrese el motivo').fill('Reclamo del pagador');
    await d.getByRole('button', { name: 'Devolver' }).click();
    const feedback = d.getByTestId('dialog-feedback');
    await feedback.waitFor();
    // The sentence as the gateway wrote it, then ' - ' and the code.
    await expect(feedback.textContent()).resolves.toContain(
      'Fondos insuficientes en la cuenta de la entidad - insufficient_funds_in_collector_account',
    );
    await feedback.locator('[data-code="insufficient_funds_in_collector_account"]').waitFor();
    await expect(feedback.textContent()).resolves.toContain('rechazad');
    // Nothing typed is lost.
    await expect(d.getByLabel('Ingrese el motivo').inputValue()).resolves.toBe('Reclamo del pagador');
    await shot(page, 'payment-dialog-refund-rejected');
    await d.getByRole('button', { name: 'Cancelar' }).click();
    expect(await statusOf(page)).toBe('approved');
    await expect(page.getByTestId('refund-row').first().getAttribute('data-status')).resolves.toBe(
      'rejected',
    );
  });

  it('sends one idempotency key per refund dialog; after a refusal the next submit is a new request, under a new key', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000002');
    // The gateway scopes each key to its operator before the service gets it: '<16 hex>.<the dialog's key>'.
    const keys = () =>
      upstreamRequests(suite.stack).then((requests) =>
        requests
          .filter((r) => r.method === 'POST' && r.path.endsWith('/devolver'))
          .map((r) => r.headers['idempotency-key']),
      );
    await clearUpstreamRequests(suite.stack);
    await action(page, 'REFUND').click();
    const d = dialog(page, 'refund-dialog');
    await d.getByLabel('Ingrese el motivo').fill('Reclamo');
    await d.getByRole('button', { name: 'Devolver' }).click();
    await d.getByTestId('dialog-feedback').waitFor();
    // The refusal wrote nothing, and its key would answer that refusal again: a new key.
    await d.getByRole('button', { name: 'Devolver' }).click();
    await expect.poll(async () => (await keys()).length).toBe(2);
    const [first, second] = await keys();
    expect(first).toMatch(/^[0-9a-f]{16}\.[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f]{16}\.[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    await d.getByRole('button', { name: 'Cancelar' }).click();
    await action(page, 'REFUND').click();
    await d.getByLabel('Ingrese el motivo').fill('Reclamo');
    await d.getByRole('button', { name: 'Devolver' }).click();
    await expect.poll(async () => (await keys()).length).toBe(3);
    expect(new Set(await keys()).size).toBe(3);
    await d.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('partially refunds the approved methods; one rejected method shows its status detail', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000004');
    await action(page, 'PARTIAL_REFUND').click();
    const d = dialog(page, 'refund-dialog');
    await expect(d.locator('tr[data-included="true"]').count()).resolves.toBe(2);
    await expect(d.locator('tr[data-included="false"]').count()).resolves.toBe(1);
    await shot(page, 'payment-dialog-partial-refund');
    await d.getByRole('button', { name: 'Devolver' }).click();
    const feedback = d.getByTestId('dialog-feedback');
    await feedback.waitFor();
    await expect(feedback.textContent()).resolves.toContain(
      'Rechazada por el emisor de la tarjeta - rejected_by_card_issuer',
    );
    await feedback.locator('[data-code="rejected_by_card_issuer"]').waitFor();
    await d.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('refund-row').count()).resolves.toBe(2);

    await openPayment(page, '1000003');
    await action(page, 'PARTIAL_REFUND').click();
    await d.getByRole('button', { name: 'Devolver' }).click();
    await expectNotice(page, 'Devolución parcial realizada correctamente');
    await waitForStatus(page, 'refunded');
  });

  it('reverses an approved token payment and shows its currency conversion', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000017');
    const conversion = page.getByTestId('currency-conversion');
    await conversion.waitFor();
    await expect(conversion.textContent()).resolves.toMatch(/US\$/);
    await action(page, 'REVERSE').click();
    const d = dialog(page, 'refund-dialog');
    await d.getByRole('heading', { name: 'Revertir pago' }).waitFor();
    await d.getByLabel('Ingrese el motivo').fill('Desconocimiento del pagador');
    await d.getByRole('button', { name: 'Revertir' }).click();
    await expectNotice(page, 'Pago revertido correctamente');
    await waitForStatus(page, 'refunded');
  });

  it('cancels an objection', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000013');
    await action(page, 'CANCEL_OBJECTION').click();
    const d = dialog(page, 'cancel-reason-dialog');
    await d.getByLabel('Ingrese el motivo').fill('Objeción resuelta con el banco');
    await d.getByRole('button', { name: 'Cancelar objeción' }).click();
    await expectNotice(page, 'Objeción cancelada correctamente');
    await waitForStatus(page, 'approved');
  });

  it('retries with the same payment method (A)', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000008');
    await action(page, 'RETRY').click();
    const d = dialog(page, 'retry-decision-dialog');
    await shot(page, 'payment-dialog-retry');
    await d.getByRole('radio', { name: /A · Usar el mismo medio de pago/ }).check();
    await d.getByRole('button', { name: 'Reintentar' }).click();
    await expectNotice(page, 'Pago reintentado correctamente');
    await waitForStatus(page, 'pending');
  });

  it('retries modifying the payment method (B) and goes on to the change dialog', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000008');
    await action(page, 'RETRY').click();
    const d = dialog(page, 'retry-decision-dialog');
    await d.getByRole('radio', { name: /B · Modificar el medio de pago/ }).check();
    await d.getByRole('button', { name: 'Reintentar' }).click();
    await expectNotice(page, 'Pago reintentado correctamente');
    await waitForStatus(page, 'issued');
    const change = dialog(page, 'change-payment-method-dialog');
    await change.waitFor();
    await change.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('retrying a payment whose card expired opens the checkout form with the retry flag', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000011');
    const popup = page.context().waitForEvent('page');
    const request = page.context().waitForEvent('request', (r) => r.url().includes('/1000011/checkout'));
    await action(page, 'RETRY').click();
    expect((await request).url()).toMatch(/\/1000011\/checkout\?retry=true$/);
    await (await popup).close();
    await expectNotice(page, 'La tarjeta está vencida');
    await expect(dialog(page, 'retry-decision-dialog').count()).resolves.toBe(0);
  });

  it('forwards the notification to the collector', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000001');
    await action(page, 'FORWARD_NOTIFICATION').click();
    const d = dialog(page, 'forward-notification-dialog');
    await d.getByRole('button', { name: 'Reenviar' }).click();
    await expectNotice(page, 'Se envio la notificación del pago correctamente.');
  });

  it('notifies the payer, and sends receipts to another addressee', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000005');
    const before = await page.getByTestId('payer-notification').count();
    await action(page, 'NOTIFY_PAYER').click();
    const d = dialog(page, 'send-notification-dialog');
    await d.getByRole('button', { name: 'Enviar' }).click();
    await expectNotice(page, 'Notificación enviada al pagador correctamente');
    await expect.poll(() => page.getByTestId('payer-notification').count()).toBe(before + 1);

    await action(page, 'NOTIFY_PAYER').click();
    await d.getByRole('radio', { name: /Descargar comprobantes/ }).check();
    await d.getByLabel('E-mail del destinatario').fill('no-es-un-mail');
    await d.getByLabel('E-mail del destinatario').blur();
    await d.getByText('Email inválido').waitFor();
    await expect(d.getByRole('button', { name: 'Enviar' }).isDisabled()).resolves.toBe(true);
    await d.getByLabel('E-mail del destinatario').fill('contaduria@clubatleticosan.com.ar');
    await shot(page, 'payment-dialog-send-notification');
    await d.getByRole('button', { name: 'Enviar' }).click();
    await expectNotice(page, 'Notificación enviada al pagador correctamente');
  });

  it('updates a pending payment from the gateway', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000005');
    await action(page, 'UPDATE_FROM_GATEWAY').click();
    await dialog(page, 'confirm-dialog').getByRole('button', { name: 'Actualizar' }).click();
    await expectNotice(page, 'Pago actualizado desde el gateway correctamente');
    await waitForStatus(page, 'approved');
  });

  it('reloads the payment', async () => {
    await openPayment(page, '1000001');
    await action(page, 'RELOAD').click();
    await expectNotice(page, 'Pago actualizado correctamente');
  });

  it('shows the history, a previous version with the banner and its link back, and compares two versions', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000012');
    await action(page, 'HISTORY').click();
    const d = dialog(page, 'version-history-dialog');
    const table = d.getByRole('table', { name: 'Versiones del pago' });
    await table.waitFor();
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual(['', 'FECHA', 'ESTADO', 'ID']);
    await expect(table.locator('tbody tr').count()).resolves.toBe(3);
    await shot(page, 'payment-dialog-history');

    // Compare the first and the last version.
    await d.getByRole('checkbox', { name: 'Comparar versión 1' }).check();
    await d.getByRole('checkbox', { name: 'Comparar versión 3' }).check();
    await d.getByRole('button', { name: /Comparar/ }).click();
    const compare = dialog(page, 'version-compare-dialog');
    await compare.getByTestId('compare-summary').waitFor();
    await expect(compare.locator('tr[data-changed="true"]').first().isVisible()).resolves.toBe(true);
    await expect(
      compare.locator('tr[data-changed="true"]').filter({ hasText: 'Estado' }).first().textContent(),
    ).resolves.toMatch(/Pendiente.*Devuelto/);
    await shot(page, 'payment-dialog-compare-versions');
    await compare.getByRole('button', { name: 'Volver al historial' }).click();

    // Picking a row shows that version.
    await d.locator('tbody tr[data-version="1"]').click();
    await page.getByTestId('old-version-banner').waitFor();
    expect(new URL(page.url()).searchParams.get('version')).toBe('1');
    await waitForStatus(page, 'pending');
    // Actions need the current version: disabled, the reason says why.
    await expect(action(page, 'CANCEL').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('action-reason-CANCEL').getAttribute('data-reason')).resolves.toBe(
      'Está viendo una versión anterior del pago.',
    );
    await shot(page, 'payment-detail-previous-version');
    await page.getByTestId('old-version-banner').getByRole('link', { name: 'Ver versión actual' }).click();
    await page.getByTestId('old-version-banner').waitFor({ state: 'detached' });
    await waitForStatus(page, 'refunded');
  });

  it('looks up the card holder (PAYMENT_HOLDER)', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000001');
    await action(page, 'SHOW_HOLDER').click();
    const d = dialog(page, 'card-holders-dialog');
    await d.getByText('MARÍA GONZÁLEZ', { exact: true }).waitFor();
    await d.getByText('Documento 28456789').waitFor();
    await d.getByRole('button', { name: 'Cerrar' }).first().click();
  });

  it('links related payments to each other', async () => {
    await openPayment(page, '1000022');
    const related = page.getByTestId('section-related').getByRole('link', { name: 'Pago 1000009' });
    await related.click();
    await page.locator('[data-testid="payment-detail"][data-payment-id="1000009"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/pago/1000009');
    await page.getByTestId('section-related').getByRole('link', { name: 'Pago 1000022' }).waitFor();
  });

  it('says so when the payment does not exist', async () => {
    await showPath(page, urls.web, '/pago/9999999');
    await page.getByTestId('payment-not-found').waitFor();
    await expect(page.getByText('No existe un pago con el ID 9999999.').isVisible()).resolves.toBe(true);
  });

  it('shows the subscription, the batch and the metadata link rule', async () => {
    await openPayment(page, '1000018');
    await expect(
      page
        .getByTestId('section-subscription')
        .getByRole('link', { name: 'Ver suscripción' })
        .getAttribute('href'),
    ).resolves.toMatch(/^\/suscripcion\/\d+$/);
    await expect(
      page.getByTestId('section-batch').getByText('Lote', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    const request = page.locator('[data-testid="metadata-entry"][data-key="subscription_request"]');
    await expect(request.getByRole('link').getAttribute('href')).resolves.toMatch(/^\/suscripcion\/\d+$/);

    await openPayment(page, '1000019');
    const failed = page.locator('[data-testid="metadata-entry"][data-key="subscription_request"]');
    await expect(failed.count()).resolves.toBe(2);
    await expect(failed.getByRole('link').count()).resolves.toBe(0);
    await expect(failed.getByTestId('metadata-message').first().textContent()).resolves.toBeTruthy();
    if (TAKE_SCREENSHOTS) {
      await page
        .getByTestId('section-metadata')
        .screenshot({ path: `${SCREENSHOTS}payment-detail-metadata.png` });
    }
  });

  it('opens a payer notification and resends it', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000001');
    await action(page, 'NOTIFY_PAYER').click();
    await dialog(page, 'send-notification-dialog').getByRole('button', { name: 'Enviar' }).click();
    await expectNotice(page, 'Notificación enviada al pagador correctamente');
    await page.getByTestId('payer-notification').first().getByRole('link').click();
    await page.getByTestId('notification-detail').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/notificacion\/\d+$/);
    await expect(page.getByTestId('notification-to').locator('dd').textContent()).resolves.toBe(
      'maria.gonzalez@gmail.com',
    );
    await expect(page.getByTestId('notification-payload').textContent()).resolves.toContain('customer_name');
    const retries = Number(await page.getByTestId('notification-retries').locator('dd').textContent());
    await page.getByRole('button', { name: 'Reenviar' }).click();
    await dialog(page, 'confirm-dialog').getByRole('button', { name: 'Reenviar' }).click();
    await expectNotice(page, 'Notificación reenviada correctamente');
    await expect
      .poll(async () => Number(await page.getByTestId('notification-retries').locator('dd').textContent()))
      .toBe(retries + 1);
    await screenshot(page, 'notification-detail');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('payment detail as consulta', () => {
  const consulta = suite.profile('consulta', '/pago/1000001');
  let page: Page;

  beforeAll(async () => {
    page = consulta.page;
  });

  it('shows the payment without any action it cannot use, fees, batch or the payer button', async () => {
    await resetStubs(suite.stack);
    await openPayment(page, '1000001');
    for (const kind of [
      'CANCEL',
      'CHANGE_PAYMENT_METHOD',
      'REFUND',
      'PARTIAL_REFUND',
      'REVERSE',
      'CANCEL_OBJECTION',
      'RETRY',
      'FORWARD_NOTIFICATION',
      'NOTIFY_PAYER',
      'UPDATE_FROM_GATEWAY',
      'SHOW_HOLDER',
    ]) {
      await expect(action(page, kind).count(), kind).resolves.toBe(0);
    }
    await expect(page.getByTestId('payment-toolbar').count()).resolves.toBe(0);
    await expect(page.getByTestId('section-fees').count()).resolves.toBe(0);
    await expect(page.getByTestId('section-batch').count()).resolves.toBe(0);
    await expect(
      page.getByTestId('section-payer').getByRole('link', { name: 'Ver pagador' }).count(),
    ).resolves.toBe(0);
    // Holder never fetched for this user: the spec's default.
    await expect(page.getByTestId('method-holder').first().locator('dd').textContent()).resolves.toBe(
      'deconocido',
    );
    // Reload and history are for everyone.
    await action(page, 'RELOAD').click();
    await expectNotice(page, 'Pago actualizado correctamente');
    await screenshot(page, 'payment-detail-consulta');
    expect(consulta.session.problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  });
});
