import { checkAmountRange } from '@backoffice/validators';
import TextField from '@mui/material/TextField';
import { AmountFilterField } from '@/components/layout/amount-filter-field';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersForm } from '@/components/layout/filters-form';
import { useFilterDraft, type FilterFormProps } from '@/components/layout/filter-draft';
import { DateRangePicker } from '@/components/pickers';
import { amountFilterError } from '@/lib/amount-filter';
import { BATCH_STATE_LABELS, type BatchFilters } from '../batch-list';

const NUMBER = /^\d*$/;

const numberError = (batchNumber: string) => (NUMBER.test(batchNumber) ? undefined : '*Solo números.');

/** True when 'Buscar' must not apply the draft: a field, or the amount range, is wrong (the dates are the kit's). */
const invalid = (draft: BatchFilters) =>
  Boolean(
    numberError(draft.batchNumber) ||
    amountFilterError(draft.amountFrom) ||
    amountFilterError(draft.amountTo) ||
    checkAmountRange(draft.amountFrom, draft.amountTo),
  );

/** The batch-list filters (spec 001 §7): batch number, total amount range, batch date range, state. */
export function BatchFiltersForm(props: FilterFormProps<BatchFilters>) {
  const draft = useFilterDraft(props, invalid);
  const { values } = draft;
  const batchNumberError = numberError(values.batchNumber);
  return (
    <FiltersForm ariaLabel="Filtros de lotes" {...draft.form} clearLabel="Limpiar filtros">
      <TextField
        label="Número de lote"
        value={values.batchNumber}
        onChange={(e) => draft.bind('batchNumber').onChange(e.target.value.trim())}
        error={Boolean(batchNumberError)}
        helperText={batchNumberError}
        sx={{ width: 150 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <AmountFilterField
        label="Importe desde"
        value={values.amountFrom}
        onChange={(amountFrom) => draft.bind('amountFrom').onChange(amountFrom.trim())}
      />
      <AmountFilterField
        label="Importe hasta"
        value={values.amountTo}
        // An inverted range is refused here, as the dates are, under 'Importe hasta'.
        error={checkAmountRange(values.amountFrom, values.amountTo)}
        onChange={(amountTo) => draft.bind('amountTo').onChange(amountTo.trim())}
      />
      <DateRangePicker {...draft.range} />
      <FilterSelect label="Estado" {...draft.bind('state')} choices={BATCH_STATE_LABELS} minWidth={160} />
    </FiltersForm>
  );
}
