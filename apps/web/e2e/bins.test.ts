import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { notice, openInApp, screenshot, showPath, TAKE_SCREENSHOTS, tick } from './support/browser';
import { gridRow, gridSettled } from './support/grid';
import { stubGet, stubRows } from './support/tax';
import { stubWrites } from './support/stub-http';

/** Buscar BIN and the BIN form (spec 001 §2, §5 "Card BIN", §8) as impuestos; consulta refused. */

const suite = useBrowserStack({ role: 'impuestos', path: '/bin' });
let page: Page;
const GRID = 'BINs';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID);
});

const form = () => page.getByRole('form', { name: 'Formulario del BIN' });
const save = () => form().getByRole('button', { name: 'Guardar' });

/** Types `typed` in a lookup and chooses `option` among the options of that text, then checks it is the one chosen. */
async function pick(label: string, typed: string, option: string) {
  const input = form().getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => input.inputValue()).toBe(option);
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('Buscar BIN as impuestos', () => {
  it('lists 10 BINs from the first page and links Nuevo BIN to /bin/-1', async () => {
    expect(await page.getByRole('grid', { name: GRID }).locator('.MuiDataGrid-row').count()).toBe(10);
    // Each row shows its own brand, card type and issuer (lookup ids repeat across lists).
    const seeded = await stubGet(suite.stack, '/bin/secure/451766');
    const row = gridRow(page, GRID, '451766');
    await showPath(page, suite.stack.urls.web, '/bin?q=451766');
    await gridSettled(page, GRID);
    expect(await row.locator('[data-field="brand"]').innerText()).toBe(seeded.brand.description);
    expect(await row.locator('[data-field="type"]').innerText()).toBe(seeded.type.description);
    expect(await row.locator('[data-field="issuer"]').innerText()).toBe(seeded.emisor?.description ?? '—');
    await showPath(page, suite.stack.urls.web, '/bin');
    await gridSettled(page, GRID);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'bins-list');
    await page.getByRole('link', { name: 'Nuevo BIN' }).click();
    await page.waitForURL(/\/bin\/-1$/);
  });

  it('shows each validation message for its bad input, save disabled while invalid', async () => {
    await form().waitFor();
    expect(await save().isDisabled()).toBe(true);
    const bin = form().getByLabel('Número BIN');
    await bin.focus();
    await bin.blur();
    await form().getByText('Número BIN es requerído *').waitFor();
    await bin.fill('123');
    await bin.blur();
    await form().getByText('Número BIN debe ser de 6 dígitos *').waitFor();
    const days = form().getByLabel('Día de acreditación');
    await days.focus();
    await days.blur();
    await form().getByText('El dia de acreditación es requerído *').waitFor();
    // A digits-only field does not take letters.
    await days.pressSequentially('1a5');
    expect(await days.inputValue()).toBe('15');
    await bin.fill('');
    await bin.pressSequentially('12a3-4');
    expect(await bin.inputValue()).toBe('1234');
    for (const label of ['Marca', 'Tipo de tarjeta', 'Medio de pago']) {
      await form().getByRole('combobox', { name: label }).focus();
      await form().getByRole('combobox', { name: label }).blur();
    }
    await form().getByText('La marca es requerida *').waitFor();
    await form().getByText('El tipo de tarjeta es requerido *').waitFor();
    await form().getByText('El medio de pago es requerido *').waitFor();
    expect(await save().isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'bin-form-errors');
  });

  it('creates a BIN with lookups searched as typed and the payment method by description', async () => {
    await form().getByLabel('Número BIN').fill('423456');
    await pick('Marca', 'vis', 'Visa');
    await pick('Tipo de tarjeta', 'cré', 'Crédito');
    await pick('Medio de pago', 'VISA D', 'Visa Débito');
    await form().getByLabel('Día de acreditación').fill('2');
    // An operator typing fast: the issuer's text, then Enter before any option was chosen. Nothing is sent:
    // 'Guardar' waits for an option of that text to be chosen.
    const issuer = form().getByRole('combobox', { name: 'Emisor (organización)' });
    const posts = async () =>
      (await stubWrites(suite.stack, 'bin')).filter((w) => w.method === 'POST').length;
    const sent = await posts();
    await issuer.fill('galicia');
    await issuer.press('Enter');
    await expect.poll(() => save().isDisabled()).toBe(true);
    await page.getByRole('option', { name: 'Banco de Galicia y Buenos Aires', exact: true }).waitFor();
    expect(await posts()).toBe(sent);
    await page.getByRole('option', { name: 'Banco de Galicia y Buenos Aires', exact: true }).click();
    await expect.poll(() => issuer.inputValue()).toBe('Banco de Galicia y Buenos Aires');
    await expect.poll(() => save().isEnabled()).toBe(true);
    await save().click();
    await notice(page, 'Bin created correctamente').waitFor();
    await page.waitForURL(/\/bin\/423456$/);
    expect(await stubGet(suite.stack, '/bin/secure/423456')).toMatchObject({
      brand: { description: 'Visa' },
      type: { description: 'Crédito' },
      emisor: { description: 'Banco de Galicia y Buenos Aires' },
      subtype: null,
      media_payment_id: 10,
      accreditation_days: 2,
    });
  });

  it("refuses a BIN that exists with the catalogue's text, ' - ' and its code", async () => {
    await showPath(page, suite.stack.urls.web, '/bin/-1');
    await form().getByLabel('Número BIN').fill('451766');
    await pick('Marca', 'vis', 'Visa');
    await pick('Tipo de tarjeta', 'cré', 'Crédito');
    await pick('Medio de pago', 'VISA D', 'Visa Débito');
    await form().getByLabel('Día de acreditación').fill('3');
    await save().click();
    // Spec 001 §8: the message, ' - ', the code that names the reason.
    await notice(page, 'El BIN ya existe - bin_exists').locator('[data-code="bin_exists"]').waitFor();
    if (TAKE_SCREENSHOTS) await screenshot(page, 'bin-refused');
    await showPath(page, suite.stack.urls.web, '/bin/423456');
  });

  it('edits it with the number read-only and shows its detail', async () => {
    await page.getByTestId('bin-detail').getByText('Visa Débito').waitFor();
    // The form holds the BIN's values before it is edited.
    await expect.poll(() => form().getByLabel('Día de acreditación').inputValue()).toBe('2');
    await expect.poll(() => form().getByRole('combobox', { name: 'Marca' }).inputValue()).toBe('Visa');
    expect(await form().getByLabel('Número BIN').isEditable()).toBe(false);
    await pick('Subtipo', 'gol', 'Gold');
    await expect.poll(() => form().getByRole('combobox', { name: 'Subtipo' }).inputValue()).toBe('Gold');
    await form().getByLabel('Día de acreditación').fill('18');
    await save().click();
    await notice(page, 'Bin Actualizado correctamente').waitFor();
    expect(await stubGet(suite.stack, '/bin/secure/423456')).toMatchObject({
      subtype: { description: 'Gold' },
      accreditation_days: 18,
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'bin-form-edit');
  });

  it('refuses day 999 under the field; Cancelar asks before it discards an edit', async () => {
    const day = form().getByLabel('Día de acreditación');
    await day.fill('999');
    await day.blur();
    await form().getByText('El día de acreditación no puede superar 365 *').waitFor();
    expect(await save().isDisabled()).toBe(true);
    await day.fill('30');
    await form().getByRole('button', { name: 'Cancelar' }).click();
    const discard = page.getByTestId('discard-bin-dialog');
    await discard.getByText('Hay cambios sin guardar en el BIN').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'bin-form-discard');
    await discard.getByRole('button', { name: 'Seguir editando' }).click();
    await discard.waitFor({ state: 'detached' });
    expect(await day.inputValue()).toBe('30');
    await form().getByRole('button', { name: 'Cancelar' }).click();
    await discard.getByRole('button', { name: 'Descartar' }).click();
    await page.waitForURL((url) => url.pathname === '/bin');
    // The list on screen, not only its address: the router changes the address before the list's chunk is in, and
    // an address pushed meanwhile (below) would reach the form still shown, which stays (a CI run on a loaded host).
    await form().waitFor({ state: 'detached' });
    await gridSettled(page, GRID);
    expect((await stubGet(suite.stack, '/bin/secure/423456')).accreditation_days).toBe(18);
    await showPath(page, suite.stack.urls.web, '/bin/423456');
    await page.getByTestId('bin-detail').waitFor();
  });

  it('/bin/999999 says that BIN does not exist, as AFIP does', async () => {
    await showPath(page, suite.stack.urls.web, '/bin/999999');
    const missing = page.getByTestId('bin-not-found');
    await missing.getByText('No existe un BIN con el número 999999.').waitFor();
    expect(await missing.innerText()).not.toContain('Ocurrió un error inesperado');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await showPath(page, suite.stack.urls.web, '/bin/423456');
    await page.getByTestId('bin-detail').waitFor();
  });

  it("deletes it; a BIN the service will not delete says 'NO se pudo borrar'", async () => {
    await openInApp(page, '/bin?q=423456');
    await gridSettled(page, GRID);
    await page.getByRole('button', { name: 'Eliminar BIN 423456' }).click();
    await page.getByTestId('delete-bin-dialog').getByRole('button', { name: 'Eliminar' }).click();
    await notice(page, 'BIN eliminado correctamente').waitFor();
    expect(await stubGet(suite.stack, '/bin/secure/423456')).toBeNull();
    await showPath(page, suite.stack.urls.web, '/bin?q=450799');
    await gridSettled(page, GRID);
    await page.getByRole('button', { name: 'Eliminar BIN 450799' }).click();
    const dialog = page.getByTestId('delete-bin-dialog');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.getByText('NO se pudo borrar').waitFor();
    expect(await stubGet(suite.stack, '/bin/secure/450799')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('bulk-deletes the selected BINs in an 850 px dialog', async () => {
    const free = (
      await stubRows(suite.stack, '/bin/secure', [{ field: 'in_use', operation: 'EQUAL', value: false }])
    )
      .map((bin) => bin.id as string)
      .sort();
    const [a, b] = free;
    await showPath(page, suite.stack.urls.web, '/bin?page_size=100');
    await gridSettled(page, GRID);
    await tick(gridRow(page, GRID, a!).getByRole('checkbox'));
    await tick(gridRow(page, GRID, b!).getByRole('checkbox'));
    await page.getByTestId('selection-count').getByText('2 BINs seleccionados').waitFor();
    await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
    const dialog = page.getByTestId('bulk-delete-dialog');
    await dialog.getByText('¿Eliminar los 2 BINs seleccionados?').waitFor();
    const width = (await page.locator('.MuiDialog-paper').boundingBox())!.width;
    expect(Math.round(width)).toBe(850);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    if (TAKE_SCREENSHOTS) await screenshot(page, 'bins-bulk-delete');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await notice(page, 'BINs eliminados correctamente').waitFor();
    expect(await stubGet(suite.stack, `/bin/secure/${a}`)).toBeNull();
    expect(await stubGet(suite.stack, `/bin/secure/${b}`)).toBeNull();
  });
});

describe('BINs as consulta', () => {
  it("shows 'No tiene permisos' on the list and the form", async () => {
    await suite.withSignedIn('consulta', '/bin', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      await showPath(other.page, suite.stack.urls.web, '/bin/-1');
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await seriousA11yViolations(other.page)).toEqual([]);
    });
  });
});
