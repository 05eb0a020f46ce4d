import { FilterSelect } from '@/components/layout/filter-select';
import { FilterText } from '@/components/layout/filter-text';
import { FiltersForm } from '@/components/layout/filters-form';
import { useFilterDraft, type FilterFormProps } from '@/components/layout/filter-draft';
import { DateRangePicker } from '@/components/pickers';
import { AREA_TEXTS, OPERATION_TEXTS } from '@/lib/activity-labels';
import type { ActivityFilters } from '../activity-list';

const AREA_CHOICES = Object.entries(AREA_TEXTS).map(([value, label]) => ({ value, label }));
const OPERATION_CHOICES = Object.entries(OPERATION_TEXTS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

/** Actividad's filters: a draft applied on 'Buscar' (an inverted period is not applied). */
export function ActivityFiltersForm(props: FilterFormProps<ActivityFilters>) {
  const draft = useFilterDraft(props);
  return (
    <FiltersForm ariaLabel="Filtros de actividad" {...draft.form}>
      <FilterText
        label="Operador"
        placeholder="Usuario"
        {...draft.text('user')}
        testId="activity-user-filter"
        maxLength={200}
      />
      <FilterSelect
        label="Área"
        {...draft.bind('area')}
        choices={AREA_CHOICES}
        minWidth={180}
        testId="activity-area-filter"
      />
      <FilterSelect
        label="Acción"
        {...draft.bind('operation')}
        choices={OPERATION_CHOICES}
        minWidth={220}
        testId="activity-operation-filter"
      />
      <FilterText
        label="Id del registro"
        {...draft.text('recordId')}
        testId="activity-record-filter"
        maxLength={200}
      />
      <DateRangePicker {...draft.range} />
    </FiltersForm>
  );
}
