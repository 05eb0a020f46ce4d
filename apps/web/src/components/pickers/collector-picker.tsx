import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCount } from '@backoffice/validators';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CollectorPickerNameDocument, CollectorPickerOptionsDocument } from './gql/graphql';

/** A collector (entidad) as filters keep it: its id, and its name for the label. */
export interface CollectorRef {
  id: string;
  name: string;
}

export const COLLECTOR_SEARCH_DEBOUNCE_MS = 300;
export const COLLECTOR_OPTIONS = 20;

export const COLLECTOR_PICKER_MESSAGES = {
  loading: 'Buscando entidades…',
  none: 'No se encontraron entidades',
  error: 'No se pudieron cargar las entidades',
} as const;

/**
 * The list's last line when the gateway has more collectors than the options shown: typing finds the rest.
 * `searched`: the operator has typed a text, so the total counts its matches.
 */
export function collectorMoreHint(shown: number, total: number, searched: boolean): string | null {
  if (total <= shown) return null;
  const of = `Se muestran ${formatCount(shown)} de ${formatCount(total)}`;
  return searched
    ? `${of} coincidencias: siga escribiendo para acotar la búsqueda.`
    : `${of} entidades: escriba el nombre o el ID para buscar entre todas.`;
}

/** An option of the list: a collector, or the disabled last line saying that typing finds the rest. */
interface PickerOption extends CollectorRef {
  hint?: boolean;
}
const HINT_ID = '__collector-picker-hint';

export interface CollectorPickerProps {
  value: CollectorRef | null;
  onChange: (collector: CollectorRef | null) => void;
  label?: string;
  /** Marks the field required (the asterisk of a form's required field). */
  required?: boolean;
}

/**
 * Entidad: an Autocomplete over the gateway's collectors(search). It owns its query: nothing is asked until the
 * operator opens it, then the options follow the typed text once it has rested for 300 ms.
 */
export function CollectorPicker({ value, onChange, label = 'Entidad', required }: CollectorPickerProps) {
  const [search, setSearch] = useState<string | null>(null);
  const debounced = useDebouncedValue(search, COLLECTOR_SEARCH_DEBOUNCE_MS);
  const { data, loading, error } = useQuery(CollectorPickerOptionsDocument, {
    variables: { search: debounced?.trim() || null, pageSize: COLLECTOR_OPTIONS },
    skip: debounced === null,
  });
  const rows = data?.collectors?.rows ?? [];
  const busy = loading || search !== debounced;
  const hint =
    data?.collectors && !busy
      ? collectorMoreHint(rows.length, data.collectors.total, Boolean(debounced?.trim()))
      : null;
  const options: PickerOption[] = rows.map((row) => ({ id: row.id, name: row.name }));
  if (hint) options.push({ id: HINT_ID, name: hint, hint: true });
  return (
    <Autocomplete<PickerOption, false, false, false>
      value={value}
      onChange={(_event, next) => onChange(next && { id: next.id, name: next.name })}
      options={options}
      // The server already filtered by the text.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      getOptionDisabled={(option) => Boolean(option.hint)}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onOpen={() => setSearch((current) => current ?? '')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text);
      }}
      loading={busy}
      loadingText={COLLECTOR_PICKER_MESSAGES.loading}
      noOptionsText={error ? COLLECTOR_PICKER_MESSAGES.error : COLLECTOR_PICKER_MESSAGES.none}
      openText="Abrir"
      closeText="Cerrar"
      clearText="Quitar entidad"
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        if (option.hint) {
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              data-testid="collector-picker-hint"
              // Disabled so it cannot be picked, yet read at full contrast, and kept in sight at the list's foot.
              sx={{
                '&&&[aria-disabled="true"]': { opacity: 1 },
                position: 'sticky',
                // Over the listbox's bottom padding, so no option shows below it.
                bottom: -8,
                bgcolor: 'background.paper',
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
                {option.name}
              </Typography>
            </Box>
          );
        }
        return (
          <Box component="li" key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {option.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                ID {option.id}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder="Nombre o ID de la entidad"
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {busy ? (
                    <CircularProgress color="inherit" size={18} aria-label="Buscando entidades" />
                  ) : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

/**
 * The collector with its name: a link may carry collector_id without collector_name (the name is then the id);
 * the name is asked once and shown when known.
 */
export function useCollectorName(collector: CollectorRef | null): CollectorRef | null {
  const unnamedId = collector && collector.name === collector.id ? collector.id : undefined;
  const { data } = useQuery(CollectorPickerNameDocument, {
    variables: { id: unnamedId ?? '' },
    skip: unnamedId === undefined,
  });
  return collector && unnamedId !== undefined && data?.collector
    ? { id: collector.id, name: data.collector.name }
    : collector;
}
