import type { PaymentActionKind, PaymentStatus } from '../../gql/graphql';

/**
 * The actions Buscar Pagos offers on its rows and on a multi-selection (spec 000 §2, §4): cancel, change
 * payment method and cancel objection. The multi-select rules and their texts mirror the gateway's
 * (apps/gateway/src/modules/payments/payments.rules.ts `bulkRule`, `BULK_REASONS`, `ACTION_PERMISSIONS`),
 * which checks them again before any upstream call.
 */
export type ListActionKind = Extract<
  PaymentActionKind,
  'CANCEL' | 'CHANGE_PAYMENT_METHOD' | 'CANCEL_OBJECTION'
>;

export interface ListActionMeta {
  kind: ListActionKind;
  /** Button / menu label. */
  label: string;
  /** The permission the action needs (`me { permissions }`). */
  permission: 'PAYMENT_CANCEL' | 'PAYMENT_UPDATE' | 'PAYMENT_CANCEL_OBJECTION';
  /** Tooltip when the user lacks it (the gateway's text). */
  permissionReason: string;
}

/** In the order the bulk bar and the row menu show them. */
export const LIST_ACTIONS: readonly ListActionMeta[] = [
  {
    kind: 'CANCEL',
    label: 'Cancelar',
    permission: 'PAYMENT_CANCEL',
    permissionReason: 'No tiene permisos para cancelar pagos.',
  },
  {
    kind: 'CHANGE_PAYMENT_METHOD',
    label: 'Cambiar medio de pago',
    permission: 'PAYMENT_UPDATE',
    permissionReason: 'No tiene permisos para cambiar el medio de pago.',
  },
  {
    kind: 'CANCEL_OBJECTION',
    label: 'Cancelar objeción',
    permission: 'PAYMENT_CANCEL_OBJECTION',
    permissionReason: 'No tiene permisos para cancelar objeciones.',
  },
];

export function listActionMeta(kind: ListActionKind): ListActionMeta {
  return LIST_ACTIONS.find((action) => action.kind === kind)!;
}

export const BULK_REASONS = {
  empty: 'Seleccione al menos un pago.',
  CHANGE_PAYMENT_METHOD: 'Para cambiar el medio de pago, todos los pagos seleccionados deben estar emitidos.',
  CANCEL: 'Para cancelar, todos los pagos seleccionados deben estar emitidos o pendientes.',
  CANCEL_OBJECTION: 'Para cancelar la objeción, todos los pagos seleccionados deben estar objetados.',
} as const;

/**
 * The multi-select rule over the whole selection (spec 000 §4): change method needs all issued; cancel all
 * issued or pending; cancel objection all objected (which is also "of a single status"). Null when allowed,
 * else the Spanish reason.
 */
export function bulkRule(
  kind: ListActionKind,
  payments: ReadonlyArray<{ status: PaymentStatus }>,
): string | null {
  if (payments.length === 0) return BULK_REASONS.empty;
  switch (kind) {
    case 'CHANGE_PAYMENT_METHOD':
      return payments.every((p) => p.status === 'ISSUED') ? null : BULK_REASONS.CHANGE_PAYMENT_METHOD;
    case 'CANCEL':
      return payments.every((p) => p.status === 'ISSUED' || p.status === 'PENDING')
        ? null
        : BULK_REASONS.CANCEL;
    case 'CANCEL_OBJECTION':
      return payments.every((p) => p.status === 'OBJECTED') ? null : BULK_REASONS.CANCEL_OBJECTION;
  }
}

export interface BulkActionState {
  kind: ListActionKind;
  label: string;
  enabled: boolean;
  /** False when the user lacks the permission. */
  permitted: boolean;
  /** Why it is disabled (tooltip); null when enabled. */
  reason: string | null;
}

/** One bulk button: the permission first (so the tooltip says what the user can do about it), then the rule. */
export function bulkActionState(
  kind: ListActionKind,
  selection: ReadonlyArray<{ status: PaymentStatus }>,
  permissions: readonly string[],
): BulkActionState {
  const meta = listActionMeta(kind);
  if (!permissions.includes(meta.permission)) {
    return { kind, label: meta.label, enabled: false, permitted: false, reason: meta.permissionReason };
  }
  const reason = bulkRule(kind, selection);
  return { kind, label: meta.label, enabled: reason === null, permitted: true, reason };
}

/** The three bulk buttons for a selection, in order. */
export function bulkActionStates(
  selection: ReadonlyArray<{ status: PaymentStatus }>,
  permissions: readonly string[],
): BulkActionState[] {
  return LIST_ACTIONS.map((action) => bulkActionState(action.kind, selection, permissions));
}

export interface RowActionData {
  kind: PaymentActionKind;
  enabled: boolean;
  permitted: boolean;
  reason?: string | null;
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
      reason: action.enabled ? null : action.reason?.trim() || 'Acción no disponible para este pago.',
    });
  }
  return menu;
}
