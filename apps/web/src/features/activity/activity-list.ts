import type { ItemNoun } from '@/components/dialogs/item-noun';
import { DAY_RANGE_PARAM, dayFilterInstants } from '@/components/pickers/period';
import { AREA_TEXTS, OPERATION_TEXTS } from '@/lib/activity-labels';
import { defineListQuery, positionOf, STANDARD_PAGING, type ListDefinition, sortFieldsOf } from '@/lib/list';
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

const known = (table: Readonly<Record<string, string>>, raw: string | null): string | null => {
  const value = raw?.trim() ?? '';
  return Object.hasOwn(table, value) ? value : null;
};

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
  filters: {
    params: ['operador', 'area', 'accion', 'registro', ...DAY_RANGE_PARAM.names],
    parse(params) {
      return {
        user: (params.get('operador') ?? '').trim(),
        area: known(AREA_TEXTS, params.get('area')),
        operation: known(OPERATION_TEXTS, params.get('accion')),
        recordId: (params.get('registro') ?? '').trim(),
        ...DAY_RANGE_PARAM.parse(params),
      };
    },
    write(filters, params) {
      if (filters.user) params.set('operador', filters.user);
      if (filters.area) params.set('area', filters.area);
      if (filters.operation) params.set('accion', filters.operation);
      if (filters.recordId) params.set('registro', filters.recordId);
      DAY_RANGE_PARAM.write(filters, params);
    },
    normalize: (filters) => ({ ...filters, user: filters.user.trim(), recordId: filters.recordId.trim() }),
  },
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
