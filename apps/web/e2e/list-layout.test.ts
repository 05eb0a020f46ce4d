import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { APP_ROUTES } from '../src/app/routes';
import { seriousA11yViolations } from './support/a11y';
import { screenshot, SHOWN_ELSEWHERE_WHEN_BARE, showPath } from './support/browser';
import { useBrowserStack } from './support/suite';
import { rowAction } from './support/withdrawals';

/**
 * Every list fits 1280×800 with the side menu open (no sideways scroll, the actions column on screen), and
 * column headers keep the accents of their capitals. Every screen of the route
 * manifest is walked, the grid's own scroller measured (not only its headers), no header or status chip is cut, the
 * spec's columns are shown, the menu's items read whole, and detail cards keep a phone or an e-mail whole.
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

/** Every screen of the route manifest without parameters: those that show a list are measured. */
const MANIFEST_ROUTES = APP_ROUTES.filter(
  (route) => route.screen && !route.path.includes(':') && !SHOWN_ELSEWHERE_WHEN_BARE.has(route.path),
).map((route) => route.path);

/** The columns of Buscar Pagos (spec 000 §2); Buscar Suscripciones has the same but ID TRANSACCIÓN. */
const PAYMENT_COLUMNS =
  'FECHA|ID TRANSACCIÓN|CONCEPTO|DESCRIPCIÓN|NOMBRE|IMPORTE|MEDIO DE PAGO|ESTADO|ACCIONES'.split('|');

/** Columns the spec lists that must be shown at 1280×800 by default, exactly these (spec 000 §2, spec 001 /afip). */
const SPEC_COLUMNS: Record<string, readonly string[]> = {
  '/pagos': PAYMENT_COLUMNS,
  '/suscripciones': PAYMENT_COLUMNS.filter((column) => column !== 'ID TRANSACCIÓN'),
  // The spec's names, not 'VER.' (read as "ver") nor 'ID AFIP'.
  '/afip': 'ID|PERIODO|FORMULARIO|VERSIÓN|NOMBRE|TRANSACCIÓN AFIP|CREADA|ENTREGADA|ESTADO|ACCIONES'.split(
    '|',
  ),
};

/**
 * Lists whose spec columns could give way at 1280×800 to 'Columnas': each must show at
 * least these, by default, under the spec's names (columns beyond the spec may give way).
 */
const SPEC_COLUMNS_SHOWN: Record<string, readonly string[]> = {
  '/importaciones':
    'ENTIDAD|MONTO EMITIDO|MONTO TOTAL|SOLICITUDES|EMITIDAS|CON ERROR|FECHA DE SOLICITUD|ESTADO'.split('|'),
  '/transferencias': 'ENTIDAD|CUIT|ID PAGO|ID TRANSFERENCIA|IMPORTE|FECHA|ESTADO|ACCIONES'.split('|'),
  '/exportaciones':
    'ID|TIPO|FORMATO|REGISTROS|FECHA DE SOLICITUD|FECHA DE FINALIZACIÓN|ESTADO|ACCIONES'.split('|'),
  // 'Retiros pendientes', the view /retirosUnificados opens on: its rows wait for an authorization, so FECHA DE
  // TRANSFERENCIA (always '—' there) gives way to the CBU on one line and the entity's name (under 'Columnas').
  '/retirosUnificados': 'ID ENTIDAD|ENTIDAD|ID|CBU|FECHA DE SOLICITUD|MONTO|ESTADO|ACCIONES'.split('|'),
  '/retiros':
    'ID ENTIDAD|ENTIDAD|ID|FECHA DE SOLICITUD|SOLICITADO POR|MONTO|FECHA DE TRANSFERENCIA|ESTADO|ACCIONES'.split(
      '|',
    ),
  '/retiros/historial':
    'ID ENTIDAD|ENTIDAD|ID|CBU|FECHA DE SOLICITUD|FECHA DE TRANSFERENCIA|MONTO|ESTADO|ACCIONES'.split('|'),
  // The form's name of the field, not 'DÍAS ACRED.'.
  '/bin': ['DÍA DE ACREDITACIÓN'],
};

interface Fit {
  route: string;
  grids: number;
  /** The grid's virtual scroller: scrollWidth - clientWidth (what it scrolls sideways). */
  scrollerOverflow: number[];
  /** Header titles cut (wider or taller than their box), and status chips whose label is cut. */
  cutHeaders: string[];
  cutChips: string[];
  /** The header titles as shown, in order. */
  headers: string[];
  /** Sideways overflow of each grid's scroller (scrollWidth - clientWidth) and of the page. */
  gridOverflow: number[];
  pageOverflow: number;
  /** Right edge of an ACCIONES header past the window (px), 0 when on screen or absent. */
  actionsPastEdge: number;
}

/** Shows `route` inside the app (its screen mounted anew: the layout, not the boot, is measured) and measures it. */
async function fitOf(route: string): Promise<Fit> {
  await showPath(page, suite.stack.urls.web, route);
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
    const scrollerOverflow = grids.map((g) => {
      const scroller = g.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller') ?? g;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    const cut = (element: HTMLElement) =>
      element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1;
    const inGrids = (selector: string) =>
      grids.flatMap((g) => [...g.querySelectorAll<HTMLElement>(selector)]);
    const cutHeaders = inGrids('.MuiDataGrid-columnHeaderTitle')
      .filter(cut)
      .map((t) => t.textContent ?? '');
    const cutChips = [
      ...new Set(
        inGrids('.MuiChip-label')
          .filter(cut)
          .map((t) => t.textContent ?? ''),
      ),
    ];
    const headers = inGrids('.MuiDataGrid-columnHeaderTitle').map((t) => (t.textContent ?? '').trim());
    const actions = [...document.querySelectorAll<HTMLElement>('[role="columnheader"]')].find(
      (h) => (h.textContent ?? '').trim() === 'ACCIONES',
    );
    const edge = actions ? actions.getBoundingClientRect().right - window.innerWidth : 0;
    return {
      route: r,
      grids: grids.length,
      gridOverflow,
      scrollerOverflow,
      cutHeaders,
      cutChips,
      headers,
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
  it(
    'no list of the route manifest scrolls sideways, cuts a header or a chip, or hides a spec column',
    { timeout: 600_000 },
    async () => {
      expect(await page.getByTestId('side-menu').getAttribute('data-collapsed')).not.toBe('true');
      expect(MANIFEST_ROUTES).toEqual(expect.arrayContaining(LIST_ROUTES));
      const fits: Fit[] = [];
      for (const route of MANIFEST_ROUTES) {
        fits.push(await fitOf(route));
        // Each screen as laid out, to look at (with E2E_SCREENSHOTS=1).
        await screenshot(page, `list-1280${route.replace(/\//g, '-')}`);
      }
      const wrong = fits.filter(
        (f) =>
          f.pageOverflow > 0 ||
          f.actionsPastEdge > 0 ||
          f.gridOverflow.some((o) => o > 0) ||
          // The scroller's own width, the grid's fillers and handles included (scrollWidth ≤ clientWidth + 1).
          f.scrollerOverflow.some((o) => o > 1) ||
          f.cutHeaders.length > 0 ||
          f.cutChips.length > 0,
      );
      expect(wrong).toEqual([]);
      // Most routes show a grid to this role (a required filter may hold one back).
      expect(fits.filter((f) => f.grids > 0).length).toBeGreaterThanOrEqual(12);
      // The spec's columns, each shown by default.
      for (const [route, columns] of Object.entries(SPEC_COLUMNS)) {
        expect(fits.find((f) => f.route === route)?.headers, route).toEqual(columns);
      }
      for (const [route, columns] of Object.entries(SPEC_COLUMNS_SHOWN)) {
        const headers = fits.find((f) => f.route === route)?.headers ?? [];
        expect(
          columns.filter((column) => !headers.includes(column)),
          route,
        ).toEqual([]);
      }
    },
  );

  it("/importaciones counts its imports in the list's bar, like every other list", async () => {
    await fitOf('/importaciones');
    expect(await page.getByTestId('imports-total').innerText()).toMatch(/^\d+ importaciones$/);
  });

  it("the side menu's items read whole", async () => {
    await fitOf('/pagos');
    const cut = await page
      .getByTestId('side-menu')
      .evaluate((menu) =>
        [...menu.querySelectorAll<HTMLElement>('.MuiListItemText-primary')]
          .filter((t) => t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight + 1)
          .map((t) => t.textContent),
      );
    expect(cut).toEqual([]);
    await page
      .getByTestId('side-menu')
      .getByText('Reporte plano de integraciones', { exact: true })
      .waitFor();
  });

  it('passes axe on /transferencias and /suscripciones', async () => {
    for (const route of ['/transferencias', '/suscripciones']) {
      await fitOf(route);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
  });
});

/**
 * The texts of a grid's cells of `field`, each with the lines it is laid out on and whether it is cut: by its own
 * ellipsis (wider or taller than its box) or by its cell (a row too short for its lines).
 */
const cellsOf = (grid: Locator, field: string) =>
  grid.locator(`[role="gridcell"][data-field="${field}"]`).evaluateAll((cells) =>
    cells.map((cell) => {
      // The cell's content box (the kit's one-, two- or many-line span, a CBU, or the chip), not the grid's cell nor
      // the row's link around it.
      const content = (cell.querySelector(
        '.MuiChip-label, .DataTable-account, .DataTable-oneLine, .DataTable-twoLines, .DataTable-allLines',
      ) ??
        cell.firstElementChild ??
        cell) as HTMLElement;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      const box = content.getBoundingClientRect();
      const cellBox = cell.getBoundingClientRect();
      return {
        text: (content.textContent ?? '').trim(),
        lines: tops.size,
        cut:
          content.scrollWidth > content.clientWidth + 0.5 ||
          content.scrollHeight > content.clientHeight + 1 ||
          box.bottom > cellBox.bottom + 0.5 ||
          box.top < cellBox.top - 0.5,
      };
    }),
  );

describe('the withdrawal lists at 1280×800, read as an operator reads them', () => {
  it("'Retiros pendientes': a CBU on one line, 'Por autorizar' on one line, names whole on up to two lines", async () => {
    await fitOf('/retirosUnificados');
    const grid = page.getByRole('grid', { name: 'Retiros pendientes de autorización' });
    const cbus = await cellsOf(grid, 'destinationAccount');
    expect(cbus.length).toBeGreaterThan(0);
    for (const cbu of cbus.filter((c) => /^\d{22}$/.test(c.text)))
      expect(cbu).toMatchObject({ lines: 1, cut: false });
    const chips = await cellsOf(grid, 'status');
    expect(chips.map((c) => c.text)).toContain('Por autorizar');
    for (const chip of chips) expect(chip).toMatchObject({ lines: 1, cut: false });
    const names = await cellsOf(grid, 'collectorName');
    expect(names.some((n) => n.lines === 2)).toBe(true);
    for (const name of names) {
      expect(name.lines).toBeLessThanOrEqual(2);
      expect(name.cut, name.text).toBe(false);
    }
    // Rows waiting for an authorization have no transfer date yet: its column gives way, offered under 'Columnas'.
    expect(await grid.getByRole('columnheader', { name: 'FECHA DE TRANSFERENCIA' }).count()).toBe(0);
    await page
      .getByTestId('list-tools')
      .getByRole('button', { name: 'Columnas', exact: true })
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: 'Columnas' });
    await panel.getByRole('checkbox', { name: 'FECHA DE TRANSFERENCIA', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'item9-retiros-pendientes-1280');
  });

  it("'Historial de retiros' names its columns as the other lists and shows FECHA DE TRANSFERENCIA", async () => {
    await fitOf('/retiros/historial');
    const grid = page.locator('[role="grid"]').first();
    for (const name of ['ID ENTIDAD', 'ENTIDAD', 'ID', 'CBU', 'FECHA DE TRANSFERENCIA'])
      await grid.getByRole('columnheader', { name, exact: true }).waitFor();
    for (const name of ['FIRMA', 'IDENTIFICADOR', 'CUENTA DESTINO'])
      expect(await grid.getByRole('columnheader', { name, exact: true }).count()).toBe(0);
    for (const chip of await cellsOf(grid, 'status')) expect(chip).toMatchObject({ lines: 1, cut: false });
    const cbus = (await cellsOf(grid, 'destinationAccount')).filter((c) => /^\d{22}$/.test(c.text));
    expect(cbus.length).toBeGreaterThan(0);
    for (const cbu of cbus) expect(cbu).toMatchObject({ lines: 1, cut: false });
    // Every column of the spec leaves the entity's name 100 px beside the CBU: whole, on the lines it needs, its row
    // as tall as they are (cut at two lines, 'Mutual de Empleados…' read as another entity).
    const names = await cellsOf(grid, 'collectorName');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.cut, name.text).toBe(false);
    await screenshot(page, 'item9-retiros-historial-1280');
  });
});

describe("'Presentaciones AFIP' at 1280×800, read as an operator reads it", () => {
  it("FORMULARIO shows a form's name whole beside every spec column ('F8126 Cobranzas por cuenta de terceros')", async () => {
    await fitOf('/afip');
    const grid = page.locator('[role="grid"]').first();
    const forms = await cellsOf(grid, 'formName');
    expect(forms.map((f) => f.text)).toContain('F8126 Cobranzas por cuenta de terceros');
    for (const form of forms) expect(form.cut, form.text).toBe(false);
    // The file's name still on its two lines, the statuses on one.
    for (const file of await cellsOf(grid, 'fileName')) {
      expect(file.cut, file.text).toBe(false);
      expect(file.lines, file.text).toBeLessThanOrEqual(2);
    }
    for (const chip of await cellsOf(grid, 'status')) expect(chip).toMatchObject({ lines: 1, cut: false });
    await screenshot(page, 'list-1280-afip-names');
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

/** The lines a text is laid out on (characters grouped by the top of their box). */
function linesOf(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const last = lines.at(-1);
        if (last && Math.abs(last.top - top) < 4) last.text += text[i];
        else lines.push({ top, text: text[i]! });
      }
    }
    return lines.map((line) => line.text);
  });
}

describe('detail cards at 1280×800 with the menu open', () => {
  it("an e-mail breaks only after '@' or a separator of its name, never inside its domain", async () => {
    await showPath(page, suite.stack.urls.web, '/pago/1002496');
    const emails = page.getByText('julietadiaz93@hotmail.com', { exact: true });
    await emails.first().waitFor();
    expect(await emails.count()).toBeGreaterThanOrEqual(2);
    for (const email of await emails.all()) {
      const lines = await linesOf(email);
      expect(lines.join('')).toBe('julietadiaz93@hotmail.com');
      // The domain whole on the last line; every earlier line ends at '@' or a separator of the name.
      expect(lines.at(-1)!.endsWith('hotmail.com')).toBe(true);
      for (const line of lines.slice(0, -1)) expect(line).toMatch(/[@._-]$/);
    }
    await screenshot(page, 'detail-1280-payment-email');
  });

  it("'Detalle de retiro' keeps the collector's e-mail whole: broken after '@', never inside its domain", async () => {
    await page.setViewportSize({ width: 1000, height: 800 });
    try {
      await showPath(page, suite.stack.urls.web, '/retirosUnificados');
      await rowAction(page, 'Retiros pendientes de autorización', '6000005', 'Ver detalle');
      const dialog = page.getByRole('dialog', { name: 'Detalle de retiro' });
      const email = dialog.getByText('administracion@clubatleticosan.com.ar', { exact: true });
      await email.waitFor();
      const lines = await linesOf(email);
      expect(lines.join('')).toBe('administracion@clubatleticosan.com.ar');
      expect(lines.at(-1)!.endsWith('clubatleticosan.com.ar')).toBe(true);
      for (const line of lines.slice(0, -1)) expect(line).toMatch(/[@._-]$/);
      expect(await email.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, 'withdrawal-detail-1000-email');
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("a payer's phones are whole inside their card", async () => {
    await showPath(page, suite.stack.urls.web, '/pagadores/700001');
    const card = page.getByTestId('payer-phones');
    await card.getByRole('cell', { name: 'Celular' }).waitFor();
    const clipped = await card.evaluate((section) => {
      const edge = section.getBoundingClientRect().right;
      return [...section.querySelectorAll<HTMLElement>('td, th')]
        .filter(
          (cell) => cell.getBoundingClientRect().right > edge + 0.5 || cell.scrollWidth > cell.clientWidth,
        )
        .map((cell) => cell.textContent);
    });
    expect(clipped).toEqual([]);
    await screenshot(page, 'detail-1280-payer-phones');
  });
});
