import type { ItemNoun } from '@/components/dialogs/item-noun';
import { dayFilterInstants } from '@/components/pickers/period';
import { defineListQuery, positionOf } from '@/lib/list';
import { ActivityListDocument, type ActivityFilter } from './gql/graphql';
import { activityList, type ActivityFilters } from './activity-list.definition';

export { activityList, type ActivityFilters } from './activity-list.definition';

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
