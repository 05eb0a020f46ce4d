import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { grid, gridSettled, shownIds } from './support/grid';
import { useBrowserStack } from './support/suite';

/**
 * The keyboard of the back-office as operador on Buscar Pagadores: '?' lists every shortcut, '/' goes
 * to the list's search field, and in the list the arrow keys move between rows and Enter opens the row's detail.
 */

const PAYERS = 'Pagadores';
const suite = useBrowserStack({ role: 'operador', path: '/pagadores', motion: 'full' });
let page: Page;

beforeAll(async () => {
  ({ page } = suite);
  await gridSettled(page, PAYERS, `No se encontraron ${PAYERS}`);
});

describe('keyboard shortcuts', () => {
  it("'?' outside a text field opens 'Atajos de teclado' with every shortcut; it passes axe; Esc closes it", async () => {
    await page.locator('main h1, main h2').first().click();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await dialog.waitFor();
    const actions = await dialog.getByRole('row').allInnerTexts();
    for (const keys of ['Ctrl + K', '?', '/', '↑', 'Enter', 'Esc']) {
      expect(actions.some((row) => row.includes(keys))).toBe(true);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("'?' typed in a text field is text, not a shortcut; '/' focuses the list's search field", async () => {
    await page.locator('main h1, main h2').first().click();
    await page.keyboard.press('/');
    const search = page.getByRole('textbox', { name: 'Buscar' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('?');
    expect(await search.inputValue()).toBe('?');
    expect(await page.getByRole('dialog', { name: 'Atajos de teclado' }).count()).toBe(0);
    await search.fill('');
  });

  it("in the list the arrow keys move between rows and Enter opens the focused row's detail", async () => {
    const ids = await shownIds(page, PAYERS);
    expect(ids.length).toBeGreaterThan(1);
    const firstCell = grid(page, PAYERS)
      .locator(`[role="row"][data-id="${ids[0]}"] [role="gridcell"]`)
      .first();
    await firstCell.focus();
    await page.keyboard.press('ArrowDown');
    const second = grid(page, PAYERS).locator(`[role="row"][data-id="${ids[1]}"]`);
    await expect.poll(() => second.evaluate((row) => row.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/pagadores/${ids[1]}`);
  });
});
