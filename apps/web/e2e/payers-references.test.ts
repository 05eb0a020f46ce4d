import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { stubWrites } from './support/stub-http';
import { screenshot, showPath } from './support/browser';
import { gridColumn, gridSettled, shownIds } from './support/grid';
import { clearRequests, referencesOf } from './support/payers';
import { pickCollector } from './support/collector-picker';

/**
 * Referencias de pagadores, Nueva referencia and its edit (001 §2, §5, §8) as operador, against the whole stack;
 * every write is checked in the stubs' request log and state (collector 10003 Mutual de Empleados Bancarios
 * del Litoral; 10024 has no references).
 */

const suite = useBrowserStack({ role: 'operador', path: '/pagadores/referencias' });
let page: Page;
const GRID = 'Referencias de pagadores';
const EMPTY = 'No se encontraron referencias de pagadores.';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID, EMPTY);
});

const chooseType = async (label: string) => {
  await page.getByRole('combobox', { name: 'Tipo de identificación' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
};

describe('payer references as operador', () => {
  it('filters by collector (entity shown as id - name) and shows the empty state', async () => {
    await pickCollector(page, 'Mutual de Empleados', { option: /Mutual de Empleados Bancarios/ });
    await page.waitForURL((url) => url.searchParams.get('entidad') === '10003');
    await gridSettled(page, GRID, EMPTY);
    // The grid takes a new page's rows one render after the screen: poll the read after a filter change.
    await expect
      .poll(async () => new Set(await gridColumn(page, GRID, 'collector')))
      .toEqual(new Set(['10003 - Mutual de Empleados Bancarios del Litoral']));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payer-references');
    await showPath(page, suite.stack.urls.web, '/pagadores/referencias?entidad=10024');
    await gridSettled(page, GRID, EMPTY);
    expect(await page.getByText(EMPTY).count()).toBe(1);
  });

  it('the form shows every identification rule of the reference form', async () => {
    await showPath(page, suite.stack.urls.web, '/pagadores/referencias/crear');
    const create = page.getByRole('button', { name: 'Crear' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Nombre' }).isDisabled()).toBe(true);
    // Entidad is marked required like Nombre.
    expect(
      await page
        .getByTestId('reference-collector')
        .getByRole('combobox', { name: 'Entidad' })
        .getAttribute('required'),
    ).not.toBeNull();
    await pickCollector(page, 'Mutual de Empleados', {
      scope: page.getByTestId('reference-collector'),
      option: /Mutual de Empleados Bancarios/,
    });
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Pedro Gómez');
    await page.getByRole('textbox', { name: 'Email' }).fill('pedro@');
    await page.getByRole('textbox', { name: 'Email' }).blur();
    await page.getByText('El email no tiene formato correcto').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill('');
    const number = page.getByTestId('identification-number');
    await chooseType('DNI');
    await number.focus();
    await number.blur();
    await page.getByText('Número de identificación requerido*').waitFor();
    await number.fill('123456');
    await page.getByText('La cantidad de caracteres para DNI es 7 u 8').waitFor();
    // A DNI keeps at most 8 digits; a CUIT takes dashes and spaces as people copy it.
    await number.fill('123456789');
    expect(await number.inputValue()).toBe('12345678');
    await chooseType('CUIT');
    await number.fill('2012345678');
    await page.getByText('La cantidad de caracteres para CUIT es 11').waitFor();
    await number.fill('20123456787');
    await page.getByText('El número de CUIT no es válido').waitFor();
    await number.fill('2012345678a');
    expect(await number.inputValue()).toBe('20-12345678');
    await page.getByText('La cantidad de caracteres para CUIT es 11').waitFor();
    expect(await create.isDisabled()).toBe(true);
    // Back to 'Ninguna' drops the number; one typed with no type asks for the type.
    await chooseType('Ninguna');
    await page.waitForFunction(() => !document.querySelector('.Mui-error'));
    expect(await number.inputValue()).toBe('');
    await number.fill('1234567');
    await page.getByText('Tipo de identificación requerido*').waitFor();
    // A name longer than the service takes is refused.
    const name = page.getByRole('textbox', { name: 'Nombre' });
    await name.fill('Pedro Gómez '.repeat(25));
    await name.blur();
    await page.getByText('El nombre admite hasta 100 caracteres').waitFor();
    await name.fill('Pedro Gómez');
    await page.getByText('El nombre admite hasta 100 caracteres').waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'payer-reference-errors');
  });

  it('creates a reference with a 7-digit DNI, sending only the fields filled in', async () => {
    await chooseType('DNI');
    const number = page.getByTestId('identification-number');
    await number.fill('1234567');
    await page.waitForFunction(() => !document.querySelector('.Mui-error'));
    await clearRequests(suite.stack);
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByText('Referencia creada con éxito').waitFor();
    await page.waitForURL((url) => url.pathname === '/pagadores/referencias');
    // The list opens on the new reference: its collector and its name.
    const created = (await referencesOf(suite.stack, '10003')).rows.find(
      (row) => row.name === 'Pedro Gómez',
    )!;
    await page.waitForURL(
      (url) => url.searchParams.get('entidad') === '10003' && url.searchParams.get('q') === 'Pedro Gómez',
    );
    await gridSettled(page, GRID, EMPTY);
    await expect.poll(() => shownIds(page, GRID)).toEqual([created.id]);
    expect(await stubWrites(suite.stack, 'payer')).toEqual([
      {
        method: 'POST',
        path: '/payer/pagadores/referencias',
        body: {
          collector_id: '10003',
          name: 'Pedro Gómez',
          identification: { type: 'DNI_ARG', number: '1234567', country: 'ARG' },
        },
      },
    ]);
    const state = await referencesOf(suite.stack, '10003');
    expect(state.rows.some((row) => row.name === 'Pedro Gómez')).toBe(true);
  });

  it('edits the reference: the PUT carries name, email, externalReference and drops the identification', async () => {
    const created = (await referencesOf(suite.stack, '10003')).rows.find(
      (row) => row.name === 'Pedro Gómez',
    )!;
    await showPath(page, suite.stack.urls.web, '/pagadores/referencias?entidad=10003&q=Pedro');
    await gridSettled(page, GRID, EMPTY);
    expect(await shownIds(page, GRID)).toEqual([created.id]);
    await page.getByRole('link', { name: `Editar la referencia ${created.id}` }).click();
    await page.waitForURL(new RegExp(`/pagadores/referencias/${created.id}/editar$`));
    const name = page.getByRole('textbox', { name: 'Nombre' });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Pedro Gómez');
    await name.fill('Pedro A. Gómez');
    await page.getByRole('textbox', { name: 'Email' }).fill('pgomez@gmail.com');
    await page.getByRole('textbox', { name: 'Referencia externa' }).fill('SOC-77');
    await chooseType('Ninguna');
    await page.getByTestId('identification-number').fill('');
    await page.waitForFunction(() => !document.querySelector('.Mui-error'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await clearRequests(suite.stack);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Referencia actualizada con éxito').waitFor();
    await page.waitForURL((url) => url.pathname === '/pagadores/referencias');
    expect(await stubWrites(suite.stack, 'payer')).toEqual([
      {
        method: 'PUT',
        path: `/payer/pagadores/referencias/${created.id}`,
        body: { name: 'Pedro A. Gómez', email: 'pgomez@gmail.com', externalReference: 'SOC-77' },
      },
    ]);
  });

  it('deletes one reference after confirming', async () => {
    const target = (await referencesOf(suite.stack, '10003')).rows.find(
      (row) => row.name === 'Pedro A. Gómez',
    )!;
    // A page load: a fresh Apollo cache, so the list cannot first show the row as it was before the edit.
    await page.goto(`${suite.stack.urls.web}/pagadores/referencias?entidad=10003&q=Pedro`);
    await gridSettled(page, GRID, EMPTY);
    await page.getByRole('button', { name: `Eliminar la referencia ${target.id}` }).click();
    const dialog = page.getByTestId('delete-reference-dialog');
    await dialog.getByText('¿Está seguro que desea eliminar la referencia de Pedro A. Gómez').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await clearRequests(suite.stack);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Referencia eliminada con éxito').waitFor();
    await gridSettled(page, GRID, EMPTY);
    expect(await page.getByText(EMPTY).count()).toBe(1);
    expect(await stubWrites(suite.stack, 'payer')).toEqual([
      { method: 'DELETE', path: `/payer/pagadores/referencias/${target.id}`, body: null },
    ]);
    const state = await referencesOf(suite.stack, '10003');
    expect(state.rows.some((row) => row.id === target.id)).toBe(false);
  });

  it("deletes every reference of a collector from 'Eliminar por entidad'", async () => {
    expect((await referencesOf(suite.stack, '10003')).size).toBeGreaterThan(0);
    // An address naming the list (page 1, no collector) instead of the saved one, which has a collector: the
    // dialog then starts without one.
    await showPath(page, suite.stack.urls.web, '/pagadores/referencias?page=1');
    await gridSettled(page, GRID, EMPTY);
    expect(new URL(page.url()).searchParams.has('entidad')).toBe(false);
    await page.getByRole('button', { name: 'Eliminar por entidad' }).click();
    const dialog = page.getByTestId('delete-by-collector-dialog');
    await dialog.waitFor();
    await clearRequests(suite.stack);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.getByText('La entidad es requerida').waitFor();
    expect(await stubWrites(suite.stack, 'payer')).toEqual([]);
    await pickCollector(page, 'Mutual de Empleados', {
      scope: dialog,
      option: /Mutual de Empleados Bancarios/,
    });
    // The stale 'La entidad es requerida' goes once a collector is chosen; the count it will delete shows.
    await dialog.getByText('La entidad es requerida').waitFor({ state: 'detached' });
    const n = (await referencesOf(suite.stack, '10003')).size;
    await dialog
      .getByTestId('delete-by-collector-count')
      .getByText(
        `Se eliminarán ${n} referencias de pagadores de Mutual de Empleados Bancarios del Litoral (10003).`,
      )
      .waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'payer-references-delete-by-collector');
    // 'Eliminar' asks once more, naming the count; nothing is deleted until then.
    await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await dialog
      .getByTestId('delete-by-collector-confirm')
      .getByText(`¿Confirma eliminar ${n} referencias`)
      .waitFor();
    await screenshot(page, 'payer-references-delete-by-collector-confirm');
    expect(await stubWrites(suite.stack, 'payer')).toEqual([]);
    await dialog.getByRole('button', { name: `Eliminar ${n} referencias de pagadores` }).click();
    await page.getByText('Referencias eliminadas con éxito').waitFor();
    expect(await stubWrites(suite.stack, 'payer')).toEqual([
      { method: 'DELETE', path: '/payer/pagadores/referencias/comercios/10003', body: null },
    ]);
    expect((await referencesOf(suite.stack, '10003')).size).toBe(0);
    expect((await referencesOf(suite.stack, '10001')).size).toBeGreaterThan(0);
  });
});
