import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { COLLECTOR_SEARCH_DEBOUNCE_MS } from '@/components/pickers/collector-picker';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ActivityUsersDocument } from '../gql/graphql';

export interface ActivityUserFieldProps {
  value: string;
  onChange(value: string): void;
}

/**
 * Actividad's 'Operador': the operators seen in the activity to choose from (the gateway's
 * `activityUsers`, narrowed by what is typed), a name typed in full still accepted. Nothing is asked until the
 * list opens; the typing is debounced as the Entidad picker's.
 */
export function ActivityUserField({ value, onChange }: ActivityUserFieldProps) {
  const [open, setOpen] = useState(false);
  const prefix = useDebouncedValue(open ? value.trim() : null, COLLECTOR_SEARCH_DEBOUNCE_MS);
  const { data, loading } = useQuery(ActivityUsersDocument, {
    variables: { prefix: prefix || null },
    skip: prefix === null,
  });
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={data?.activityUsers ?? []}
      // The gateway already narrowed the names by the text.
      filterOptions={(all) => all}
      inputValue={value}
      onInputChange={(_event, text) => onChange(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={loading}
      loadingText="Buscando…"
      noOptionsText="Sin operadores"
      clearText="Borrar"
      sx={{ minWidth: 180 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Operador"
          placeholder="Usuario"
          slotProps={{
            htmlInput: { ...params.inputProps, 'data-testid': 'activity-user-filter', maxLength: 200 },
          }}
        />
      )}
    />
  );
}
