import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { gridColumn, gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';
import {
  openSearch,
  searchAnswered,
  searchDialog as dialog,
  searchField as field,
  searchFor,
  searchGroup as group,
} from './support/search';
import { stubAdmin, stubRequests } from './support/stub-http';

/**
 * 'Buscar en el back-office' (Ctrl+K) as operators with different permissions, against the whole stack
 * (fixtures: payment 1000001, payer 700001 maria.gonzalez@gmail.com with DNI 28456789, transfer 6001 of CUIT
 * 20-28456789-8, payers named González (more than 5); docs/upstream-contract.md). Then group by group:
 * each group on screen as soon as its service answers, empty groups in one line, counts and 'Ver todos', prefixes,
 * results kept while the text is refined, recent records, the top bar's box.
 */

const suite = useBrowserStack({ role: 'admin', path: '/home', motion: 'full' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.getByTestId('signed-in-username').waitFor();
});

// Whatever a test left (a fault, the dialog open after a failed step), the next one starts from the screen.
afterEach(async () => {
  await stubAdmin(suite.stack, 'DELETE', 'faults');
  if (await dialog(page).count()) await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
});

describe('Buscar en el back-office as admin', () => {
  it('Ctrl+K and a payment id: Enter opens that payment; the dialog passes axe', async () => {
    await openSearch(page);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await searchFor(page, '1000001', 'PAYMENT');
    await dialog(page)
      .getByRole('option', { name: /Pago 1000001/ })
      .waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
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
    // The payer, then its group's 'Ver todos': down moves to it, and down again wraps to the payer.
    const all = dialog(page)
      .getByTestId('search-group-PAYER')
      .getByRole('option', { name: /^Ver todos/ });
    await field(page).press('ArrowDown');
    expect(await all.getAttribute('aria-selected')).toBe('true');
    await field(page).press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await field(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/pagadores/700001');
  });

  it('a CUIT finds the payer (by its DNI) and its transfers', async () => {
    await openSearch(page);
    await searchFor(page, '20-28456789-8', 'TRANSFER');
    const payers = dialog(page).getByTestId('search-group-PAYER');
    await payers.getByRole('option', { name: /María González/ }).waitFor();
    // Each group shows as its service answers: the transfers are counted once every group has answered.
    await searchAnswered(page);
    const transfers = dialog(page).getByTestId('search-group-TRANSFER');
    expect(await transfers.getByRole('option').count()).toBeGreaterThan(0);
    await transfers.getByRole('option').first().click();
    await page.waitForURL(
      (url) => url.pathname === '/transferencias' && url.searchParams.get('cuit') === '20284567898',
    );
    // The list shows the filter its definition wrote: the CUIT in its field, and only that CUIT's rows.
    await expect
      .poll(async () => (await page.getByTestId('transfers-cuit-input').inputValue()).replace(/\D/g, ''))
      .toBe('20284567898');
    await gridSettled(page, 'Transferencias', 'No se encontraron transferencias.');
    // The grid may show the page it had before the filtered answer (grid.ts): poll for that CUIT's rows alone.
    const cuits = async () =>
      new Set((await gridColumn(page, 'Transferencias', 'payerId')).map((cuit) => cuit.replace(/\D/g, '')));
    await expect.poll(cuits).toEqual(new Set(['20284567898']));
  });

  it('empty, it offers the records opened, newest first; Esc closes and gives the focus back', async () => {
    const button = page.getByRole('button', { name: 'Buscar… Ctrl K' });
    await button.click();
    await field(page).waitFor();
    const recent = dialog(page).getByRole('group', { name: 'Recientes' });
    await recent.waitFor();
    // The newest first (records another file of this worker opened may follow them).
    const shown = (await recent.getByRole('option').allInnerTexts()).slice(0, 3);
    expect(shown).toHaveLength(3);
    expect(shown[0]).toMatch(/^Transferencia /);
    expect(shown[1]).toMatch(/^María González/);
    expect(shown[2]).toMatch(/^Pago 1000001/);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('a failing service shows its group as unavailable, the others answered', async () => {
    await stubAdmin(suite.stack, 'POST', 'faults', { service: 'payer', errorRate: 1 });
    await openSearch(page);
    await searchFor(page, '20284567898', 'PAYER');
    const payers = dialog(page).getByTestId('search-group-PAYER');
    await payers.getByText('No disponible: el servicio no respondió.', { exact: false }).waitFor();
    expect(await payers.getAttribute('data-available')).toBe('false');
    // The failing group may show before the transfers' service has answered (CI read 0 transfers then).
    await searchAnswered(page);
    expect(
      await dialog(page).getByTestId('search-group-TRANSFER').getByRole('option').count(),
    ).toBeGreaterThan(0);
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
      await field(other).fill('1000001');
      await searchAnswered(other);
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

const paymentOption = (p: Page, id: string) =>
  group(p, 'PAYMENT').getByRole('option', { name: `Pago ${id}` });

describe('Buscar en el back-office, group by group', () => {
  it("the top bar shows 'Buscar… Ctrl K'; the dialog opens near the top and stays there as groups arrive", async () => {
    const box = page.getByRole('button', { name: 'Buscar… Ctrl K' });
    expect((await box.innerText()).replace(/\s+/g, ' ').trim()).toBe('Buscar… Ctrl K');
    await box.click();
    await field(page).waitFor();
    const top = (await dialog(page).boundingBox())!.y;
    expect(top).toBeLessThan(page.viewportSize()!.height * 0.15);
    await field(page).fill('González');
    await searchAnswered(page);
    expect((await dialog(page).boundingBox())!.y).toBe(top);
  });

  it('with the AFIP service slowed by 8 s, the payment group of an id search is on screen while AFIP is still searched', async () => {
    await stubAdmin(suite.stack, 'POST', 'faults', { service: 'afip', latencyMs: 8000 });
    await openSearch(page);
    await field(page).fill('1000001');
    await paymentOption(page, '1000001').waitFor();
    // The payment group is on screen while the slow group still shows its progress: no group waits for the slowest.
    // How soon is for the bench to measure, not a wall-clock bound here (a loaded machine once took 2.4 s where this
    // test asserted 1.5).
    expect(await group(page, 'PRESENTATION').getByRole('progressbar').count()).toBe(1);
    expect(await group(page, 'PAYMENT').getByTestId('search-count-PAYMENT').innerText()).toBe('1 resultado');
    // The slow service ends 'No disponible' (the gateway's read timeout); the empty groups are one line.
    const presentations = group(page, 'PRESENTATION');
    await presentations.getByText('No disponible', { exact: false }).waitFor();
    expect(await presentations.getAttribute('data-available')).toBe('false');
    await searchAnswered(page);
    const empty = await dialog(page).getByTestId('search-empty-groups').innerText();
    expect(empty).toMatch(/^Sin resultados en: \S/);
    expect(empty).not.toContain('Pagos');
    const shown = await dialog(page).locator('[data-testid^="search-group-"]').count();
    expect(shown + empty.split(',').length).toBe(9);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
  });

  it("'pago 1000001' and '#1000001' are understood; a name's group counts all its matches and 'Ver todos' opens its list", async () => {
    await openSearch(page);
    await field(page).fill('pago 1000001');
    await paymentOption(page, '1000001').waitFor();
    await searchAnswered(page);
    expect(await dialog(page).locator('[data-testid^="search-group-"]').count()).toBe(1);
    expect(await dialog(page).getByTestId('search-empty-groups').count()).toBe(0);

    await field(page).fill('#1000001');
    await searchAnswered(page);
    await paymentOption(page, '1000001').waitFor();

    await field(page).fill('González');
    await searchAnswered(page);
    const payers = group(page, 'PAYER');
    const count = Number(/\d+/.exec(await payers.getByTestId('search-count-PAYER').innerText())?.[0]);
    expect(count).toBeGreaterThan(5);
    expect(await payers.getByRole('option').count()).toBe(6); // 5 hits and 'Ver todos'
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await payers.getByRole('option', { name: /^Ver todos/ }).click();
    await page.waitForURL((url) => url.pathname === '/pagadores' && url.searchParams.get('q') === 'González');
    await gridSettled(page, 'Pagadores');
    // The list shows the filter applied: the text in its search box, and only the payers it names.
    expect(await page.getByTestId('payers-search-input').inputValue()).toBe('González');
    // The grid may show the page it had before the filtered answer (grid.ts): poll for the payers named.
    await expect.poll(async () => (await gridColumn(page, 'Pagadores', 'name')).length).toBeGreaterThan(5);
    for (const name of await gridColumn(page, 'Pagadores', 'name')) expect(name).toContain('González');
  });

  it("the collectors group's 'Ver todos' opens Buscar Entidades on the name, as its definition writes it", async () => {
    await openSearch(page);
    await field(page).fill('Burzaco');
    await searchAnswered(page);
    await group(page, 'COLLECTOR')
      .getByRole('option', { name: /^Ver todos/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/comercios' && url.searchParams.get('q') === 'Burzaco');
    await gridSettled(page, 'Entidades', 'No se encontraron entidades');
    // The list shows the filter applied: the text in its search box, and only the collector it names.
    expect(await page.getByTestId('collectors-search-input').inputValue()).toBe('Burzaco');
    await expect
      .poll(() => gridColumn(page, 'Entidades', 'name'))
      .toEqual(['Club Atlético San Martín de Burzaco']);
  });

  it('while the text is refined the last results stay, dimmed, until the new text answers', async () => {
    await openSearch(page);
    await field(page).fill('1000001');
    await paymentOption(page, '1000001').waitFor();
    await stubAdmin(suite.stack, 'POST', 'faults', { service: 'payment', latencyMs: 3000 });
    await field(page).fill('1000002');
    const kept = paymentOption(page, '1000001');
    await expect.poll(() => kept.getAttribute('aria-disabled')).toBe('true');
    expect(await group(page, 'PAYMENT').getAttribute('aria-busy')).toBe('true');
    await stubAdmin(suite.stack, 'DELETE', 'faults');
    await searchAnswered(page);
    expect(await kept.count()).toBe(0);
  });

  it('a recent entry is the record it opened: it opens it again, and can be removed', async () => {
    await openSearch(page);
    await field(page).fill('1000001');
    await paymentOption(page, '1000001').click();
    await page.waitForURL((url) => url.pathname === '/pago/1000001');
    await page.goto(`${suite.stack.urls.web}/home`);
    await page.getByTestId('signed-in-username').waitFor();

    await openSearch(page);
    const recent = dialog(page).getByRole('group', { name: 'Recientes' });
    const entry = recent.getByRole('option', { name: /^Pago 1000001/ });
    await entry.waitFor();
    expect(await recent.getByRole('option').first().innerText()).toMatch(/^Pago 1000001/);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await field(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/pago/1000001');

    await openSearch(page);
    await entry.waitFor();
    expect(await entry.getAttribute('aria-selected')).toBe('true');
    expect(await entry.getByTestId('search-recent-remove').getAttribute('title')).toBe(
      'Quitar de los recientes (Supr)',
    );
    await field(page).press('Delete');
    await entry.waitFor({ state: 'detached' });
    // The focus stayed in the field: the dialog keeps it (its focus trap).
    expect(await field(page).evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
