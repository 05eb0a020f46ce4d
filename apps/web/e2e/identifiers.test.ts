import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot } from './support/browser';
import { clearRequests } from './support/payers';
import { stubWrites } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * Identifiers typed as people copy them: a CUIT pasted with dashes on the payer form is taken
 * whole, shown with its dashes and sent as digits; a card number pasted with spaces is cleaned. (Digits-only
 * fields: e2e/bins.test.ts.)
 */

const suite = useBrowserStack({ role: 'operador', path: '/pagadores/nuevo' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.getByRole('button', { name: 'Crear' }).waitFor();
});

/** Pastes `text` into a field (one input event with the whole text, as a paste), leaves it, answers what it showed. */
async function paste(field: Locator, text: string): Promise<string> {
  await field.focus();
  await page.keyboard.insertText(text);
  const shown = await field.inputValue();
  await field.blur();
  return shown;
}

describe('identifier inputs as operador', () => {
  it('a CUIT pasted as 20-12345678-6 on Nuevo pagador is accepted and sent as digits', async () => {
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Pablo Díaz');
    await page.getByRole('textbox', { name: 'Email' }).fill('pablo.diaz@example.com');
    await page.getByRole('combobox', { name: 'Tipo de identificación' }).click();
    await page.getByRole('option', { name: 'CUIT', exact: true }).click();
    expect(await paste(page.getByTestId('identification-number'), '20-12345678-6')).toBe('20-12345678-6');
    expect(await page.locator('.Mui-error').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'identifiers-payer-cuit');
    await clearRequests(suite.stack);
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('Pagador creado con éxito').waitFor();
    expect(await stubWrites(suite.stack, 'payer')).toEqual([
      {
        method: 'POST',
        path: '/payer/pagadores',
        body: {
          name: 'Pablo Díaz',
          email: 'pablo.diaz@example.com',
          identification: { type: 'CUIT_ARG', number: '20123456786', country: 'ARG' },
        },
      },
    ]);
    // The new payer's page shows the CUIT with its dashes.
    await page.waitForURL(/\/pagadores\/\d+$/);
    await expect.poll(() => page.getByTestId('payer-identification').innerText()).toContain('20-12345678-6');
  });

  it('a card number pasted with spaces is cleaned in the method-change dialog', async () => {
    await page.goto(`${suite.stack.urls.web}/suscripcion/4000001`);
    await page
      .getByRole('toolbar', { name: 'Acciones de la suscripción' })
      .getByRole('button', { name: 'Cambiar medio de pago', exact: true })
      .click();
    const dialog = page.getByTestId('change-payment-method-dialog');
    expect(await paste(dialog.getByLabel('Número de tarjeta'), '4509 9535 6623 3704')).toBe(
      '4509953566233704',
    );
    expect(await dialog.locator('.Mui-error').count()).toBe(0);
    await screenshot(page, 'identifiers-card-number');
  });
});
