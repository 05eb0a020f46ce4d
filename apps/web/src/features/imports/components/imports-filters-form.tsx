import Box from '@mui/material/Box';
import { FilterSelect } from '@/components/layout/filter-select';
import { FilterText } from '@/components/layout/filter-text';
import { FiltersForm } from '@/components/layout/filters-form';
import { useFilterDraft, type FilterFormProps } from '@/components/layout/filter-draft';
import { CollectorPicker, DateRangePicker } from '@/components/pickers';
import { IMPORT_STATUS_LABELS } from '../import-labels';
import { IMPORT_STATUSES, type ImportsFilters } from '../imports-list';

const STATUS_CHOICES = IMPORT_STATUSES.map((value) => ({
  value,
  label: IMPORT_STATUS_LABELS[value] ?? value,
}));

export function ImportsFiltersForm(props: FilterFormProps<ImportsFilters>) {
  const draft = useFilterDraft(props);
  return (
    <FiltersForm ariaLabel="Filtros de importaciones" {...draft.form}>
      <FilterText
        label="Buscar"
        placeholder="Id de importación o archivo"
        {...draft.text('search')}
        testId="imports-search-input"
      />
      <Box sx={{ minWidth: 260 }}>
        <CollectorPicker {...draft.bind('collector')} />
      </Box>
      <FilterSelect
        label="Estado"
        {...draft.bind('status')}
        choices={STATUS_CHOICES}
        minWidth={200}
        testId="imports-status-filter"
      />
      <DateRangePicker {...draft.range} />
    </FiltersForm>
  );
}
