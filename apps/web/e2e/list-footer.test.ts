import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { gridSettled } from './support/grid';
import { stubAdmin } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * The list footer never counts rows that are not there: an inverted range or a failed query
 * shows no '1–10 de 10', and while the first page loads there is no count. Buscar Suscripciones and
 * Transferencias as admin.
 */

const suite = useBrowserStack({ role: 'admin', path: '/suscripciones?medio=todos' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, 'Suscripciones', 'No se encontraron subscripciones');
});
afterEach(async () => {
  await stubAdmin(suite.stack, 'DELETE', 'faults');
});

const setFaults = (body: Record<string, unknown>) => stubAdmin(suite.stack, 'POST', 'faults', body);

/** What the footers on the page say ('1–10 de 45'), and how many rows the grids show. */
const footer = () =>
  page.evaluate(() => ({
    counts: [...document.querySelectorAll('.MuiTablePagination-displayedRows')].map(
      (element) => element.textContent ?? '',
    ),
    rows: document.querySelectorAll('[role="grid"] .MuiDataGrid-row').length,
  }));

/** A count in the footer ('1–10 de 10') holds exactly the rows shown. */
function expectHonest({ counts, rows }: { counts: string[]; rows: number }) {
  for (const text of counts) {
    const match = /(\d+)\s*[–-]\s*(\d+)\s+de\s+(\d+)/.exec(text);
    if (!match) {
      expect(text.trim()).toBe('');
      continue;
    }
    expect(rows).toBeGreaterThan(0);
    expect(Number(match[2]) - Number(match[1]) + 1).toBe(rows);
  }
}

describe('the list footer', () => {
  it('says no count while the first page loads, then counts the rows shown', async () => {
    await setFaults({ service: 'subscription', latencyMs: 4000 });
    await page.goto(`${suite.stack.urls.web}/suscripciones?medio=todos&estado=active`);
    const grid = page.getByRole('grid', { name: 'Suscripciones' });
    await grid.locator('.MuiLinearProgress-root, .MuiSkeleton-root').first().waitFor();
    // Whatever the grid holds while it loads, a count in its footer is the rows it shows.
    expectHonest(await footer());
    await stubAdmin(suite.stack, 'DELETE', 'faults');
    await gridSettled(page, 'Suscripciones', 'No se encontraron subscripciones');
    const loaded = await footer();
    expect(loaded.rows).toBeGreaterThan(0);
    expect(loaded.counts.some((text) => /\d+\s*[–-]\s*\d+\s+de\s+\d+/.test(text))).toBe(true);
    expectHonest(loaded);
  });

  it('a failed query shows the failure in the list place, and no count', async () => {
    await setFaults({ service: 'subscription', errorRate: 1 });
    await page.goto(`${suite.stack.urls.web}/suscripciones?medio=todos&estado=pending`);
    const alert = page.getByRole('alert').filter({ hasText: 'Reintentar' });
    await alert.waitFor();
    const failed = await footer();
    expect(failed).toEqual({ counts: [], rows: 0 });
    expect(await page.getByText(/\d+\s*[–-]\s*\d+\s+de\s+\d+/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('an inverted range shows no count for rows that are not there', async () => {
    await page.goto(`${suite.stack.urls.web}/transferencias?estado=todos&desde=2026-11-20&hasta=2026-11-01`);
    await page.getByRole('grid', { name: 'Transferencias' }).or(page.getByRole('alert')).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.MuiLinearProgress-root, .MuiSkeleton-root'));
    const inverted = await footer();
    expectHonest(inverted);
    expect(await page.getByText('1–10 de 10').count()).toBe(0);
  });
});
