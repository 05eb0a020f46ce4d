import { DAY_RANGE_FILTER, DraftFiltersForm, type FilterField } from '@/components/layout/draft-filters-form';
import type { FilterFormProps } from '@/components/layout/filter-draft';
import { IMPORT_STATUS_LABELS } from '../import-labels';
import { IMPORT_STATUSES, type ImportsFilters } from '../imports-list';

const STATUS_CHOICES = IMPORT_STATUSES.map((value) => ({
  value,
  label: IMPORT_STATUS_LABELS[value] ?? value,
}));

const FIELDS: readonly FilterField<ImportsFilters>[] = [
  {
    text: 'search',
    label: 'Buscar',
    placeholder: 'Id de importación o archivo',
    testId: 'imports-search-input',
  },
  { collector: 'collector', minWidth: 260 },
  {
    select: 'status',
    label: 'Estado',
    choices: STATUS_CHOICES,
    minWidth: 200,
    testId: 'imports-status-filter',
  },
  DAY_RANGE_FILTER,
];

export function ImportsFiltersForm(props: FilterFormProps<ImportsFilters>) {
  return <DraftFiltersForm {...props} ariaLabel="Filtros de importaciones" fields={FIELDS} />;
}
