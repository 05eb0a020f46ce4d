import AttachMoneyOutlined from '@mui/icons-material/AttachMoneyOutlined';
import CreditCardOffOutlined from '@mui/icons-material/CreditCardOffOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import type { ActionRegistry } from '../../components/actions/action-registry';
import {
  cancelAction,
  changePaymentMethodAction,
  detailToolActions,
} from '../../components/actions/common-actions';
import type { ItemNoun } from '../../components/dialogs/item-noun';
import type { SubscriptionActionKind } from './gql/graphql';
import { SUBSCRIPTION_SUCCESS } from './messages';
import { countPhrase } from '@backoffice/validators';

export const SUBSCRIPTION_NOUN: ItemNoun = {
  one: 'suscripción',
  many: 'suscripciones',
  gender: 'feminine',
};

/** The multi-select actions of Buscar Suscripciones (spec 000 §2), in the bar's order. */
export const BULK_KINDS = ['CANCEL', 'CHANGE_PAYMENT_METHOD', 'UPDATE_AMOUNT'] as const;
export type SubscriptionBulkKind = (typeof BULK_KINDS)[number];

/** The row menu (ACCIONES) of the list: the same actions, on one row (the others are on the detail). */
export const ROW_KINDS: readonly SubscriptionBulkKind[] = BULK_KINDS;

/**
 * The subscriptions area's one table of action labels, icons, toolbar places and dialog texts (spec 000 §2
 * "Subscription detail" toolbar, §4 "Subscriptions"). Whether an action is offered comes from the gateway.
 */
export const SUBSCRIPTION_ACTIONS: ActionRegistry<SubscriptionActionKind> = {
  CANCEL: cancelAction(SUBSCRIPTION_NOUN, 1, {
    description: (id) =>
      `Se cancelará la suscripción ${id}: no se generarán más pagos. Esta acción no se puede deshacer.`,
    bulkConfirm: 'Confirme las suscripciones a cancelar',
    bulkDescription: (count) =>
      countPhrase(
        count,
        'Se cancelará {n} suscripción con este motivo.',
        'Se cancelarán {n} suscripciones con este motivo.',
      ),
    success: SUBSCRIPTION_SUCCESS.cancel,
  }),
  CHANGE_PAYMENT_METHOD: changePaymentMethodAction(SUBSCRIPTION_NOUN, 2, {
    submit: 'Cambiar medio de pago',
    bulkConfirm: 'Confirme las suscripciones a las que se cambiará el medio de pago',
    bulkDescription: (count) =>
      countPhrase(
        count,
        'El nuevo medio de pago reemplaza al de {n} suscripción.',
        'El nuevo medio de pago reemplaza al de {n} suscripciones.',
      ),
    success: SUBSCRIPTION_SUCCESS.changePaymentMethod,
  }),
  REMOVE_PAYMENT_METHOD: {
    label: 'Eliminar medio de pago',
    icon: CreditCardOffOutlined,
    placement: 'operation',
    order: 3,
    color: 'error',
  },
  UPDATE_AMOUNT: {
    label: 'Editar Importe',
    icon: AttachMoneyOutlined,
    placement: 'operation',
    order: 4,
    dialog: {
      title: 'Editar Importe',
      description: (id) => `Suscripción ${id}: el nuevo importe se cobrará desde el próximo período.`,
      submit: 'Guardar importe',
      bulkTitle: 'Editar Importe',
      bulkConfirm: 'Confirme las adhesiones a las que se cambiará el importe',
      bulkDescription: (count) =>
        countPhrase(
          count,
          'Se aplicará el importe a {n} adhesión.',
          'Se aplicará el importe a {n} adhesiones.',
        ),
      bulkSubmit: 'Guardar importe',
      success: SUBSCRIPTION_SUCCESS.changeAmount,
    },
  },
  SEND_EMAIL: { label: 'Enviar e-mail', icon: MailOutlined, placement: 'operation', order: 5 },
  ...detailToolActions(1),
};
