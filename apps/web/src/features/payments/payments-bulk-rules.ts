import type { PaymentActionKind } from './gql/graphql';
import {
  rowMenuActions as sharedRowMenuActions,
  selectionActionState,
  type MenuAction,
  type OfferedAction,
  type SelectedItem,
} from '../../components/actions/selection-actions';
import type { ActionDialogTexts, ActionState } from '../../components/actions/action-registry';
import { PAYMENT_ACTIONS, PAYMENT_NOUN, PAYMENT_UNAVAILABLE_REASON } from './detail/payment-actions';

/**
 * The actions Buscar Pagos offers on its rows and on a multi-selection (spec 000 §2, §4): cancel, change
 * payment method and cancel objection. Nothing here decides whether an action is allowed: each row carries
 * `actions { kind enabled permitted reason }` computed by the gateway's rules (permission, version, status),
 * which the mutations check again, item by item, before any upstream call. The shared selection rules
 * (components/actions) derive the row menu and the bulk buttons from it.
 */
export type ListActionKind = Extract<
  PaymentActionKind,
  'CANCEL' | 'CHANGE_PAYMENT_METHOD' | 'CANCEL_OBJECTION'
>;

/** In the order the bulk bar and the row menu show them. */
export const LIST_ACTION_KINDS: readonly ListActionKind[] = [
  'CANCEL',
  'CHANGE_PAYMENT_METHOD',
  'CANCEL_OBJECTION',
];

export const LIST_ACTIONS: readonly { kind: ListActionKind; label: string }[] = LIST_ACTION_KINDS.map(
  (kind) => ({
    kind,
    label: PAYMENT_ACTIONS[kind].label,
  }),
);

export type RowActionData = ActionState<PaymentActionKind>;
export type SelectedPayment = SelectedItem<PaymentActionKind>;
export type BulkActionState = OfferedAction<ListActionKind>;
export type RowMenuAction = MenuAction<ListActionKind>;

export const EMPTY_SELECTION_REASON = 'Seleccione al menos un pago.';
export const UNAVAILABLE_REASON = PAYMENT_UNAVAILABLE_REASON;

const OPTIONS = { noun: PAYMENT_NOUN, unavailableReason: PAYMENT_UNAVAILABLE_REASON };

/**
 * One bulk button: enabled iff every selected row has the action enabled; else the permission reason, or the
 * first blocking row's reason with its id ("Pago 1002498: Solo se pueden cancelar pagos pendientes o
 * emitidos."). For rows of the current version (list rows always are) this is the spec's multi-select rule.
 */
export function bulkActionState(
  kind: ListActionKind,
  selection: readonly SelectedPayment[],
): BulkActionState {
  return selectionActionState<ListActionKind>(kind, selection, PAYMENT_ACTIONS, OPTIONS);
}

/** The three bulk buttons for a selection, in order. */
export function bulkActionStates(selection: readonly SelectedPayment[]): BulkActionState[] {
  return LIST_ACTION_KINDS.map((kind) => bulkActionState(kind, selection));
}

/** The ACCIONES menu of a row, from the payment's `actions`: the permitted list actions, in the bar's order. */
export function rowMenuActions(actions: readonly RowActionData[] | null | undefined): RowMenuAction[] {
  return sharedRowMenuActions(LIST_ACTION_KINDS, actions, PAYMENT_ACTIONS, PAYMENT_UNAVAILABLE_REASON);
}

/** The dialog texts of a list action (the registry's). */
export function listActionTexts(kind: ListActionKind): ActionDialogTexts {
  return PAYMENT_ACTIONS[kind].dialog!;
}
