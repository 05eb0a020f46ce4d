import type { ItemNoun } from '@/components/dialogs/item-noun';
import { dayFilterInstants } from '@/components/pickers/period';
import { AREA_TEXTS, OPERATION_TEXTS } from '@/lib/activity-labels';
import {
  choicePart,
  combineFilters,
  dayRangePart,
  defineListQuery,
  keyParam,
  positionOf,
  STANDARD_PAGING,
  type ListDefinition,
  sortFieldsOf,
  textPart,
} from '@/lib/list';
import { ActivityListDocument, type ActivityFilter, type ActivitySortField } from './gql/graphql';

/**
 * Actividad's list (/actividad, issue 31; session storage `activity.list`): `operador` (user name, exact), `area`,
 * `accion` (the mutation), `registro` (an id the action named), `desde` / `hasta` (days, Argentine time); newest
 * first by default.
 */
export interface ActivityFilters {
  user: string;
  area: string | null;
  operation: string | null;
  recordId: string;
  from: string | null;
  to: string | null;
}

export const activityList: ListDefinition<ActivityFilters, ActivitySortField> = {
  area: 'activity',
  ...STANDARD_PAGING,
  defaultSort: { field: 'AT', direction: 'DESC' },
  sortFields: sortFieldsOf(['AT', 'USER', 'OPERATION', 'RESULT'], {
    AT: { param: 'fecha' },
    USER: { param: 'operador' },
    OPERATION: { param: 'accion' },
    RESULT: { param: 'resultado' },
  }),
  defaultFilters: () => ({ user: '', area: null, operation: null, recordId: '', from: null, to: null }),
  filters: combineFilters(
    textPart('user', 'operador'),
    choicePart('area', 'area', keyParam(AREA_TEXTS)),
    choicePart('operation', 'accion', keyParam(OPERATION_TEXTS)),
    textPart('recordId', 'registro'),
    dayRangePart(),
  ),
};

/** The gateway's filter: empty texts are no filter; days become Argentine instants (start of `from`, end of `to`). */
export function toActivityFilter(filters: ActivityFilters): ActivityFilter {
  return {
    user: filters.user || null,
    area: filters.area,
    operation: filters.operation,
    recordId: filters.recordId || null,
    ...dayFilterInstants(filters.from, filters.to),
  };
}

/** The CSV of the applied filters (gateway: GET /files/actividad.csv, ACTIVITY_SHOW): every matching row. */
export function activityCsvPath(filters: ActivityFilters): string {
  const filter = toActivityFilter(filters);
  const params = new URLSearchParams();
  const set = (name: string, value: string | null | undefined) => {
    if (value) params.set(name, value);
  };
  set('usuario', filter.user);
  set('area', filter.area);
  set('accion', filter.operation);
  set('registro', filter.recordId);
  set('desde', filter.from);
  set('hasta', filter.to);
  const query = params.toString();
  return query ? `/actividad.csv?${query}` : '/actividad.csv';
}

/** Actividad's query for a list state. */
export const activityQuery = defineListQuery({
  list: activityList,
  document: ActivityListDocument,
  variables: (state) => ({ filter: toActivityFilter(state), ...positionOf(state) }),
  pageOf: (data) => data.activity,
});

export const ACTIVITY_NOUN: ItemNoun = { one: 'acción', many: 'acciones', gender: 'feminine' };
