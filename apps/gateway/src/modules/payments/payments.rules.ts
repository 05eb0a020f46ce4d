import { maxMoney, subMoney, sumMoney, toUpstreamNumber } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type {
  Permission,
  PaymentAction,
  PaymentActionKind,
  PaymentFilter,
  PaymentSort,
  PaymentSortField,
  PaymentStatus,
  PaymentType,
  QueryPaymentsArgs,
} from '../../generated/resolvers-types.js';
import { normalizePaging, normalizeSearch } from '../../shared/paging.js';
import { defineActions, type ActionDecision } from '../../shared/actions.js';
import { isBeforeArgentineDay } from '../../shared/argentine-day.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { periodFilters, searchFilter as searchBy, type Filter, type Sort } from '../../upstream/filters.js';
import type { PaymentModel } from './payments.mappers.js';

/** The upstream list query of Buscar Pagos. */
export interface PaymentListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}
export const MAX_MEDIA_PAYMENT_IDS = 50;

const SORT_FIELDS: Record<PaymentSortField, string> = {
  REQUEST_DATE: 'request_date',
  PAYER_NAME: 'payer.name',
  FINAL_AMOUNT: 'final_amount',
  STATUS: 'status',
};

const PERIOD_ARGS = { from: 'filter.from', to: 'filter.to' };

const DEFAULT_SORT: Sort = { field: 'request_date', direction: 'desc' };

const SEARCH_FIELDS = { idField: 'id', textField: 'payer.name', emailField: 'payer.email' } as const;

/** search -> the one filter it means: an e-mail, a payment id (all digits) or part of the payer name. */
export const searchFilter = (search: string): Filter => searchBy(search, SEARCH_FIELDS);

/**
 * The spec's rules for the payments filter (000 §2, §9):
 * - the payment-method filter applies only once a search or a collector is active;
 * - the period applies to request_date, or to refunded_date when chosen, which clears the status filter.
 */
export function paymentFilters(filter: PaymentFilter | null | undefined): Filter[] {
  if (!filter) return [];
  const filters: Filter[] = [];
  const search = normalizeSearch(filter.search, 'filter.search');
  if (search) filters.push(searchFilter(search));

  let collectorId: string | null = null;
  if (filter.collectorId !== null && filter.collectorId !== undefined) {
    collectorId = String(filter.collectorId).trim();
    if (!collectorId || collectorId.length > 64) {
      throw badUserInput('La entidad (filter.collectorId) no es válida.', 'filter.collectorId');
    }
    filters.push({ field: 'collector_id', operation: 'EQUAL', value: collectorId });
  }

  const dateField = filter.dateField === 'REFUNDED_DATE' ? 'refunded_date' : 'request_date';
  if (filter.status && dateField !== 'refunded_date') {
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
  }

  if (filter.mediaPaymentIds?.length && (search || collectorId)) {
    const ids = [...new Set(filter.mediaPaymentIds)];
    if (ids.length > MAX_MEDIA_PAYMENT_IDS || ids.some((id) => !Number.isInteger(id) || id < 0)) {
      throw badUserInput(
        'Los medios de pago (filter.mediaPaymentIds) no son válidos.',
        'filter.mediaPaymentIds',
      );
    }
    filters.push({ field: 'payment_methods.media_payment_id', operation: 'IN', value: ids });
  }

  filters.push(...periodFilters(dateField, filter.from, filter.to, PERIOD_ARGS));
  return filters;
}

export function paymentSorts(sort: PaymentSort | null | undefined): Sort[] {
  if (!sort) return [DEFAULT_SORT];
  return [{ field: SORT_FIELDS[sort.field], direction: sort.direction === 'ASC' ? 'asc' : 'desc' }];
}

/** GraphQL arguments of Query.payments -> the upstream list query; invalid input -> BAD_USER_INPUT. */
export function paymentListQuery(args: Partial<QueryPaymentsArgs>): PaymentListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  return { filters: paymentFilters(args.filter), page, limit: pageSize, sorts: paymentSorts(args.sort) };
}

// ---------------------------------------------------------------------------------------------------------
// Payment actions (spec 000 §4 "Payments"): one table, used by Payment.actions and by every mutation.
// ---------------------------------------------------------------------------------------------------------

/** The fields of a payment the action rules read. */
export interface PaymentForRules {
  status: PaymentStatus;
  type?: PaymentType | null;
  lastDueDate?: string | null;
  isCurrentVersion: boolean;
  notificationUrl?: string | null;
  payer?: { email?: string | null } | null;
  paymentMethods: ReadonlyArray<{ type?: string | null; gateway?: { status?: string | null } | null }>;
  presets?: { actions: ReadonlyArray<{ name: string; active: boolean }> } | null;
}

export type { ActionDecision };

export const ACTION_KINDS: readonly PaymentActionKind[] = [
  'CANCEL',
  'CHANGE_PAYMENT_METHOD',
  'REFUND',
  'PARTIAL_REFUND',
  'REVERSE',
  'CANCEL_OBJECTION',
  'RETRY',
  'FORM_LINK',
  'FORWARD_NOTIFICATION',
  'NOTIFY_PAYER',
  'UPDATE_FROM_GATEWAY',
  'RELOAD',
  'HISTORY',
  'SHOW_HOLDER',
];

/**
 * The permission each action needs (any of them), and the Spanish reason when it is missing. Actions the spec
 * gives no permission get the one their mutation requires (retry: PAYMENT_UPDATE; forward notification and
 * notify payer: NOTIFICATION_SEND) so a button is never offered that the gateway would refuse.
 */
export const ACTION_PERMISSIONS: Readonly<
  Record<PaymentActionKind, { requires: readonly Permission[]; reason: string } | null>
> = {
  CANCEL: permissionOf('cancelPayment', 'No tiene permisos para cancelar pagos.'),
  CHANGE_PAYMENT_METHOD: permissionOf(
    'changePaymentMethod',
    'No tiene permisos para cambiar el medio de pago.',
  ),
  REFUND: permissionOf('refundPayment', 'No tiene permisos para devolver pagos.'),
  PARTIAL_REFUND: permissionOf('partialRefundPayment', 'No tiene permisos para devolver pagos.'),
  REVERSE: permissionOf('reversePayment', 'No tiene permisos para revertir pagos.'),
  CANCEL_OBJECTION: permissionOf('cancelPaymentObjection', 'No tiene permisos para cancelar objeciones.'),
  RETRY: permissionOf('retryPayment', 'No tiene permisos para reintentar pagos.'),
  FORM_LINK: null,
  FORWARD_NOTIFICATION: permissionOf(
    'forwardPaymentNotification',
    'No tiene permisos para reenviar notificaciones.',
  ),
  NOTIFY_PAYER: permissionOf('notifyPayer', 'No tiene permisos para notificar al pagador.'),
  UPDATE_FROM_GATEWAY: permissionOf(
    'updatePaymentFromGateway',
    'No tiene permisos para actualizar pagos desde el gateway.',
  ),
  RELOAD: null,
  HISTORY: null,
  SHOW_HOLDER: {
    requires: ['PAYMENT_HOLDER'],
    reason: 'No tiene permisos para consultar el titular de la tarjeta.',
  },
};

export const REASONS = {
  oldVersion: 'Está viendo una versión anterior del pago.',
  cancelState: 'Solo se pueden cancelar pagos pendientes o emitidos.',
  changeMethodState: 'Solo se puede cambiar el medio de pago de pagos emitidos.',
  refundState: 'Solo se pueden devolver pagos aprobados.',
  refundType: 'Solo se pueden devolver pagos online, o QR con un único medio de pago.',
  partialRefundState: 'Solo se pueden devolver parcialmente pagos en estado parcial.',
  partialRefundMethods: 'La devolución parcial requiere más de un medio de pago.',
  partialRefundApproved: 'No hay medios de pago aprobados para devolver.',
  reverseState: 'Solo se pueden revertir pagos aprobados.',
  cancelObjectionState: 'Solo se pueden cancelar objeciones de pagos objetados.',
  retryState: 'Solo se pueden reintentar pagos rechazados.',
  retryOverdue: 'El pago está vencido: no se puede reintentar.',
  retryDisabled: 'El reintento está deshabilitado para este pago.',
  formLinkRefunded: 'El pago está devuelto: no tiene formulario de pago.',
  forwardNoUrl: 'El pago no tiene URL de notificación.',
  notifyOverdue: 'El pago está vencido: no se notifica al pagador.',
  notifyNoEmail: 'El pagador no tiene e-mail.',
  gatewayNoMethods: 'El pago no tiene medios de pago.',
  gatewayNoType: 'El pago no tiene tipo (online o QR).',
} as const;

/**
 * Overdue (spec 000 §4): last_due_date earlier than today, by date in Argentine time (a
 * payment whose last due date is today is not overdue, whatever the hour). The status overdue counts too.
 * Without a last due date a payment is not overdue.
 */
export function isOverdue(payment: Pick<PaymentForRules, 'status' | 'lastDueDate'>, today: Date): boolean {
  if (payment.status === 'OVERDUE') return true;
  if (!payment.lastDueDate) return false;
  const due = Date.parse(payment.lastDueDate);
  return Number.isFinite(due) && isBeforeArgentineDay(due, today);
}

const approvedMethodsOf = (payment: PaymentForRules) =>
  payment.paymentMethods.filter((m) => m.gateway?.status?.toLowerCase() === 'approved');

/** The state part of the rule (no permission, no version): null when allowed, else the Spanish reason. */
function stateReason(kind: PaymentActionKind, payment: PaymentForRules, today: Date): string | null {
  const { status } = payment;
  switch (kind) {
    case 'CANCEL':
      return status === 'PENDING' || status === 'ISSUED' ? null : REASONS.cancelState;
    case 'CHANGE_PAYMENT_METHOD':
      return status === 'ISSUED' ? null : REASONS.changeMethodState;
    case 'REFUND': {
      if (status !== 'APPROVED') return REASONS.refundState;
      const first = payment.paymentMethods[0];
      const online = payment.type === 'ONLINE' || first?.type === 'ONLINE';
      const singleQr = payment.type === 'QR' && payment.paymentMethods.length === 1;
      return online || singleQr ? null : REASONS.refundType;
    }
    case 'PARTIAL_REFUND':
      if (status !== 'PARTIAL') return REASONS.partialRefundState;
      if (payment.paymentMethods.length < 2) return REASONS.partialRefundMethods;
      return approvedMethodsOf(payment).length > 0 ? null : REASONS.partialRefundApproved;
    case 'REVERSE':
      return status === 'APPROVED' ? null : REASONS.reverseState;
    case 'CANCEL_OBJECTION':
      return status === 'OBJECTED' ? null : REASONS.cancelObjectionState;
    case 'RETRY':
      if (status !== 'REJECTED') return REASONS.retryState;
      if (isOverdue(payment, today)) return REASONS.retryOverdue;
      return payment.presets?.actions.some((a) => a.name === 'retry' && !a.active)
        ? REASONS.retryDisabled
        : null;
    case 'FORM_LINK':
      return status === 'REFUNDED' ? REASONS.formLinkRefunded : null;
    case 'FORWARD_NOTIFICATION':
      return payment.notificationUrl ? null : REASONS.forwardNoUrl;
    case 'NOTIFY_PAYER':
      if (isOverdue(payment, today)) return REASONS.notifyOverdue;
      return payment.payer?.email ? null : REASONS.notifyNoEmail;
    case 'UPDATE_FROM_GATEWAY':
      if (payment.paymentMethods.length === 0) return REASONS.gatewayNoMethods;
      return payment.type ? null : REASONS.gatewayNoType;
    case 'RELOAD':
    case 'HISTORY':
    case 'SHOW_HOLDER':
      return null;
  }
}

/**
 * The payment's action table: permission first (so the tooltip says what the user can do about it), then
 * version (every action needs the current one, spec "All actions below", except the reads reload, history and
 * holder), then state.
 */
export const PAYMENT_ACTIONS = defineActions<PaymentActionKind, PaymentForRules>({
  kinds: ACTION_KINDS,
  permissions: ACTION_PERMISSIONS,
  availableOnPreviousVersion: ['RELOAD', 'HISTORY', 'SHOW_HOLDER'],
  previousVersionReason: REASONS.oldVersion,
  isCurrentVersion: (payment) => payment.isCurrentVersion,
  stateReason,
});

/** One action for this user now. */
export function decideAction(
  kind: PaymentActionKind,
  payment: PaymentForRules,
  permissions: readonly string[],
  today: Date,
): ActionDecision {
  return PAYMENT_ACTIONS.decide(kind, payment, permissions, today);
}

/** Every toolbar action of the payment for this user now (spec 000 §4 table), or only those of `kinds`. */
export function paymentActions(
  payment: PaymentForRules,
  permissions: readonly string[],
  today: Date,
  kinds?: readonly PaymentActionKind[] | null,
): PaymentAction[] {
  return PAYMENT_ACTIONS.list(payment, permissions, today, kinds);
}

/** The methods a partial refund sends: those whose gateway status is approved, each for its final amount. */
export interface PartialRefundItem {
  status_detail: string | null;
  type: string | null;
  amount: number;
  payment_method_id: number;
}

export function partialRefundItems(payment: Pick<PaymentModel, 'paymentMethods'>): PartialRefundItem[] {
  return payment.paymentMethods
    .filter((m) => m.gateway?.status?.toLowerCase() === 'approved')
    .map((m) => ({
      status_detail: m.gateway?.statusDetail ?? null,
      type: m.upstreamType ?? null,
      amount: toUpstreamNumber(m.finalAmount ?? m.amount ?? '0'),
      payment_method_id: m.index,
    }));
}

/** What is left to refund: final amount minus approved refunds (decimal arithmetic), never below zero. */
export function refundableAmount(payment: Pick<PaymentModel, 'finalAmount' | 'refunds'>): number {
  const approved = payment.refunds.filter((r) => r.status === 'APPROVED').map((r) => r.amount ?? '0');
  const left = subMoney(payment.finalAmount ?? '0', sumMoney(approved));
  return toUpstreamNumber(maxMoney(left, 0));
}

// ---------------------------------------------------------------------------------------------------------
// Multi-select (spec 000 §4): the web offers a multi-select action when every selected row's `actions` entry
// of that kind is enabled; once running, the gateway checks each payment with the same state rule (bulk()).
// ---------------------------------------------------------------------------------------------------------

export type BulkKind = Extract<PaymentActionKind, 'CHANGE_PAYMENT_METHOD' | 'CANCEL' | 'CANCEL_OBJECTION'>;
