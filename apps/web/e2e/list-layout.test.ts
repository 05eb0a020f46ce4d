import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot } from './support/browser';
import { useBrowserStack } from './support/suite';

/**
 * Issue 28 items 5 and 6: every list fits 1280×800 with the side menu open (no sideways scroll, the actions
 * column on screen), and column headers keep the accents of their capitals.
 */

const suite = useBrowserStack({ role: 'admin', path: '/home' });
let page: Page;

/** Every list route (the screens that show a DataTable). */
const LIST_ROUTES = [
  '/pagos',
  '/suscripciones',
  '/pagadores',
  '/pagadores/referencias',
  '/comercios',
  '/importaciones',
  '/transferencias',
  '/retiros',
  '/retirosUnificados',
  '/retiros/historial',
  '/lotes',
  '/distribucion',
  '/pagos/pago-de-servicios/transacciones',
  '/pagos/pago-de-servicios/gateways',
  '/afip',
  '/exportaciones',
  '/soft-provider',
  '/bin',
];

interface Fit {
  route: string;
  grids: number;
  /** Sideways overflow of each grid's scroller (scrollWidth - clientWidth) and of the page. */
  gridOverflow: number[];
  pageOverflow: number;
  /** Right edge of an ACCIONES header past the window (px), 0 when on screen or absent. */
  actionsPastEdge: number;
}

async function fitOf(route: string): Promise<Fit> {
  await page.goto(`${suite.stack.urls.web}${route}`);
  await page.getByTestId('signed-in-username').waitFor();
  // The list (rows or its empty state), a failure or a placeholder: the screen has laid out, nothing loading.
  await page.waitForFunction(() => {
    const main = document.querySelector('main') ?? document.body;
    // A first page's rest on its way (its box is busy) is loading too.
    if (
      main.querySelector(
        '.MuiLinearProgress-root, .MuiSkeleton-root, .MuiCircularProgress-root, [aria-busy="true"]',
      )
    )
      return false;
    return (
      main.querySelector('[role="grid"] .MuiDataGrid-row, [role="grid"] [role="status"], [role="alert"]') !==
        null ||
      (main.querySelector('[role="grid"]') === null && main.querySelector('h1') !== null)
    );
  });
  return page.evaluate((r) => {
    const grids = [...document.querySelectorAll<HTMLElement>('[role="grid"]')];
    // The grid's content width against its own width: the columns' right edge past the scroller's (the grid adds
    // an empty filler cell after the last column, which is not content).
    const gridOverflow = grids.map((g) => {
      const scroller = g.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller') ?? g;
      const right = Math.max(
        ...[...g.querySelectorAll<HTMLElement>('[role="columnheader"]')].map(
          (h) => h.getBoundingClientRect().right,
        ),
      );
      const inner = scroller.getBoundingClientRect().left + scroller.clientWidth;
      return Math.max(0, Math.ceil(right - inner - 0.5));
    });
    const actions = [...document.querySelectorAll<HTMLElement>('[role="columnheader"]')].find(
      (h) => (h.textContent ?? '').trim() === 'ACCIONES',
    );
    const edge = actions ? actions.getBoundingClientRect().right - window.innerWidth : 0;
    return {
      route: r,
      grids: grids.length,
      gridOverflow,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      actionsPastEdge: Math.max(0, Math.ceil(edge)),
    };
  }, route);
}

beforeAll(async () => {
  page = suite.page;
  await page.setViewportSize({ width: 1280, height: 800 });
});

describe('lists at 1280×800 with the menu open', () => {
  it('no list scrolls sideways and every actions column is on screen', async () => {
    expect(await page.getByTestId('side-menu').getAttribute('data-collapsed')).not.toBe('true');
    const fits: Fit[] = [];
    for (const route of LIST_ROUTES) fits.push(await fitOf(route));
    const wrong = fits.filter(
      (f) => f.pageOverflow > 0 || f.actionsPastEdge > 0 || f.gridOverflow.some((o) => o > 0),
    );
    expect(wrong).toEqual([]);
    // Most routes show a grid to this role (a required filter may hold one back).
    expect(fits.filter((f) => f.grids > 0).length).toBeGreaterThanOrEqual(12);
  });

  it('looks right on /transferencias and /suscripciones (screenshots) and passes axe', async () => {
    for (const route of ['/transferencias', '/suscripciones']) {
      await fitOf(route);
      await screenshot(page, `list-1280${route.replace(/\//g, '-')}`);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('column headers', () => {
  it('a header with an accented capital (DESCRIPCIÓN) has a line tall enough for its accent', async () => {
    await fitOf('/suscripciones');
    const title = page
      .getByRole('grid', { name: 'Suscripciones' })
      .locator('.MuiDataGrid-columnHeaderTitle', { hasText: 'DESCRIPCIÓN' });
    const box = await title.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        lineHeight: parseFloat(style.lineHeight),
        fontSize: parseFloat(style.fontSize),
        overflow: style.overflow,
        // Glyph ascent of the accented capital against the box: a clipped accent would stick out above it.
        inkTop: (() => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return range.getBoundingClientRect().top - element.getBoundingClientRect().top;
        })(),
      };
    });
    // Capital accents reach about 0.2 em above a capital; a box that clips needs the half-leading to hold them.
    if (box.overflow !== 'visible') expect(box.lineHeight / box.fontSize).toBeGreaterThanOrEqual(1.4);
    expect(box.inkTop).toBeGreaterThanOrEqual(0);
  });
});
