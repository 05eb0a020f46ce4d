import { AREA_TEXTS, OPERATION_TEXTS } from '@/lib/activity-labels';
import { keyParam } from '@/lib/list/enum-param';
import { choicePart, combineFilters, dayRangePart, textPart } from '@/lib/list/filter-parts';
import { sortFieldsOf, STANDARD_PAGING, type LinkedListDefinition } from '@/lib/list/list-definition';
import type { ActivitySortField } from './gql/graphql';

/**
 * Actividad's list definition (/actividad; session storage `activity.list`; its route and codec only, so
 * that every detail's 'Actividad en el back-office' may link here: `hrefOf`): `operador` (user name, exact), `area`,
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

export const activityList: LinkedListDefinition<ActivityFilters, ActivitySortField> = {
  area: 'activity',
  path: '/actividad',
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
