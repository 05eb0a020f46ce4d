import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot, type Session } from './support/browser';
import { sentVariables } from './support/graphql-requests';
import { grid, gridSettled } from './support/grid';
import { clearPreference, storedPreferences, storedViewList } from './support/operator-gateway';
import { useBrowserStack } from './support/suite';

/**
 * Views for daily work, driven as `operador`: a view saved with 'Mes actual' keeps it relative and
 * opens on the current month when the browser's clock has moved to the next one; the applied view is named above
 * the grid, with 'Guardar cambios' once the list differs from it; the last data column cannot be hidden; /lotes
 * offers 'Vistas' before an Entidad is chosen. The browser's clock is set with Playwright's `page.clock` (only
 * `Date`: the app's timers keep running).
 */

const suite = useBrowserStack({ role: 'operador', path: '/home' });

const VIEWS_KEY = 'list.payments.views';
const COLUMNS_KEY = 'list.payments.columns';
const LIST_WAIT_MS = 120_000;
const LONG_TEST_MS = 300_000;

const storedViews = async (session: Session) =>
  storedViewList(
    (await storedPreferences(suite.stack, session)).find((preference) => preference.key === VIEWS_KEY)?.value,
  );

afterAll(async () => {
  // The store outlives this file: leave operador's payments list as it was.
  for (const key of [VIEWS_KEY, COLUMNS_KEY])
    await clearPreference(suite.stack, suite.session, key).catch(() => undefined);
});

const url = (path: string, query = '') => `${suite.stack.urls.web}${path}${query ? `?${query}` : ''}`;

async function paymentsShown(page: Page) {
  await grid(page, 'Pagos')
    .locator('.MuiDataGrid-row')
    .or(page.getByText('No se encontraron pagos'))
    .first()
    .waitFor({ timeout: LIST_WAIT_MS });
  await gridSettled(page, 'Pagos', 'No se encontraron pagos');
}

const toolButton = (page: Page, name: 'Columnas' | 'Vistas') =>
  page.getByTestId('list-tools').getByRole('button', { name, exact: true });

/** The period bounds of the next PaymentsSearch `action` makes the page send. */
async function searchedPeriod(page: Page, action: () => Promise<unknown>) {
  const { filter } = await sentVariables<{ filter: { from?: string; to?: string } }>(
    page,
    'PaymentsSearch',
    action,
  );
  return { from: filter.from, to: filter.to };
}

async function saveView(page: Page, name: string) {
  await toolButton(page, 'Vistas').click();
  const menu = page.getByRole('menu', { name: 'Vistas' });
  await menu.getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guardar vista actual' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** 20 November 2026, midday in Buenos Aires; then 3 December 2026. */
const NOVEMBER = new Date('2026-11-20T15:00:00Z');
const DECEMBER = new Date('2026-12-03T15:00:00Z');

describe('views for daily work', () => {
  it(
    "a view saved with 'Mes actual' opens on the current month after the clock moves to the next one; 'Guardar cambios' updates it",
    async () => {
      const page = suite.page;
      await page.clock.setFixedTime(NOVEMBER);
      const november = await searchedPeriod(page, () => page.goto(url('/pagos', 'status=pending')));
      expect(november).toEqual({ from: '2026-11-01T03:00:00.000Z', to: '2026-12-01T02:59:59.999Z' });
      await paymentsShown(page);
      // The default period is 'Mes actual', relative: pressed, and nowhere in the address.
      const current = page.getByRole('button', { name: 'Mes actual' });
      expect(await current.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('textbox', { name: 'Período' }).inputValue()).toBe('11/2026');
      expect(new URL(page.url()).searchParams.has('periodo')).toBe(false);

      await saveView(page, 'Pendientes del mes');
      await expect.poll(async () => (await storedViews(suite.session)).length).toBe(1);
      const [view] = await storedViews(suite.session);
      expect(view!.params).toBe('status=pending');
      const applied = page.getByTestId('applied-view');
      await applied.getByText('Pendientes del mes').waitFor();
      expect(await applied.getByRole('button', { name: 'Guardar cambios' }).count()).toBe(0);

      // A month later, on another list, the view is chosen: it opens on December, not on November.
      await page.clock.setFixedTime(DECEMBER);
      await page.goto(url('/pagos', 'status=rejected'));
      await paymentsShown(page);
      await toolButton(page, 'Vistas').click();
      const menu = page.getByRole('menu', { name: 'Vistas' });
      expect(await seriousA11yViolations(page, '[role="menu"]')).toEqual([]);
      const december = await searchedPeriod(page, () =>
        menu.getByRole('menuitem', { name: 'Pendientes del mes' }).click(),
      );
      expect(december).toEqual({ from: '2026-12-01T03:00:00.000Z', to: '2027-01-01T02:59:59.999Z' });
      await page.waitForURL((address) => address.search === '?status=pending');
      await paymentsShown(page);
      expect(await page.getByRole('textbox', { name: 'Período' }).inputValue()).toBe('12/2026');
      await applied.getByText('Pendientes del mes').waitFor();

      // The list moves away from the view (another sort): named as changed, and 'Guardar cambios' saves it.
      await grid(page, 'Pagos').getByRole('columnheader', { name: 'IMPORTE' }).click();
      await page.waitForURL((address) => address.searchParams.has('sort'));
      await paymentsShown(page);
      const save = applied.getByRole('button', { name: 'Guardar cambios' });
      await save.waitFor();
      expect(await applied.innerText()).toContain('(con cambios)');
      expect(await seriousA11yViolations(page, '[data-testid="list-tools"]')).toEqual([]);
      await screenshot(page, 'views-applied-modified');
      await save.click();
      await save.waitFor({ state: 'detached' });
      const sorted = new URL(page.url()).search.replace(/^\?/, '');
      await expect.poll(async () => (await storedViews(suite.session))[0]?.params).toBe(sorted);
      expect(sorted).toContain('sort=');
      expect(await applied.innerText()).not.toContain('(con cambios)');
    },
    LONG_TEST_MS,
  );

  it(
    'the last data column cannot be hidden (ACCIONES is no data); a list keeps it shown',
    async () => {
      const page = suite.page;
      await page.goto(url('/pagos', 'status=approved'));
      await paymentsShown(page);
      await toolButton(page, 'Columnas').click();
      const panel = page.getByRole('dialog', { name: 'Columnas' });
      await panel.waitFor();
      const boxes = panel.getByRole('checkbox');
      const names = (await panel.locator('label').allInnerTexts()).map((text) => text.trim());
      const data = names.filter((name) => name !== 'ACCIONES');
      expect(data.length).toBeGreaterThan(1);
      for (const name of data.slice(0, -1)) {
        const box = panel.getByRole('checkbox', { name, exact: true });
        if (await box.isChecked()) await box.click();
      }
      const last = panel.getByRole('checkbox', { name: data.at(-1)!, exact: true });
      // The chooser re-renders after the last click: wait for it rather than read it at once.
      await expect.poll(() => last.isDisabled()).toBe(true);
      expect(await last.isChecked()).toBe(true);
      expect(await panel.getByRole('checkbox', { name: 'ACCIONES', exact: true }).isDisabled()).toBe(false);
      expect(await boxes.count()).toBe(names.length);
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      const headers = grid(page, 'Pagos').getByRole('columnheader', { name: data.at(-1)!, exact: true });
      await headers.waitFor();

      await toolButton(page, 'Columnas').click();
      await panel.getByRole('button', { name: 'Restablecer columnas' }).click();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    },
    LONG_TEST_MS,
  );

  it(
    "/lotes offers 'Vistas' before an Entidad is chosen",
    async () => {
      // Lotes is tesorería's.
      await suite.withSignedIn('tesoreria', '/lotes', async ({ page }) => {
        await page.getByTestId('batches-choose-collector').waitFor({ timeout: LIST_WAIT_MS });
        const views = toolButton(page, 'Vistas');
        await views.click();
        const menu = page.getByRole('menu', { name: 'Vistas' });
        await menu.getByRole('menuitem', { name: 'Guardar vista actual…' }).waitFor();
        expect(await seriousA11yViolations(page, '[role="menu"]')).toEqual([]);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      });
    },
    LONG_TEST_MS,
  );
});
