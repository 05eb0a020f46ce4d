import CallSplitOutlined from '@mui/icons-material/CallSplitOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import SettingsBackupRestoreOutlined from '@mui/icons-material/SettingsBackupRestoreOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import type { PaymentActionKind } from '../gql/graphql';
import {
  actionsIn,
  disabledReason as sharedDisabledReason,
  findAction as sharedFindAction,
  type ActionRegistry,
  type ActionState,
} from '@/components/actions/action-registry';
import {
  cancelAction,
  changePaymentMethodAction,
  detailToolActions,
} from '@/components/actions/common-actions';
import type { ItemNoun } from '@/components/dialogs/item-noun';
import { countOf, countPhrase } from '@backoffice/validators';

/** An action of the payment as the gateway computes it (spec 000 §4, "actions as data"). */
export type PaymentActionData = ActionState<PaymentActionKind>;

export type ActionPlacement = 'operation' | 'notification' | 'header' | 'methods';

/** How the shared texts name a payment. */
export const PAYMENT_NOUN: ItemNoun = { one: 'pago', many: 'pagos', gender: 'masculine' };

/** A disabled action the gateway gave no reason for. */
export const PAYMENT_UNAVAILABLE_REASON = 'Acción no disponible para este pago.';

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
} as const;

/**
 * The payments' action registry: label, icon and place of every kind (operations and notifications in the
 * toolbar, tools in the header, the holder lookup in the methods section), and the dialog texts of the actions
 * Buscar Pagos offers on a row and on a multi-selection. A kind only the detail offers may instead carry its
 * label in its declaration (`payment-action-table.tsx`): this table is not required to know every kind.
 */
export const PAYMENT_ACTIONS = {
  CANCEL: cancelAction(PAYMENT_NOUN, 1, {
    description: (id) => `Se cancelará el pago ${id}. Esta acción no se puede deshacer.`,
    bulkConfirm: 'Se cancelarán los siguientes pagos. Revise la selección antes de continuar.',
    bulkDescription: (count) =>
      countPhrase(
        count,
        'Se cancelará {n} pago. Esta acción no se puede deshacer.',
        'Se cancelarán {n} pagos. Esta acción no se puede deshacer.',
      ),
    success: SUCCESS_MESSAGES.cancel,
  }),
  CHANGE_PAYMENT_METHOD: changePaymentMethodAction(PAYMENT_NOUN, 2, {
    submit: 'Guardar',
    bulkConfirm:
      'Se cambiará el medio de pago de los siguientes pagos. Revise la selección antes de continuar.',
    bulkDescription: (count) =>
      countPhrase(
        count,
        'El nuevo medio de pago reemplaza al actual en el pago seleccionado.',
        'El nuevo medio de pago reemplaza al actual en los {n} pagos seleccionados.',
      ),
    success: SUCCESS_MESSAGES.changePaymentMethod,
  }),
  RETRY: { label: 'Reintentar', icon: ReplayOutlined, placement: 'operation', order: 3 },
  REFUND: { label: 'Devolver', icon: UndoOutlined, placement: 'operation', order: 4 },
  PARTIAL_REFUND: { label: 'Devolución parcial', icon: CallSplitOutlined, placement: 'operation', order: 5 },
  REVERSE: { label: 'Revertir', icon: SettingsBackupRestoreOutlined, placement: 'operation', order: 6 },
  CANCEL_OBJECTION: {
    label: 'Cancelar objeción',
    icon: GavelOutlined,
    placement: 'operation',
    order: 7,
    color: 'error',
    dialog: {
      title: 'Cancelar objeción',
      description: (id) => `Se cancelará la objeción del pago ${id}, que volverá a quedar aprobado.`,
      submit: 'Cancelar objeción',
      bulkTitle: 'Cancelar objeción',
      bulkConfirm:
        'Se cancelará la objeción de los siguientes pagos, que volverán a quedar aprobados. Revise la selección antes de continuar.',
      bulkDescription: (count) => `Se cancelará la objeción de ${countOf(count, PAYMENT_NOUN)}.`,
      bulkSubmit: 'Cancelar objeción',
      success: SUCCESS_MESSAGES.cancelObjection,
    },
  },
  UPDATE_FROM_GATEWAY: {
    label: 'Actualizar desde gateway',
    icon: SyncOutlined,
    placement: 'operation',
    order: 8,
  },
  FORWARD_NOTIFICATION: {
    label: 'Reenviar notificación',
    icon: SendOutlined,
    placement: 'notification',
    order: 10,
  },
  NOTIFY_PAYER: {
    label: 'Notificar al pagador',
    icon: MailOutlineOutlined,
    placement: 'notification',
    order: 11,
  },
  ...detailToolActions(20),
  SHOW_HOLDER: { label: 'Consultar titular', icon: PersonSearchOutlined, placement: 'methods', order: 30 },
} satisfies Partial<ActionRegistry<PaymentActionKind>>;

/** Label and place of each action (the registry). */
export const ACTION_META = PAYMENT_ACTIONS;

/** The buttons of one place, in order: one per permitted action (disabled ones keep their reason). */
export function actionsFor(
  actions: readonly PaymentActionData[],
  placement: ActionPlacement,
): PaymentActionData[] {
  return actionsIn(actions, PAYMENT_ACTIONS, placement);
}

export function findAction(
  actions: readonly PaymentActionData[],
  kind: PaymentActionKind,
): PaymentActionData | undefined {
  return sharedFindAction(actions, kind);
}

/** The tooltip of a disabled button. */
export function disabledReason(action: PaymentActionData): string {
  return sharedDisabledReason(action, PAYMENT_UNAVAILABLE_REASON);
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
