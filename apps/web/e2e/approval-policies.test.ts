import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { gridRow, gridSettled } from './support/grid';
import { asOperator } from './support/operator-gateway';
import { stubWrites } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * Approval policies admins add in the app, in the browser: a stack of this file's own whose realm has a second admin
 * ('admin2', support/fixtures). 'admin' adds a rule in 'Aprobaciones' › 'Políticas' (every cancel held): the form ends
 * 'Pendiente de aprobación de otro administrador' with the request's number, and nothing is in force yet; 'admin2', in
 * another browser profile, opens the request in the queue (the change said in words) and approves it; the rule shows
 * in force in both, with who proposed and who approved it, as the gateway answers it. axe on the section and dialogs.
 */

const QUEUE = 'Solicitudes de aprobación';
const RULES = 'Reglas de aprobación en vigor';
const SECOND_ADMIN = fileURLToPath(
  new URL('./support/fixtures/second-admin.partial-import.json', import.meta.url),
);

const suite = useBrowserStack({
  role: 'admin',
  path: '/aprobaciones',
  ownStack: { realmAdditions: [SECOND_ADMIN] },
});
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.setViewportSize({ width: 1280, height: 800 });
});

const noSeriousViolations = async (on: Page, selector?: string) =>
  expect(JSON.stringify(await seriousA11yViolations(on, selector))).toBe('[]');

interface Policy {
  source: string;
  action: string;
  proposedBy: string | null;
  approvedBy: string | null;
}

/** The rules the gateway answers to the signed-in admin: what the store holds. */
const policiesInStore = async () =>
  (
    await asOperator<{ approvalPolicies: Policy[] }>(
      suite.stack,
      suite.session,
      '{ approvalPolicies { source action proposedBy approvedBy } }',
    )
  ).approvalPolicies;

describe("an admin's rule, approved by another admin", () => {
  let requestId = '';

  it("'Agregar regla' proposes it: 'Pendiente de aprobación de otro administrador' with the request's number", async () => {
    const rules = page.getByRole('region', { name: 'Políticas' });
    await rules.getByText('No hay reglas de aprobación en vigor.').waitFor();
    await rules.getByRole('button', { name: 'Agregar regla' }).click();
    const dialog = page.getByTestId('policy-form-dialog');
    await dialog.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Cancelar pago', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Importe mínimo' }).fill('1.000');
    await dialog.getByRole('button', { name: 'Proponer regla' }).click();
    const feedback = dialog.getByTestId('dialog-feedback');
    await feedback.getByText('Pendiente de aprobación de otro administrador').waitFor();
    requestId = /Solicitud N\.º (\d+)/.exec((await feedback.textContent()) ?? '')?.[1] ?? '';
    expect(requestId).toMatch(/^\d+$/);
    await noSeriousViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing in force until another admin approves it.
    expect(await policiesInStore()).toEqual([]);
    // Its own request waits in the queue, not decidable by its proposer.
    await gridSettled(page, QUEUE);
    await gridRow(page, QUEUE, requestId).getByText('Agregar regla de aprobación').waitFor();
  });

  it('another admin approves it in the queue; the rule is in force, with who proposed and approved it', async () => {
    await suite.withSignedIn('admin2', '/aprobaciones', async ({ page: approver }) => {
      await approver.setViewportSize({ width: 1280, height: 800 });
      await gridSettled(approver, QUEUE);
      await gridRow(approver, QUEUE, requestId)
        .getByRole('button', { name: `Ver solicitud ${requestId}` })
        .click();
      const detail = approver.getByTestId('approval-detail-dialog');
      await detail
        .getByTestId('policy-change')
        .getByText('Agregar la regla de aprobación: Cancelar pago desde $ 1.000,00, 1 aprobación', {
          exact: false,
        })
        .waitFor();
      await noSeriousViolations(approver, '[role="dialog"]');
      await detail.getByRole('button', { name: 'Aprobar' }).click();
      await detail.waitFor({ state: 'detached' });
      const rules = approver.getByRole('table', { name: RULES });
      await rules
        .getByRole('row', { name: /Cancelar pago .*Agregada por admin, aprobada por admin2/ })
        .waitFor();
      await noSeriousViolations(approver);
    });
    expect(await policiesInStore()).toEqual([
      { source: 'APP', action: 'cancelPayment', proposedBy: 'admin', approvedBy: 'admin2' },
    ]);
    // The proposer's screen hears the change and shows the rule in force, with 'Quitar'.
    const row = page
      .getByRole('table', { name: RULES })
      .getByRole('row', { name: /Cancelar pago .*aprobada por admin2/ });
    await row.waitFor();
    await row.getByRole('button', { name: /^Quitar/ }).waitFor();
    await noSeriousViolations(page);
    // A change of the rules moves no money: the services received nothing.
    expect(await stubWrites(suite.stack, 'payment')).toEqual([]);
  });
});
