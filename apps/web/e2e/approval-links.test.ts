import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { holdCancel, makerOnPayment } from './support/approvals';
import { screenshot, transitionsDone } from './support/browser';
import { clearUpstreamRequests } from './support/stack';
import { openSearch, searchDialog, searchField } from './support/search';
import { stubWrites, writeLine } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * Four eyes on money, from the record and the palette: 'operador' cancels a pending payment (1000005) that a policy
 * holds (a gateway of this file's own whose APPROVAL_POLICIES holds every cancelPayment); its detail then says
 * 'Pendiente de aprobación' with a link to the request. 'supervisor' opens the request through that link (its
 * address survives a reload), links back to the record, finds it with Ctrl+K ('Rechazar', then 'Aprobar'); with
 * 'admin' on the same request, each sees the other. The stubs receive the cancel once, after the approval; the maker's
 * detail drops its notice without a reload. axe on the notice, the request, the palette.
 */

const PAYMENT = '1000005';
const suite = useBrowserStack(makerOnPayment(PAYMENT));
let page: Page;
let requestId = '';

beforeAll(async () => {
  page = suite.page;
  await page.setViewportSize({ width: 1280, height: 800 });
});

const noSeriousViolations = async (on: Page, selector?: string) =>
  expect(JSON.stringify(await seriousA11yViolations(on, selector))).toBe('[]');

/** The request's detail dialog, once it shows the request. */
async function requestDialog(on: Page) {
  const detail = on.getByTestId('approval-detail-dialog');
  await detail.getByRole('heading', { name: `Solicitud N.º ${requestId}` }).waitFor();
  return detail;
}

describe("a request held for approval, from its record's detail and from the palette", () => {
  it("the maker's held cancel shows on the payment's detail as pending, with the request's link", async () => {
    await clearUpstreamRequests(suite.stack);
    const held = await holdCancel(page);
    requestId = held.requestId;
    const dialog = held.dialog;
    expect(requestId).toMatch(/^\d+$/);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Read again on the live change of area 'approvals' (no reload).
    const notice = page.getByTestId('pending-approval');
    await notice.getByText('Pendiente de aprobación').waitFor();
    const line = notice.getByTestId('pending-approval-request');
    await expect(line.innerText()).resolves.toMatch(
      /Cancelar pago[\s\S]*Pidió: operador[\s\S]*Vence: \d\d\/\d\d\/\d{4}/,
    );
    const link = line.getByRole('link', { name: `Ver solicitud N.º ${requestId}` });
    expect(await link.getAttribute('href')).toBe(`/aprobaciones?solicitud=${requestId}`);
    await noSeriousViolations(page, '[data-testid="pending-approval"]');
    await transitionsDone(page);
    await screenshot(page, 'approval-pending-on-payment');
    expect(await stubWrites(suite.stack, 'payment')).toEqual([]);
  });

  it('the approver opens it through the link; its address survives a reload and links back to the record', async () => {
    await suite.withSignedIn('supervisor', `/pago/${PAYMENT}`, async ({ page: approver }) => {
      await approver.setViewportSize({ width: 1280, height: 800 });
      await approver
        .getByTestId('pending-approval')
        .getByRole('link', { name: `Ver solicitud N.º ${requestId}` })
        .click();
      let detail = await requestDialog(approver);
      expect(new URL(approver.url()).searchParams.get('solicitud')).toBe(requestId);
      await approver.reload();
      detail = await requestDialog(approver);
      const records = detail.getByTestId('approval-records');
      expect(
        await records.getByRole('link', { name: `Ver el registro ${PAYMENT}` }).getAttribute('href'),
      ).toBe(`/pago/${PAYMENT}`);
      // Closed: the list's address without the request.
      await detail.getByRole('button', { name: 'Cerrar' }).last().click();
      await detail.waitFor({ state: 'detached' });
      expect(new URL(approver.url()).searchParams.get('solicitud')).toBeNull();
      // Back opens it again; its record's link leads to the payment, the request left behind.
      await approver.goBack();
      detail = await requestDialog(approver);
      await detail.getByRole('link', { name: `Ver el registro ${PAYMENT}` }).click();
      await approver.getByTestId('payment-detail').waitFor();
      expect(new URL(approver.url()).pathname).toBe(`/pago/${PAYMENT}`);
      // 'Aprobaciones' stays mounted, hidden (a kept list): its dialog with it, out of sight and of the page's roles.
      await expect(approver.getByTestId('approval-detail-dialog').isVisible()).resolves.toBe(false);
      await approver.getByRole('heading', { name: 'Detalle del Pago' }).waitFor();
      await expect(approver.getByRole('dialog').count()).resolves.toBe(0);
    });
  });

  it('two approvers on the same request see each other', async () => {
    const path = `/aprobaciones?solicitud=${requestId}`;
    await suite.withSignedIn('supervisor', path, async ({ page: supervisor }) => {
      await suite.withSignedIn('admin', path, async ({ page: admin }) => {
        const onAdmin = await requestDialog(admin);
        const onSupervisor = await requestDialog(supervisor);
        await expect
          .poll(() => onSupervisor.getByTestId('record-presence').innerText(), { timeout: 20_000 })
          .toBe('También está viendo: admin');
        await expect
          .poll(() => onAdmin.getByTestId('record-presence').innerText(), { timeout: 20_000 })
          .toBe('También está viendo: supervisor');
        await noSeriousViolations(supervisor, '[role="dialog"]');
      });
    });
  });

  it("Ctrl+K offers 'Aprobar' and 'Rechazar' for the request's number: each opens it on that decision", async () => {
    await suite.withSignedIn('supervisor', '/home', async ({ page: approver }) => {
      await approver.setViewportSize({ width: 1280, height: 800 });
      await approver.getByRole('heading', { level: 1 }).waitFor();
      const offer = async () => {
        await openSearch(approver);
        await searchField(approver).fill(requestId);
        const group = searchDialog(approver).getByTestId('search-approval-actions');
        await group
          .getByRole('option', { name: new RegExp(`^Aprobar solicitud N\\.º ${requestId}`) })
          .waitFor();
        return group;
      };
      let group = await offer();
      await noSeriousViolations(approver, '[role="dialog"]');
      await transitionsDone(approver);
      await screenshot(approver, 'palette-approval-offer');

      await group.getByRole('option', { name: new RegExp(`^Rechazar solicitud N\\.º ${requestId}`) }).click();
      const reject = approver.getByTestId('approval-reject-dialog');
      await reject.getByRole('heading', { name: `Rechazar solicitud N.º ${requestId}` }).waitFor();
      expect(new URL(approver.url()).searchParams.get('accion')).toBeNull();
      await reject.getByRole('button', { name: 'Cancelar' }).click();
      const detail = await requestDialog(approver);
      await detail.getByRole('button', { name: 'Cerrar' }).last().click();
      await detail.waitFor({ state: 'detached' });

      group = await offer();
      await group.getByRole('option', { name: new RegExp(`^Aprobar solicitud N\\.º ${requestId}`) }).click();
      const approve = (await requestDialog(approver)).getByRole('button', { name: 'Aprobar' });
      await expect.poll(() => approve.evaluate((button) => button === document.activeElement)).toBe(true);
      await approver.keyboard.press('Enter');
      await approver.getByTestId('approval-detail-dialog').waitFor({ state: 'detached' });
    });
    expect((await stubWrites(suite.stack, 'payment')).map(writeLine)).toEqual([
      `POST /payment/pagos/${PAYMENT}/cancelar`,
    ]);
    // The maker's detail, open all along: the notice goes with the live change.
    await page.getByTestId('pending-approval').waitFor({ state: 'detached', timeout: 20_000 });
  });
});
