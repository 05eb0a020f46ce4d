/**
 * The subscription rules (spec 000 §2 "Subscription search", §4 "Subscriptions"): the list query, every toolbar
 * action and every multi-select action, each with its permission and a Spanish reason when it is refused.
 * Subscription.actions, Subscription.bulkActions and every mutation read these same tables.
 */
import { badUserInput } from '../../errors.js';
import type {
  QuerySubscriptionsArgs,
  SubscriptionActionKind,
  SubscriptionFilter,
  SubscriptionSort,
  SubscriptionSortField,
} from '../../generated/resolvers-types.js';
import { defineActions, type ActionPermission } from '../../shared/actions.js';
import { normalizePaging, normalizeSearch } from '../../shared/paging.js';
import { CARD_MEDIA_PAYMENT_IDS, CBU_DEBIT_MEDIA_PAYMENT_ID } from '../../shared/payment-methods.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { periodFilters, searchFilter, type Filter, type Sort } from '../../upstream/filters.js';
import type { SubscriptionListQuery } from './subscriptions.datasource.js';
import type { SubscriptionModel } from './subscriptions.mappers.js';
export const MAX_MEDIA_PAYMENT_IDS = 50;

/** Spec 000 §2 sortable fields -> the upstream's. Default: newest request first. */
const SORT_FIELDS: Readonly<Record<SubscriptionSortField, string>> = {
  REQUEST_DATE: 'request_date',
  CONCEPT_ID: 'detail.concept_id',
  CONCEPT_DESCRIPTION: 'detail.concept_description',
  PAYER_NAME: 'payer.name',
  AMOUNT: 'amount',
  PAYMENT_METHOD_LAST_FOUR_DIGITS: 'payment_method.last_four_digits',
  STATUS: 'status',
};

const DEFAULT_SORTS: readonly Sort[] = [{ field: 'request_date', direction: 'desc' }];

const MEDIA_FIELD = 'payment_method.media_payment_id';

const SEARCH_FIELDS = { idField: 'id', textField: 'payer.name', emailField: 'payer.email' } as const;
const PERIOD_ARGS = { from: 'filter.from', to: 'filter.to' };

/**
 * The media payment ids the filter allows: paymentType (DEBIT: the CBU debit; CARD: every card) intersected with
 * mediaPaymentIds. null = no restriction; [] = nothing can match.
 */
export function allowedMediaPaymentIds(filter: SubscriptionFilter): number[] | null {
  const byType =
    filter.paymentType === 'DEBIT'
      ? [CBU_DEBIT_MEDIA_PAYMENT_ID]
      : filter.paymentType === 'CARD'
        ? [...CARD_MEDIA_PAYMENT_IDS]
        : null;
  if (!filter.mediaPaymentIds?.length) return byType;
  const chosen = [...new Set(filter.mediaPaymentIds)];
  if (chosen.length > MAX_MEDIA_PAYMENT_IDS || chosen.some((id) => !Number.isInteger(id) || id < 0)) {
    throw badUserInput(
      'Los medios de pago (filter.mediaPaymentIds) no son válidos.',
      'filter.mediaPaymentIds',
    );
  }
  return byType ? chosen.filter((id) => byType.includes(id)) : chosen;
}

function textFilter(value: string | null | undefined, name: string, max: number): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!text || text.length > max) throw badUserInput(`El filtro ${name} no es válido.`, name);
  return text;
}

/** The upstream filters of SubscriptionFilter; null when it can match nothing (no upstream call needed). */
export function subscriptionFilters(filter: SubscriptionFilter | null | undefined): Filter[] | null {
  if (!filter) return [];
  const filters: Filter[] = [];
  const search = normalizeSearch(filter.search, 'filter.search');
  if (search) filters.push(searchFilter(search, SEARCH_FIELDS));
  const email = textFilter(filter.payerEmail, 'filter.payerEmail', 254);
  if (email) filters.push({ field: 'payer.email', operation: 'EQUAL', value: email.toLowerCase() });
  const collectorId = textFilter(filter.collectorId, 'filter.collectorId', 64);
  if (collectorId) filters.push({ field: 'collector_id', operation: 'EQUAL', value: collectorId });
  if (filter.status)
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
  if (filter.type) filters.push({ field: 'type', operation: 'EQUAL', value: filter.type.toLowerCase() });
  const media = allowedMediaPaymentIds(filter);
  if (media && !media.length) return null;
  if (media) filters.push({ field: MEDIA_FIELD, operation: 'IN', value: media });
  filters.push(...periodFilters('request_date', filter.from, filter.to, PERIOD_ARGS));
  return filters;
}

export const subscriptionSorts = (sort: SubscriptionSort | null | undefined): Sort[] =>
  sort
    ? [{ field: SORT_FIELDS[sort.field], direction: sort.direction === 'ASC' ? 'asc' : 'desc' }]
    : [...DEFAULT_SORTS];

/** Query.subscriptions arguments -> the upstream list query (filters null: nothing can match). */
export function subscriptionListQuery(
  args: Partial<QuerySubscriptionsArgs>,
): Omit<SubscriptionListQuery, 'filters'> & { filters: Filter[] | null } {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  return {
    filters: subscriptionFilters(args.filter),
    page,
    limit: pageSize,
    sorts: subscriptionSorts(args.sort),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Actions (spec 000 §4 "Subscriptions")
// ---------------------------------------------------------------------------------------------------------

/** The fields of a subscription the rules read. */
export type SubscriptionForRules = Pick<
  SubscriptionModel,
  'status' | 'type' | 'paymentMethod' | 'isCurrentVersion' | 'payer'
>;

export const SUBSCRIPTION_REASONS = {
  oldVersion: 'Está viendo una versión anterior de la suscripción.',
  cancelled: 'La suscripción está cancelada.',
  noPaymentMethod: 'La suscripción no tiene medio de pago.',
  amountType: 'Solo se puede editar el importe de suscripciones de tipo suscripción.',
  bulkAmountType: 'Para editar el importe en lote, la suscripción debe ser de tipo adhesión.',
  sendEmailStatus: 'Solo se envía el e-mail de suscripciones activas o pendientes.',
  sendEmailNoAddress: 'El pagador no tiene e-mail.',
} as const;

/**
 * Permissions (any of them). The spec names none for the amount (SUBSCRIPTION_UPDATE: it changes the
 * subscription) nor for the e-mail (NOTIFICATION_SEND, as the payer notification of payments).
 */
const PERMISSIONS = {
  CANCEL: permissionOf('cancelSubscription', 'No tiene permisos para cancelar suscripciones.'),
  CHANGE_PAYMENT_METHOD: permissionOf(
    'changeSubscriptionPaymentMethod',
    'No tiene permisos para cambiar el medio de pago de suscripciones.',
  ),
  REMOVE_PAYMENT_METHOD: permissionOf(
    'removeSubscriptionPaymentMethod',
    'No tiene permisos para eliminar el medio de pago de suscripciones.',
  ),
  UPDATE_AMOUNT: permissionOf(
    'updateSubscriptionAmount',
    'No tiene permisos para editar el importe de suscripciones.',
  ),
  SEND_EMAIL: permissionOf('sendSubscriptionEmail', 'No tiene permisos para enviar notificaciones.'),
  FORM_LINK: null,
  RELOAD: null,
  HISTORY: {
    requires: ['SUBSCRIPTION_HISTORY_SHOW'],
    reason: 'No tiene permisos para ver el historial de suscripciones.',
  },
} as const satisfies Record<SubscriptionActionKind, ActionPermission | null>;

const cancelledReason = (s: SubscriptionForRules) =>
  s.status === 'CANCELLED' ? SUBSCRIPTION_REASONS.cancelled : null;

/**
 * The toolbar (spec 000 §4): form link always; cancel unless cancelled; change method unless cancelled; delete
 * method when it has one and is not cancelled; change amount only type subscription, not cancelled; send e-mail
 * when active or pending (and, as the service requires, the payer has an e-mail). History, form and reload on
 * the current version only; every other action too (a write from an old version is never offered).
 */
function toolbarState(kind: SubscriptionActionKind, s: SubscriptionForRules): string | null {
  switch (kind) {
    case 'CANCEL':
    case 'CHANGE_PAYMENT_METHOD':
      return cancelledReason(s);
    case 'REMOVE_PAYMENT_METHOD':
      return cancelledReason(s) ?? (s.paymentMethod ? null : SUBSCRIPTION_REASONS.noPaymentMethod);
    case 'UPDATE_AMOUNT':
      return cancelledReason(s) ?? (s.type === 'SUBSCRIPTION' ? null : SUBSCRIPTION_REASONS.amountType);
    case 'SEND_EMAIL':
      if (s.status !== 'ACTIVE' && s.status !== 'PENDING') return SUBSCRIPTION_REASONS.sendEmailStatus;
      return s.payer?.email ? null : SUBSCRIPTION_REASONS.sendEmailNoAddress;
    case 'FORM_LINK':
    case 'RELOAD':
    case 'HISTORY':
      return null;
  }
}

export const SUBSCRIPTION_ACTION_KINDS = Object.keys(PERMISSIONS) as SubscriptionActionKind[];

const isCurrentVersion = (s: SubscriptionForRules) => s.isCurrentVersion;

/** Subscription.actions and the check of every single mutation. */
export const subscriptionToolbar = defineActions<SubscriptionActionKind, SubscriptionForRules>({
  kinds: SUBSCRIPTION_ACTION_KINDS,
  permissions: PERMISSIONS,
  availableOnPreviousVersion: [],
  previousVersionReason: SUBSCRIPTION_REASONS.oldVersion,
  isCurrentVersion,
  stateReason: toolbarState,
});

// ---------------------------------------------------------------------------------------------------------
// Multi-select (spec 000 §4): change method, cancel and edit amount only if none selected is cancelled; edit
// amount also needs every selected of type adhesion; change and cancel need their permissions (amount too).
// ---------------------------------------------------------------------------------------------------------

export type SubscriptionBulkKind = Extract<
  SubscriptionActionKind,
  'CANCEL' | 'CHANGE_PAYMENT_METHOD' | 'UPDATE_AMOUNT'
>;

const isAdhesion = (s: Pick<SubscriptionForRules, 'type'>) => s.type === 'ADHESION';

/** Subscription.bulkActions: whether one row may join each multi-select action (the web enables a multi-action
 * when every selected row's entry is enabled). */
export const subscriptionBulkEligibility = defineActions<SubscriptionBulkKind, SubscriptionForRules>({
  kinds: ['CANCEL', 'CHANGE_PAYMENT_METHOD', 'UPDATE_AMOUNT'],
  permissions: {
    CANCEL: PERMISSIONS.CANCEL,
    CHANGE_PAYMENT_METHOD: PERMISSIONS.CHANGE_PAYMENT_METHOD,
    UPDATE_AMOUNT: PERMISSIONS.UPDATE_AMOUNT,
  },
  availableOnPreviousVersion: [],
  previousVersionReason: SUBSCRIPTION_REASONS.oldVersion,
  isCurrentVersion,
  stateReason: (kind, s) =>
    cancelledReason(s) ??
    (kind === 'UPDATE_AMOUNT' && !isAdhesion(s) ? SUBSCRIPTION_REASONS.bulkAmountType : null),
});
