import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { sentVariables } from './support/graphql-requests';
import { gridSettled } from './support/grid';
import { useBrowserStack } from './support/suite';

/**
 * 'Hoy' and 'Últimos 7 días' on /actividad: the days are Argentine ones whatever the browser's zone. The
 * browser is in Tokyo with its clock at 22:30 of 20 November in Buenos Aires (already the 21st in Tokyo): the list
 * asks for the 20th (and the six days before it), from 03:00 UTC, and keeps the relative days in the address.
 */

const suite = useBrowserStack({ role: 'admin', path: '/home' });

/** 22:30 of 20 November 2026 in Buenos Aires; 10:30 of the 21st in Tokyo. */
const NOW = new Date('2026-11-21T01:30:00Z');
const LONG_TEST_MS = 300_000;

/** The days filter of the ActivityList `action` makes the page send. */
async function askedRange(page: Page, action: () => Promise<unknown>) {
  const { filter } = await sentVariables<{ filter?: { from?: string | null; to?: string | null } }>(
    page,
    'ActivityList',
    action,
  );
  return { from: filter?.from, to: filter?.to };
}

describe("/actividad's relative days", () => {
  it(
    "'Hoy' and 'Últimos 7 días' ask for Argentine days with the browser in Tokyo",
    async () => {
      const session = await suite.signedIn('admin', '/home', undefined, { timezoneId: 'Asia/Tokyo' });
      try {
        const { page } = session;
        await page.clock.setFixedTime(NOW);
        expect(await page.evaluate(() => new Date().getDate())).toBe(21);
        await page.goto(`${suite.stack.urls.web}/actividad`);
        await gridSettled(page, 'Actividad', 'No se encontraron acciones');
        const search = page.getByRole('button', { name: 'Buscar', exact: true });

        const today = page.getByRole('button', { name: 'Hoy', exact: true });
        await today.click();
        expect(await today.getAttribute('aria-pressed')).toBe('true');
        expect(await askedRange(page, () => search.click())).toEqual({
          from: '2026-11-20T03:00:00.000Z',
          to: '2026-11-21T02:59:59.999Z',
        });
        await page.waitForURL((url) => url.searchParams.get('desde') === 'hoy');
        expect(new URL(page.url()).searchParams.get('hasta')).toBe('hoy');

        const week = page.getByRole('button', { name: 'Últimos 7 días', exact: true });
        await week.click();
        expect(await askedRange(page, () => search.click())).toEqual({
          from: '2026-11-14T03:00:00.000Z',
          to: '2026-11-21T02:59:59.999Z',
        });
        await page.waitForURL((url) => url.searchParams.get('desde') === 'hoy-6');
        expect(await week.getAttribute('aria-pressed')).toBe('true');
        expect(await seriousA11yViolations(page, 'main')).toEqual([]);
      } finally {
        await session.close();
      }
    },
    LONG_TEST_MS,
  );
});
