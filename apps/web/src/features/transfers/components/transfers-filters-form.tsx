import Box from '@mui/material/Box';
import { IdentifierTextField } from '@/components/form';
import { AmountFilterField } from '@/components/layout/amount-filter-field';
import { FilterSelect } from '@/components/layout/filter-select';
import { FilterText } from '@/components/layout/filter-text';
import { FiltersForm } from '@/components/layout/filters-form';
import { useFilterDraft, type FilterFormProps } from '@/components/layout/filter-draft';
import { CollectorPicker, DateRangePicker } from '@/components/pickers';
import { amountFilterError } from '@/lib/amount-filter';
import { TRANSFER_STATUS_LABELS, type TransfersFilters } from '../transfers-list';

const cuitIncomplete = (cuit: string) => cuit !== '' && cuit.replace(/\D/g, '').length !== 11;

/** The amount must read as an amount; a typed CUIT, as 11 digits (neither is searched otherwise). */
const hasFieldError = (values: TransfersFilters) =>
  Boolean(amountFilterError(values.amount)) || cuitIncomplete(values.cuit);

export function TransfersFiltersForm({
  search,
  onSearch,
  ...form
}: FilterFormProps<TransfersFilters> & {
  /** The search text, searched as it changes (not a field of the draft). */
  search: string;
  onSearch(text: string): void;
}) {
  const draft = useFilterDraft(form, hasFieldError);
  const { values } = draft;
  return (
    <FiltersForm ariaLabel="Filtros de transferencias" {...draft.form}>
      <FilterText
        label="Buscar"
        placeholder="Id de pago o de transferencia"
        defaultValue={search}
        // Every change of the text searches (typed, pasted or dropped); the arrow keys change nothing (001 §9).
        onChange={(event) => onSearch(event.target.value)}
        testId="transfers-search-input"
      />
      <Box sx={{ minWidth: 240 }}>
        <CollectorPicker {...draft.bind('collector')} />
      </Box>
      <DateRangePicker {...draft.range} />
      <AmountFilterField
        label="Importe"
        {...draft.bind('amount')}
        width={140}
        testId="transfers-amount-input"
      />
      <IdentifierTextField
        kind="cuit"
        label="CUIT"
        value={values.cuit}
        onValueChange={draft.bind('cuit').onChange}
        error={cuitIncomplete(values.cuit)}
        helperText={cuitIncomplete(values.cuit) ? 'El CUIT debe tener 11 dígitos' : undefined}
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { 'data-testid': 'transfers-cuit-input' } }}
      />
      <FilterSelect
        label="Estado"
        {...draft.bind('status')}
        choices={TRANSFER_STATUS_LABELS}
        minWidth={150}
        testId="transfers-status-filter"
      />
    </FiltersForm>
  );
}
