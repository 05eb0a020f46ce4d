import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot, showPath } from './support/browser';
import { clearSubscriptionRequests, subscriptionWrites } from './support/subscriptions';

/**
 * Subscription detail (/suscripcion/{id}, spec 000 §2 "Subscription detail", §4 "Subscriptions", §8) against
 * the whole stack, on the stub fixtures 4000001-4000009 (docs/upstream-contract.md §5b).
 */

const suite = useBrowserStack();

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Acciones de la suscripción' });
const action = (page: Page, label: string) => toolbar(page).getByRole('button', { name: label, exact: true });

async function openDetail(page: Page, id: string): Promise<void> {
  await showPath(page, suite.stack.urls.web, `/suscripcion/${id}`);
  await page.locator(`[data-testid="subscription-detail"][data-subscription-id="${id}"]`).waitFor();
}

describe('Subscription detail as operador', () => {
  const operador = suite.profile('operador', '/suscripcion/4000005');
  let page: Page;

  beforeAll(async () => {
    page = operador.page;
    await page.getByTestId('subscription-detail').waitFor();
  });

  it('shows the header link, the status banner, every section and passes axe (no serious or critical)', async () => {
    await expect(page.getByTestId('collector-link').getAttribute('href')).resolves.toBe('/comercios/10004');
    await expect(page.getByTestId('status-banner').getAttribute('data-status')).resolves.toBe('active');
    for (const section of ['data', 'dates', 'periods', 'method', 'payer', 'collector', 'metadata', 'extra']) {
      await page.getByTestId(`section-${section}`).waitFor();
    }
    await expect(page.getByTestId('field-signature').innerText()).resolves.toContain('10004');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'subscription-detail', { fullPage: true });
  });

  it("lists periods newest first, 5 at a time with 'Cargar períodos anteriores' (5, 10, 14)", async () => {
    const periods = page.getByTestId('payment-period');
    expect(await periods.count()).toBe(5);
    const shown = await periods.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-period') ?? ''));
    expect(shown).toEqual([...shown].sort().reverse());
    await page.getByRole('button', { name: 'Cargar períodos anteriores' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="payment-period"]').length === 10,
    );
    await page.getByRole('button', { name: 'Cargar períodos anteriores' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="payment-period"]').length === 14,
    );
    expect(await page.getByRole('button', { name: 'Cargar períodos anteriores' }).count()).toBe(0);
    const first = page.getByTestId('payment-period').first().getByRole('link');
    expect(await first.getAttribute('href')).toMatch(/^\/pago\/\d+$/);
  });

  /** 'Guardar importe': the §8 message, the amount the detail shows, and the one PUT the service received. */
  async function saveAmount(dialog: Locator, shown: string, sent: number): Promise<void> {
    await dialog.getByRole('button', { name: 'Guardar importe' }).click();
    await page.getByText('Importe de la suscripción actualizado correctamente').waitFor();
    await page.getByTestId('field-amount').getByText(shown).waitFor();
    const writes = await subscriptionWrites(suite.stack);
    expect(writes.map((w) => [w.method, w.id, w.operation, w.body])).toEqual([
      ['PUT', '4000001', 'importe', { amount: sent }],
    ]);
  }

  it('edits the amount: "Por favor ingrese el Importe", refuses zero, sends a Decimal, §8 message', async () => {
    await openDetail(page, '4000001');
    await clearSubscriptionRequests(suite.stack);
    await action(page, 'Editar Importe').click();
    const dialog = page.getByTestId('amount-dialog');
    const field = dialog.getByLabel('Por favor ingrese el Importe');
    await field.fill('0');
    await dialog.getByRole('button', { name: 'Guardar importe' }).click();
    await dialog.getByText('*El importe debe ser mayor a cero.').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await field.fill('1500,5');
    await screenshot(page, 'subscription-amount-dialog');
    await saveAmount(dialog, '$ 1.500,50', 1500.5);
  });

  it("edits the amount typed the Argentine way ('26.717,23'): says what it read, the service gets 26717.23", async () => {
    await clearSubscriptionRequests(suite.stack);
    await action(page, 'Editar Importe').click();
    const dialog = page.getByTestId('amount-dialog');
    await dialog.getByLabel('Por favor ingrese el Importe').fill('26.717,23');
    await dialog.getByText(/^\$\s26\.717,23 · /).waitFor();
    await saveAmount(dialog, '$ 26.717,23', 26717.23);
  });

  it('sends the e-mail and removes the payment method, each landing once in the service', async () => {
    await clearSubscriptionRequests(suite.stack);
    await action(page, 'Enviar e-mail').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('E-mail enviado correctamente').waitFor();
    await action(page, 'Eliminar medio de pago').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Medio de pago de la suscripción eliminado correctamente').waitFor();
    await page.getByTestId('section-method').getByText('Sin medio de pago').waitFor();
    const writes = await subscriptionWrites(suite.stack);
    expect(writes.map((w) => [w.method, w.operation])).toEqual([
      ['POST', 'notificar'],
      ['DELETE', 'medio-de-pago'],
    ]);
  });

  it('changes the payment method to a CBU', async () => {
    await clearSubscriptionRequests(suite.stack);
    await action(page, 'Cambiar medio de pago').click();
    const dialog = page.getByTestId('change-payment-method-dialog');
    await dialog
      .getByRole('button', { name: /Transferencia|CBU/ })
      .first()
      .click();
    await dialog.getByLabel('CBU').fill('0170099220000067797370');
    await dialog.getByLabel('Nombre del titular').fill('Lucía Fernández');
    await dialog.getByLabel('CUIT del titular').fill('20-30123456-3');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Medio de pago de la suscripción actualizado correctamente').waitFor();
    const writes = await subscriptionWrites(suite.stack);
    expect(writes.map((w) => [w.method, w.id, w.operation])).toEqual([['PUT', '4000001', 'medio-de-pago']]);
  });

  it('cancels with a reason and shows the cancelled banner; history compares versions side by side', async () => {
    await clearSubscriptionRequests(suite.stack);
    await action(page, 'Cancelar').click();
    const dialog = page.getByTestId('cancel-reason-dialog');
    await dialog.getByLabel('Ingrese el motivo').fill('Pedido del pagador');
    await dialog.getByRole('button', { name: 'Cancelar suscripción' }).click();
    await page.getByText('Suscripción cancelada correctamente').waitFor();
    await page.locator('[data-testid="status-banner"][data-status="cancelled"]').waitFor();
    expect((await subscriptionWrites(suite.stack)).map((w) => w.operation)).toEqual(['cancelar']);
    // Cancelled: the operations are disabled, with their reason.
    await page.getByTestId('action-reason-CANCEL').waitFor();

    await toolbar(page).getByRole('button', { name: 'Historial', exact: true }).click();
    const history = page.getByTestId('version-history-dialog');
    const rows = history.locator('tbody tr');
    await rows.nth(1).waitFor();
    await history
      .getByLabel(/Comparar versión/)
      .nth(0)
      .check();
    await history
      .getByLabel(/Comparar versión/)
      .nth(1)
      .check();
    await history.getByRole('button', { name: /Comparar/ }).click();
    const compare = page.getByTestId('version-compare-dialog');
    await compare.getByTestId('compare-summary').waitFor();
    await compare.getByText('Estado').first().waitFor();
    await screenshot(page, 'subscription-version-compare');
    await compare.getByRole('button', { name: 'Cerrar' }).first().click();
  });

  it('shows an older version with its banner and the link back to the current one', async () => {
    await showPath(page, suite.stack.urls.web, '/suscripcion/4000008?version=1');
    const banner = page.getByTestId('old-version-banner');
    await banner.waitFor();
    await banner.getByRole('link', { name: 'Ver versión actual' }).click();
    await page.waitForURL(/\/suscripcion\/4000008$/);
    await page.getByTestId('old-version-banner').waitFor({ state: 'detached' });
    expect(operador.session.problems).toEqual([]);
  });
});

describe('Subscription detail as consulta', () => {
  it('offers no action and cannot open Buscar Suscripciones', async () => {
    await suite.withSignedIn('consulta', '/suscripcion/4000002', async (session) => {
      const { page } = session;
      await page.getByTestId('subscription-detail').waitFor();
      for (const label of ['Cancelar', 'Cambiar medio de pago', 'Eliminar medio de pago', 'Editar Importe']) {
        expect(await page.getByRole('button', { name: label, exact: true }).count()).toBe(0);
        expect(await page.locator(`[data-action]`).filter({ hasText: label }).count()).toBe(0);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await showPath(page, suite.stack.urls.web, '/suscripciones');
      await page.getByText('No tiene permisos').first().waitFor();
    });
  });
});
