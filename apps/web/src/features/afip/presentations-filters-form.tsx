import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersForm } from '@/components/layout/filters-form';
import { PRESENTATION_STATUS_LABELS, type PresentationsFilters } from './presentation-labels';

/** The search applies on 'Buscar'; the status at once (spec 001 §2). */
export function PresentationsFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: PresentationsFilters;
  onSubmit(filters: PresentationsFilters): void;
  onClear(): void;
}) {
  const [search, setSearch] = useState(applied.search);
  return (
    <FiltersForm
      ariaLabel="Buscar presentaciones"
      onSubmit={() => onSubmit({ ...applied, search })}
      onClear={onClear}
      clearLabel="Reestablecer búsqueda"
    >
      <TextField
        label="Buscar"
        placeholder="ID, transacción AFIP o archivo"
        helperText="Busca por ID de presentación, ID de transacción AFIP o nombre de archivo"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ minWidth: 280 }}
      />
      <FilterSelect
        label="Estado"
        value={applied.status}
        choices={PRESENTATION_STATUS_LABELS}
        onChange={(status) => onSubmit({ search, status })}
      />
    </FiltersForm>
  );
}
