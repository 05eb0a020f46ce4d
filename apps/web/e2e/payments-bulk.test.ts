import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot, transitionsDone } from './support/browser';
import {
  cells,
  clearForcedFailures,
  clearRecordedRequests,
  dataRows,
  forceFailures,
  gatewayAnswer,
  grid,
  openList,
  recordedRequests,
  rowById,
  settled,
  texts,
  waitForRowIds,
  writesOf,
} from './support/payments-list';

/**
 * Buscar Pagos: multi-selection actions (spec 000 §4 "Multi-select rules for payments", §8 per-item
 * messages), row actions in ACCIONES and the list after an action (§4 "Lists after an action"), against the
 * whole stack. Failures are chosen with the stubs' switch (POST /__admin/failures).
 */

const suite = useBrowserStack();

/**
 * A disabled bulk button names the first selected payment (in the list's order) that blocks it, with the
 * gateway's reason for that payment.
 */
const REASONS = {
  cancel: (id: string) => `Pago ${id}: Solo se pueden cancelar pagos pendientes o emitidos.`,
  changeMethod: (id: string) => `Pago ${id}: Solo se puede cambiar el medio de pago de pagos emitidos.`,
  cancelObjection: (id: string) => `Pago ${id}: Solo se pueden cancelar objeciones de pagos objetados.`,
};
// The text, ' - ' and the code that names the reason (spec 001 §8), the code also the element's data-code.
const FAILURE_CODE = 'payment_not_cancellable';
const FAILURE_MESSAGE = `El pago no se puede cancelar en su estado actual - ${FAILURE_CODE}`;

const bulkBar = (page: Page) => page.getByTestId('bulk-actions');
const bulkButton = (page: Page, label: string) =>
  bulkBar(page).getByRole('button', { name: label, exact: true });

/**
 * Moves the pointer away and waits until every tooltip has gone: a tooltip left by an earlier hover may still be
 * fading out on a loaded machine, and the next hover would then find two.
 */
async function withoutTooltips(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.querySelectorAll('[role="tooltip"]').length === 0);
}

/** The text of the tooltip a disabled bulk action shows on hover. */
async function tooltipOf(page: Page, kind: string): Promise<string> {
  await withoutTooltips(page);
  await page.getByTestId(`bulk-action-${kind}`).hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const text = (await tooltip.innerText()).trim();
  await withoutTooltips(page);
  return text;
}

async function statusOfRows(page: Page): Promise<{ id: string; status: string }[]> {
  const ids = await texts(cells(page, 'id'));
  const statuses = await texts(cells(page, 'status'));
  return ids.map((id, i) => ({ id, status: statuses[i]! }));
}

describe('Buscar Pagos: bulk and row actions as operador', () => {
  const operador = suite.profile('operador', '/pagos');
  let page: Page;

  beforeAll(async () => {
    page = operador.page;
    await settled(page);
  });

  it('disables the bulk buttons with the multi-select rule as the reason for a mixed selection', async () => {
    await openList(page, suite.stack.urls.web, { page_size: '25' });
    const rows = await statusOfRows(page);
    const pending = rows.find((r) => r.status === 'Pendiente');
    const approved = rows.find((r) => r.status === 'Aprobado');
    const issued = rows.filter((r) => r.status === 'Emitido').slice(0, 2);
    expect(pending && approved && issued.length === 2).toBe(true);

    // No selection: no bulk bar.
    expect(await bulkBar(page).count()).toBe(0);
    await rowById(page, pending!.id).getByRole('checkbox').click();
    await rowById(page, approved!.id).getByRole('checkbox').click();
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('2 pagos seleccionados');
    for (const label of ['Cancelar', 'Cambiar medio de pago', 'Cancelar objeción']) {
      await expect(bulkButton(page, label).isDisabled(), label).resolves.toBe(true);
    }
    // Both block change method and cancel objection: the first of them in the list is named.
    const first = rows.find((r) => r.id === pending!.id || r.id === approved!.id)!;
    expect(await tooltipOf(page, 'CANCEL')).toBe(REASONS.cancel(approved!.id));
    expect(await tooltipOf(page, 'CHANGE_PAYMENT_METHOD')).toBe(REASONS.changeMethod(first.id));
    await withoutTooltips(page);
    await page.getByTestId('bulk-action-CANCEL_OBJECTION').hover();
    await page.getByRole('tooltip').waitFor();
    await transitionsDone(page); // the tooltip's fade-in
    await screenshot(page, 'payments-bulk-mixed-selection');
    expect((await page.getByRole('tooltip').innerText()).trim()).toBe(REASONS.cancelObjection(first.id));
    await withoutTooltips(page);

    // Only pending: cancel, but not change method (needs issued).
    await rowById(page, approved!.id).getByRole('checkbox').click();
    await expect(bulkButton(page, 'Cancelar').isEnabled()).resolves.toBe(true);
    await expect(bulkButton(page, 'Cambiar medio de pago').isDisabled()).resolves.toBe(true);
    expect(await tooltipOf(page, 'CHANGE_PAYMENT_METHOD')).toBe(REASONS.changeMethod(pending!.id));

    // Only issued: cancel and change method.
    await rowById(page, pending!.id).getByRole('checkbox').click();
    for (const row of issued) await rowById(page, row.id).getByRole('checkbox').click();
    await expect(bulkButton(page, 'Cancelar').isEnabled()).resolves.toBe(true);
    await expect(bulkButton(page, 'Cambiar medio de pago').isEnabled()).resolves.toBe(true);
    await expect(bulkButton(page, 'Cancelar objeción').isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Deseleccionar' }).click();
    expect(await bulkBar(page).count()).toBe(0);
  });

  it('bulk cancel of 10 where 3 fail: 7 successes, 3 failures with their messages; the list follows; "Reintentar fallidos" sends only those 3', async () => {
    // 'Pendiente', 10 per page: page 1 has 10 of the month's pending payments.
    await openList(page, suite.stack.urls.web, { status: 'pending', page_size: '10' });
    await page.getByRole('button', { name: 'Estado: Pendiente' }).waitFor();
    const ids = await texts(cells(page, 'id'));
    expect(ids).toHaveLength(10);
    const total = Number((await page.getByTestId('result-count').innerText()).replace(/\D/g, ''));
    expect(total, 'the seed has more than 10 pending payments this month').toBeGreaterThan(10);
    const failing = [ids[1]!, ids[4]!, ids[8]!];
    const succeeding = ids.filter((id) => !failing.includes(id));
    await forceFailures(suite.stack, {
      service: 'payment',
      operation: 'cancelar',
      ids: failing,
      status: 409,
      code: 'invalid_status',
      extended_code: 'payment_not_cancellable',
      message: 'El pago 12 no puede cancelarse (estado interno X).',
    });

    await page.getByRole('checkbox', { name: 'Seleccionar todas las filas' }).click();
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('10 pagos seleccionados');
    await expect(page.getByTestId('selection-total').textContent()).resolves.toBe(`de ${total} pagos`);
    for (const label of ['Cancelar']) await expect(bulkButton(page, label).isEnabled()).resolves.toBe(true);
    await expect(bulkButton(page, 'Cambiar medio de pago').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'payments-bulk-bar');

    // 1. Confirmation of the selection, 850 px wide, listing the 10 payments.
    await bulkButton(page, 'Cancelar').click();
    const confirm = page.getByTestId('bulk-confirm-dialog');
    await confirm.getByRole('heading', { name: 'Cancelar pagos' }).waitFor();
    expect((await confirm.locator('.MuiDialog-paper').boundingBox())?.width).toBe(850);
    expect(await texts(confirm.locator('tbody tr td:first-child'))).toEqual(ids);
    await confirm.getByText('10 pagos seleccionados').waitFor();
    await transitionsDone(page); // the dialog's fade-in
    await screenshot(page, 'payments-bulk-confirm');
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Continuar' }).click();

    // 2. The reason, as wide as the confirmation.
    const reasonDialog = page.getByTestId('cancel-reason-dialog');
    await reasonDialog.waitFor();
    expect((await reasonDialog.locator('.MuiDialog-paper').boundingBox())?.width).toBe(850);
    await reasonDialog.getByRole('button', { name: 'Cancelar pagos' }).click();
    await reasonDialog.getByText('Disculpe, debe ingresar el motivo').waitFor();
    await reasonDialog.getByLabel('Ingrese el motivo').fill('Pagos duplicados');
    await clearRecordedRequests(suite.stack);
    const bulkAnswered = gatewayAnswer(page, 'BulkCancelPayments');
    await reasonDialog.getByRole('button', { name: 'Cancelar pagos' }).click();
    await bulkAnswered;

    // 3. Progress: each item's outcome.
    const progress = page.getByTestId('bulk-progress-dialog');
    const summary = progress.getByTestId('bulk-summary');
    await expect
      .poll(() => summary.innerText(), { timeout: 15_000 })
      .toBe('Finalizado: 7 correctos, 3 con error.');
    expect((await progress.locator('.MuiDialog-paper').boundingBox())?.width).toBe(850);
    const items = progress.getByTestId('bulk-item');
    expect(await items.count()).toBe(10);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    const outcome = async () => {
      const rows = await items.evaluateAll((elements) =>
        elements.map((el) => ({
          id: el.getAttribute('data-id')!,
          state: el.getAttribute('data-state')!,
          message: el.querySelector('[data-testid="bulk-item-message"]')?.textContent ?? '',
          code: el.querySelector('[data-code]')?.getAttribute('data-code') ?? null,
        })),
      );
      return rows;
    };
    const first = await outcome();
    expect(first.filter((r) => r.state === 'error').map((r) => r.id)).toEqual(failing);
    expect(first.filter((r) => r.state === 'success').map((r) => r.id)).toEqual(succeeding);
    for (const row of first) {
      expect(row.message).toBe(row.state === 'error' ? FAILURE_MESSAGE : 'Pago cancelado correctamente');
      expect(row.code).toBe(row.state === 'error' ? FAILURE_CODE : null);
    }
    // The upstream's own message never reaches the operator.
    expect(await progress.getByText('estado interno').count()).toBe(0);
    expect(writesOf(await recordedRequests(suite.stack), 'cancelar').sort()).toEqual([...ids].sort());
    await progress.getByRole('button', { name: 'Reintentar fallidos (3)' }).waitFor();
    await screenshot(page, 'payments-bulk-progress');

    // Behind the dialog the list already follows: the 7 cancelled rows left, the total dropped by 7, the 3
    // failed rows stay (still selected).
    await waitForRowIds(page, failing);
    await expect(page.getByTestId('selection-total').textContent()).resolves.toBe(`de ${total - 7} pagos`);
    await expect(page.getByTestId('selection-count').textContent()).resolves.toBe('3 pagos seleccionados');

    // 4. "Reintentar fallidos": only the 3 failed ids are sent again (the switch cleared, they succeed).
    await clearForcedFailures(suite.stack);
    await clearRecordedRequests(suite.stack);
    const retryAnswered = gatewayAnswer(page, 'BulkCancelPayments');
    const reloaded = gatewayAnswer(page, 'PaymentsSearch');
    await progress.getByRole('button', { name: 'Reintentar fallidos (3)' }).click();
    const retryRequest = (await retryAnswered).request();
    expect(
      (JSON.parse(retryRequest.postData() ?? '{}') as { variables: { ids: string[] } }).variables.ids,
    ).toEqual(failing);
    await expect
      .poll(() => summary.innerText(), { timeout: 15_000 })
      .toBe('Finalizado: 10 correctos, 0 con error.');
    const requests = await recordedRequests(suite.stack);
    expect(writesOf(requests, 'cancelar').sort()).toEqual([...failing].sort());
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(3);
    expect((await outcome()).every((r) => r.state === 'success')).toBe(true);
    expect(await progress.getByRole('button', { name: /Reintentar fallidos/ }).count()).toBe(0);

    // The page became empty: it reloads, and the rest of the pending payments move up to page 1.
    await reloaded;
    await settled(page);
    await progress.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await progress.waitFor({ state: 'detached' });
    await expect(page.getByTestId('result-count').textContent()).resolves.toBe(`${total - 10} pagos`);
    const after = await statusOfRows(page);
    expect(after).toHaveLength(Math.min(total - 10, 10));
    expect(after.every((r) => r.status === 'Pendiente')).toBe(true);
    expect(after.some((r) => ids.includes(r.id))).toBe(false);
    // The list state kept in session storage is the one shown.
    const stored = await page.evaluate(() => sessionStorage.getItem('payments.list'));
    expect(new URLSearchParams(JSON.parse(stored ?? '""') as string).get('status')).toBe('pending');

    // The cancelled payments are rejected upstream.
    for (const id of ids.slice(0, 3)) {
      const res = await fetch(`${suite.stack.urls.stubs}/payment/pagos/${id}`);
      expect(((await res.json()) as { status: string }).status).toBe('rejected');
    }
  });

  it('cancels one payment from the ACCIONES menu: the row leaves the filtered list and the total drops', async () => {
    await openList(page, suite.stack.urls.web, { status: 'pending', page_size: '10' });
    const before = await texts(cells(page, 'id'));
    const total = Number((await page.getByTestId('result-count').innerText()).replace(/\D/g, ''));
    expect(before.length).toBeGreaterThan(1);
    const id = before[0]!;

    await page.getByRole('button', { name: `Acciones del pago ${id}` }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Cancelar', exact: true }).isEnabled()).toBe(true);
    // A pending payment: change method is offered disabled, with the gateway's reason.
    const change = menu.getByRole('menuitem', { name: /Cambiar medio de pago/ });
    await expect(change.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(change.innerText()).resolves.toContain(
      'Solo se puede cambiar el medio de pago de pagos emitidos.',
    );
    await screenshot(page, 'payments-row-actions-menu');
    await menu.getByRole('menuitem', { name: 'Cancelar', exact: true }).click();

    const dialog = page.getByTestId('cancel-reason-dialog');
    await dialog.getByRole('heading', { name: 'Cancelar pago' }).waitFor();
    await dialog.getByText(`Se cancelará el pago ${id}.`, { exact: false }).waitFor();
    await dialog.getByLabel('Ingrese el motivo').fill('Solicitud del pagador');
    await clearRecordedRequests(suite.stack);
    await dialog.getByRole('button', { name: 'Cancelar pago' }).click();
    await page.getByText('Pago cancelado correctamente').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await waitForRowIds(page, before.slice(1));
    await expect(page.getByTestId('result-count').textContent()).resolves.toBe(
      total - 1 === 1 ? '1 pago' : `${total - 1} pagos`,
    );
    expect(writesOf(await recordedRequests(suite.stack), 'cancelar')).toEqual([id]);
  });

  it('without a status filter a cancelled row stays, with its new status in place and the same total', async () => {
    await openList(page, suite.stack.urls.web, { page_size: '25' });
    const rows = await statusOfRows(page);
    const issued = rows.find((r) => r.status === 'Emitido');
    expect(issued).toBeDefined();
    const total = await page.getByTestId('result-count').innerText();

    await page.getByRole('button', { name: `Acciones del pago ${issued!.id}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Cancelar', exact: true }).click();
    const dialog = page.getByTestId('cancel-reason-dialog');
    await dialog.getByLabel('Ingrese el motivo').fill('Baja del servicio');
    await dialog.getByRole('button', { name: 'Cancelar pago' }).click();
    await page.getByText('Pago cancelado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await expect
      .poll(() => rowById(page, issued!.id).locator('[data-field="status"]').innerText())
      .toBe('Rechazado');
    expect(await texts(cells(page, 'id'))).toEqual(rows.map((r) => r.id));
    await expect(page.getByTestId('result-count').innerText()).resolves.toBe(total);
    // Its menu now follows the new actions: nothing left to cancel.
    await page.getByRole('button', { name: `Acciones del pago ${issued!.id}` }).click();
    await expect(
      page
        .getByRole('menu')
        .getByRole('menuitem', { name: /^Cancelar/ })
        .first()
        .getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await page.keyboard.press('Escape');
    expect(operador.session.problems).toEqual([]);
  });
  it('bulk change of payment method: the payments stay in the Emitido list, their new card in place', async () => {
    await openList(page, suite.stack.urls.web, { status: 'issued', page_size: '10' });
    const before = await texts(cells(page, 'id'));
    const total = await page.getByTestId('result-count').innerText();
    const chosen = before.slice(0, 2);
    for (const id of chosen) await rowById(page, id).getByRole('checkbox').click();
    await expect(bulkButton(page, 'Cambiar medio de pago').isEnabled()).resolves.toBe(true);
    await bulkButton(page, 'Cambiar medio de pago').click();

    const confirm = page.getByTestId('bulk-confirm-dialog');
    // The flow dialogs may still be downloading after the click (lazyFlowDialogs): wait for the rows.
    await expect.poll(() => texts(confirm.locator('tbody tr td:first-child'))).toEqual(chosen);
    await confirm.getByRole('button', { name: 'Continuar' }).click();

    const d = page.getByTestId('change-payment-method-dialog');
    await d.getByText('los 2 pagos seleccionados', { exact: false }).waitFor();
    expect((await d.locator('.MuiDialog-paper').boundingBox())?.width).toBe(850);
    const submit = d.getByRole('button', { name: 'Guardar' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await d.getByLabel('Número de tarjeta').fill('4507990000004905');
    await d.getByLabel('Vencimiento (MM/AAAA)').fill(`12${new Date().getFullYear() + 2}`);
    await d.getByLabel('Nombre del titular').fill('Juan Pérez');
    await d.getByLabel('DNI del titular').fill('30123456');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await clearRecordedRequests(suite.stack);
    await submit.click();

    const progress = page.getByTestId('bulk-progress-dialog');
    await expect
      .poll(() => progress.getByTestId('bulk-summary').innerText(), { timeout: 15_000 })
      .toBe('Finalizado: 2 correctos, 0 con error.');
    await expect(progress.getByTestId('bulk-item-message').allInnerTexts()).resolves.toEqual([
      'Medio de pago actualizado correctamente',
      'Medio de pago actualizado correctamente',
    ]);
    expect(writesOf(await recordedRequests(suite.stack), 'medio-de-pago').sort()).toEqual([...chosen].sort());
    await progress.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await progress.waitFor({ state: 'detached' });

    // Still issued: nothing leaves, the total stays, the method column shows the new card.
    expect(await texts(cells(page, 'id'))).toEqual(before);
    await expect(page.getByTestId('result-count').innerText()).resolves.toBe(total);
    for (const id of chosen) {
      await expect(rowById(page, id).locator('[data-field="paymentMethods"]').innerText()).resolves.toContain(
        '4905',
      );
    }
  });

  it('bulk cancel objection of every objected payment: the emptied list reloads to its empty state', async () => {
    await openList(page, suite.stack.urls.web, { status: 'objected', page_size: '25' });
    const ids = await texts(cells(page, 'id'));
    expect(ids.length).toBeGreaterThan(1);
    await page.getByRole('checkbox', { name: 'Seleccionar todas las filas' }).click();
    await expect(bulkButton(page, 'Cancelar').isDisabled()).resolves.toBe(true);
    await bulkButton(page, 'Cancelar objeción').click();
    await page.getByTestId('bulk-confirm-dialog').getByRole('button', { name: 'Continuar' }).click();
    const d = page.getByTestId('cancel-reason-dialog');
    await d.getByRole('heading', { name: 'Cancelar objeción' }).waitFor();
    await d.getByLabel('Ingrese el motivo').fill('Objeción resuelta con el banco');
    const reloaded = gatewayAnswer(page, 'PaymentsSearch');
    await d.getByRole('button', { name: 'Cancelar objeción' }).click();

    const progress = page.getByTestId('bulk-progress-dialog');
    await expect
      .poll(() => progress.getByTestId('bulk-summary').innerText(), { timeout: 15_000 })
      .toBe(`Finalizado: ${ids.length} correctos, 0 con error.`);
    await reloaded;
    await progress.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await page.getByText('No se encontraron pagos').waitFor();
    await expect(page.getByTestId('result-count').innerText()).resolves.toBe('0 pagos');
    for (const id of ids.slice(0, 2)) {
      const res = await fetch(`${suite.stack.urls.stubs}/payment/pagos/${id}`);
      expect(((await res.json()) as { status: string }).status).toBe('approved');
    }
    expect(operador.session.problems).toEqual([]);
  });

  it('a payment cancelled elsewhere after it was selected fails alone, naming it; the other is cancelled', async () => {
    await openList(page, suite.stack.urls.web, { status: 'issued', page_size: '10' });
    const [kept, gone] = await texts(cells(page, 'id'));
    expect(kept && gone).toBeTruthy();
    for (const id of [kept!, gone!]) await rowById(page, id).getByRole('checkbox').click();
    await expect(bulkButton(page, 'Cancelar').isEnabled()).resolves.toBe(true);

    // Another operator cancels one of them directly in the payment service while it is selected here.
    const direct = await fetch(`${suite.stack.urls.stubs}/payment/pagos/${gone}/cancelar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Cancelado por otro operador' }),
    });
    expect(direct.ok).toBe(true);

    await bulkButton(page, 'Cancelar').click();
    await page.getByTestId('bulk-confirm-dialog').getByRole('button', { name: 'Continuar' }).click();
    const reasonDialog = page.getByTestId('cancel-reason-dialog');
    await reasonDialog.getByLabel('Ingrese el motivo').fill('Cierre de período');
    await clearRecordedRequests(suite.stack);
    await reasonDialog.getByRole('button', { name: 'Cancelar pagos' }).click();

    const progress = page.getByTestId('bulk-progress-dialog');
    const summary = progress.getByTestId('bulk-summary');
    await expect
      .poll(() => summary.innerText(), { timeout: 15_000 })
      .toBe('Finalizado: 1 correcto, 1 con error.');
    const items = () =>
      progress.getByTestId('bulk-item').evaluateAll((elements) =>
        elements.map((el) => ({
          id: el.getAttribute('data-id'),
          state: el.getAttribute('data-state'),
          message: el.querySelector('[data-testid="bulk-item-message"]')?.textContent ?? '',
        })),
      );
    expect(await items()).toEqual([
      { id: kept, state: 'success', message: 'Pago cancelado correctamente' },
      { id: gone, state: 'error', message: REASONS.cancel(gone!) },
    ]);
    // Only the eligible payment was written.
    expect(writesOf(await recordedRequests(suite.stack), 'cancelar')).toEqual([kept]);

    // "Reintentar fallidos" sends the refused one again: still refused with its own reason, still not written.
    await clearRecordedRequests(suite.stack);
    const retried = gatewayAnswer(page, 'BulkCancelPayments');
    await progress.getByRole('button', { name: 'Reintentar fallidos (1)' }).click();
    await retried;
    await expect
      .poll(async () => (await items()).find((r) => r.id === gone), { timeout: 15_000 })
      .toEqual({ id: gone, state: 'error', message: REASONS.cancel(gone!) });
    expect((await recordedRequests(suite.stack)).filter((r) => r.method !== 'GET')).toEqual([]);
    await progress.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await progress.waitFor({ state: 'detached' });
    expect(operador.session.problems).toEqual([]);
  });
});

describe('Buscar Pagos: bulk and row actions as consulta', () => {
  it('offers no row action menu, no selection and no bulk bar it could never use', async () => {
    await suite.withSignedIn('consulta', '/pagos', async (session) => {
      const page = session.page;
      await settled(page);
      expect(await dataRows(page).count()).toBeGreaterThan(0);
      expect(
        await grid(page)
          .getByRole('button', { name: /^Acciones del pago/ })
          .count(),
      ).toBe(0);
      expect(
        await grid(page)
          .getByRole('link', { name: /^Ver detalle del pago/ })
          .count(),
      ).toBeGreaterThan(0);

      // Nothing to select: no checkbox, no bulk bar, as the detail hides what the role cannot use.
      expect(await grid(page).getByRole('checkbox').count()).toBe(0);
      expect(await page.getByTestId('bulk-actions').count()).toBe(0);
      for (const label of ['Cancelar', 'Cambiar medio de pago', 'Cancelar objeción']) {
        expect(await page.getByRole('button', { name: label, exact: true }).count(), label).toBe(0);
      }
      expect(session.problems).toEqual([]);
    });
  });
});
