import type { ActionDialogTexts } from '../../actions/action-registry';

/** The dialog texts of a payment cancel, shared by the flow dialogs' tests. */
export const CANCEL_PAYMENT_TEXTS: ActionDialogTexts = {
  title: 'Cancelar pago',
  submit: 'Cancelar pago',
  bulkTitle: 'Cancelar pagos',
  bulkSubmit: 'Cancelar pagos',
  description: (id: string) => `Se cancelará el pago ${id}.`,
  bulkConfirm: 'Se cancelarán los siguientes pagos:',
  bulkDescription: (count: number) => `Se cancelarán ${count} pagos.`,
  success: 'Pago cancelado correctamente',
} as ActionDialogTexts;
