import {
  choicePart,
  collectorPart,
  combineFilters,
  enumParam,
  textPart,
  defineListQuery,
  positionOf,
  STANDARD_PAGING,
  type ListCacheRule,
  type ListDefinition,
  type ListState,
  sortFieldsOf,
  type StatusRowChange,
} from '@/lib/list';
import {
  SubscriptionsSearchDocument,
  type SubscriptionFilter,
  type SubscriptionPaymentType,
  type SubscriptionSortField,
  type SubscriptionStatus,
  type SubscriptionsSearchQueryVariables,
} from '../gql/graphql';
import { SUBSCRIPTION_STATUS_PARAM } from '../subscription-labels';

/**
 * Buscar Suscripciones' list (lib/list, session storage `subscriptions.list`).
 *
 * Its own URL parameters: `q` (free search: e-mail, id or name), `entidad` + `entidad_nombre` (collector),
 * `estado` (active | pending | cancelled), `medio` (debito | tarjeta | todos; default debito, spec 000 §2),
 * then page, page_size and sort. The entry parameters of spec 000 §2 (`pagador`, `collector_id` with
 * `collector_name`, `status`) forget the saved list and are rewritten to these names, so they leave the address.
 */

export interface CollectorFilter {
  id: string;
  name: string;
}

/** null: every payment method and none ("Todos"). */
export type PaymentTypeFilter = SubscriptionPaymentType | null;

export interface SubscriptionsFilters {
  search: string;
  collector: CollectorFilter | null;
  status: SubscriptionStatus | null;
  paymentType: PaymentTypeFilter;
}

/** `medio`: debito | tarjeta, 'todos' for every payment method and none. */
const PAYMENT_TYPE_PARAM = enumParam<SubscriptionPaymentType>({ DEBIT: 'debito', CARD: 'tarjeta' });

/** Spec 000 §2's sortable fields: their upstream names in the URL, and the grid columns that sort by them. */
const SORT_FIELDS = sortFieldsOf(
  [
    'REQUEST_DATE',
    'CONCEPT_ID',
    'CONCEPT_DESCRIPTION',
    'PAYER_NAME',
    'AMOUNT',
    'PAYMENT_METHOD_LAST_FOUR_DIGITS',
    'STATUS',
  ],
  {
    CONCEPT_ID: { param: 'detail.concept_id' },
    CONCEPT_DESCRIPTION: { param: 'detail.concept_description' },
    PAYER_NAME: { param: 'payer.name' },
    PAYMENT_METHOD_LAST_FOUR_DIGITS: { param: 'payment_method.last_four_digits', column: 'paymentMethod' },
  },
);

export const ENTRY_PARAMS = ['pagador', 'collector_id', 'collector_name', 'status'] as const;

export const subscriptionsList: ListDefinition<SubscriptionsFilters, SubscriptionSortField> = {
  area: 'subscriptions',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  sortFields: SORT_FIELDS,
  defaultFilters: () => ({ search: '', collector: null, status: null, paymentType: 'DEBIT' }),
  entryParams: ENTRY_PARAMS,
  filters: combineFilters(
    textPart('search', 'q', { aliases: ['pagador'] }),
    collectorPart({ id: 'entidad', name: 'entidad_nombre' }, { id: 'collector_id', name: 'collector_name' }),
    choicePart('status', 'estado', SUBSCRIPTION_STATUS_PARAM, { aliases: ['status'] }),
    choicePart('paymentType', 'medio', PAYMENT_TYPE_PARAM, { always: true }),
  ),
};

/** The gateway's filter of a list state. */
export function toSubscriptionFilter(filters: SubscriptionsFilters): SubscriptionFilter {
  return {
    search: filters.search || null,
    collectorId: filters.collector?.id ?? null,
    status: filters.status,
    paymentType: filters.paymentType,
  };
}

export function toSearchVariables(
  state: ListState<SubscriptionsFilters, SubscriptionSortField>,
): SubscriptionsSearchQueryVariables {
  return { filter: toSubscriptionFilter(state), ...positionOf(state) };
}

/** Buscar Suscripciones' query: the screen's and the route preload's. */
export const subscriptionsQuery = defineListQuery({
  list: subscriptionsList,
  document: SubscriptionsSearchDocument,
  variables: toSearchVariables,
  pageOf: (data) => data.subscriptions,
});

/** What a changed subscription says about the lists it sits in. */
export interface SubscriptionRowChange extends StatusRowChange<SubscriptionStatus> {
  hasMethod?: boolean;
}

/**
 * Lists after an action (spec 000 §4): a subscription leaves a list whose status filter it no longer matches
 * (cancelled under 'Activa'), or whose payment-type filter it no longer matches once its method is removed.
 */
export const subscriptionsListRule: ListCacheRule<SubscriptionRowChange, SubscriptionFilter> = {
  field: 'subscriptions',
  stillMatches: (change, filter) => {
    if (filter.status && change.status && change.status !== filter.status) return false;
    if (filter.paymentType && change.hasMethod === false) return false;
    return true;
  },
  changeOfRow: (readField, row) => {
    const id = readField<string>('id', row);
    if (!id) return null;
    return {
      id,
      status: readField<SubscriptionStatus>('status', row),
      hasMethod: readField<unknown>('paymentMethod', row) !== null,
    };
  },
};
