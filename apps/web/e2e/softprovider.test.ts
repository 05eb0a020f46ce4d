import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { notice, screenshot } from './support/browser';
import { gridRow, gridSettled, shownIds } from './support/grid';
import { stubRows } from './support/tax';
import { stubAdmin, stubWrites, writeLine } from './support/stub-http';

/** Reporte plano de integraciones (spec 001 §2, §4, §8) as impuestos; consulta refused. */

const suite = useBrowserStack({ role: 'impuestos', path: '/soft-provider' });
let page: Page;
const GRID = 'Reportes de integraciones';
const ITEMS = '/softprovider/softprovider';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID);
});

const byId = async (id: string) =>
  (await stubRows(suite.stack, ITEMS, [{ field: 'id', operation: 'EQUAL', value: id }]))[0];

async function rowAction(id: string, label: string) {
  await gridRow(page, GRID, id)
    .getByRole('button', { name: `Acciones del reporte ${id}` })
    .click();
  await page.getByRole('menuitem', { name: label }).click();
}

describe('Reporte plano de integraciones as impuestos', () => {
  it('lists 10 reports with format, entity, Spanish status and period; filters by status', async () => {
    expect(await shownIds(page, GRID)).toHaveLength(10);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'soft-provider-list');
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Pendiente' }).click();
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'pending_approval');
    await gridSettled(page, GRID);
    const pending = await stubRows(suite.stack, ITEMS, [
      { field: 'status', operation: 'EQUAL', value: 'pending_approval' },
    ]);
    // The grid takes a new page's rows one render after the screen: poll the read after a filter change.
    await expect.poll(() => shownIds(page, GRID)).toEqual(pending.slice(0, 10).map((item) => item.id));
    const first = pending[0];
    const row = gridRow(page, GRID, first.id);
    await row.getByText('Pendiente', { exact: true }).waitFor();
    await row.getByText(first.soft_provider, { exact: true }).waitFor();
    await row.getByText(`${first.collector_name} (${first.collector_id})`).waitFor();
  });

  it('approves and rejects pending reports, each only after its confirmation', async () => {
    const [first, second] = await shownIds(page, GRID);
    const confirm = page.getByTestId('soft-provider-confirm-dialog');
    // Cancelar sends nothing.
    await rowAction(first!, 'Aprobar');
    await confirm.getByText(`El reporte ${first} `).waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'soft-provider-approve-confirm');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await stubWrites(suite.stack)).map(writeLine).filter((l) => /aprobar/.test(l))).toEqual([]);
    expect((await byId(first!)).status).toBe('pending_approval');
    await rowAction(first!, 'Aprobar');
    await confirm.getByRole('button', { name: 'Aprobar' }).click();
    await notice(page, 'Aprobado correctamente').waitFor();
    await confirm.waitFor({ state: 'detached' });
    expect((await byId(first!)).status).toBe('sent');
    // As an operator, the next action once the list has been read again (the approved report left it).
    await gridRow(page, GRID, first!).waitFor({ state: 'detached' });
    await rowAction(second!, 'Rechazar');
    await confirm.getByText(/no se enviará/).waitFor();
    await confirm.getByRole('button', { name: 'Rechazar' }).click();
    await notice(page, 'Rechazado correctamente').waitFor();
    expect((await byId(second!)).status).toBe('error');
    const writes = (await stubWrites(suite.stack)).map(writeLine);
    expect(writes.filter((line) => /aprobar|rechazar/.test(line))).toHaveLength(2);
  });

  it('regenerates a sent report and downloads a report file; approve is offered disabled on a sent one', async () => {
    await page.goto(`${suite.stack.urls.web}/soft-provider?estado=sent`);
    await gridSettled(page, GRID);
    // Next to 'Descargar': the AGIP/ARBA fixed-width format, byte for byte (docs/decisions.md, "Files an operator
    // downloads").
    await page
      .getByText(/El reporte se descarga tal como lo genera el servicio, en el formato fijo de AGIP\/ARBA/)
      .waitFor();
    const [sent] = await shownIds(page, GRID);
    await gridRow(page, GRID, sent!)
      .getByRole('button', { name: `Acciones del reporte ${sent}` })
      .click();
    expect(await page.getByRole('menuitem', { name: /Aprobar/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    const item = await byId(sent!);
    const download = page.waitForEvent('download');
    await rowAction(sent!, 'Descargar');
    const file = await download;
    expect(file.suggestedFilename()).toBe(item.metadata.file_name);
    expect(await readFile((await file.path())!, 'utf8')).toMatch(new RegExp(`^H${item.soft_provider}`));
    await rowAction(sent!, 'Regenerar');
    await notice(page, 'Regenerado correctamente').waitFor();
    expect((await byId(sent!)).status).toBe('pending_approval');
  });
});

describe('Reporte plano de integraciones when the service refuses', () => {
  it("shows the service's message, ' - ' and its code after it, as every refusal", async () => {
    await page.goto(`${suite.stack.urls.web}/soft-provider?estado=pending_approval`);
    await gridSettled(page, GRID);
    const [id] = await shownIds(page, GRID);
    await stubAdmin(suite.stack, 'POST', 'failures', {
      service: 'softprovider',
      operation: 'aprobar',
      ids: [id],
      status: 409,
      code: 'invalid_status',
      extended_code: 'soft_provider_refused',
      message: 'El proveedor Prisma rechazó el reporte: faltan registros de cabecera.',
    });
    try {
      await rowAction(id!, 'Aprobar');
      await page.getByTestId('soft-provider-confirm-dialog').getByRole('button', { name: 'Aprobar' }).click();
      // The service's own words, then its code (spec 001 §8: message, ' - ', code), never the generic text.
      const coded = page.locator('[data-code="soft_provider_refused"]').first();
      await coded.waitFor();
      expect(await coded.innerText()).toBe(
        'El proveedor Prisma rechazó el reporte: faltan registros de cabecera - soft_provider_refused',
      );
      expect((await byId(id!)).status).toBe('pending_approval');
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await stubAdmin(suite.stack, 'DELETE', 'failures');
    }
  });
});

describe('Reporte plano de integraciones as consulta', () => {
  it("shows 'No tiene permisos'", async () => {
    await suite.withSignedIn('consulta', '/soft-provider', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
    });
  });
});
