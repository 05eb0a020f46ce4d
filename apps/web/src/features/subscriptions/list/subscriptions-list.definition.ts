import { byEnum, SUBSCRIPTION_STATUS_TEXTS } from '@backoffice/validators';
import { codeParam, enumParam } from '@/lib/list/enum-param';
import { choicePart, collectorPart, combineFilters, textPart } from '@/lib/list/filter-parts';
import { sortFieldsOf, STANDARD_PAGING, type LinkedListDefinition } from '@/lib/list/list-definition';
import type { SubscriptionPaymentType, SubscriptionSortField, SubscriptionStatus } from '../gql/graphql';

/**
 * Buscar Suscripciones' list definition (lib/list, session storage `subscriptions.list`): its route and URL codec,
 * no documents and no React, so that another area may link here (`hrefOf`).
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

/** The status in the list's URL (`estado`, and spec 000 §2's entry parameter `status`): 'active' for ACTIVE. */
const STATUS_PARAM = codeParam<SubscriptionStatus>(byEnum(SUBSCRIPTION_STATUS_TEXTS));

export const subscriptionsList: LinkedListDefinition<SubscriptionsFilters, SubscriptionSortField> = {
  area: 'subscriptions',
  path: '/suscripciones',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  sortFields: SORT_FIELDS,
  defaultFilters: () => ({ search: '', collector: null, status: null, paymentType: 'DEBIT' }),
  entryParams: ENTRY_PARAMS,
  filters: combineFilters(
    textPart('search', 'q', { aliases: ['pagador'] }),
    collectorPart({ id: 'entidad', name: 'entidad_nombre' }, { id: 'collector_id', name: 'collector_name' }),
    choicePart('status', 'estado', STATUS_PARAM, { aliases: ['status'] }),
    choicePart('paymentType', 'medio', PAYMENT_TYPE_PARAM, { always: true }),
  ),
};
