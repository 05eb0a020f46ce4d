import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot } from './support/browser';
import { gridSettled, shownIds } from './support/grid';
import { useBrowserStack } from './support/suite';

/**
 * The list page kit (components/list-page) on a page change: the next page starts at the table's top, not where
 * the previous one was left. Buscar BIN, 25 a page, as impuestos.
 */

const suite = useBrowserStack({ role: 'impuestos', path: '/bin?page_size=25' });
let page: Page;
const GRID = 'BINs';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID);
});

/** The grid's top edge relative to the viewport. */
const gridTop = () =>
  page.getByRole('grid', { name: GRID }).evaluate((grid) => grid.getBoundingClientRect().top);

describe('a list page after a page change', () => {
  it('brings the table top into view when the operator changed page from the bottom', async () => {
    const first = await shownIds(page, GRID);
    const next = page.getByRole('button', { name: 'Ir a la página siguiente' });
    await next.scrollIntoViewIfNeeded();
    expect(await gridTop()).toBeLessThan(0);
    await next.click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await gridSettled(page, GRID);
    await expect.poll(async () => (await shownIds(page, GRID))[0]).not.toBe(first[0]);
    await expect.poll(gridTop).toBeGreaterThanOrEqual(0);
    expect(await gridTop()).toBeLessThan(page.viewportSize()!.height);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'list-page-after-page-change');
  });
});
