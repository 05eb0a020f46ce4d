import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot } from './support/browser';
import { stubGatewayBatch } from './support/distributions';
import { gridColumn, gridRow, gridSettled, shownIds } from './support/grid';
import { stubRequests } from './support/stub-http';

/**
 * Pago de servicios (spec 001 §2 "Service payments", §5 "Gateway reconciliation dialog") as tesoreria, and as
 * consulta, against the whole stack and the lote fixtures (8200001 pending 'Lote Rapipago diario').
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/pagos/pago-de-servicios' });

const TRANSACTIONS = 'Lotes de transacciones';
const GATEWAYS = 'Lotes de gateways';

describe('Pago de servicios as tesoreria', () => {
  it('lists the transaction batches, filters them, shows the empty text, and passes axe', async () => {
    const { page } = suite.session;
    await page.getByRole('heading', { name: 'Pago de servicios', level: 1 }).waitFor();
    await gridSettled(page, TRANSACTIONS, 'No se encontraron lotes de transacción');
    expect((await shownIds(page, TRANSACTIONS)).length).toBe(10);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'service-payments-transactions');
    await page.getByLabel('Número de lote').fill('99999');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByText('No se encontraron lotes de transacción').waitFor();
    expect(new URL(page.url()).searchParams.get('numero')).toBe('99999');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    // The grid takes a new page's rows one render after the screen: poll the reads after a filter change.
    await expect.poll(async () => (await shownIds(page, TRANSACTIONS)).length).toBe(10);
  });

  it("an open batch's FIN reads '—', the end it does not have yet", async () => {
    const { page } = suite.session;
    await page.goto(`${suite.stack.urls.web}/pagos/pago-de-servicios?estado=open`);
    await gridSettled(page, TRANSACTIONS, 'No se encontraron lotes de transacción');
    await expect
      .poll(async () => new Set(await gridColumn(page, TRANSACTIONS, 'state')))
      .toEqual(new Set(['Abierto']));
    const ends = await gridColumn(page, TRANSACTIONS, 'endDate');
    expect(ends.length).toBeGreaterThan(0);
    expect(new Set(ends)).toEqual(new Set(['—']));
    expect(
      (await gridColumn(page, TRANSACTIONS, 'startDate')).every((start) =>
        /^\d{2}\/\d{2}\/\d{4} /.test(start),
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect.poll(async () => (await shownIds(page, TRANSACTIONS)).length).toBe(10);
  });

  it("an inverted amount range is refused in the form, under 'Importe hasta', and nothing is searched", async () => {
    const { page } = suite.session;
    await gridSettled(page, TRANSACTIONS, 'No se encontraron lotes de transacción');
    const amountCalls = async () =>
      (await stubRequests(suite.stack, 'lote')).filter((r) =>
        JSON.stringify(r.query).includes('total_amount'),
      );
    expect(await amountCalls()).toEqual([]);
    await page.getByLabel('Importe desde').fill('1.500');
    await page.getByLabel('Importe hasta').fill('900');
    const message = 'El importe desde no puede ser mayor que el importe hasta.';
    // Under the field, before anything is sent.
    const hasta = page.getByRole('textbox', { name: 'Importe hasta' });
    await expect.poll(() => hasta.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(message).waitFor();
    expect(
      await hasta.evaluate(
        (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe(message);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    expect(new URL(page.url()).searchParams.has('importe_desde')).toBe(false);
    expect(await amountCalls()).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Put right, it searches: the range reaches the service.
    await page.getByLabel('Importe hasta').fill('90.000');
    await page.getByText(message).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('importe_desde') === '1.500');
    await expect.poll(async () => (await amountCalls()).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await gridSettled(page, TRANSACTIONS, 'No se encontraron lotes de transacción');
  });

  it("'Ver lotes de gateways' opens the gateway batches; the state filter offers the four states", async () => {
    const { page } = suite.session;
    await page.getByRole('link', { name: 'Ver lotes de gateways' }).click();
    await page.waitForURL(/\/pagos\/pago-de-servicios\/gateways/);
    await gridSettled(page, GATEWAYS, 'No se encontraron lotes de gateways');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Estado').click();
    await page.getByRole('option').first().waitFor();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(['Todos', 'Abierto', 'Pendiente', 'Conciliado', 'Cerrado']);
    await page.getByRole('option', { name: 'Conciliado' }).click();
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'conciliated');
    await gridSettled(page, GATEWAYS, 'No se encontraron lotes de gateways');
    const states = page
      .getByRole('grid', { name: GATEWAYS })
      .locator('.MuiDataGrid-row [data-field="state"]');
    await expect.poll(async () => new Set(await states.allInnerTexts())).toEqual(new Set(['Conciliado']));
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await gridSettled(page, GATEWAYS, 'No se encontraron lotes de gateways');
  });

  it('reconciles a batch with an es-AR amount and the description empty: the batch keeps its description', async () => {
    const { page } = suite.session;
    const row = gridRow(page, GATEWAYS, '8200001');
    await row.getByRole('button', { name: 'Conciliar' }).click();
    const dialog = page.getByTestId('conciliate-dialog');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirmar' });
    await dialog.getByLabel('Monto de compensación').fill('12a');
    await dialog.getByText('*Importe inválido: use solo números y hasta 2 decimales.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'service-payments-conciliate-dialog');
    // Pesos and cents as every other amount field takes them (docs/decisions.md): the summary says what is sent.
    const sent = dialog
      .getByRole('region', { name: 'Se enviará' })
      .locator('dd[data-label="Monto de compensación"]');
    await dialog.getByLabel('Monto de compensación').fill('26.717,23');
    await expect.poll(() => sent.innerText()).toBe('$ 26.717,23');
    expect(await dialog.getByText('*Solo números.').count()).toBe(0);
    await page.waitForFunction(
      () =>
        !document
          .querySelector('[data-testid="conciliate-dialog"] button[type="submit"]')
          ?.hasAttribute('disabled'),
    );
    await confirm.click();
    await page.getByText('Conciliación aprovada').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const batch = await stubGatewayBatch(suite.stack, '8200001');
    expect(batch).toMatchObject({
      state: 'conciliated',
      description: 'Lote Rapipago diario',
      compensation_amount: 26717.23,
    });
    await row.locator('[data-field="state"]').getByText('Conciliado').waitFor();
    expect(await row.locator('[data-field="description"]').innerText()).toBe('Lote Rapipago diario');
    await screenshot(page, 'service-payments-gateways');
  });

  it("'Ver lotes de transacciones' goes back to the transaction batches", async () => {
    const { page } = suite.session;
    await page.getByRole('link', { name: 'Ver lotes de transacciones' }).click();
    await page.waitForURL(/\/pagos\/pago-de-servicios\/transacciones/);
    await gridSettled(page, TRANSACTIONS, 'No se encontraron lotes de transacción');
  });
});

describe('Pago de servicios as consulta', () => {
  it("each screen shows 'No tiene permisos'", async () => {
    await suite.withSignedIn('consulta', '/pagos/pago-de-servicios', async (other) => {
      for (const path of [
        '/pagos/pago-de-servicios',
        '/pagos/pago-de-servicios/transacciones',
        '/pagos/pago-de-servicios/gateways',
      ]) {
        await other.page.goto(`${suite.stack.urls.web}${path}`);
        await other.page.getByText('No tiene permisos').first().waitFor();
        expect(await other.page.getByRole('grid').count()).toBe(0);
      }
      expect(await seriousA11yViolations(other.page)).toEqual([]);
    });
  });
});
