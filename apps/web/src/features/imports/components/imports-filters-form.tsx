import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersForm } from '@/components/layout/filters-form';
import { CollectorPicker, DateRangePicker, dateRangeError } from '@/components/pickers';
import { IMPORT_STATUS_LABELS } from '../import-labels';
import { IMPORT_STATUSES, type ImportsFilters } from '../imports-list';

const STATUS_CHOICES = IMPORT_STATUSES.map((value) => ({
  value,
  label: IMPORT_STATUS_LABELS[value] ?? value,
}));

export function ImportsFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: ImportsFilters;
  onSubmit(filters: ImportsFilters): void;
  onClear(): void;
}) {
  const [values, setValues] = useState(applied);
  const rangeError = dateRangeError(values);
  return (
    <FiltersForm
      ariaLabel="Filtros de importaciones"
      onSubmit={() => {
        if (!rangeError) onSubmit(values);
      }}
      onClear={onClear}
    >
      <TextField
        label="Buscar"
        placeholder="Id de importación o archivo"
        value={values.search}
        onChange={(e) => setValues({ ...values, search: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'imports-search-input' } }}
      />
      <Box sx={{ minWidth: 260 }}>
        <CollectorPicker
          value={values.collector}
          onChange={(collector) => setValues({ ...values, collector })}
        />
      </Box>
      <FilterSelect
        label="Estado"
        value={values.status}
        choices={STATUS_CHOICES}
        onChange={(status) => setValues({ ...values, status })}
        minWidth={200}
        testId="imports-status-filter"
      />
      <DateRangePicker value={values} onChange={(range) => setValues({ ...values, ...range })} />
    </FiltersForm>
  );
}
