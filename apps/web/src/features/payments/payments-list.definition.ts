import { byEnum, PAYMENT_STATUS_TEXTS } from '@backoffice/validators';
import type { CollectorRef } from '@/components/pickers/collector-picker';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { codeParam } from '@/lib/list/enum-param';
import {
  choiceListPart,
  choicePart,
  collectorPart,
  combineFilters,
  filterRule,
  periodPart,
  textPart,
} from '@/lib/list/filter-parts';
import { sortFieldsOf, STANDARD_PAGING, type LinkedListDefinition } from '@/lib/list/list-definition';
import type { PaymentDateField, PaymentSortField, PaymentStatus } from './gql/graphql';

/**
 * Buscar Pagos' list definition (lib/list): its route and its filters' URL codec, and nothing else (no documents,
 * no React), so that another area's screen may import it to link here (`hrefOf`; eslint.config.js). URL
 * parameters besides page, page_size and sort:
 *   search         free search (payer e-mail, payment id or name); `pagador` is accepted as an alias (spec 000 §2)
 *   collector_id   collector filter, with collector_name for its label
 *   status         pending | issued | approved | partial | rejected | refunded | objected | overdue
 *   periodo        YYYY-MM, `actual` ('Mes actual', the default, never written: a saved view or a link follows the
 *                  calendar) or `todos` (every period; only with a search); the name of
 *                  every list's period: an old link's `period` is still read
 *   date_field     refunded_date to apply the period to the refund date (default request_date)
 *   methods        media payment ids, comma separated (only with search or collector)
 */

/** The filters a search applies; changing any of them returns to page 1. */
export interface PaymentsFilters {
  search: string;
  collector: CollectorRef | null;
  status: PaymentStatus | null;
  /** YYYY-MM, CURRENT_PERIOD ('Mes actual') or ALL_PERIODS (only with a search). */
  period: string;
  dateField: PaymentDateField;
  /** Media payment ids, ascending, only kept with a search or a collector. */
  methods: number[];
}

/** The period value (and URL text) of a search over every period. */
export const ALL_PERIODS = 'todos';

/** A media payment id as written (up to 3 digits); which exist is the catalogue's to say (withKnownMethods). */
const readMethod = (text: string): number | null => (/^\d{1,3}$/.test(text) ? Number(text) : null);

const DATE_FIELD_PARAM = codeParam<PaymentDateField>({ REQUEST_DATE: null, REFUNDED_DATE: null });

/**
 * The rules that tie filters together (after the parts trimmed the search and dropped a blank collector):
 * - the refund date ignores the status (choosing it clears the status, spec 000 §9);
 * - the payment-method filter exists only with a search or a collector (spec 000 §2);
 * - every period exists only with a search (without one it falls back to 'Mes actual').
 */
function paymentsRule(filters: PaymentsFilters): PaymentsFilters {
  const { search, collector } = filters;
  return {
    ...filters,
    period: filters.period === ALL_PERIODS && !search ? CURRENT_PERIOD : filters.period,
    status: filters.dateField === 'REFUNDED_DATE' ? null : filters.status,
    methods: search || collector ? filters.methods : [],
  };
}

export const paymentsList: LinkedListDefinition<PaymentsFilters, PaymentSortField> = {
  area: 'payments',
  path: '/pagos',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  // Spec 000 §2's sortable fields: their upstream names in the URL, and the grid columns that sort by them.
  sortFields: sortFieldsOf(['REQUEST_DATE', 'PAYER_NAME', 'FINAL_AMOUNT', 'STATUS'], {
    PAYER_NAME: { param: 'payer.name' },
  }),
  defaultFilters: () => ({
    search: '',
    collector: null,
    status: null,
    period: CURRENT_PERIOD,
    dateField: 'REQUEST_DATE',
    methods: [],
  }),
  filters: combineFilters(
    textPart('search', 'search', { aliases: ['pagador'] }),
    collectorPart({ id: 'collector_id', name: 'collector_name' }),
    // The status codes in lower case: the catalogue's keys, read here without the area's labels module.
    choicePart('status', 'status', codeParam<PaymentStatus>(byEnum(PAYMENT_STATUS_TEXTS))),
    periodPart('periodo', [ALL_PERIODS], { aliases: ['period'] }),
    choicePart('dateField', 'date_field', DATE_FIELD_PARAM, { unwritten: 'REQUEST_DATE' }),
    choiceListPart('methods', 'methods', { read: readMethod, order: (a, b) => a - b }),
    filterRule(paymentsRule),
  ),
};
