import type { Page } from 'playwright-core';

/**
 * Helpers for any list screen's DataGrid, found by its accessible name. Every list renders the shared
 * DataTable, whose empty state is a `role="status"` message inside the grid.
 */

/**
 * The named grid, once it shows its whole page: a list's first page renders the rows the window holds, then the rest,
 * in a box that is `aria-busy` until the grid shows them all (rows-in-stages.ts); a read through this locator waits.
 */
export const grid = (page: Page, name: string) =>
  page.getByRole('grid', { name }).and(page.locator(':not([aria-busy="true"] *)'));

export const gridRow = (page: Page, name: string, id: string) =>
  grid(page, name).locator(`.MuiDataGrid-row[data-id="${id}"]`);

/**
 * Waits until the named grid shows rows or its empty state (containing `empty`, when given), with no
 * loading indicator. The grid takes new rows one render after the screen: after a filter change, poll
 * for the expected rows rather than relying on this alone.
 */
export async function gridSettled(page: Page, name: string, empty?: string): Promise<void> {
  try {
    await gridSettledOrTimeout(page, name, empty);
  } catch (error) {
    throw new Error(`${String(error)}\n${await whereThePageIs(page)}`, { cause: error });
  }
}

/**
 * What the page shows when a wait fails (its address and the start of its main text), so a red run in CI says
 * whether the list was slow, showed an error or left for the login page (one such run left nothing else to read).
 */
async function whereThePageIs(page: Page): Promise<string> {
  try {
    const text = await page.evaluate(() => (document.querySelector('main') ?? document.body)?.innerText ?? '');
    return `page: ${page.url()}\nshows: ${text.replace(/\s+/g, ' ').slice(0, 400)}`;
  } catch (error) {
    return `page: ${page.url()} (its text could not be read: ${String(error)})`;
  }
}

async function gridSettledOrTimeout(page: Page, name: string, empty?: string): Promise<void> {
  await page.waitForFunction(
    ([gridName, emptyText]) => {
      const root = document.querySelector(`[role="grid"][aria-label="${gridName}"]`);
      if (!root || root.querySelector('.MuiLinearProgress-root, .MuiSkeleton-root')) return false;
      if (root.closest('[aria-busy="true"]')) return false; // a first page's rest is on its way (grid's doc)
      if (root.querySelector('.MuiDataGrid-row') !== null) return true;
      const status = root.querySelector('[role="status"]');
      return status !== null && (status.textContent ?? '').includes(emptyText);
    },
    [name, empty ?? ''] as const,
  );
}

/** The ids of the rows on screen, in order. */
export async function shownIds(page: Page, name: string): Promise<string[]> {
  return grid(page, name)
    .locator('.MuiDataGrid-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id') ?? ''));
}

/** One column's texts of the rows on screen, in order. */
export async function gridColumn(page: Page, name: string, field: string): Promise<string[]> {
  const texts = await grid(page, name).locator(`.MuiDataGrid-row [data-field="${field}"]`).allInnerTexts();
  return texts.map((text) => text.trim());
}
