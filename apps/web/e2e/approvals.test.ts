import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { holdCancel, makerOnPayment } from './support/approvals';
import { screenshot, TAKE_SCREENSHOTS, transitionsDone } from './support/browser';
import { gridRow, gridSettled } from './support/grid';
import { clearUpstreamRequests } from './support/stack';
import { stubWrites, writeLine } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * Four eyes on money in the browser: a gateway of this file's own whose APPROVAL_POLICIES holds every cancelPayment.
 * 'operador' cancels a pending payment (1000005) from its detail: the dialog ends 'Pendiente de aprobación' with the
 * request's number and nothing is sent; 'supervisor', in another browser profile, finds it in 'Aprobaciones', opens
 * it and approves it: the stubs receive the cancel once. Meanwhile the badge of supervisor's 'Aprobaciones' menu item
 * counts the request as it arrives and goes when it is approved, pushed by the live updates (no reload). axe-core on
 * the queue, both dialogs and the menu with its badge.
 */

const PAYMENT = '1000005';
const QUEUE = 'Solicitudes de aprobación';
const suite = useBrowserStack(makerOnPayment(PAYMENT));
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** A picture at 1280×800 once the dialogs' transitions are over (E2E_SCREENSHOTS=1 only). */
async function shot(on: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await transitionsDone(on);
  await screenshot(on, name);
}

/** The queue's columns at 1280×800, menu open: every one shown whole, nothing to scroll sideways. */
async function queueLayout(on: Page) {
  return on.getByRole('grid', { name: QUEUE }).evaluate((grid) => {
    const scroller = grid.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller') ?? grid;
    const titles = [...grid.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeaderTitle')];
    return {
      overflow: scroller.scrollWidth - scroller.clientWidth > 1,
      headers: titles.map((t) => t.textContent),
      cut: titles.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent),
    };
  });
}

const noSeriousViolations = async (on: Page, selector?: string) =>
  expect(JSON.stringify(await seriousA11yViolations(on, selector))).toBe('[]');

/** The 'Aprobaciones' menu item and its badge's count: how many requests the operator may decide now (0: hidden). */
const approvalsItem = (on: Page) => on.locator('[data-menu-group="approvals"]');
const badgeCounts = (on: Page, count: number) =>
  count === 0
    ? approvalsItem(on).getByTestId('approvals-badge').waitFor({ state: 'detached', timeout: 15_000 })
    : approvalsItem(on)
        .locator(`[data-testid="approvals-badge"][data-count="${count}"]`)
        .waitFor({ timeout: 15_000 });

describe('a cancel held for approval', () => {
  let requestId = '';
  let approverLive: Promise<unknown> | undefined;
  // The approver is signed in before the request exists, his live stream open: the badge hears of it, no reload.
  const approverProfile = suite.profile('supervisor', '/home', {
    prepare: ({ page: on }) => {
      approverLive = on.waitForResponse((response) => new URL(response.url()).pathname === '/live', {
        timeout: 60_000,
      });
    },
    ready: async (on) => {
      await on.setViewportSize({ width: 1280, height: 800 });
      await approverLive;
      await badgeCounts(on, 0);
    },
  });

  it("the maker's dialog ends 'Pendiente de aprobación' with the request's number; nothing is sent", async () => {
    await clearUpstreamRequests(suite.stack);
    const { dialog, text, ...held } = await holdCancel(page);
    expect(text).toContain('otro operador con el mismo permiso debe aprobarla');
    requestId = held.requestId;
    expect(requestId).toMatch(/^\d+$/);
    // The dialog's work is over: only 'Cerrar', the action not offered again.
    await expect(dialog.getByRole('button', { name: 'Cancelar pago' }).count()).resolves.toBe(0);
    await noSeriousViolations(page, '[role="dialog"]');
    await shot(page, 'approvals-maker-pending');
    expect(await stubWrites(suite.stack, 'payment')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("the approver's 'Aprobaciones' menu item counts it as it arrives, without a reload", async () => {
    const on = approverProfile.page;
    await badgeCounts(on, 1);
    // On the icon, its digits out of the name, which says them in words.
    const badge = approvalsItem(on).getByTestId('approvals-badge');
    await expect(badge.textContent()).resolves.toBe('1');
    await expect(badge.getAttribute('aria-hidden')).resolves.toBe('true');
    await on.getByRole('link', { name: 'Aprobaciones, 1 pendiente', exact: true }).waitFor();
    await noSeriousViolations(on, '[data-testid="side-menu"]');
    await approvalsItem(on).scrollIntoViewIfNeeded();
    await shot(on, 'approvals-menu-badge');
  });

  it("another operator with the permission approves it in 'Aprobaciones': the cancel is sent once", async () => {
    const approver = approverProfile.page;
    // Opened from the menu, as the operator would: the same document, its badge still on.
    await approver.getByRole('link', { name: 'Aprobaciones, 1 pendiente', exact: true }).click();
    await gridSettled(approver, QUEUE);
    const row = gridRow(approver, QUEUE, requestId);
    await row.getByText('Cancelar pago').waitFor();
    await row.getByText('Pendiente', { exact: true }).waitFor();
    await row.getByText('operador', { exact: true }).waitFor();
    await row.getByText(PAYMENT).waitFor();
    expect(await queueLayout(approver)).toEqual({
      overflow: false,
      headers: ['N.º', 'ACCIÓN', 'REGISTRO', 'IMPORTE', 'PIDIÓ', 'ANTIGÜEDAD', 'VENCE', 'ESTADO', 'ACCIONES'],
      cut: [],
    });
    await noSeriousViolations(approver);
    await shot(approver, 'approvals-queue');

    await row.getByRole('button', { name: `Ver solicitud ${requestId}` }).click();
    const detail = approver.getByTestId('approval-detail-dialog');
    await detail.getByRole('heading', { name: `Solicitud N.º ${requestId}` }).waitFor();
    const sent = detail.getByRole('table', { name: 'Qué se enviará' });
    await sent.getByRole('row', { name: `Registro ${PAYMENT}` }).waitFor();
    await sent.getByRole('row', { name: 'Motivo Pedido del pagador' }).waitFor();
    await noSeriousViolations(approver, '[role="dialog"]');
    await shot(approver, 'approvals-detail');

    await detail.getByRole('button', { name: 'Aprobar' }).click();
    await detail.waitFor({ state: 'detached' });
    // The list read again: the request left 'Pendiente'.
    await gridRow(approver, QUEUE, requestId).waitFor({ state: 'detached' });
    // Decided: nothing left for him to decide, the badge goes and the item's name is its own again.
    await badgeCounts(approver, 0);
    await approver.getByRole('link', { name: 'Aprobaciones', exact: true }).waitFor();
    expect((await stubWrites(suite.stack, 'payment')).map(writeLine)).toEqual([
      `POST /payment/pagos/${PAYMENT}/cancelar`,
    ]);
  });

  it("the maker opens its request by number: approved and sent, without 'Aprobar' (it would be SELF_APPROVAL)", async () => {
    await page.goto(`${suite.stack.urls.web}/aprobaciones?estado=todos`);
    await gridSettled(page, QUEUE);
    await gridRow(page, QUEUE, requestId).getByText('Aprobada', { exact: true }).waitFor();
    // Opened by the number its dialog said: '/' focuses 'N.º de solicitud', the list's search field.
    await page.locator('main h1').first().click();
    await page.keyboard.press('/');
    const number = page.getByRole('textbox', { name: 'N.º de solicitud' });
    await expect.poll(() => number.evaluate((field) => field === document.activeElement)).toBe(true);
    await number.fill(requestId);
    await number.press('Enter');
    const detail = page.getByTestId('approval-detail-dialog');
    await detail.getByText('Enviada correctamente').waitFor();
    await expect(detail.getByRole('button', { name: 'Aprobar' }).count()).resolves.toBe(0);
    await detail.getByRole('button', { name: 'Cerrar' }).last().click();
    await detail.waitFor({ state: 'detached' });
  });
});
