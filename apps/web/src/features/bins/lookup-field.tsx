import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { BinLookupDocument, type BinLookupKind } from './gql/graphql';

export interface LookupOption {
  id: string;
  description: string;
}

/** A BIN lookup (marca, tipo, subtipo, emisor) searched as the operator types (20 at a time, spec 001 §7). */
export function LookupField({
  kind,
  label,
  value,
  onChange,
  onInputChange,
  onBlur,
  error,
  required,
}: {
  kind: BinLookupKind;
  label: string;
  value: LookupOption | null;
  onChange(value: LookupOption | null): void;
  /** The text in the field, as typed (a form refuses one that is not the option chosen). */
  onInputChange?(text: string): void;
  onBlur?(): void;
  error?: string;
  required?: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 300);
  const chosenShown = value !== null && input === value.description;
  const typed = chosenShown ? '' : search;
  const { data, loading } = useQuery(BinLookupDocument, {
    variables: { kind, search: typed || null },
    fetchPolicy: 'cache-first',
  });
  // Only the options of the text in the field: the previous text's, still listed while the new search rests or
  // loads, were there to be clicked or entered as they were replaced.
  const current = chosenShown || search === input;
  return (
    <Autocomplete
      options={current && !loading ? (data?.binLookup ?? []) : []}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => {
        setInput(next);
        onInputChange?.(next);
      }}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.description}
      filterOptions={(options) => options}
      loading={!current || loading}
      noOptionsText="Sin resultados"
      loadingText="Buscando…"
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
