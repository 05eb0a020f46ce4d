import { dayOf as argentineDay, parseDayParam } from '@/components/pickers/period';
import {
  choicePart,
  codeParam,
  combineFilters,
  dayRangePart,
  defineListQuery,
  enumParam,
  filtersOf,
  type ListDefinition,
  SEARCH_TEXT_PART,
  SHORT_PAGING,
  sortFieldsOf,
} from '@/lib/list';
import {
  DistributionsDocument,
  type DistributionFilter,
  type DistributionStatus,
  type DistributionType,
} from './gql/graphql';
import { STATE_TABS } from './labels';

/** The distributions screen's filters: type toggle, state tab, request-date range (days), search text. */
export interface DistributionFilters {
  type: DistributionType;
  status: DistributionStatus | null;
  from: string;
  to: string;
  search: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD of a date in the browser's zone (the operators' Argentine time). */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const firstOfMonth = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-01`;

const TYPE_PARAM = enumParam<DistributionType>({ NO_SCHEDULED: 'no_programadas', SCHEDULED: 'programadas' });
/** The state tabs' statuses, in lower case ('error'). */
const STATE_PARAM = codeParam(
  Object.fromEntries(STATE_TABS.flatMap((tab) => (tab.status ? [[tab.status, tab.label]] : []))) as Record<
    DistributionStatus,
    string
  >,
);

/** Spec 001 §9: default range the first day of the month to today; list size 10, first page 1. */
export const distributionsList: ListDefinition<DistributionFilters, 'REQUEST_DATE'> = {
  area: 'distributions',
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
    // The pickers' maximum is today: a later day of the address is today (issue 28 item 9).
    dayRangePart((raw, fallback: string) => parseDayParam(raw, { max: argentineDay() }) ?? fallback, {
      always: true,
    }),
    SEARCH_TEXT_PART,
  ),
};

/** The gateway's filter (the gateway applies the search rule of spec 001 §5). */
export const toDistributionFilter = (f: DistributionFilters): DistributionFilter => ({
  type: f.type,
  status: f.status,
  from: `${f.from}T00:00:00.000-03:00`,
  to: `${f.to}T23:59:59.999-03:00`,
  search: f.search || null,
});

/** Distribuciones' query for a list state (the service takes no sort). */
export const distributionsQuery = defineListQuery({
  list: distributionsList,
  document: DistributionsDocument,
  variables: (state) => ({
    filter: toDistributionFilter(filtersOf(state)),
    page: state.page,
    pageSize: state.pageSize,
  }),
  pageOf: (data) => data.distributions,
});
