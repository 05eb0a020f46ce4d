import { useEffect, useState } from 'react';
import { checkAmountRange } from '@backoffice/validators';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AmountFilterField } from '@/components/layout/amount-filter-field';
import { FiltersForm } from '@/components/layout/filters-form';
import { DateRangePicker, dateRangeError } from '@/components/pickers';
import { amountFilterError } from '@/lib/amount-filter';
import { BATCH_STATE_LABELS, BATCH_STATES, type BatchFilters } from '../batch-list';

const NUMBER = /^\d*$/;

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
  const fromError = amountFilterError(draft.amountFrom);
  const toError = amountFilterError(draft.amountTo);
  // An inverted range is refused here, as the dates are, under 'Importe hasta' (issue 29 item 16).
  const rangeError = checkAmountRange(draft.amountFrom, draft.amountTo);
  const invalid = Boolean(numberError || fromError || toError || rangeError || dateRangeError(draft));
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
      <AmountFilterField
        label="Importe desde"
        value={draft.amountFrom}
        onChange={(amountFrom) => setDraft({ ...draft, amountFrom: amountFrom.trim() })}
      />
      <AmountFilterField
        label="Importe hasta"
        value={draft.amountTo}
        error={rangeError}
        onChange={(amountTo) => setDraft({ ...draft, amountTo: amountTo.trim() })}
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
