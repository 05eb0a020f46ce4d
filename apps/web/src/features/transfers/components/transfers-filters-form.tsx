import { IdentifierTextField } from '@/components/form';
import { DAY_RANGE_FILTER, DraftFiltersForm, type FilterField } from '@/components/layout/draft-filters-form';
import type { FilterDraft, FilterFormProps } from '@/components/layout/filter-draft';
import { FilterText } from '@/components/layout/filter-text';
import { amountFilterError } from '@/lib/amount-filter';
import { TRANSFER_STATUS_LABELS, type TransfersFilters } from '../transfers-list';

const cuitIncomplete = (cuit: string) => cuit !== '' && cuit.replace(/\D/g, '').length !== 11;

/** The amount must read as an amount; a typed CUIT, as 11 digits (neither is searched otherwise). */
const hasFieldError = (values: TransfersFilters) =>
  Boolean(amountFilterError(values.amount)) || cuitIncomplete(values.cuit);

function CuitField({ draft }: { draft: FilterDraft<TransfersFilters> }) {
  const { cuit } = draft.values;
  return (
    <IdentifierTextField
      kind="cuit"
      label="CUIT"
      value={cuit}
      onValueChange={draft.bind('cuit').onChange}
      error={cuitIncomplete(cuit)}
      helperText={cuitIncomplete(cuit) ? 'El CUIT debe tener 11 dígitos' : undefined}
      sx={{ width: 170 }}
      slotProps={{ htmlInput: { 'data-testid': 'transfers-cuit-input' } }}
    />
  );
}

/** The fields after the search text, which is not the draft's. */
const DRAFT_FIELDS: readonly FilterField<TransfersFilters>[] = [
  { collector: 'collector', minWidth: 240 },
  DAY_RANGE_FILTER,
  { amount: 'amount', label: 'Importe', width: 140, testId: 'transfers-amount-input' },
  (draft) => <CuitField draft={draft} />,
  {
    select: 'status',
    label: 'Estado',
    choices: TRANSFER_STATUS_LABELS,
    minWidth: 150,
    testId: 'transfers-status-filter',
  },
];

export function TransfersFiltersForm({
  search,
  onSearch,
  ...form
}: FilterFormProps<TransfersFilters> & {
  /** The search text, searched as it changes (not a field of the draft). */
  search: string;
  onSearch(text: string): void;
}) {
  const searchField = (
    <FilterText
      label="Buscar"
      placeholder="Id de pago o de transferencia"
      defaultValue={search}
      // Every change of the text searches (typed, pasted or dropped); the arrow keys change nothing (001 §9).
      onChange={(event) => onSearch(event.target.value)}
      testId="transfers-search-input"
    />
  );
  return (
    <DraftFiltersForm
      {...form}
      ariaLabel="Filtros de transferencias"
      invalid={hasFieldError}
      fields={[() => searchField, ...DRAFT_FIELDS]}
    />
  );
}
