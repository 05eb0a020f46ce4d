import { DAY_RANGE_FILTER, DraftFiltersForm, type FilterField } from '@/components/layout/draft-filters-form';
import type { FilterFormProps } from '@/components/layout/filter-draft';
import { AREA_TEXTS, OPERATION_TEXTS } from '@/lib/activity-labels';
import type { ActivityFilters } from '../activity-list';
import { ActivityUserField } from './activity-user-field';

const AREA_CHOICES = Object.entries(AREA_TEXTS).map(([value, label]) => ({ value, label }));
const OPERATION_CHOICES = Object.entries(OPERATION_TEXTS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

const FIELDS: readonly FilterField<ActivityFilters>[] = [
  (draft) => <ActivityUserField {...draft.bind('user')} />,
  { select: 'area', label: 'Área', choices: AREA_CHOICES, minWidth: 180, testId: 'activity-area-filter' },
  {
    select: 'operation',
    label: 'Acción',
    choices: OPERATION_CHOICES,
    minWidth: 220,
    testId: 'activity-operation-filter',
  },
  { text: 'recordId', label: 'Id del registro', testId: 'activity-record-filter', maxLength: 200 },
  DAY_RANGE_FILTER,
];

/** Actividad's filters: a draft applied on 'Buscar' (an inverted period is not applied). */
export function ActivityFiltersForm(props: FilterFormProps<ActivityFilters>) {
  return <DraftFiltersForm {...props} ariaLabel="Filtros de actividad" fields={FIELDS} />;
}
