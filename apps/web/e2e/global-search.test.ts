import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';
import { stubAdmin, stubRequests } from './support/stub-http';

/**
 * 'Buscar en el back-office' (Ctrl+K, issue 30) as operators with different permissions, against the whole stack
 * (fixtures: payment 1000001, payer 700001 maria.gonzalez@gmail.com with DNI 28456789, transfer 6001 of CUIT
 * 20-28456789-8; docs/upstream-contract.md).
 */

const suite = useBrowserStack({ role: 'admin', path: '/home' });
let page: Page;

const dialog = (p: Page) => p.getByRole('dialog', { name: 'Buscar en el back-office' });
const field = (p: Page) => dialog(p).getByRole('combobox', { name: 'Texto a buscar' });

async function openSearch(p: Page): Promise<void> {
  await p.keyboard.press('Control+k');
  await field(p).waitFor();
}

/** Types `text` in the search and waits for the answer (a group shown, or the status line). */
async function searchFor(p: Page, text: string, group: string): Promise<void> {
  await field(p).fill(text);
  await dialog(p).getByTestId(`search-group-${group}`).waitFor();
}

beforeAll(async () => {
  page = suite.page;
  await page.getByTestId('signed-in-username').waitFor();
});

describe('Buscar en el back-office as admin', () => {
  it('Ctrl+K and a payment id: Enter opens that payment; the dialog passes axe', async () => {
    await openSearch(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await searchFor(page, '1000001', 'PAYMENT');
    await dialog(page)
      .getByRole('option', { name: /Pago 1000001/ })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await field(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/pago/1000001');
    await dialog(page).waitFor({ state: 'detached' });
  });

  it("a payer's e-mail opens the payer; arrow keys move between results", async () => {
    await openSearch(page);
    await searchFor(page, 'maria.gonzalez@gmail.com', 'PAYER');
    const option = dialog(page).getByRole('option', { name: /María González/ });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await field(page).press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true'); // the only result: the move wraps to it
    await field(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/pagadores/700001');
  });

  it('a CUIT finds the payer (by its DNI) and its transfers', async () => {
    await openSearch(page);
    await searchFor(page, '20-28456789-8', 'TRANSFER');
    const payers = dialog(page).getByTestId('search-group-PAYER');
    await payers.getByRole('option', { name: /María González/ }).waitFor();
    const transfers = dialog(page).getByTestId('search-group-TRANSFER');
    expect(await transfers.getByRole('option').count()).toBeGreaterThan(0);
    await transfers.getByRole('option').first().click();
    await page.waitForURL(
      (url) => url.pathname === '/transferencias' && url.searchParams.get('cuit') === '20284567898',
    );
  });

  it('empty, it offers the last searches; Esc closes and gives the focus back', async () => {
    const button = page.getByRole('button', { name: 'Buscar en el back-office' });
    await button.click();
    await field(page).waitFor();
    const recent = dialog(page).getByRole('group', { name: 'Búsquedas recientes' });
    await recent.waitFor();
    expect(await recent.getByRole('option').allInnerTexts()).toEqual([
      '20-28456789-8',
      'maria.gonzalez@gmail.com',
      '1000001',
    ]);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a failing service shows its group as unavailable, the others answered', async () => {
    await stubAdmin(suite.stack, 'POST', 'faults', { service: 'payer', errorRate: 1 });
    try {
      await openSearch(page);
      await searchFor(page, '20284567898', 'PAYER');
      const payers = dialog(page).getByTestId('search-group-PAYER');
      await payers.getByText('No disponible: el servicio no respondió.', { exact: false }).waitFor();
      expect(await payers.getAttribute('data-available')).toBe('false');
      expect(
        await dialog(page).getByTestId('search-group-TRANSFER').getByRole('option').count(),
      ).toBeGreaterThan(0);
    } finally {
      await stubAdmin(suite.stack, 'DELETE', 'faults');
    }
    await page.keyboard.press('Escape');
  });
});

describe('Buscar en el back-office as tesoreria (no payment permission)', () => {
  it('a payment id gives no payment group, and the gateway calls no payment service', async () => {
    await suite.withSignedIn('tesoreria', '/home', async ({ page: other }) => {
      await other.getByTestId('signed-in-username').waitFor();
      // /home opens on 'Buscar Pagos', whose list calls the payment service: only the search's calls count.
      await gridSettled(other, 'Pagos');
      await stubAdmin(suite.stack, 'DELETE', 'requests');
      await openSearch(other);
      await searchFor(other, '1000001', 'WITHDRAWAL');
      expect(await dialog(other).getByTestId('search-group-PAYMENT').count()).toBe(0);
      expect(await dialog(other).getByTestId('search-group-SUBSCRIPTION').count()).toBe(0);
      const paymentCalls = (await stubRequests(suite.stack, 'payment')).map((r) => r.path);
      expect(paymentCalls).toEqual([]);
      const asked = (await stubRequests(suite.stack))
        .filter((r) => r.path.endsWith('/1000001'))
        .map((r) => `${r.service} ${r.path}`)
        .sort();
      expect(asked).toEqual(
        [
          'batch /batch/lotes/1000001',
          'distribuciones /distribuciones/distribuciones/1000001',
          'import /import/pagos/1000001',
          'withdrawal /withdrawal/retiros/1000001',
        ].sort(),
      );
    });
  });
});
