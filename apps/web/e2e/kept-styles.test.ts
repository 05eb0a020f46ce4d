import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';

/**
 * A document keeps the CSS emotion made for it in the browser, and the next document takes it from there instead of
 * making it again (src/lib/kept-styles.ts). What an operator sees must not change.
 */

const suite = useBrowserStack();
const PAYMENTS = 'Pagos';

/** Rules emotion made in this document (its own sheets; the kept copy's element and the global styles aside). */
const rulesMadeHere = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="bo"]')].reduce(
      (total, element) => total + (element.sheet?.cssRules.length ?? 0),
      0,
    ),
  );

/** The names the kept copy brought to this document (0 without one): its element's `data-emotion` is `bo <names>`. */
const namesFromTheCopy = (page: Page) =>
  page.evaluate(
    () =>
      (document.querySelector('style[data-emotion^="bo "]')?.getAttribute('data-emotion')?.split(' ')
        .length ?? 1) - 1,
  );

/** How the shell, the filters and the list's header and first row look: what the styles decide. */
function lookOf(page: Page) {
  return page.evaluate(() => {
    const seen: Record<string, string> = {};
    const targets: Record<string, string> = {
      bar: 'header',
      menu: 'nav a',
      title: 'main h1',
      field: 'main .MuiOutlinedInput-root',
      button: 'main .MuiButton-root',
      header: '[role="grid"] .MuiDataGrid-columnHeader',
      row: '[role="grid"] .MuiDataGrid-row',
      cell: '[role="grid"] .MuiDataGrid-row .MuiDataGrid-cell',
    };
    for (const [what, selector] of Object.entries(targets)) {
      const element = document.querySelector(selector);
      if (!element) {
        seen[what] = 'missing';
        continue;
      }
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      seen[what] = [
        style.color,
        style.backgroundColor,
        style.font,
        style.padding,
        style.borderBottom,
        style.display,
        `${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.x)},${Math.round(box.y)}`,
      ].join(' | ');
    }
    return seen;
  });
}

/**
 * Every part `lookOf` reads is on screen: the list's rows come from a query that leaves on navigation, so the grid
 * may settle before the menu's links are drawn (one in 56 runs compared a page whose menu was not there yet).
 */
const shellShown = (page: Page) =>
  expect.poll(async () => Object.values(await lookOf(page)), { timeout: 15_000 }).not.toContain('missing');

describe('the styles a document made, kept for the next one', () => {
  it('a second visit to Pagos makes almost none of its styles and looks the same as the first', async () => {
    const session = await suite.signedIn('operador', '/pagos');
    try {
      const { page } = session;
      await gridSettled(page, PAYMENTS);
      // A new profile: nothing kept yet, every style made here.
      expect(await namesFromTheCopy(page)).toBe(0);
      await shellShown(page);
      const madeFirst = await rulesMadeHere(page);
      expect(madeFirst).toBeGreaterThan(300);
      const firstLook = await lookOf(page);

      await page.goto(`${suite.stack.urls.web}/pagos`);
      await gridSettled(page, PAYMENTS);
      await shellShown(page);
      expect(await namesFromTheCopy(page)).toBeGreaterThan(100);
      expect(await rulesMadeHere(page)).toBeLessThan(madeFirst / 10);
      expect(await lookOf(page)).toEqual(firstLook);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
