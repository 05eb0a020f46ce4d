import { beforeAll, describe, expect, it } from 'vitest';
import { argentineDateTime } from '@backoffice/validators';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { grid, gridRow, gridSettled, shownIds } from './support/grid';
import { stubRows } from './support/tax';
import { stubRequest } from './support/stub-http';

/**
 * The tax searches, as impuestos: the AFIP, soft-provider and BIN searches look where operators look (a transaction
 * id; a format or the collector id shown; an issuer or a card type), and each field says what it searches.
 */

const suite = useBrowserStack({ role: 'impuestos', path: '/afip' });
let page: Page;

beforeAll(() => {
  page = suite.page;
});

type Loose = ReturnType<typeof JSON.parse>;

/** Types `text` in the screen's 'Buscar' field and applies it with Enter; waits for the address to carry it. */
async function search(gridName: string, text: string) {
  const field = page.getByRole('textbox', { name: 'Buscar' });
  await field.fill(text);
  await field.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === text);
  await gridSettled(page, gridName, 'No se encontraron');
}

/** The ids of several stub reads together, once each, in the service's order (`compare`). */
const union = (lists: Loose[][], compare: (a: Loose, b: Loose) => number): string[] =>
  [...new Map(lists.flat().map((row) => [String(row.id), row])).values()].sort(compare).map((r) => r.id);

describe('Presentaciones AFIP search', () => {
  const GRID = 'Presentaciones';

  it('finds a presentation by its AFIP transaction id, whole or in part, and says what it searches', async () => {
    await gridSettled(page, GRID);
    await page
      .getByText('Busca por ID de presentación, ID de transacción AFIP o nombre de archivo')
      .waitFor();
    const seeded = await stubRows(suite.stack, '/afip/formularios');
    const long = seeded.find((p) => (p.afip_transaction_id ?? '').startsWith('AFIP-'))!;
    await search(GRID, long.afip_transaction_id);
    await expect.poll(() => shownIds(page, GRID)).toEqual([long.id]);
    // A transaction id of digits only is found too (the id search stays: 3001 is still presentation 3001).
    const digits = seeded.find((p) => /^\d{8}$/.test(p.afip_transaction_id ?? ''))!;
    await search(GRID, digits.afip_transaction_id);
    await expect.poll(() => shownIds(page, GRID)).toContain(digits.id);
    await search(GRID, '3001');
    await expect.poll(() => shownIds(page, GRID)).toContain('3001');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('Presentaciones AFIP list cells', () => {
  const GRID = 'Presentaciones';

  it("a cut transaction id shows the whole one in a tooltip; 'CREADA' keeps its seconds; 'Nombre' breaks only between tokens", async () => {
    await page.goto(`${suite.stack.urls.web}/afip?q=&estado=todos`);
    await gridSettled(page, GRID);
    const seeded = await stubRows(suite.stack, '/afip/formularios');
    const shown = await shownIds(page, GRID);
    const rows = seeded.filter((p) => shown.includes(p.id));
    const long = rows.find((p) => (p.afip_transaction_id ?? '').length > 10)!;
    const row = gridRow(page, GRID, long.id);
    const cut = row.getByText(`${long.afip_transaction_id.slice(0, 6)}..`, { exact: true });
    await cut.hover();
    await expect.poll(() => page.getByRole('tooltip').innerText()).toBe(long.afip_transaction_id);
    await page.mouse.move(0, 0);
    // The laptop every list must fit: the menu open, columns at their narrowest.
    await page.setViewportSize({ width: 1280, height: 800 });
    await gridSettled(page, GRID);
    // Every 'CREADA' is dd/mm/yyyy hh:mm:ss in Argentine time, shown whole (not cut by its column).
    for (const presentation of rows) {
      const cell = gridRow(page, GRID, presentation.id).locator('[data-field="createdDate"]');
      expect(await cell.innerText()).toBe(argentineDateTime(presentation.created_date));
      // Nothing in the cell is cut: no box holds more than it shows (an ellipsis would).
      const fits = await cell.evaluate((element) =>
        [element, ...element.querySelectorAll('*')]
          .filter((box) => box.clientWidth > 0)
          .every((box) => box.scrollWidth <= box.clientWidth),
      );
      expect(fits, `CREADA de ${presentation.id}`).toBe(true);
    }
    // 'Nombre': each token of a file name (between '_') on one line, and names do take two lines at this width.
    const layouts = await grid(page, GRID)
      .locator('.MuiDataGrid-row [data-field="fileName"]')
      .evaluateAll((cells) =>
        cells.map((cell) => {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          const chars: { node: Text; offset: number }[] = [];
          let text = '';
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const value = node.textContent ?? '';
            for (let i = 0; i < value.length; i++) chars.push({ node: node as Text, offset: i });
            text += value;
          }
          const lineOf = (index: number) => {
            const range = document.createRange();
            range.setStart(chars[index]!.node, chars[index]!.offset);
            range.setEnd(chars[index]!.node, chars[index]!.offset + 1);
            return Math.round(range.getBoundingClientRect().top);
          };
          const tokens: { token: string; lines: number }[] = [];
          let start = 0;
          for (const token of text.match(/[^_]+_*/g) ?? []) {
            const tops = new Set<number>();
            for (let i = start; i < start + token.replace(/_+$/, '').length; i++) tops.add(lineOf(i));
            tokens.push({ token, lines: tops.size });
            start += token.length;
          }
          const allTops = new Set(chars.map((_, i) => lineOf(i)));
          return { text, lines: allTops.size, tokens };
        }),
      );
    expect(layouts.some((layout) => layout.lines === 2)).toBe(true);
    for (const layout of layouts) {
      expect(
        layout.tokens.filter((t) => t.lines > 1),
        layout.text,
      ).toEqual([]);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('Reporte plano de integraciones search', () => {
  const GRID = 'Reportes de integraciones';
  const ITEMS = '/softprovider/softprovider';
  const newestFirst = (a: Loose, b: Loose) =>
    String(b.start_date).localeCompare(String(a.start_date)) || Number(a.id) - Number(b.id);

  it('finds reports by format and by the collector id the Entidad column shows', async () => {
    await page.goto(`${suite.stack.urls.web}/soft-provider`);
    await gridSettled(page, GRID);
    await page.getByText('Busca por ID de reporte, ID o nombre de entidad, o formato (AGIP, ARBA)').waitFor();
    const arba = await stubRows(suite.stack, ITEMS, [
      { field: 'soft_provider', operation: 'EQUAL', value: 'ARBA' },
    ]);
    expect(arba.length).toBeGreaterThan(0);
    const named = await stubRows(suite.stack, ITEMS, [
      { field: 'collector_name', operation: 'CONTAINS', value: 'ARBA' },
    ]);
    await search(GRID, 'ARBA');
    await expect.poll(() => shownIds(page, GRID)).toEqual(union([arba, named], newestFirst).slice(0, 10));
    const collectorId = arba[0].collector_id as string;
    const ofCollector = await stubRows(suite.stack, ITEMS, [
      { field: 'collector_id', operation: 'EQUAL', value: collectorId },
    ]);
    await search(GRID, collectorId);
    await expect.poll(() => shownIds(page, GRID)).toEqual(union([ofCollector], newestFirst).slice(0, 10));
    const entities = await grid(page, GRID).locator('.MuiDataGrid-row [data-field="entity"]').allInnerTexts();
    expect(entities.every((text) => text.includes(`(${collectorId})`))).toBe(true);
  });
});

describe('Buscar BIN search', () => {
  const GRID = 'BINs';
  const byNumber = (a: Loose, b: Loose) => Number(a.id) - Number(b.id);

  it('finds BINs by issuer and by card type, and says what it searches', async () => {
    // A Brubank BIN, whatever the seed drew (issuer 15 is Brubank in the service's lookups).
    await stubRequest(suite.stack, 'POST', '/bin/secure', {
      iin: '990015',
      brand_id: '2',
      type_id: '2',
      emisor_id: '15',
      media_payment_id: 27,
      accreditation_days: 2,
    });
    await page.goto(`${suite.stack.urls.web}/bin`);
    await gridSettled(page, GRID);
    await page
      .getByText('Busca por el inicio del número BIN, o por marca, tipo, subtipo u organización emisora')
      .waitFor();
    const brubank = await stubRows(suite.stack, '/bin/secure', [
      { field: 'emisor.description', operation: 'CONTAINS', value: 'Brubank' },
    ]);
    await search(GRID, 'Brubank');
    await expect.poll(() => shownIds(page, GRID)).toEqual(union([brubank], byNumber).slice(0, 10));
    expect(await shownIds(page, GRID)).toContain('990015');
    const debit = await stubRows(suite.stack, '/bin/secure', [
      { field: 'type.description', operation: 'EQUAL', value: 'Débito' },
    ]);
    expect(debit.length).toBeGreaterThan(1);
    await search(GRID, 'Débito');
    await expect.poll(() => shownIds(page, GRID)).toEqual(union([debit], byNumber).slice(0, 10));
    await expect.poll(() => page.getByTestId('bins-total').innerText()).toContain(String(debit.length));
    // A brand still finds its BINs.
    const cabal = await stubRows(suite.stack, '/bin/secure', [
      { field: 'brand.description', operation: 'EQUAL', value: 'Cabal' },
    ]);
    await search(GRID, 'Cabal');
    await expect.poll(() => shownIds(page, GRID)).toEqual(union([cabal], byNumber).slice(0, 10));
  });
});
