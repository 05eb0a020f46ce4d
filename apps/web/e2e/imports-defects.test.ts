import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot, showPath } from './support/browser';
import { pickCollector } from './support/collector-picker';
import { importSample, stubGet } from './support/imports';
import { grid, gridColumn, gridSettled } from './support/grid';
import { clearUpstreamRequests, upstreamRequests } from './support/stack';
import { stubWrites, writeLine } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * The audit's defects of the import screens, each driven as tesoreria the way the audit reproduced it, against
 * the whole stack.
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/importacion' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.getByRole('heading', { level: 1, name: 'Importar pagos' }).waitFor();
});

/** The import form mounted anew (in the app: its fields start empty as after a page load). */
async function openForm(): Promise<void> {
  await showPath(page, suite.stack.urls.web, '/importacion');
  await page.getByRole('heading', { level: 1, name: 'Importar pagos' }).waitFor();
}

/** Chooses the converter and its source configuration by name. */
async function useConverter(name: string): Promise<void> {
  await page.getByTestId('converter-switch').check();
  await page.getByTestId('source-configuration').click();
  await page.getByRole('option', { name }).click();
}

/**
 * Picks the collector and the file (a sample's name, or the name to give `content`), then 'Importar' and the
 * confirmation's 'Importar'.
 */
async function importFile(collectorId: string, file: string, content?: string): Promise<void> {
  await pickCollector(page, collectorId);
  await page
    .getByTestId('import-file-input')
    .setInputFiles(
      content === undefined
        ? importSample(file)
        : { name: file, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') },
    );
  await page.getByTestId('import-file-name').getByText(file).waitFor();
  await page.getByTestId('import-submit').click();
  await page.getByTestId('import-confirm-dialog').getByRole('button', { name: 'Importar' }).click();
}

/** Imports a file of the import layout holding `rows` (after its header) for 10001; the new import's id. */
async function importRows(file: string, rows: string[]): Promise<string> {
  const header =
    'external_transaction_id;concept_id;concept_description;amount;payer_email;payer_name;payer_document';
  await openForm();
  await importFile('10001', file, [header, ...rows].join('\n'));
  await page.waitForURL(/\/importacion\/\d+$/);
  await page.getByTestId('import-summary').waitFor();
  return /\/importacion\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
}

describe('the converter', () => {
  it("names the converter's own missing columns when the file does not match the chosen source", async () => {
    await openForm();
    await useConverter('Banco Provincia - débitos (CSV)');
    await clearUpstreamRequests(suite.stack);
    // A file in the import layout, not the bank's.
    await importFile('10001', 'pagos-ok.csv');
    const failure = page.getByTestId('import-error');
    await failure.waitFor();
    const text = await failure.innerText();
    expect(text).toContain(
      'Faltan columnas en el archivo: referencia, concepto, detalle, importe, correo, titular y dni',
    );
    expect(text).not.toContain('external_transaction_id');
    expect(new URL(page.url()).pathname).toBe('/importacion');
    // What reached the services: the converter was asked with the chosen source; nothing was imported.
    const writes = await stubWrites(suite.stack);
    expect(writes.map(writeLine)).toEqual(['POST /converter/convertir/api']);
    const configurations = JSON.parse((writes[0]!.body as { configurations: string }).configurations);
    expect(configurations).toMatchObject({ type: 'payments', origin_id: '1', destination_id: '100' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-converter-missing-columns');
  });
});

describe('a cancelled import', () => {
  const ROWS = 'Solicitudes de la importación';

  it('shows its never-issued rows and its card as cancelled, not pending', async () => {
    await showPath(page, suite.stack.urls.web, '/importaciones?estado=cancelled');
    await gridSettled(page, 'Importaciones', 'No se encontraron importaciones');
    await grid(page, 'Importaciones').locator('.MuiDataGrid-row [data-field="requestDate"]').first().click();
    await page.waitForURL(/\/importacion\/\d+$/);
    await page.locator('.status-cancelled').waitFor();
    expect(await page.getByTestId('import-pending-count').innerText()).toMatch(/^Canceladas\s+3$/i);
    expect(await page.getByTestId('import-pending-amount').innerText()).toMatch(/^Monto cancelado\s/i);
    expect(await page.getByTestId('import-summary').innerText()).not.toMatch(/pendiente/i);
    await gridSettled(page, ROWS, 'No se encontraron solicitudes de importaciones.');
    expect(await gridColumn(page, ROWS, 'status')).toEqual(['Cancelada', 'Cancelada', 'Cancelada']);
    expect(new Set(await gridColumn(page, ROWS, 'statusDetail'))).toEqual(
      new Set(['No se emitió: la importación fue cancelada']),
    );
    // The status filter names them as they read.
    expect(await page.getByTestId('rows-status-pending').innerText()).toBe('Cancelada');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-detail-cancelled', { fullPage: true });
  });
});

describe("the error rows' download", () => {
  it('keeps each bad value as the operator uploaded it, so the file can be fixed and imported again', async () => {
    await importRows('cuotas-con-importe-invalido.csv', [
      'ABC-0001;CUO-DIC;Cuota social diciembre;abc;Lucia.Fernandez@gmail.com;Lucía Fernández;30111222',
      'ABC-0002;CUO-DIC;Cuota social diciembre;-300;martin.gomez@hotmail.com;Martín Gómez;28999111',
      'ABC-0003;CUO-DIC;Cuota social diciembre;1500,00;carla.rios@yahoo.com.ar;Carla Ríos;35123456',
    ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-download-errors').click(),
    ]);
    const lines = readFileSync((await download.path()) as string, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^external_transaction_id,concept_id,concept_description,amount,payer_email,/);
    // The amount and the e-mail as the file had them, not emptied or rewritten.
    expect(lines[1]).toMatch(/^ABC-0001,CUO-DIC,Cuota social diciembre,abc,Lucia\.Fernandez@gmail\.com,/);
    expect(lines[2]).toMatch(/^ABC-0002,CUO-DIC,Cuota social diciembre,-300,martin\.gomez@hotmail\.com,/);
    // Each row's error names what is wrong with its amount: not an amount, negative.
    expect(lines[1]).toContain('El importe (amount) abc no es un importe');
    expect(lines[2]).toContain('El importe (amount) -300 es negativo');
  });
});

describe('an amount cell in the Argentine form', () => {
  it("imports '26.717,23' as 26717.23, and a bad amount's row error says what is wrong with it", async () => {
    const id = await importRows('cuotas-importe-argentino.csv', [
      'ARS-0001;CUO-DIC;Cuota social diciembre;"26.717,23";lucia.fernandez@gmail.com;Lucía Fernández;30111222',
      'ARS-0002;CUO-DIC;Cuota social diciembre;"26.717,234";martin.gomez@hotmail.com;Martín Gómez;28999111',
    ]);
    // The import service's rows: the Argentine amount read as the same amount, the bad one refused by its defect.
    const { body } = await stubGet<{
      rows: { external_transaction_id: string; amount: number | null; errors: string[] }[];
    }>(suite.stack, `/import/pagos/${id}/detalles?limit=1000`);
    const byId = new Map(body.rows.map((row) => [row.external_transaction_id, row]));
    expect(byId.get('ARS-0001')).toMatchObject({ amount: 26717.23, errors: [] });
    expect(byId.get('ARS-0002')).toMatchObject({
      amount: null,
      errors: ['El importe (amount) 26.717,234 tiene más de dos decimales'],
    });
    // The screen's rows say the same: the amount issued, the error naming the extra decimal.
    const ROWS = 'Solicitudes de la importación';
    await gridSettled(page, ROWS, 'No se encontraron solicitudes de importaciones.');
    const details = await gridColumn(page, ROWS, 'statusDetail');
    expect(details).toContain('El importe (amount) 26.717,234 tiene más de dos decimales');
    expect(details.join(' ')).not.toMatch(/mayor a cero/);
  });
});

describe('the file chosen', () => {
  it('refuses a wrong type or a file over 10 MB when it is chosen, before any confirmation or request', async () => {
    await openForm();
    await pickCollector(page, '10001');
    await clearUpstreamRequests(suite.stack);
    const input = page.getByTestId('import-file-input');
    const submit = page.getByTestId('import-submit');
    const problem = page.getByTestId('import-file-error');
    await input.setInputFiles({
      name: 'pagos.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    });
    await problem.getByText('El tipo de archivo no es válido: se aceptan archivos CSV o XLSX.').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await input.setInputFiles({
      name: 'pagos-grande.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
    });
    await problem.getByText('El archivo supera el tamaño máximo permitido (10 MB).').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-file-too-large');
    // A right file clears the message and allows 'Importar'.
    await input.setInputFiles(importSample('pagos-ok.csv'));
    await problem.waitFor({ state: 'detached' });
    expect(await submit.isDisabled()).toBe(false);
    expect(await page.getByTestId('import-confirm-dialog').count()).toBe(0);
    expect(await stubWrites(suite.stack)).toEqual([]);
  });
});

describe('the Entidad selector and the match options', () => {
  it('ends its list saying typing finds the other collectors, and a free collector after a forced one starts unticked', async () => {
    // The seed: 10016 forces 'Match por concepto', 10001 forces nothing; 25 collectors answer the picker.
    expect(
      (await stubGet<{ match_import: string | null }>(suite.stack, '/collector/comercios/10016')).body,
    ).toMatchObject({ match_import: 'match_concept' });
    expect(
      (await stubGet<{ match_import: string | null }>(suite.stack, '/collector/comercios/10001')).body,
    ).toMatchObject({ match_import: null });
    await openForm();
    const concept = page.getByTestId('match-concept');
    await pickCollector(page, '10016');
    await page.getByTestId('match-locked').waitFor();
    expect(await concept.isChecked()).toBe(true);
    expect(await concept.isDisabled()).toBe(true);

    await pickCollector(page, '10001');
    await page.getByTestId('match-locked').waitFor({ state: 'detached' });
    expect(await concept.isDisabled()).toBe(false);
    expect(await concept.isChecked()).toBe(false);
    for (const option of ['payer', 'identification']) {
      expect(await page.getByTestId(`match-${option}`).isChecked()).toBe(false);
    }

    // The list says typing finds the collectors it does not show.
    const picker = page.getByRole('combobox', { name: 'Entidad' });
    await picker.click();
    await picker.fill('');
    const hint = page.getByRole('option', {
      name: /^Se muestran 20 de \d+ entidades: escriba el nombre o el ID para buscar entre todas\.$/,
    });
    await hint.waitFor();
    expect(await page.getByRole('option').last().innerText()).toBe(await hint.innerText());
    expect(await hint.getAttribute('aria-disabled')).toBe('true');
    // In sight at the list's foot without scrolling it.
    const listbox = (await page.getByRole('listbox').boundingBox())!;
    const line = (await hint.boundingBox())!;
    expect(line.y + line.height).toBeLessThanOrEqual(listbox.y + listbox.height + 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-collector-picker-hint');
    await page.keyboard.press('Escape');
  });
});

describe("the import screens' search, list and conversion", () => {
  const ROWS = 'Solicitudes de la importación';

  /**
   * An approved seeded import (4001 to 4024), with part of one of its payers' e-mails (from inside the name, no '@')
   * that finds some of its rows and not all, at most a page. The seed follows the Argentine day: on some days an
   * import's payers have no e-mail, and searching '' would find every row.
   */
  async function importWithEmailSearch(): Promise<{ id: string; part: string; expected: string[] }> {
    for (let id = 4001; id <= 4024; id++) {
      const { body } = await stubGet<{ rows: { payer_email: string }[] }>(
        suite.stack,
        `/import/pagos/${id}/detalles?limit=1000`,
      );
      const emails = body.rows.map((row) => row.payer_email);
      for (const email of emails) {
        const name = /^([^@]{3,})@/.exec(email)?.[1];
        if (!name) continue;
        const part = name.slice(1).toUpperCase();
        const expected = emails.filter((e) => e.toLowerCase().includes(part.toLowerCase()));
        if (expected.length < emails.length && expected.length <= 25)
          return { id: String(id), part, expected };
      }
    }
    throw new Error(
      'Ninguna importación aprobada del seed tiene un email que encuentre solo parte de sus filas',
    );
  }

  it("finds an import's rows by part of an e-mail, and says what the field searches", async () => {
    const { id, part, expected } = await importWithEmailSearch();

    await showPath(page, suite.stack.urls.web, `/importacion/${id}`);
    await gridSettled(page, ROWS, 'No se encontraron solicitudes de importaciones.');
    const search = page.getByRole('textbox', { name: 'Buscar por email' });
    await page.getByText('Parte del email del pagador').waitFor();
    await clearUpstreamRequests(suite.stack);
    await search.fill(part);
    await expect
      .poll(async () => (await gridColumn(page, ROWS, 'payerEmail')).sort())
      .toEqual([...expected].sort());
    // What reached the import service: part of the e-mail.
    const asked = (await upstreamRequests(suite.stack))
      .filter((r) => r.path === `/import/pagos/${id}/detalles`)
      .map((r) => JSON.parse(String((r as { query?: { filters?: string } }).query?.filters ?? '[]')));
    expect(asked).toContainEqual([
      { field: 'payer_email', value: part.toLowerCase(), operation: 'CONTAINS' },
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'import-detail-search-email');

    // 'Buscar en' names the other fields, and the label follows.
    await page.getByTestId('rows-search-in').click();
    await page.getByRole('option', { name: 'N.º de fila' }).click();
    await page.getByRole('textbox', { name: 'Buscar por n.º de fila' }).fill('2');
    await expect.poll(() => gridColumn(page, ROWS, 'index')).toEqual(['2']);
    await page.getByRole('textbox', { name: 'Buscar por n.º de fila' }).fill('dos');
    await page.getByText('El número de fila admite solo dígitos.').waitFor();
  });

  it('lists each import with its id within 1280×800 with the menu open, and its file name in a wider window', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      // The list mounts after the resize: laid out at 1280 × 800 as a page load there would be.
      await showPath(page, suite.stack.urls.web, '/importaciones?entidad=10001');
      await gridSettled(page, 'Importaciones', 'No se encontraron importaciones');
      const list = grid(page, 'Importaciones');
      // The spec's columns and the id; ARCHIVO, not the spec's, gives way at 1280 (to 'Columnas').
      for (const header of ['ID', 'ENTIDAD', 'MONTO TOTAL', 'MONTO EMITIDO']) {
        await list.getByRole('columnheader', { name: header, exact: true }).waitFor();
      }
      const ids = await gridColumn(page, 'Importaciones', 'id');
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => /^\d+$/.test(id))).toBe(true);
      // No sideways scroll: the last column's right edge inside the grid.
      // The columns' right edge against the scroller's (as list-layout.test.ts measures it).
      const overflow = await list.evaluate((root) => {
        const scroller = root.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller')!;
        const right = Math.max(
          ...[...root.querySelectorAll<HTMLElement>('[role="columnheader"]')].map(
            (h) => h.getBoundingClientRect().right,
          ),
        );
        return Math.ceil(right - (scroller.getBoundingClientRect().left + scroller.clientWidth) - 0.5);
      });
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'imports-list-id-file-1280');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    // A wider window has room for the file's name.
    await showPath(page, suite.stack.urls.web, '/importaciones?entidad=10001');
    await gridSettled(page, 'Importaciones', 'No se encontraron importaciones');
    await grid(page, 'Importaciones').getByRole('columnheader', { name: 'ARCHIVO', exact: true }).waitFor();
    expect(await gridColumn(page, 'Importaciones', 'fileName')).toContain('cuotas-diciembre.csv');
  });

  it("offers 'Volver a importar' when the conversion imported nothing", async () => {
    const file = [
      'referencia;concepto;detalle;importe;correo;titular;dni',
      'BPR-000201;CUO-DIC;Cuota diciembre;0,00;valeria.ortiz@gmail.com;Valeria Ortiz;36555444',
      'BPR-000202;CUO-DIC;Cuota diciembre;3.100,00;sin-correo;Raúl Medina;27111000',
    ].join('\n');
    await openForm();
    await useConverter('Banco Provincia - débitos (CSV)');
    await importFile('10001', 'debitos-todos-con-error.csv', file);
    await page.waitForURL(/\/conversion$/);
    await page.getByTestId('conversion-not-imported').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'conversion-nothing-imported');
    await page.getByRole('link', { name: 'Volver a importar' }).click();
    await page.waitForURL(/\/importacion$/);
    await page.getByRole('heading', { level: 1, name: 'Importar pagos' }).waitFor();
  });
});
