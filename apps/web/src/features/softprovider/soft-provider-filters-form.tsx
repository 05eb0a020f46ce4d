import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersForm } from '@/components/layout/filters-form';
import { dateRangeError, DateRangePicker } from '@/components/pickers';
import { SOFT_PROVIDER_STATUS_LABELS, type SoftProviderFilters } from './soft-provider-labels';

/** Free search, 'Fecha desde' / 'Fecha hasta' (Argentine days) and the state, on the kit's filter row. */
export function SoftProviderFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: SoftProviderFilters;
  onSubmit(filters: SoftProviderFilters): void;
  onClear(): void;
}) {
  const [draft, setDraft] = useState(applied);
  const range = { from: draft.from || null, to: draft.to || null };
  return (
    <FiltersForm
      ariaLabel="Buscar reportes"
      onSubmit={() => {
        if (!dateRangeError(range)) onSubmit(draft);
      }}
      onClear={onClear}
    >
      <TextField
        label="Buscar"
        placeholder="ID, entidad o formato"
        helperText="Busca por ID de reporte, ID o nombre de entidad, o formato (AGIP, ARBA)"
        value={draft.search}
        onChange={(event) => setDraft({ ...draft, search: event.target.value })}
      />
      <DateRangePicker
        value={range}
        onChange={(next) => setDraft({ ...draft, from: next.from ?? '', to: next.to ?? '' })}
        fromLabel="Fecha desde"
        toLabel="Fecha hasta"
      />
      <FilterSelect
        label="Estado"
        value={draft.status}
        choices={SOFT_PROVIDER_STATUS_LABELS}
        onChange={(status) => setDraft({ ...draft, status })}
      />
    </FiltersForm>
  );
}
