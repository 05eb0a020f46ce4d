import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y';
import { networkSettled } from './support/browser';
import { shownIds } from './support/grid';
import { settled } from './support/payments-list';
import { useBrowserStack } from './support/suite';

/**
 * A list the operator leaves for a record and comes back to (app/shell/kept-outlet.tsx): Buscar Pagos as
 * operador, a payment opened from it, and the browser's back button.
 */

const suite = useBrowserStack({ role: 'operador', path: '/pagos' });
const SEARCH = 'Buscar por e-mail del pagador, ID de pago o nombre';

/** How many `operationName` requests the page has sent so far. */
const sent = (operationName: string) =>
  suite.session.gatewayRequests.filter((request) => request.operationName === operationName).length;
const searches = () => sent('PaymentsSearch');

describe('back to a list already seen', () => {
  it('shows it as it was left in the first frame at its address (rows, a search typed and not applied), then asks for its rows once', async () => {
    const page = suite.page;
    await settled(page);
    const rows = await shownIds(page, 'Pagos');
    expect(rows.length).toBeGreaterThan(0);
    await page.getByLabel(SEARCH).fill('maria');

    const details = sent('PaymentDetail');
    await page
      .locator('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row a[href^="/pago/"]')
      .first()
      .click();
    await page.getByTestId('payment-summary').waitFor();
    // The payment asked for once: the route's preload, which its screen takes over (`recordPreload`, lib/preload/query-preload.ts).
    await networkSettled(page);
    expect(sent('PaymentDetail')).toBe(details + 1);
    // While the payment shows, the list is out of the document: nothing on the page meets it.
    expect(await page.getByLabel(SEARCH).count()).toBe(0);
    const before = searches();

    // The browser's back button; the rows in the DOM at the first animation frame after the address is the list's.
    const atFirstFrame = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          window.addEventListener(
            'popstate',
            () =>
              requestAnimationFrame(() =>
                resolve(
                  [...document.querySelectorAll('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row')].map(
                    (row) => row.getAttribute('data-id') ?? '',
                  ),
                ),
              ),
            { once: true },
          );
          history.back();
        }),
    );
    expect(atFirstFrame).toEqual(rows);
    expect(new URL(page.url()).pathname).toBe('/pagos');
    await expect(page.getByLabel(SEARCH).inputValue()).resolves.toBe('maria');

    // Fresh rows, asked for once (the list's own query, not also the route's preload).
    await expect.poll(searches).toBe(before + 1);
    await settled(page);
    expect(searches()).toBe(before + 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(suite.session.problems).toEqual([]);
  });
});
