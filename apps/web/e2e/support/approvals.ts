import type { Locator, Page } from 'playwright-core';

/** Four eyes on money in the browser: the APPROVAL_POLICIES of a stack whose gateway holds every cancelPayment. */
export const HOLD_EVERY_CANCEL = { APPROVAL_POLICIES: JSON.stringify([{ action: 'cancelPayment' }]) };

/** A file's browser stack (`useBrowserStack`): a gateway of its own holding every cancel, 'operador' on `payment`. */
export const makerOnPayment = (payment: string) => ({
  role: 'operador',
  path: `/pago/${payment}`,
  ownStack: { gatewayEnv: HOLD_EVERY_CANCEL },
});

export interface HeldCancel {
  /** The maker's cancel dialog, still open on its last answer. */
  dialog: Locator;
  /** Its answer: 'Pendiente de aprobación', the request's number, who may approve. */
  text: string;
  /** The request's number ('Solicitud N.º 42'), '' when the answer named none. */
  requestId: string;
}

/**
 * The maker cancels the payment its page shows (its detail) with `reason`, and a policy holds the cancel: the dialog
 * ends 'Pendiente de aprobación' with the request's number.
 */
export async function holdCancel(page: Page, reason = 'Pedido del pagador'): Promise<HeldCancel> {
  await page.getByTestId('payment-detail').waitFor();
  await page.locator('[data-action="CANCEL"]').click();
  const dialog = page.getByTestId('cancel-reason-dialog');
  await dialog.getByLabel('Ingrese el motivo').fill(reason);
  await dialog.getByRole('button', { name: 'Cancelar pago' }).click();
  const feedback = dialog.getByTestId('dialog-feedback');
  await feedback.getByText('Pendiente de aprobación').waitFor();
  const text = (await feedback.textContent()) ?? '';
  return { dialog, text, requestId: /Solicitud N\.º (\d+)/.exec(text)?.[1] ?? '' };
}
