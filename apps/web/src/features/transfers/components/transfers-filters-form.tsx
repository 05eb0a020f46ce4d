import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersForm } from '@/components/layout/filters-form';
import { CollectorPicker, DateRangePicker, dateRangeError } from '@/components/pickers';
import { TRANSFER_STATUS_LABELS, type TransfersFilters } from '../transfers-list';

/** Spec 001 §9: the arrow keys (codes 37 to 40) do not count as typing. */
const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']);

export function TransfersFiltersForm({
  applied,
  search,
  onSearch,
  onSubmit,
  onClear,
}: {
  applied: TransfersFilters;
  search: string;
  onSearch(text: string): void;
  onSubmit(filters: TransfersFilters): void;
  onClear(): void;
}) {
  const [values, setValues] = useState(applied);
  const rangeError = dateRangeError(values);
  return (
    <FiltersForm
      ariaLabel="Filtros de transferencias"
      onSubmit={() => {
        if (!rangeError) onSubmit(values);
      }}
      onClear={onClear}
    >
      <TextField
        label="Buscar"
        placeholder="Id de pago o de transferencia"
        defaultValue={search}
        onKeyUp={(event) => {
          if (ARROW_KEYS.has(event.key)) return;
          onSearch((event.target as HTMLInputElement).value);
        }}
        slotProps={{ htmlInput: { 'data-testid': 'transfers-search-input' } }}
      />
      <Box sx={{ minWidth: 240 }}>
        <CollectorPicker
          value={values.collector}
          onChange={(collector) => setValues({ ...values, collector })}
        />
      </Box>
      <DateRangePicker value={values} onChange={(range) => setValues({ ...values, ...range })} />
      <TextField
        label="Importe"
        value={values.amount}
        onChange={(e) => setValues({ ...values, amount: e.target.value })}
        sx={{ width: 130 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'transfers-amount-input' } }}
      />
      <TextField
        label="CUIT"
        value={values.cuit}
        onChange={(e) => setValues({ ...values, cuit: e.target.value })}
        error={values.cuit !== '' && values.cuit.replace(/\D/g, '').length !== 11}
        helperText={
          values.cuit !== '' && values.cuit.replace(/\D/g, '').length !== 11
            ? 'El CUIT debe tener 11 dígitos'
            : undefined
        }
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'transfers-cuit-input' } }}
      />
      <FilterSelect
        label="Estado"
        value={values.status}
        choices={TRANSFER_STATUS_LABELS}
        onChange={(status) => setValues({ ...values, status })}
        minWidth={150}
        testId="transfers-status-filter"
      />
    </FiltersForm>
  );
}
