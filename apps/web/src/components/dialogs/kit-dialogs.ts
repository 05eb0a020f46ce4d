import type { ChangePaymentMethodDialogProps } from './change-payment-method-dialog';
import type { ConfirmDialogProps } from './confirm-dialog';
import type { MovementConfirmDialogProps } from './movement-confirm-dialog';
import type { ReasonDialogProps } from './reason-dialog';
import { lazyDialog } from './lazy-flow-dialogs';

/**
 * The kit's dialogs with forms (formik and the validators, about 27 KiB of gzip) come with their first opening: a
 * screen whose table does not open them (the withdrawals' rows) does not download them, and one that does is not
 * slowed by them before its record shows. A row's actions menu asks for them as it opens (`preloadKitDialogs`),
 * so the dialog an operator chooses there is in by the time the menu has closed.
 */
export const ChangePaymentMethodDialog = lazyDialog<ChangePaymentMethodDialogProps>(() =>
  import('./change-payment-method-dialog').then((module) => module.ChangePaymentMethodDialog),
);
/** With the amount reader of the validators. */
export const MovementConfirmDialog = lazyDialog<MovementConfirmDialogProps>(() =>
  import('./movement-confirm-dialog').then((module) => module.MovementConfirmDialog),
);
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import('./confirm-dialog').then((module) => module.ConfirmDialog),
);
export const ReasonDialog = lazyDialog<ReasonDialogProps>(() =>
  import('./reason-dialog').then((module) => module.ReasonDialog),
);

/** Asks for every kit dialog's chunk now (each once; a failed download is tried again by the next asker). */
export function preloadKitDialogs(): void {
  for (const dialog of [ReasonDialog, ConfirmDialog, MovementConfirmDialog, ChangePaymentMethodDialog]) {
    void dialog.preload();
  }
}
