import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FiltersForm } from '@/components/layout/filters-form';
import { DateRangePicker, dateRangeError } from '@/components/pickers';
import { BATCH_STATE_LABELS, BATCH_STATES, type BatchFilters } from '../batch-list';

const NUMBER = /^\d*$/;
const AMOUNT = /^(\d{1,13}([.,]\d{0,2})?)?$/;

/** The batch-list filters (spec 001 §7): batch number, total amount range, batch date range, state. */
export function BatchFiltersForm({
  value,
  onChange,
  onClear,
}: {
  value: BatchFilters;
  onChange(next: Partial<BatchFilters>): void;
  onClear(): void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const numberError = NUMBER.test(draft.batchNumber) ? undefined : '*Solo números.';
  const fromError = AMOUNT.test(draft.amountFrom) ? undefined : 'Importe no válido';
  const toError = AMOUNT.test(draft.amountTo) ? undefined : 'Importe no válido';
  const invalid = Boolean(numberError || fromError || toError || dateRangeError(draft));
  return (
    <FiltersForm
      ariaLabel="Filtros de lotes"
      onSubmit={() => {
        if (!invalid) onChange(draft);
      }}
      onClear={onClear}
      clearLabel="Limpiar filtros"
    >
      <TextField
        label="Número de lote"
        value={draft.batchNumber}
        onChange={(e) => setDraft({ ...draft, batchNumber: e.target.value.trim() })}
        error={Boolean(numberError)}
        helperText={numberError}
        sx={{ width: 150 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Importe desde"
        value={draft.amountFrom}
        onChange={(e) => setDraft({ ...draft, amountFrom: e.target.value.trim() })}
        error={Boolean(fromError)}
        helperText={fromError}
        sx={{ width: 150 }}
      />
      <TextField
        label="Importe hasta"
        value={draft.amountTo}
        onChange={(e) => setDraft({ ...draft, amountTo: e.target.value.trim() })}
        error={Boolean(toError)}
        helperText={toError}
        sx={{ width: 150 }}
      />
      <DateRangePicker
        value={{ from: draft.from, to: draft.to }}
        onChange={(range) => setDraft({ ...draft, ...range })}
      />
      <TextField
        select
        label="Estado"
        value={draft.state ?? ''}
        onChange={(e) => setDraft({ ...draft, state: (e.target.value || null) as BatchFilters['state'] })}
        sx={{ width: 160 }}
      >
        <MenuItem value="">Todos</MenuItem>
        {BATCH_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {BATCH_STATE_LABELS[state]}
          </MenuItem>
        ))}
      </TextField>
    </FiltersForm>
  );
}
