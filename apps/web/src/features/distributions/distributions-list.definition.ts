import { dayOf as argentineDay, parseDayParam } from '@/components/pickers/period';
import { codeParam, enumParam } from '@/lib/list/enum-param';
import { choicePart, combineFilters, dayRangePart, SEARCH_TEXT_PART } from '@/lib/list/filter-parts';
import { SHORT_PAGING, sortFieldsOf, type LinkedListDefinition } from '@/lib/list/list-definition';
import type { DistributionStatus, DistributionType } from './gql/graphql';

/** The distributions screen's filters: type toggle, state tab, request-date range (days), search text. */
export interface DistributionFilters {
  type: DistributionType;
  status: DistributionStatus | null;
  from: string;
  to: string;
  search: string;
}

/** YYYY-MM-DD of a date in Argentine time, whatever the browser's zone. */
export const dayOf = (date: Date) => argentineDay(date);
/** The first day of that date's month in Argentine time. */
const firstOfMonth = (date: Date) => `${argentineDay(date).slice(0, 8)}01`;

/** Spec 001 §4: the state tabs and the status each filters (Todo: none). */
export const STATE_TABS: readonly { label: string; status: DistributionStatus | null }[] = [
  { label: 'Todo', status: null },
  { label: 'Error', status: 'ERROR' },
  { label: 'Pendiente', status: 'AUTHORIZATION_PENDING' },
  { label: 'En proceso', status: 'PENDING' },
  { label: 'Rechazado', status: 'REJECTED' },
  { label: 'Aprobado', status: 'SUCCESS' },
  { label: 'Manuales', status: 'MANUAL' },
];

const TYPE_PARAM = enumParam<DistributionType>({ NO_SCHEDULED: 'no_programadas', SCHEDULED: 'programadas' });
/** The state tabs' statuses, in lower case ('error'). */
const STATE_PARAM = codeParam(
  Object.fromEntries(STATE_TABS.flatMap((tab) => (tab.status ? [[tab.status, tab.label]] : []))) as Record<
    DistributionStatus,
    string
  >,
);

/**
 * Distribuciones' list definition: its route and codec only, so that another area may link here (`hrefOf`).
 * Spec 001 §9: default range the first day of the month to today; list size 10, first page 1.
 */
export const distributionsList: LinkedListDefinition<DistributionFilters, 'REQUEST_DATE'> = {
  area: 'distributions',
  path: '/distribucion',
  ...SHORT_PAGING,
  sortFields: sortFieldsOf(['REQUEST_DATE']),
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  defaultFilters: (now) => ({
    type: 'NO_SCHEDULED',
    status: null,
    from: firstOfMonth(now),
    to: dayOf(now),
    search: '',
  }),
  filters: combineFilters(
    choicePart('type', 'tipo', TYPE_PARAM, { unwritten: 'NO_SCHEDULED' }),
    choicePart('status', 'estado', STATE_PARAM),
    // The pickers' maximum is today: a later day of the address is today.
    dayRangePart((raw, fallback: string) => parseDayParam(raw, { max: argentineDay() }) ?? fallback, {
      always: true,
    }),
    SEARCH_TEXT_PART,
  ),
};
