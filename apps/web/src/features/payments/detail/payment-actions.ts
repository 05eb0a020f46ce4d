import type { PaymentActionKind } from '../gql/graphql';

/** An action of the payment as the gateway computes it (spec 000 §4, "actions as data"). */
export interface PaymentActionData {
  kind: PaymentActionKind;
  enabled: boolean;
  /** False when the user lacks the permission: no button at all (one it could never use). */
  permitted: boolean;
  reason?: string | null;
}

export type ActionPlacement = 'operation' | 'notification' | 'header' | 'methods';

export interface ActionMeta {
  label: string;
  placement: ActionPlacement;
  order: number;
}

/** Label and place of each action: operations and notifications in the toolbar, tools in the header. */
export const ACTION_META: Record<PaymentActionKind, ActionMeta> = {
  CANCEL: { label: 'Cancelar', placement: 'operation', order: 1 },
  CHANGE_PAYMENT_METHOD: { label: 'Cambiar medio de pago', placement: 'operation', order: 2 },
  RETRY: { label: 'Reintentar', placement: 'operation', order: 3 },
  REFUND: { label: 'Devolver', placement: 'operation', order: 4 },
  PARTIAL_REFUND: { label: 'Devolución parcial', placement: 'operation', order: 5 },
  REVERSE: { label: 'Revertir', placement: 'operation', order: 6 },
  CANCEL_OBJECTION: { label: 'Cancelar objeción', placement: 'operation', order: 7 },
  UPDATE_FROM_GATEWAY: { label: 'Actualizar desde gateway', placement: 'operation', order: 8 },
  FORWARD_NOTIFICATION: { label: 'Reenviar notificación', placement: 'notification', order: 10 },
  NOTIFY_PAYER: { label: 'Notificar al pagador', placement: 'notification', order: 11 },
  FORM_LINK: { label: 'Formulario', placement: 'header', order: 20 },
  HISTORY: { label: 'Historial', placement: 'header', order: 21 },
  RELOAD: { label: 'Recargar', placement: 'header', order: 22 },
  SHOW_HOLDER: { label: 'Consultar titular', placement: 'methods', order: 30 },
};

/**
 * The buttons of one place, in order: one per action the user is permitted to use (disabled ones keep their
 * reason for the tooltip); unknown kinds are ignored.
 */
export function actionsFor(
  actions: readonly PaymentActionData[],
  placement: ActionPlacement,
): PaymentActionData[] {
  return actions
    .filter((a) => a.permitted && ACTION_META[a.kind]?.placement === placement)
    .sort((a, b) => ACTION_META[a.kind].order - ACTION_META[b.kind].order);
}

export function findAction(
  actions: readonly PaymentActionData[],
  kind: PaymentActionKind,
): PaymentActionData | undefined {
  return actions.find((a) => a.kind === kind);
}

/** The tooltip of a disabled button. */
export function disabledReason(action: PaymentActionData): string {
  return action.enabled ? '' : action.reason?.trim() || 'Acción no disponible para este pago.';
}

/** The retry of a payment whose card expired opens the checkout form instead (spec 000 §4 "Retry"). */
export function isCardExpiredDetail(statusDetail: string | null | undefined): boolean {
  return /card_expired|tarjeta_vencida|expired_card/i.test(statusDetail ?? '');
}

/** The checkout form with the retry flag (`?retry=true`), keeping any query it already has. */
export function retryCheckoutUrl(checkoutUrl: string): string {
  try {
    const url = new URL(checkoutUrl);
    url.searchParams.set('retry', 'true');
    return url.toString();
  } catch {
    return `${checkoutUrl}${checkoutUrl.includes('?') ? '&' : '?'}retry=true`;
  }
}

/** Success texts of spec 000 §8: the operator-facing text of each action lives here (the web owns it). */
export const SUCCESS_MESSAGES = {
  cancel: 'Pago cancelado correctamente',
  changePaymentMethod: 'Medio de pago actualizado correctamente',
  cancelObjection: 'Objeción cancelada correctamente',
  refund: 'Pago devuelto correctamente',
  partialRefund: 'Devolución parcial realizada correctamente',
  reverse: 'Pago revertido correctamente',
  updateFromGateway: 'Pago actualizado desde el gateway correctamente',
  notifyPayer: 'Notificación enviada al pagador correctamente',
  refresh: 'Pago actualizado correctamente',
  forwardNotification: 'Se envio la notificación del pago correctamente.',
  retry: 'Pago reintentado correctamente',
  resendNotification: 'Notificación reenviada correctamente',
} as const;

export const UNKNOWN_OUTCOME_MESSAGE =
  'Resultado desconocido: el servicio no respondió a tiempo. Verifique el estado del pago antes de reintentar.';
