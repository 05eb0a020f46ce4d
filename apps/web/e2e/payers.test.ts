import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { stubWrites } from './support/stub-http';
import { networkSettled, openInApp, screenshot, showPath } from './support/browser';
import { gridColumn, gridSettled, shownIds } from './support/grid';
import { clearRequests } from './support/payers';
import { cells as paymentCells, settled as paymentsSettled, texts } from './support/payments-list';
import { subscriptionsSettled } from './support/subscriptions';

/**
 * Buscar Pagadores, payer detail, Nuevo pagador, Buscar Entidades and the collector page (spec 000 §2, 001 §2, §5)
 * as operador, against the whole stack (fixtures: docs/upstream-contract.md, payer and collector services).
 */

const suite = useBrowserStack({ role: 'operador', path: '/pagadores' });
let page: Page;
const PAYERS = 'Pagadores';
const EMPTY = 'No se encontraron Pagadores';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, PAYERS, EMPTY);
});

describe('Buscar Pagadores as operador', () => {
  it('searches by part of the name and sorts by e-mail', async () => {
    await page.getByTestId('payers-search-input').fill('gonz');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'gonz');
    await gridSettled(page, PAYERS, EMPTY);
    // The grid takes a new page's rows one render after the screen: poll the reads after a filter or sort change.
    await expect
      .poll(async () => {
        const names = await gridColumn(page, PAYERS, 'name');
        return names.length > 0 && names.every((name) => name.toLowerCase().includes('gonz'));
      })
      .toBe(true);
    await page.getByRole('columnheader', { name: 'EMAIL' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email:asc');
    await gridSettled(page, PAYERS, EMPTY);
    await expect
      .poll(async () => {
        const emails = await gridColumn(page, PAYERS, 'email');
        return emails.every((email, i) => i === 0 || emails[i - 1]! <= email);
      })
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payers-search');
  });

  it('shows the empty state', async () => {
    await showPath(page, suite.stack.urls.web, '/pagadores?q=zzzzzz');
    await gridSettled(page, PAYERS, EMPTY);
    await expect(page.getByText(EMPTY).isVisible()).resolves.toBe(true);
  });

  it("opens a payer's detail with identification, phones and references, and its buttons filter by e-mail", async () => {
    await showPath(page, suite.stack.urls.web, '/pagadores?q=maria.gonzalez@gmail.com');
    await gridSettled(page, PAYERS, EMPTY);
    expect(await shownIds(page, PAYERS)).toEqual(['700001']);
    await page.getByRole('grid', { name: PAYERS }).getByText('María González').click();
    await page.waitForURL(/\/pagadores\/700001$/);
    await page.getByRole('heading', { level: 1, name: 'María González' }).waitFor();
    expect(await page.getByTestId('payer-identification').innerText()).toContain('28456789');
    await page.getByTestId('payer-phones').waitFor();
    expect(await page.getByTestId('payer-references').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payer-detail', { fullPage: true });

    // The buttons' addresses come from the lists' definitions: `pagador`, as spec 000 §2 gives them.
    const toPayments = page.getByRole('link', { name: 'Ver pagos' });
    expect(await toPayments.getAttribute('href')).toBe('/pagos?pagador=maria.gonzalez%40gmail.com');
    await toPayments.click();
    await page.waitForURL((url) => url.pathname === '/pagos');
    // Buscar Pagos reads `pagador` as its search (spec 000 §2); the list writes it back as `search`.
    await page.waitForFunction((email) => {
      const params = new URL(window.location.href).searchParams;
      return (params.get('search') ?? params.get('pagador')) === email;
    }, 'maria.gonzalez@gmail.com');
    await page.getByRole('heading', { level: 1, name: 'Buscar Pagos' }).waitFor();
    // The list shows the filter applied: the e-mail in its search box, and only María's payments.
    await expect
      .poll(() => page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ }).inputValue())
      .toBe('maria.gonzalez@gmail.com');
    await paymentsSettled(page);
    const payerNames = await texts(paymentCells(page, 'payerName'));
    expect(payerNames.length).toBeGreaterThan(0);
    expect(new Set(payerNames)).toEqual(new Set(['María González']));
    await page.goBack();
    await page.waitForURL(/\/pagadores\/700001/);
    await page.getByRole('link', { name: 'Ver suscripciones' }).click();
    await page.waitForURL((url) => url.pathname === '/suscripciones' && !url.searchParams.has('pagador'));
    // The entry parameter leaves the address without another in its place; the list it names is the one saved and
    // shown (spec 000 §2).
    expect(new URL(page.url()).search).toBe('');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('subscriptions.list')))
      .toContain('q=maria.gonzalez');
    // The list shows the filter applied: the e-mail in its search box, and the search the gateway was asked for.
    await expect
      .poll(() => page.getByTestId('subscriptions-search-input').inputValue())
      .toBe('maria.gonzalez@gmail.com');
    await subscriptionsSettled(page);
  });
});

describe('Nuevo pagador as operador', () => {
  it('keeps Crear disabled while invalid, shows each identification message, then creates and lands on the detail', async () => {
    await openInApp(page, '/pagadores/nuevo');
    const create = page.getByRole('button', { name: 'Crear' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Ana Ruiz');
    await page.getByRole('textbox', { name: 'Email' }).fill('ana.ruiz@');
    await page.getByRole('textbox', { name: 'Email' }).blur();
    await page.getByText('El email no tiene formato correcto').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('ana.ruiz@example.com');

    const number = page.getByTestId('identification-number');
    const chooseType = async (label: string) => {
      await page.getByRole('combobox', { name: 'Tipo de identificación' }).click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };
    // A type without a number.
    await chooseType('DNI');
    await number.focus();
    await number.blur();
    await page.getByText('Número de identificación requerido*').waitFor();
    expect(await create.isDisabled()).toBe(true);
    // DNI of 7 digits: the payer form wants 8.
    await number.fill('1234567');
    await number.blur();
    await page.getByText('El número de DNI no es válido').waitFor();
    // Letters are not accepted: the field keeps the digits.
    await number.fill('12a45678');
    expect(await number.inputValue()).toBe('1245678');
    // CUIT of 10 digits, then with a wrong check digit.
    await chooseType('CUIT');
    await number.fill('2012345678');
    await page.getByText('El número de CUIT no es válido').waitFor();
    await number.fill('20123456787');
    await page.getByText('El número de CUIT no es válido').waitFor();
    expect(await create.isDisabled()).toBe(true);
    // Back to 'Ninguna': the number goes with the type, so 'Crear' is enabled again.
    await chooseType('Ninguna');
    await page.waitForFunction(() => !document.querySelector('.Mui-error'));
    expect(await number.inputValue()).toBe('');
    expect(await create.isDisabled()).toBe(false);
    // A number typed without a type.
    await number.fill('31234567');
    await number.blur();
    await page.getByText('Tipo de identificación requerido*').waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payer-new-errors');

    await chooseType('DNI');
    await number.fill('31234567');
    await page.waitForFunction(() => !document.querySelector('.Mui-error'));
    await clearRequests(suite.stack);
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.getByText('Pagador creado con éxito').waitFor();
    await page.waitForURL(/\/pagadores\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Ana Ruiz' }).waitFor();
    const writes = await stubWrites(suite.stack, 'payer');
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/payer/pagadores',
        body: {
          name: 'Ana Ruiz',
          email: 'ana.ruiz@example.com',
          identification: { type: 'DNI_ARG', number: '31234567', country: 'ARG' },
        },
      },
    ]);
    expect(page.url()).toMatch(/\/pagadores\/\d+$/);
  });
});

describe('collectors as operador', () => {
  it('Buscar Entidades lists collectors and opens the collector page', async () => {
    await openInApp(page, '/comercios?q=Burzaco');
    await gridSettled(page, 'Entidades', 'No se encontraron entidades');
    expect(await shownIds(page, 'Entidades')).toEqual(['10001']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'collectors-search');
    await page
      .getByRole('grid', { name: 'Entidades' })
      .getByText('Club Atlético San Martín de Burzaco')
      .click();
    await page.waitForURL(/\/comercios\/10001$/);
    await page.getByTestId('collector-balance').waitFor();
  });

  it('the collector page shows signature, checkout version, import match, strategy and balance', async () => {
    await openInApp(page, '/comercios/10008');
    await page.getByTestId('collector-match-import').waitFor();
    expect(await page.getByTestId('collector-signature').innerText()).toContain('10008');
    expect(await page.getByTestId('collector-match-import').innerText()).toContain(
      'Fuerza coincidencia por pagador',
    );
    expect(await page.getByTestId('collector-withdrawal-strategy').innerText()).toContain(
      'Lote por acreditación',
    );
    expect(await page.getByTestId('balance-available').innerText()).toMatch(/\$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'collector-page');
    await showPath(page, suite.stack.urls.web, '/comercios/10017');
    await page
      .getByTestId('collector-withdrawal-strategy')
      .getByText('Sin estrategia de retiro compatible')
      .waitFor();
  });

  it("renders the XSS fixture collector's strings as text", async () => {
    await showPath(page, suite.stack.urls.web, '/comercios/10099');
    await page.getByTestId('collector-data').waitFor();
    await page.getByTestId('collector-balance').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(
      await page
        .locator('[data-testid="collector-data"] img, [data-testid="collector-data"] svg[onload]')
        .count(),
    ).toBe(0);
  });

  it('the payment header links to the collector page', async () => {
    await openInApp(page, '/pago/1000001');
    await page.getByTestId('collector-link').click();
    await page.waitForURL(/\/comercios\/\d+$/);
    await page.getByTestId('collector-data').waitFor();
  });

  it('home shows Buscar Entidades and Buscar Pagadores tabs', async () => {
    await openInApp(page, '/home');
    await page.getByRole('tab', { name: 'Buscar Pagadores' }).click();
    await gridSettled(page, PAYERS, EMPTY);
    await page.getByRole('tab', { name: 'Buscar Entidades' }).click();
    await gridSettled(page, 'Entidades', 'No se encontraron entidades');
    expect(await page.evaluate(() => sessionStorage.getItem('home.tab.active'))).toBe('collector');
    expect(await networkSettled(page, { timeoutMs: 30_000 })).toBe(true);
    await gridSettled(page, 'Entidades', 'No se encontraron entidades');
    await screenshot(page, 'home-collectors-tab');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('consulta', () => {
  it('sees No tiene permisos on the payer and collector screens and no payer tabs', async () => {
    await suite.withSignedIn('consulta', '/pagadores', async (other) => {
      for (const path of [
        '/pagadores',
        '/pagadores/nuevo',
        '/pagadores/700001',
        '/pagadores/referencias',
        '/comercios',
        '/comercios/10001',
      ]) {
        await showPath(other.page, suite.stack.urls.web, path);
        await other.page.getByText('No tiene permisos').waitFor();
      }
      expect(await seriousA11yViolations(other.page)).toEqual([]);
      await screenshot(other.page, 'payers-consulta');
      await showPath(other.page, suite.stack.urls.web, '/home');
      await other.page.getByRole('tab', { name: 'Buscar Pagos' }).waitFor();
      expect(await other.page.getByRole('tab', { name: 'Buscar Pagadores' }).count()).toBe(0);
    });
  });
});
