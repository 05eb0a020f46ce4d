import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import {
  PAYMENT_METHODS,
  findPaymentMethod,
  searchPaymentMethods,
  type PaymentMethodEntry,
} from '../payment-methods';

export interface PaymentMethodSelectProps {
  /** Selected media payment ids. */
  value: readonly number[];
  onChange: (codes: number[]) => void;
}

/** Medios de pago: a multi-select over the local catalogue, searched by description. */
export function PaymentMethodSelect({ value, onChange }: PaymentMethodSelectProps) {
  const selected = value
    .map(findPaymentMethod)
    .filter((entry): entry is PaymentMethodEntry => Boolean(entry));
  return (
    <Autocomplete<PaymentMethodEntry, true, false, false>
      multiple
      disableCloseOnSelect
      limitTags={2}
      value={selected}
      onChange={(_event, next) => onChange(next.map((entry) => entry.code).sort((a, b) => a - b))}
      options={PAYMENT_METHODS as PaymentMethodEntry[]}
      filterOptions={(_options, state) => searchPaymentMethods(state.inputValue)}
      getOptionLabel={(option) => option.description}
      isOptionEqualToValue={(option, other) => option.code === other.code}
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
            {option.description}
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
