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
  onBlur,
  error,
  required,
}: {
  kind: BinLookupKind;
  label: string;
  value: LookupOption | null;
  onChange(value: LookupOption | null): void;
  onBlur?(): void;
  error?: string;
  required?: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 300);
  const typed = value && input === value.description ? '' : search;
  const { data, loading } = useQuery(BinLookupDocument, {
    variables: { kind, search: typed || null },
    fetchPolicy: 'cache-first',
  });
  return (
    <Autocomplete
      options={data?.binLookup ?? []}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.description}
      filterOptions={(options) => options}
      loading={loading}
      noOptionsText="Sin resultados"
      loadingText="Buscando…"
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
