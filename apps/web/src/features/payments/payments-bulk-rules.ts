import type { PaymentActionKind } from './gql/graphql';

/**
 * The actions Buscar Pagos offers on its rows and on a multi-selection (spec 000 §2, §4): cancel, change
 * payment method and cancel objection. Nothing here decides whether an action is allowed: each row carries
 * `actions { kind enabled permitted reason }` computed by the gateway's rules
 * (apps/gateway/src/modules/payments/payments.rules.ts `decideAction`: permission, version, status), which
 * the mutations check again before any upstream call. The row menu and the bulk buttons are derived from it.
 */
export type ListActionKind = Extract<
  PaymentActionKind,
  'CANCEL' | 'CHANGE_PAYMENT_METHOD' | 'CANCEL_OBJECTION'
>;

export interface ListActionMeta {
  kind: ListActionKind;
  /** Button / menu label. */
  label: string;
}

/** In the order the bulk bar and the row menu show them. */
export const LIST_ACTIONS: readonly ListActionMeta[] = [
  { kind: 'CANCEL', label: 'Cancelar' },
  { kind: 'CHANGE_PAYMENT_METHOD', label: 'Cambiar medio de pago' },
  { kind: 'CANCEL_OBJECTION', label: 'Cancelar objeción' },
];

export function listActionMeta(kind: ListActionKind): ListActionMeta {
  return LIST_ACTIONS.find((action) => action.kind === kind)!;
}

/** One entry of a payment's `actions` (fragment PaymentRowActions). */
export interface RowActionData {
  kind: PaymentActionKind;
  enabled: boolean;
  permitted: boolean;
  reason?: string | null;
}

/** A selected row: its id and its actions. */
export interface SelectedPayment {
  id: string;
  actions?: readonly RowActionData[] | null;
}

export const EMPTY_SELECTION_REASON = 'Seleccione al menos un pago.';
/** A disabled action the gateway gave no reason for (or a row without that action). */
export const UNAVAILABLE_REASON = 'Acción no disponible para este pago.';

function actionOf(row: SelectedPayment, kind: ListActionKind): RowActionData {
  return (
    row.actions?.find((action) => action.kind === kind) ?? {
      kind,
      enabled: false,
      permitted: true,
      reason: null,
    }
  );
}

const reasonOf = (action: RowActionData) => action.reason?.trim() || UNAVAILABLE_REASON;

export interface BulkActionState {
  kind: ListActionKind;
  label: string;
  enabled: boolean;
  /** False when the user lacks the permission. */
  permitted: boolean;
  /** Why it is disabled (tooltip); null when enabled. */
  reason: string | null;
}

/**
 * One bulk button, derived from the selected rows' actions: enabled iff every selected row has the action
 * enabled. Not permitted (the user lacks the permission, the same for every row): the gateway's permission
 * reason. Else the reason of the first row (in the list's order) that blocks it, with its id:
 * "Pago 1002498: Solo se pueden cancelar pagos pendientes o emitidos.".
 *
 * This is the spec's multi-select rule (000 §4) for rows of the current version, which list rows always are
 * (so the gateway's version check never blocks them): per row the gateway enables cancel for pending or
 * issued, change method for issued, cancel objection for objected; so "every row enabled" is "all issued or
 * pending" (cancel), "all issued" (change method) and "all objected", which is also "of a single status"
 * (cancel objection). The gateway's bulk mutations check `bulkRule` again before any upstream call.
 */
export function bulkActionState(
  kind: ListActionKind,
  selection: readonly SelectedPayment[],
): BulkActionState {
  const { label } = listActionMeta(kind);
  if (selection.length === 0) {
    return { kind, label, enabled: false, permitted: true, reason: EMPTY_SELECTION_REASON };
  }
  const rows = selection.map((row) => ({ id: row.id, action: actionOf(row, kind) }));
  const forbidden = rows.find((row) => !row.action.permitted);
  if (forbidden) return { kind, label, enabled: false, permitted: false, reason: reasonOf(forbidden.action) };
  const blocking = rows.find((row) => !row.action.enabled);
  if (blocking) {
    return {
      kind,
      label,
      enabled: false,
      permitted: true,
      reason: `Pago ${blocking.id}: ${reasonOf(blocking.action)}`,
    };
  }
  return { kind, label, enabled: true, permitted: true, reason: null };
}

/** The three bulk buttons for a selection, in order. */
export function bulkActionStates(selection: readonly SelectedPayment[]): BulkActionState[] {
  return LIST_ACTIONS.map((action) => bulkActionState(action.kind, selection));
}

export interface RowMenuAction {
  kind: ListActionKind;
  label: string;
  enabled: boolean;
  /** Why it is disabled; null when enabled. */
  reason: string | null;
}

/**
 * The ACCIONES menu of a row, from the payment's `actions` (computed by the gateway): the list actions the
 * user is permitted to use, in the bar's order; disabled ones keep their reason. Empty: no menu.
 */
export function rowMenuActions(actions: readonly RowActionData[] | null | undefined): RowMenuAction[] {
  const byKind = new Map((actions ?? []).map((action) => [action.kind, action]));
  const menu: RowMenuAction[] = [];
  for (const meta of LIST_ACTIONS) {
    const action = byKind.get(meta.kind);
    if (!action?.permitted) continue;
    menu.push({
      kind: meta.kind,
      label: meta.label,
      enabled: action.enabled,
      reason: action.enabled ? null : reasonOf(action),
    });
  }
  return menu;
}
