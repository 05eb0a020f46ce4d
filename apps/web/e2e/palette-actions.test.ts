import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot } from './support/browser';
import { openSearch, searchDialog, searchFor, searchGroup } from './support/search';
import { useBrowserStack } from './support/suite';

/**
 * 'Buscar en el back-office' (Ctrl+K) on records: an action chosen for the record already shown opens its dialog, as
 * from any other page; a hit says its status in its area's words; a payment's actions are all its detail offers
 * (operations, notifications, the holder lookup). Fixtures: approved 1000001, issued 1000007, active subscription
 * 4000001, approved import 4001.
 */

const suite = useBrowserStack({ role: 'operador', path: '/pago/1000001' });

const recordActions = (page: Page) => searchDialog(page).getByTestId('search-record-actions');

/** Looks `id` up in the palette and chooses the action `option` offered for it. */
async function chooseInPalette(page: Page, id: string, group: string, option: RegExp): Promise<void> {
  await openSearch(page);
  await searchFor(page, id, group);
  await recordActions(page).getByRole('option', { name: option }).click();
  await searchDialog(page).waitFor({ state: 'detached' });
}

describe('an action chosen in the palette for the record already shown', () => {
  it("opens 'Devolver' and 'Revertir' on the payment shown", async () => {
    const page = suite.page;
    await page.locator('[data-testid="payment-detail"][data-payment-id="1000001"]').waitFor();
    for (const [option, title] of [
      [/^Devolver pago 1000001…/, 'Devolver pago'],
      [/^Revertir pago 1000001…/, 'Revertir pago'],
    ] as const) {
      await chooseInPalette(page, '1000001', 'PAYMENT', option);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByLabel('Ingrese el motivo').waitFor();
      expect(new URL(page.url()).searchParams.get('accion')).toBeNull();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it("opens 'Editar Importe' on the subscription shown", async () => {
    const page = suite.page;
    await page.goto(`${suite.stack.urls.web}/suscripcion/4000001`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('[data-action="UPDATE_AMOUNT"]').waitFor();
    await chooseInPalette(page, '4000001', 'SUBSCRIPTION', /^Editar Importe · suscripción 4000001…/);
    const dialog = page.getByTestId('amount-dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/suscripcion/4000001');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe("the palette's words for a record", () => {
  it("offers a payment's notifications and holder lookup beside its operations, its status in Spanish", async () => {
    const page = suite.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${suite.stack.urls.web}/home`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await openSearch(page);
    await searchFor(page, '1000001', 'PAYMENT');
    const actions = recordActions(page);
    for (const label of ['Devolver', 'Reenviar notificación', 'Notificar al pagador', 'Consultar titular']) {
      await actions.getByRole('option', { name: new RegExp(`^${label}( ·)? pago 1000001…`) }).waitFor();
    }
    expect(await searchGroup(page, 'PAYMENT').getByRole('option').first().innerText()).toContain('Aprobado');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    // The palette's last options in view: the notifications and the holder lookup.
    await actions.getByRole('option', { name: /^Consultar titular/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'palette-payment-actions');

    await searchFor(page, '1000007', 'PAYMENT');
    const issued = searchGroup(page, 'PAYMENT').getByRole('option', { name: /Pago 1000007/ });
    await issued.waitFor();
    expect(await issued.innerText()).toContain('Emitido');
    expect(await issued.innerText()).not.toContain('ISSUED');
    await screenshot(page, 'palette-issued-payment');
    await page.keyboard.press('Escape');
    await searchDialog(page).waitFor({ state: 'detached' });
  });

  it("says an approved import 'Aprobada', as its list and detail do", async () => {
    await suite.withSignedIn('admin', '/home', async ({ page }) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await openSearch(page);
      await searchFor(page, '4001', 'IMPORT');
      const hit = searchGroup(page, 'IMPORT').getByRole('option', { name: /Importación 4001/ });
      await hit.waitFor();
      expect(await hit.innerText()).toContain('Aprobada');
      expect(await hit.innerText()).not.toMatch(/Aprobado\b/);
    });
  });
});
