import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { notice, openInApp, screenshot, showPath } from './support/browser';
import { gridRow, gridSettled, shownIds } from './support/grid';
import { stubGet, stubRows } from './support/tax';
import { stubRequests, stubWrites, writeLine } from './support/stub-http';

/** Presentaciones AFIP (spec 001 §2, §4, §5, §8) as impuestos, against the whole stack; consulta refused. */

const suite = useBrowserStack({ role: 'impuestos', path: '/afip' });
let page: Page;
const GRID = 'Presentaciones';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID);
});

const currentPeriod = () => {
  const parts = new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: part('year'), month: part('month') };
};

describe('Presentaciones AFIP as impuestos', () => {
  it('lists presentations newest first, 10 a page, with the short transaction id and dd/MM/yy delivery', async () => {
    const seeded = await stubRows(suite.stack, '/afip/formularios');
    expect(await shownIds(page, GRID)).toEqual(seeded.slice(0, 10).map((p) => p.id));
    const long = seeded.find((p) => (p.afip_transaction_id ?? '').length > 10 && seeded.indexOf(p) < 10)!;
    const row = gridRow(page, GRID, long.id);
    await row.getByText(`${long.afip_transaction_id.slice(0, 6)}..`, { exact: true }).waitFor();
    expect(await row.locator('[data-field="deliveryDate"]').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{2}$/);
    // Next to 'Descargar ZIP': AFIP's format, byte for byte (docs/decisions.md, "Files an operator downloads").
    await page
      .getByText(/El ZIP se descarga tal como lo genera el servicio, en el formato de AFIP/)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'afip-list');
    // A header click toggles the sort: ID ascending, then descending.
    await page.getByRole('columnheader', { name: 'ID', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'id:asc');
    await gridSettled(page, GRID);
    await expect.poll(async () => (await shownIds(page, GRID))[0]).toBe('3001');
    // The status menu filters; Reestablecer búsqueda clears.
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Re-proceso' }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'reprocess');
    await gridSettled(page, GRID);
    const reprocess = seeded.filter((p) => p.status === 'reprocess').map((p) => p.id);
    // The grid takes a new page's rows one render after the screen: poll the read after a filter change.
    await expect
      .poll(async () => (await shownIds(page, GRID)).every((id) => reprocess.includes(id)))
      .toBe(true);
    await page.getByRole('button', { name: 'Reestablecer búsqueda' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('estado') === 'todos' && !url.searchParams.has('sort'),
    );
    await gridSettled(page, GRID);
    await expect.poll(() => shownIds(page, GRID)).toEqual(seeded.slice(0, 10).map((p) => p.id));
    // Leaving and coming back keeps the reset list (not the filtered one saved before).
    // Left inside the app; back with a page load, so the list can only come from session storage.
    await openInApp(page, '/home');
    await page.goto(`${suite.stack.urls.web}/afip`);
    await page.waitForURL((url) => url.searchParams.get('estado') === 'todos');
  });

  it('/afip/generar opens Nueva presentación over the list; closing it leaves for /afip', async () => {
    await page.goto(`${suite.stack.urls.web}/afip/generar`);
    const dialog = page.getByTestId('create-presentation-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL((url) => url.pathname === '/afip');
    await dialog.waitFor({ state: 'detached' });
    // The list was there under the dialog (hidden from the accessibility tree while the dialog was open).
    await page.getByRole('grid').waitFor();
  });

  it("'Nueva presentación' offers only 01/2020 to the current month and says so", async () => {
    await page.getByRole('button', { name: 'Nueva presentación' }).click();
    const dialog = page.getByTestId('create-presentation-dialog');
    const { year, month } = currentPeriod();
    await dialog.getByRole('combobox', { name: 'Formulario' }).click();
    await page.getByRole('option', { name: 'F8126 Cobranzas por cuenta de terceros (2.0)' }).click();
    expect(await dialog.getByRole('button', { name: 'Mes siguiente' }).isDisabled()).toBe(true);
    await dialog.getByText(`De 01/2020 a ${month}/${year}`).waitFor();
    const next =
      month === '12' ? `01/${Number(year) + 1}` : `${String(Number(month) + 1).padStart(2, '0')}/${year}`;
    const period = dialog.getByLabel('Período');
    for (const text of [next, '01/2019']) {
      await period.fill(text);
      await dialog.getByText(`El período debe estar entre 01/2020 y ${month}/${year}.`).waitFor();
      expect(await dialog.getByRole('button', { name: 'Aceptar' }).isDisabled()).toBe(true);
    }
    await screenshot(page, 'afip-create-out-of-range');
    await period.fill('01/2020');
    expect(await dialog.getByRole('button', { name: 'Mes anterior' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Aceptar' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await stubWrites(suite.stack, 'afip')).map(writeLine)).toEqual([]);
  });

  it('creates a presentation (form type as "name (version)", period of the current month) and opens it', async () => {
    await page.getByRole('button', { name: 'Nueva presentación' }).click();
    const dialog = page.getByTestId('create-presentation-dialog');
    const { year, month } = currentPeriod();
    expect(await dialog.getByLabel('Período').inputValue()).toBe(`${month}/${year}`);
    expect(await dialog.getByRole('button', { name: 'Aceptar' }).isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Formulario' }).click();
    await page.getByRole('option', { name: 'F8126 Cobranzas por cuenta de terceros (2.0)' }).click();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'afip-create-dialog');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await notice(page, 'Formulario creado correctamente').waitFor();
    await page.waitForURL(/\/afip\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await stubGet(suite.stack, `/afip/formularios/${id}`);
    expect(stored).toMatchObject({
      status: 'created',
      period: `${year}-${month}`,
      file_structure: { id: '2' },
    });
    await page.getByTestId('file-name').getByText(stored.file_name).waitFor();
    // The operator's user name reaches the service as x-user, which records it as the creator.
    const [sent] = (await stubRequests(suite.stack, 'afip')).filter(
      (r) => r.method === 'POST' && r.path === '/afip/formularios',
    );
    expect(sent?.headers['x-user']).toBe('impuestos');
    expect(stored.created_by).toBe('impuestos');
    await page.getByTestId('created-by').getByText('impuestos', { exact: true }).waitFor();
  });

  it('presents it manually with a transaction id (empty is not sent), then downloads its ZIP', async () => {
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Presentar manualmente' }).click();
    const dialog = page.getByTestId('manual-presentation-dialog');
    await dialog.getByLabel('ID de transacción').fill('   ');
    await dialog.getByLabel('ID de transacción').blur();
    await dialog.getByText('Ingrese el ID de transacción').waitFor();
    expect(await dialog.getByRole('button', { name: 'Presentar' }).isDisabled()).toBe(true);
    await dialog.getByLabel('ID de transacción').fill('TX-778899');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Presentar' }).click();
    const toast = notice(page, 'Presentación enviada con éxito');
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Cerrar' }).waitFor();
    expect((await stubWrites(suite.stack)).map(writeLine)).toContain(
      `POST /afip/formularios/${id}/presentar/manual/TX-778899`,
    );
    expect(await stubGet(suite.stack, `/afip/formularios/${id}`)).toMatchObject({
      status: 'delivered',
      afip_transaction_id: 'TX-778899',
    });
    await page.getByTestId('transaction-id').getByText('TX-778899').waitFor();
    // Delivered: present, present manually and re-process are no longer offered.
    expect(await page.getByRole('button', { name: 'Presentar manualmente' }).isDisabled()).toBe(true);
    await screenshot(page, 'afip-detail-delivered');

    const stored = await stubGet(suite.stack, `/afip/formularios/${id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar ZIP' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(stored.file_name.replace('.txt', '.zip'));
    const entries = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    expect(Object.keys(entries)).toEqual([stored.file_name]);
    expect(new TextDecoder().decode(entries[stored.file_name])).toMatch(/^01F8126/);
  });

  it('re-processes another created presentation with a reason', async () => {
    const [created] = await stubRows(suite.stack, '/afip/formularios', [
      { field: 'status', operation: 'EQUAL', value: 'created' },
    ]);
    await showPath(page, suite.stack.urls.web, `/afip/${created.id}`);
    await page.getByRole('button', { name: 'Re-procesar' }).click();
    const dialog = page.getByTestId('reprocess-dialog');
    await dialog.getByLabel('Motivo (opcional)').fill('Montos del período mal informados');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Re-procesar' }).click();
    await notice(page, 'Presentación re-procesada con éxito').waitFor();
    expect(await stubGet(suite.stack, `/afip/formularios/${created.id}`)).toMatchObject({
      status: 'reprocess',
      reprocess_detail: 'Montos del período mal informados',
    });
    await page.getByTestId('reprocess-detail').getByText('Montos del período mal informados').waitFor();
    const [sent] = (await stubRequests(suite.stack, 'afip')).filter(
      (r) => r.method === 'POST' && r.path === `/afip/formularios/${created.id}/reprocesar`,
    );
    expect(sent?.headers['x-user']).toBe('impuestos');
    expect((await stubGet(suite.stack, `/afip/formularios/${created.id}`)).reprocess_by).toBe('impuestos');
    await page.getByTestId('reprocess-by').getByText('impuestos', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'afip-detail-reprocess');
  });
});

describe('Presentaciones AFIP when the tax-forms service fails', () => {
  it("shows the real error message (not the original's literal 'message') and recovers with Reintentar", async () => {
    const faults = `${suite.stack.urls.stubs}/__admin/faults`;
    await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'afip', errorRate: 1 }),
    });
    try {
      // A page load: a fresh Apollo cache, so the failed list cannot show rows an earlier visit left in it.
      await page.goto(`${suite.stack.urls.web}/afip`);
      const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las presentaciones' });
      await alert.waitFor();
      const text = await alert.innerText();
      expect(text).not.toMatch(/^message$/m);
      expect(text.replace('No se pudieron cargar las presentaciones', '').trim().length).toBeGreaterThan(10);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'afip-list-error');
    } finally {
      await fetch(faults, { method: 'DELETE' });
    }
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await gridSettled(page, GRID);
  });
});

describe('Presentaciones AFIP as consulta', () => {
  it("shows 'No tiene permisos' on the list and the detail", async () => {
    await suite.withSignedIn('consulta', '/afip', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
      await showPath(other.page, suite.stack.urls.web, '/afip/3001');
      await other.page.getByText('No tiene permisos').first().waitFor();
    });
  });
});
