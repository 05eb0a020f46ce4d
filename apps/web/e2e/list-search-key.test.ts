import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_ROUTES } from '../src/app/routes';
import { openInApp, SHOWN_ELSEWHERE_WHEN_BARE } from './support/browser';
import { useBrowserStack } from './support/suite';

/**
 * '/' on every list: every screen of the route manifest without parameters, as admin. On each one that
 * shows a list (`<ListPage>`), '/' outside a text field focuses the list's search field; 'Atajos de teclado' ('?')
 * lists '/' exactly there, and the rows' keys only where a grid is shown.
 */

const suite = useBrowserStack({ role: 'admin', path: '/home' });
let page: Page;

const SCREENS = APP_ROUTES.filter(
  (route) => route.screen && !route.path.includes(':') && !SHOWN_ELSEWHERE_WHEN_BARE.has(route.path),
);
/** Lists named so that none can drop out of the walk unnoticed: each must be among those walked. */
const NAMED_LISTS = [
  'Buscar Pagos',
  'Buscar Suscripciones',
  'Actividad',
  'Importaciones',
  'Conciliación de transferencias',
  'Retiros',
  'Presentaciones AFIP',
  'Distribuciones',
  'Historial de exportaciones',
  'Pago de servicios',
  'Reporte plano de integraciones',
];

beforeAll(async () => {
  page = suite.page;
  await page.getByTestId('signed-in-username').waitFor();
});

/** The rows of 'Atajos de teclado' opened with '?' on the screen shown (then closed). */
async function shortcutKeys(p: Page): Promise<string[]> {
  await p.locator('main h1').first().click();
  await p.keyboard.press('?');
  const dialog = p.getByRole('dialog', { name: 'Atajos de teclado' });
  await dialog.waitFor();
  const rows = await dialog.getByRole('row').allInnerTexts();
  await p.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return rows.slice(1).map((row) => row.split(/\t|\n/)[0]!.trim());
}

describe("'/' on every list", () => {
  it('focuses the search field of every list of the route manifest; elsewhere it is not offered', async () => {
    const lists: string[] = [];
    for (const route of SCREENS) {
      // Reached inside the app (no boot per screen); openInApp returns once the last screen is gone, so its
      // heading cannot be read for this one's. The file's page opened /home.
      if (new URL(page.url()).pathname !== route.path) await openInApp(page, route.path);
      await page.locator('main h1').first().waitFor();
      // A route that opens as a dialog over its list (/afip/generar): no shortcut of the screen applies under it.
      if (await page.getByRole('dialog').count()) continue;
      const scope = page.locator('main [data-list-search-scope]');
      const isList = (await scope.count()) > 0;
      const keys = await shortcutKeys(page);
      expect(keys.includes('/'), `${route.path}: '/' offered`).toBe(isList);
      expect(keys.includes('↑ o ↓'), `${route.path}: rows' keys offered`).toBe(
        (await page.locator('main [role="grid"]').count()) > 0,
      );
      if (!isList) continue;
      lists.push(route.title);
      await page.locator('main h1').first().click();
      await page.keyboard.press('/');
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const active = document.activeElement;
              return (
                active instanceof HTMLInputElement && active.closest('[data-list-search-scope]') !== null
              );
            }),
          { message: `${route.path}: '/' focuses the list's search field` },
        )
        .toBe(true);
    }
    expect(lists).toEqual(expect.arrayContaining(NAMED_LISTS));
    // Every screen reached in the app (one page load): the whole file took 92 s of wall on the shared 2-core machine
    // at load 20 (218 s with a page load per screen). Room for a loaded machine, not the 10 minutes a hang took.
  }, 240_000);
});
