import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { changedAlert, RECORD_CHANGED, secondsShown, tabVisibleAgain } from './support/freshness';
import { useBrowserStack } from './support/suite';
import { notice } from './support/browser';
import { stubRows } from './support/tax';
import { stubRequest, stubWrites, writeLine } from './support/stub-http';

/**
 * The BIN detail's freshness, as impuestos: 'Actualizado hace N s' advances; another operator's change
 * (made here at the BIN service) is found when the tab becomes visible (the same check runs every 30 s while
 * visible) and says 'Otro operador modificó este registro' with 'Recargar'; a save refused because the BIN moved
 * says so in the same words, and nothing is written.
 */

const suite = useBrowserStack({ role: 'impuestos', path: '/bin' });
let page: Page;
type Loose = ReturnType<typeof JSON.parse>;
let bin: Loose;

const days = () => page.getByRole('form', { name: 'Formulario del BIN' }).getByLabel('Día de acreditación');

/** Another operator changes the BIN's accreditation day (straight at the BIN service: the screen is not told). */
const changeElsewhere = (accreditationDays: number) =>
  stubRequest(suite.stack, 'PUT', `/bin/secure/${bin.id}`, {
    iin: bin.id,
    brand_id: bin.brand.id,
    type_id: bin.type.id,
    subtype_id: bin.subtype?.id ?? null,
    emisor_id: bin.emisor?.id ?? null,
    country: bin.country,
    media_payment_id: bin.media_payment_id,
    accreditation_days: accreditationDays,
  });

beforeAll(async () => {
  page = suite.page;
  bin = (await stubRows(suite.stack, '/bin/secure')).find(
    (row) => !row.in_use && row.accreditation_days !== 77,
  )!;
  await page.goto(`${suite.stack.urls.web}/bin/${bin.id}`);
  await page.getByTestId('bin-detail').waitFor();
});

describe('a BIN detail left open while another operator changes it', () => {
  it("'Actualizado hace N s' advances", async () => {
    await page.getByTestId('record-freshness').waitFor();
    const first = await secondsShown(page);
    expect(first).toBeGreaterThanOrEqual(0);
    await expect.poll(() => secondsShown(page), { timeout: 15_000 }).toBeGreaterThan(first);
  });

  it("shows 'Otro operador modificó este registro' with 'Recargar', and 'Recargar' shows the new state", async () => {
    expect(await days().inputValue()).toBe(String(bin.accreditation_days));
    await changeElsewhere(77);
    await tabVisibleAgain(page);
    await changedAlert(page).waitFor();
    expect(await days().inputValue()).toBe(String(bin.accreditation_days)); // shown until the operator reloads
    expect(await seriousA11yViolations(page)).toEqual([]);
    await changedAlert(page).getByRole('button', { name: 'Recargar' }).click();
    await expect.poll(() => days().inputValue()).toBe('77');
    await changedAlert(page).waitFor({ state: 'detached' });
  });

  it('a save refused because the BIN moved says so in the same words, and writes nothing', async () => {
    await days().fill('5');
    await changeElsewhere(88);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, RECORD_CHANGED).waitFor();
    await changedAlert(page).waitFor();
    expect((await stubWrites(suite.stack, 'bin')).map(writeLine)).toEqual([]);
    // The operator's edit stays until they reload; 'Recargar' shows the other operator's version.
    expect(await days().inputValue()).toBe('5');
    await changedAlert(page).getByRole('button', { name: 'Recargar' }).click();
    await expect.poll(() => days().inputValue()).toBe('88');
    // Saved on the version shown, the edit goes through.
    await days().fill('6');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Bin Actualizado correctamente').waitFor();
    expect((await stubWrites(suite.stack, 'bin')).map(writeLine)).toEqual([`PUT /bin/secure/${bin.id}`]);
  });
});
