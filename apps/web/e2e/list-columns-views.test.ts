import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { reopenInApp, screenshot, TAKE_SCREENSHOTS, type Session } from './support/browser';
import { grid, gridSettled } from './support/grid';
import {
  clearPreference as clearStored,
  storedPreferences as preferencesOf,
  storedViewList,
} from './support/operator-gateway';
import { useBrowserStack } from './support/suite';

/**
 * 'Columnas' and 'Vistas' on every list, kept per operator in the gateway's store, driven as
 * `operador` on Buscar Pagos and Buscar Suscripciones: a hidden column survives a reload; a saved view brings back
 * its filters and sort exactly, its address included; it is renamed and deleted; it is offered in a fresh browser
 * of the same operator and not to another one (the store read through the gateway with each one's token); the
 * panel, the menu and the dialogs are axe-clean, keep the focus inside and give it back.
 */

const suite = useBrowserStack({ role: 'operador', path: '/home' });

interface ListCase {
  path: string;
  grid: string;
  empty: string;
  area: string;
  /** A column to hide, by its header. */
  column: string;
  /** The view to save: filters and a sort that are not the defaults. */
  viewQuery: string;
  /** Another list, shown before the view is chosen. */
  otherQuery: string;
  /** What the view's address must say. */
  expected: Record<string, string>;
}

const LISTS: ListCase[] = [
  {
    path: '/pagos',
    grid: 'Pagos',
    empty: 'No se encontraron pagos',
    area: 'payments',
    column: 'DESCRIPCIÓN',
    viewQuery: 'status=approved&sort=final_amount:asc',
    otherQuery: 'status=rejected',
    expected: { status: 'approved', sort: 'final_amount:asc' },
  },
  {
    path: '/suscripciones',
    grid: 'Suscripciones',
    empty: 'No se encontraron suscripciones',
    area: 'subscriptions',
    column: 'DESCRIPCIÓN',
    viewQuery: 'estado=cancelled&medio=todos&sort=amount:asc',
    otherQuery: 'estado=active&medio=debito',
    expected: { estado: 'cancelled', medio: 'todos', sort: 'amount:asc' },
  },
];

const storedPreferences = (session: Session) => preferencesOf(suite.stack, session);

const storedValue = async (session: Session, key: string) =>
  (await storedPreferences(session)).find((preference) => preference.key === key)?.value;

const clearPreference = (session: Session, key: string) => clearStored(suite.stack, session, key);

/** How long a list may take to show its first rows on a loaded machine. */
const LIST_WAIT_MS = 120_000;

const url = (path: string, query = '') => `${suite.stack.urls.web}${path}${query ? `?${query}` : ''}`;
const searchOf = (page: Page) => new URL(page.url()).search.replace(/^\?/, '');

/** The list's first rows (a loaded machine may take long to show them), then no loading indicator. */
async function listShown(page: Page, list: ListCase) {
  await grid(page, list.grid).locator('.MuiDataGrid-row').first().waitFor({ timeout: LIST_WAIT_MS });
  await gridSettled(page, list.grid, list.empty);
}

/** Loads the list (a fresh app: the preferences as the store has them). */
async function loadList(page: Page, list: ListCase, query = '') {
  await page.goto(url(list.path, query));
  await listShown(page, list);
}

/**
 * Opens the list inside the app the page runs: the file's own changes are all the app's, so it knows the
 * preferences the store holds (the tests that need them read from the store load the list or a fresh browser).
 */
async function openList(page: Page, list: ListCase, query = '') {
  await reopenInApp(page, `${list.path}${query ? `?${query}` : ''}`);
  await listShown(page, list);
}

const header = (page: Page, list: ListCase) =>
  grid(page, list.grid).getByRole('columnheader', { name: list.column, exact: true });
const toolButton = (page: Page, name: 'Columnas' | 'Vistas') =>
  page.getByTestId('list-tools').getByRole('button', { name, exact: true });

/** Tabs `times` through `container` and says whether the focus stayed inside it every time. */
async function focusStaysIn(page: Page, container: Locator, times = 8): Promise<boolean> {
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const inside = await container.evaluate((element) => element.contains(document.activeElement));
    if (!inside) return false;
  }
  return true;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Opens 'Vistas' and returns its menu. */
async function openViews(page: Page): Promise<Locator> {
  await toolButton(page, 'Vistas').click();
  const menu = page.getByRole('menu', { name: 'Vistas' });
  await menu.waitFor();
  return menu;
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('menu', { name: 'Vistas' }).waitFor({ state: 'detached' });
}

/** Saves the list shown as a view named `name` through 'Guardar vista actual…'. */
async function saveView(page: Page, name: string) {
  const menu = await openViews(page);
  await menu.getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guardar vista actual' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Opens the list on its view's filters and sort, saves it as `name` as operador (the list's only view) and answers
 * the view as the gateway stored it.
 */
async function saveListView(list: ListCase, name: string) {
  const key = `list.${list.area}.views`;
  await openList(suite.page, list, list.viewQuery);
  await saveView(suite.page, name);
  await expect.poll(async () => storedViewList(await storedValue(suite.session, key)).length).toBe(1);
  const [view] = storedViewList(await storedValue(suite.session, key));
  return view!;
}

const touchedKeys = new Set<string>();

/** Each test drives several screens and reloads (two browsers in the last one): room for a loaded machine. */
const LONG_TEST_MS = 300_000;

afterAll(async () => {
  // The store outlives this file: leave operador's lists as they were.
  for (const key of touchedKeys) await clearPreference(suite.session, key).catch(() => undefined);
});

describe.each(LISTS)("'Columnas' and 'Vistas' on $path", (list) => {
  const columnsKey = `list.${list.area}.columns`;
  const viewsKey = `list.${list.area}.views`;
  touchedKeys.add(columnsKey);
  touchedKeys.add(viewsKey);

  it(
    "hides a column with 'Columnas': still hidden after a reload, kept in the store; 'Restablecer columnas' brings it back",
    async () => {
      const page = suite.page;
      await openList(page, list, list.viewQuery);
      await header(page, list).waitFor();
      const button = toolButton(page, 'Columnas');
      await button.click();
      const panel = page.getByRole('dialog', { name: 'Columnas' });
      await panel.waitFor();
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
      expect(await focusStaysIn(page, panel)).toBe(true);
      const checkbox = panel.getByRole('checkbox', { name: list.column, exact: true });
      expect(await checkbox.isChecked()).toBe(true);
      await checkbox.click();
      expect(await checkbox.isChecked()).toBe(false);
      // While the panel is open the page behind it is hidden from the accessibility tree: close it, then look.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await grid(page, list.grid).getByRole('columnheader').first().waitFor();
      expect(await header(page, list).count()).toBe(0);
      expect(await isFocused(button)).toBe(true);
      await expect.poll(() => storedValue(suite.session, columnsKey)).toEqual(expect.any(Object));
      const stored = (await storedValue(suite.session, columnsKey)) as Record<string, boolean>;
      expect(Object.values(stored)).toEqual([false]);

      await page.reload();
      await listShown(page, list);
      await grid(page, list.grid).getByRole('columnheader').first().waitFor();
      expect(await header(page, list).count()).toBe(0);

      await toolButton(page, 'Columnas').click();
      await panel.waitFor();
      expect(await panel.getByRole('checkbox', { name: list.column, exact: true }).isChecked()).toBe(false);
      if (TAKE_SCREENSHOTS) {
        // The picture at 1280 only: nothing is asserted at that size, and two relayouts of the list cost seconds.
        await page.setViewportSize({ width: 1280, height: 800 });
        await screenshot(page, `columns-panel-${list.area}-1280`);
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      await panel.getByRole('button', { name: 'Restablecer columnas' }).click();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await header(page, list).waitFor();
      await expect.poll(() => storedValue(suite.session, columnsKey)).toBeUndefined();
    },
    LONG_TEST_MS,
  );

  it(
    'a saved view brings back its filters and sort exactly, address included; renamed and deleted',
    async () => {
      const page = suite.page;
      const name = `Mi vista ${list.area}`;
      const view = await saveListView(list, name);
      expect(await isFocused(toolButton(page, 'Vistas'))).toBe(true);
      expect(view!.name).toBe(name);
      expect(Object.fromEntries(new URLSearchParams(view!.params))).toMatchObject(list.expected);

      await openList(page, list, list.otherQuery);
      const menu = await openViews(page);
      expect(await seriousA11yViolations(page, '[role="menu"]')).toEqual([]);
      await menu.getByRole('menuitem', { name }).click();
      await page.waitForURL((address) => address.search.replace(/^\?/, '') === view!.params);
      await listShown(page, list);
      expect(searchOf(page)).toBe(view!.params);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject(list.expected);
      // The sort is the grid's too: its header says so.
      const sorted = grid(page, list.grid).locator('[role="columnheader"][aria-sort="ascending"]');
      expect(await sorted.count()).toBe(1);
      // The view shown is ticked in the menu.
      const again = await openViews(page);
      expect(await again.getByRole('menuitem', { name }).getAttribute('aria-current')).toBe('true');

      // Rename.
      await again.getByRole('menuitem', { name: 'Renombrar o eliminar vistas…' }).click();
      const manage = page.getByRole('dialog', { name: 'Vistas guardadas' });
      await manage.waitFor();
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
      await manage.getByRole('button', { name: `Renombrar la vista ${name}` }).click();
      const rename = page.getByRole('dialog', { name: 'Renombrar vista' });
      const field = rename.getByRole('textbox', { name: 'Nombre' });
      await field.fill('Aprobados por importe');
      expect(await seriousA11yViolations(page, '[data-testid="view-name-dialog"]')).toEqual([]);
      expect(await focusStaysIn(page, rename)).toBe(true);
      await rename.getByRole('button', { name: 'Guardar' }).click();
      await rename.waitFor({ state: 'detached' });
      await manage.getByText('Aprobados por importe', { exact: true }).waitFor();
      await expect
        .poll(async () => storedViewList(await storedValue(suite.session, viewsKey))[0]?.name)
        .toBe('Aprobados por importe');

      // Delete.
      await manage.getByRole('button', { name: 'Eliminar la vista Aprobados por importe' }).click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar vista' });
      await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await manage.getByText('No hay vistas guardadas.').waitFor();
      await page.keyboard.press('Escape');
      await manage.waitFor({ state: 'detached' });
      expect(await isFocused(toolButton(page, 'Vistas'))).toBe(true);
      const after = await openViews(page);
      expect(await after.getByRole('menuitem').allInnerTexts()).toEqual(['Guardar vista actual…']);
      await closeMenu(page);
      await expect.poll(() => storedValue(suite.session, viewsKey)).toBeUndefined();
    },
    LONG_TEST_MS,
  );

  it(
    'a view saved in one browser is offered in a fresh browser of the same operator, not to another operator',
    async () => {
      const name = `Compartida ${list.area}`;
      await saveListView(list, name);

      await suite.withSignedIn('operador', `${list.path}?${list.otherQuery}`, async (fresh) => {
        await listShown(fresh.page, list);
        const menu = await openViews(fresh.page);
        await menu.getByRole('menuitem', { name }).click();
        await fresh.page.waitForURL((address) =>
          Object.entries(list.expected).every(([k, v]) => address.searchParams.get(k) === v),
        );
      });

      await suite.withSignedIn('supervisor', `${list.path}?${list.otherQuery}`, async (other) => {
        await listShown(other.page, list);
        const menu = await openViews(other.page);
        expect(await menu.getByRole('menuitem', { name }).count()).toBe(0);
        await closeMenu(other.page);
        // The gateway answers supervisor their own preferences only; operador's are there for operador.
        const theirs = await storedPreferences(other);
        expect(JSON.stringify(theirs)).not.toContain(name);
        expect(JSON.stringify(await storedPreferences(suite.session))).toContain(name);
      });
    },
    LONG_TEST_MS,
  );
});

describe('two tabs of the same operator', () => {
  const list = LISTS[0]!;
  const columnsKey = `list.${list.area}.columns`;
  const viewsKey = `list.${list.area}.views`;

  /** Hides the column headed `name` through 'Columnas' and closes the panel. */
  async function hideColumn(page: Page, name: string) {
    await toolButton(page, 'Columnas').click();
    const panel = page.getByRole('dialog', { name: 'Columnas' });
    await panel.getByRole('checkbox', { name, exact: true }).click();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }

  const shownHeader = (page: Page, name: string) =>
    grid(page, list.grid).getByRole('columnheader', { name, exact: true });

  it(
    'each tab hides its own column and both keep their change after a reload; a view saved in one shows in the other',
    async () => {
      await clearPreference(suite.session, columnsKey);
      await clearPreference(suite.session, viewsKey);
      const tabA = suite.page;
      const tabB = await suite.session.context.newPage();
      try {
        // Both tabs show the list (and have read its preferences) before either changes a column.
        // Loaded: the preferences were cleared in the store behind the app's back.
        await loadList(tabA, list);
        await loadList(tabB, list);
        await shownHeader(tabA, 'CONCEPTO').waitFor();
        await shownHeader(tabB, 'NOMBRE').waitFor();
        await hideColumn(tabA, 'CONCEPTO');
        await expect.poll(async () => storedValue(suite.session, columnsKey)).toEqual({ conceptId: false });
        await hideColumn(tabB, 'NOMBRE');
        await expect
          .poll(async () => storedValue(suite.session, columnsKey))
          .toEqual({ conceptId: false, payerName: false });
        for (const tab of [tabA, tabB]) {
          // In front, as the operator reloading it (a tab behind another may be held back by the browser).
          await tab.bringToFront();
          await tab.reload();
          await listShown(tab, list);
          await grid(tab, list.grid).getByRole('columnheader').first().waitFor();
          expect(await shownHeader(tab, 'CONCEPTO').count()).toBe(0);
          expect(await shownHeader(tab, 'NOMBRE').count()).toBe(0);
        }

        // A view saved in tab A is offered in tab B once B is in front again, without a reload.
        const name = 'Guardada en otra pestaña';
        await saveView(tabA, name);
        await expect
          .poll(async () => storedViewList(await storedValue(suite.session, viewsKey)).length)
          .toBe(1);
        await tabB.bringToFront();
        await tabB.evaluate(() => void window.dispatchEvent(new Event('focus')));
        const menu = await openViews(tabB);
        await menu.getByRole('menuitem', { name }).waitFor();
        expect(await seriousA11yViolations(tabB, '[role="menu"]')).toEqual([]);
        await closeMenu(tabB);
      } finally {
        await tabB.close();
      }
    },
    LONG_TEST_MS,
  );
});
