import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import { searchPaymentMethods, type PaymentMethodEntry } from '../payment-methods';

export interface PaymentMethodSelectProps {
  /** Selected media payment ids. */
  value: readonly number[];
  onChange: (codes: number[]) => void;
}

/** Medios de pago: a multi-select over the gateway's catalogue, searched by name. */
export function PaymentMethodSelect({ value, onChange }: PaymentMethodSelectProps) {
  const { catalogue, loaded } = usePaymentMethodCatalogue();
  const selected = value
    .map((id) => catalogue.find(id))
    .filter((entry): entry is PaymentMethodEntry => Boolean(entry));
  return (
    <Autocomplete<PaymentMethodEntry, true, false, false>
      multiple
      disableCloseOnSelect
      limitTags={2}
      value={selected}
      onChange={(_event, next) => onChange(next.map((entry) => entry.mediaPaymentId).sort((a, b) => a - b))}
      options={catalogue.entries as PaymentMethodEntry[]}
      loading={!loaded}
      loadingText="Cargando medios de pago…"
      filterOptions={(_options, state) => searchPaymentMethods(catalogue, state.inputValue)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.mediaPaymentId === other.mediaPaymentId}
      noOptionsText="Sin coincidencias"
      openText="Abrir"
      closeText="Cerrar"
      clearText="Quitar medios de pago"
      getLimitTagsText={(more) => `+${more}`}
      renderOption={(props, option, { selected: isSelected }) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Checkbox size="small" checked={isSelected} sx={{ mr: 1, p: 0.5 }} />
            {option.name}
          </li>
        );
      }}
      slotProps={{ chip: { size: 'small' } }}
      renderInput={(params) => (
        <TextField {...params} label="Medios de pago" placeholder={selected.length ? '' : 'Todos'} />
      )}
    />
  );
}
