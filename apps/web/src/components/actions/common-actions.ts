import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { itemTitle, type ItemNoun } from '../dialogs/item-noun';
import type { ActionDialogTexts, ActionMeta } from './action-registry';

/** The sentences of an action's dialogs that each area words its own way. */
export type AreaDialogSentences = Pick<
  ActionDialogTexts,
  'description' | 'bulkConfirm' | 'bulkDescription' | 'success'
>;

/**
 * Cancel, as every area names it: 'Cancelar' in red among the operations; its dialogs titled and submitted
 * 'Cancelar pago' / 'Cancelar pagos' (the area's noun).
 */
export function cancelAction(noun: ItemNoun, order: number, sentences: AreaDialogSentences): ActionMeta {
  const one = `Cancelar ${noun.one}`;
  const many = `Cancelar ${noun.many}`;
  return {
    label: 'Cancelar',
    icon: BlockOutlined,
    placement: 'operation',
    order,
    color: 'error',
    dialog: { ...sentences, title: one, submit: one, bulkTitle: many, bulkSubmit: many },
  };
}

/**
 * Change payment method, as every area names it: 'Cambiar medio de pago' among the operations; one item's
 * dialog says 'Pago 123: el nuevo medio de pago reemplaza al actual.' (the area's noun).
 */
export function changePaymentMethodAction(
  noun: ItemNoun,
  order: number,
  sentences: Omit<AreaDialogSentences, 'description'> & { submit: string },
): ActionMeta {
  const title = 'Cambiar medio de pago';
  const { submit, ...rest } = sentences;
  return {
    label: title,
    icon: CreditCardOutlined,
    placement: 'operation',
    order,
    dialog: {
      ...rest,
      title,
      description: (id) => `${itemTitle(noun, id)}: el nuevo medio de pago reemplaza al actual.`,
      submit,
      bulkTitle: title,
      bulkSubmit: submit,
    },
  };
}

/** A detail's header tools, from `order` on: the external form, the version history and reload. */
export function detailToolActions(order: number): Record<'FORM_LINK' | 'HISTORY' | 'RELOAD', ActionMeta> {
  return {
    FORM_LINK: { label: 'Formulario', icon: OpenInNewOutlined, placement: 'header', order },
    HISTORY: { label: 'Historial', icon: HistoryOutlined, placement: 'header', order: order + 1 },
    RELOAD: { label: 'Recargar', icon: RefreshOutlined, placement: 'header', order: order + 2 },
  };
}
