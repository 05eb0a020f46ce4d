import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CollectorRef } from '../payments-list-state';

export interface CollectorPickerProps {
  value: CollectorRef | null;
  onChange: (collector: CollectorRef | null) => void;
  /** Options matching the current input (the screen queries them, debounced). */
  options: readonly CollectorRef[];
  loading: boolean;
  /** Text of an error loading the options, if any. */
  error?: string;
  /** The operator typed in the field, or opened it (text '' on open). */
  onSearch: (text: string) => void;
}

/** Entidad: an Autocomplete over the gateway's collectors(search). */
export function CollectorPicker({
  value,
  onChange,
  options,
  loading,
  error,
  onSearch,
}: CollectorPickerProps) {
  return (
    <Autocomplete<CollectorRef, false, false, false>
      value={value}
      onChange={(_event, next) => onChange(next)}
      options={options as CollectorRef[]}
      // The server already filtered by the text.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onOpen={() => onSearch('')}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') onSearch(text);
      }}
      loading={loading}
      loadingText="Buscando entidades…"
      noOptionsText={error ?? 'No se encontraron entidades'}
      openText="Abrir"
      closeText="Cerrar"
      clearText="Quitar entidad"
      renderOption={(props, option) => {
        const { key, ...rest } = props;
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
          label="Entidad"
          placeholder="Nombre o ID de la entidad"
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} /> : null}
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
