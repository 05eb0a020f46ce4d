import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { noticeShown, screenshot, showPath } from './support/browser';
import { grid, gridSettled } from './support/grid';
import { clearForcedFailures, forceFailures } from './support/payments-list';
import { useBrowserStack } from './support/suite';

/**
 * Actividad: an action taken as `operador` on a payment is in /actividad for `admin` (the gateway's
 * store, `memory://` in the browser stack) within 5 s, with its Spanish name, the record's link and the result,
 * an UNKNOWN outcome included; the payment detail shows it in 'Actividad en el back-office'; `operador` may not
 * open /actividad.
 */

const suite = useBrowserStack();
/** A pending payment of the stubs' seed (docs/upstream-contract.md §7): 'Cancelar' is enabled on it. */
const PAYMENT = '1000005';
const ACTIVITY_GRID = 'Actividad';
/** The screen without the shell's bars, whose own checks are the shell's tests'. */
const SCREEN = 'main';

const activityUrl = () => `${suite.stack.urls.web}/actividad?registro=${PAYMENT}`;

/** The rows' texts of the Actividad grid, newest first. */
const rowTexts = (page: Page) => grid(page, ACTIVITY_GRID).locator('.MuiDataGrid-row').allInnerTexts();

/** Opens /actividad filtered by the payment and waits for its answer; the count of actions on it. */
async function openActivity(page: Page): Promise<number> {
  await page.goto(activityUrl());
  await gridSettled(page, ACTIVITY_GRID, 'No se encontraron acciones');
  return (await rowTexts(page)).length;
}

describe('Actividad', () => {
  const operador = suite.profile('operador', `/pago/${PAYMENT}`);
  const admin = suite.profile('admin', '/home');

  it("shows an operador's cancel to admin: retried after an unknown outcome, one move, as it ended", async () => {
    const before = await openActivity(admin.page);
    const page = operador.page;

    // First the service does not answer in time: the outcome is unknown.
    await forceFailures(suite.stack, {
      service: 'payment',
      operation: 'cancelar',
      ids: [PAYMENT],
      status: 504,
    });
    await page.goto(`${suite.stack.urls.web}/pago/${PAYMENT}`);
    await page.locator('[data-action="CANCEL"]').click();
    const dialog = page.getByTestId('cancel-reason-dialog');
    await dialog.getByLabel('Ingrese el motivo').fill('Pedido del pagador');
    await dialog.getByRole('button', { name: 'Cancelar pago' }).click();
    await dialog
      .getByText(/Resultado desconocido/)
      .first()
      .waitFor();
    // The move is in the activity as soon as its answer arrived (written before it was sent), unknown.
    await expect.poll(() => openActivity(admin.page), { interval: 200 }).toBe(before + 1);
    expect((await rowTexts(admin.page))[0]).toContain('Resultado desconocido');
    // Then it answers: the same intent under the same key, sent again, now cancelled: the same move, completed.
    await clearForcedFailures(suite.stack);
    await dialog.getByRole('button', { name: 'Cancelar pago' }).click();
    await noticeShown(page, 'Pago cancelado correctamente');
    const newestRow = async () => {
      await openActivity(admin.page);
      return (await rowTexts(admin.page))[0] ?? '';
    };
    await expect.poll(newestRow, { interval: 200 }).toContain('Correcto');
    expect(await openActivity(admin.page)).toBe(before + 1);

    const [newest] = await rowTexts(admin.page);
    expect(newest).toContain('operador');
    expect(newest).toContain('Cancelar pago');
    expect(newest).toContain('Motivo: Pedido del pagador');
    const link = grid(admin.page, ACTIVITY_GRID)
      .locator('.MuiDataGrid-row')
      .first()
      .getByRole('link', { name: PAYMENT });
    await expect(link.getAttribute('href')).resolves.toBe(`/pago/${PAYMENT}`);

    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await openActivity(admin.page);
    await screenshot(admin.page, 'activity-list');
  });

  it('downloads the filtered rows as a CSV', async () => {
    const page = admin.page;
    const shown = await openActivity(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('activity-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('actividad.csv');
    const lines = (await readFile((await file.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('"Acción"');
    // Every row of the filter (the page shows them all), newest first, each naming the payment.
    expect(lines).toHaveLength(shown + 1);
    // A Spanish spreadsheet's CSV: ';' between fields (files/table-file.ts in the gateway).
    // 'Cantidad de registros' after the ids: the action named one record.
    expect(lines[1]).toMatch(
      /"operador";"payments";"Cancelar pago";"cancelPayment";"1000005";"1";"Correcto"/,
    );
    // The 'Registros' column: a bulk action of another file names the payment among others ("1000004 1000005").
    const records = (line: string) =>
      ([...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1])[5] ?? '').split(' ');
    expect(lines.slice(1).filter((line) => !records(line).includes(PAYMENT))).toEqual([]);
  });

  it("says 'Fecha inválida' under Desde for an impossible day in the address, never sending it", async () => {
    const page = admin.page;
    const sent: string[] = [];
    const watch = (request: { postData(): string | null }) => {
      const body = request.postData() ?? '';
      if (body.includes('ActivityList')) sent.push(body);
    };
    page.on('request', watch);
    try {
      await page.goto(`${activityUrl()}&desde=2026-13-40`);
      await gridSettled(page, ACTIVITY_GRID, 'No se encontraron acciones');
    } finally {
      page.off('request', watch);
    }
    const from = page.locator('.MuiFormControl-root', { has: page.locator('label', { hasText: /^Desde$/ }) });
    await expect(from.getByText('Fecha inválida').isVisible()).resolves.toBe(true);
    // The address keeps what was given, so the operator sees what to fix; the list asked without it.
    expect(new URL(page.url()).searchParams.get('desde')).toBe('2026-13-40');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((body) => body.includes('2026-13-40') || /"from":"/.test(body))).toEqual([]);
    expect(await seriousA11yViolations(page, SCREEN)).toEqual([]);
  });

  it('shows a DETALLE cut at 1280 px in full when its cell gets the keyboard focus', async () => {
    const page = admin.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openActivity(page);
    const details = grid(page, ACTIVITY_GRID).locator('.MuiDataGrid-row [data-field="reason"]');
    // The row whose DETALLE the cell cuts (the UNKNOWN cancel names its reason and its code).
    const cut = await details.evaluateAll((cells) =>
      cells.findIndex((cell) => {
        const text = cell.querySelector('span');
        return text !== null && text.scrollWidth > text.clientWidth + 1;
      }),
    );
    expect(cut).toBeGreaterThanOrEqual(0);
    const full = (await details.nth(cut).innerText()).trim();
    // The keyboard's way in: a cell of the row, then the arrow keys to DETALLE.
    const row = grid(page, ACTIVITY_GRID).locator('.MuiDataGrid-row').nth(cut);
    await row.locator('[data-field="at"]').click();
    await page.mouse.move(0, 0);
    for (let step = 0; step < 8; step += 1) {
      const field = await page.evaluate(() => document.activeElement?.getAttribute('data-field'));
      if (field === 'reason') break;
      await page.keyboard.press('ArrowRight');
    }
    await expect(details.nth(cut).evaluate((cell) => cell === document.activeElement)).resolves.toBe(true);
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    await expect(tooltip.innerText()).resolves.toBe(full);
    expect(await seriousA11yViolations(page, `${SCREEN}, [role="tooltip"]`)).toEqual([]);
    await page.keyboard.press('ArrowLeft');
    await tooltip.waitFor({ state: 'hidden' });
  });

  it("offers the operators seen in 'Operador', and filters by the one picked", async () => {
    const page = admin.page;
    await openActivity(page);
    const field = page.getByRole('combobox', { name: 'Operador' });
    await field.click();
    const option = page.getByRole('option', { name: 'operador', exact: true });
    await option.waitFor();
    expect(await seriousA11yViolations(page, `${SCREEN}, [role="listbox"]`)).toEqual([]);
    await option.click();
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/operador=operador/);
    await gridSettled(page, ACTIVITY_GRID);
    const users = await grid(page, ACTIVITY_GRID)
      .locator('.MuiDataGrid-row [data-field="user"]')
      .allInnerTexts();
    expect(users.length).toBeGreaterThan(0);
    expect(new Set(users)).toEqual(new Set(['operador']));
  });

  it("shows the action in the payment's 'Actividad en el back-office', linked to /actividad", async () => {
    const page = admin.page;
    await showPath(page, suite.stack.urls.web, `/pago/${PAYMENT}`);
    const section = page.getByTestId('record-activity');
    await section.getByRole('table', { name: 'Actividad en el back-office' }).waitFor();
    const first = section.getByRole('row').nth(1);
    await expect(first.innerText()).resolves.toMatch(/operador[\s\S]*Cancelar pago[\s\S]*Correcto/);
    expect(await seriousA11yViolations(page, '[data-testid="record-activity"]')).toEqual([]);
    await section.getByTestId('record-activity-link').click();
    // The record's actions of its kind: the payments'.
    await page.waitForURL(
      (url) =>
        url.pathname === '/actividad' &&
        url.searchParams.get('registro') === PAYMENT &&
        url.searchParams.get('area') === 'payments',
    );
    await gridSettled(page, ACTIVITY_GRID);
    await expect(page.getByLabel('Id del registro').inputValue()).resolves.toBe(PAYMENT);
  });

  it("is not for operador: 'No tiene permisos', and no section on the payment", async () => {
    const page = operador.page;
    await showPath(page, suite.stack.urls.web, '/actividad');
    await page.getByTestId('no-permission').waitFor();
    await expect(page.getByText('No tiene permisos', { exact: true }).isVisible()).resolves.toBe(true);
    await showPath(page, suite.stack.urls.web, `/pago/${PAYMENT}`);
    await page.locator(`[data-testid="payment-detail"][data-payment-id="${PAYMENT}"]`).waitFor();
    await expect(page.getByTestId('record-activity').count()).resolves.toBe(0);
  });
});
