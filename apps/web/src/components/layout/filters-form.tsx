import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import SearchIcon from '@mui/icons-material/Search';

export interface FiltersFormProps {
  /** Accessible name of the form, e.g. 'Filtros de importaciones'. */
  ariaLabel: string;
  /** 'Buscar' (or Enter): apply the filters the children hold. */
  onSubmit(): void;
  /** 'Limpiar': back to the list's defaults. */
  onClear(): void;
  /** The filter fields, laid out in a wrapping row before the buttons. */
  children: ReactNode;
}

/**
 * A list's filter row with several fields (collector, status, period, amount...): the fields wrap, then
 * 'Buscar' and 'Limpiar'. The caller keeps the values; they apply on submit only.
 */
export function FiltersForm({ ariaLabel, onSubmit, onClear, children }: FiltersFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      role="search"
      aria-label={ariaLabel}
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      {children}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Buscar
        </Button>
        <Button type="button" onClick={onClear}>
          Limpiar
        </Button>
      </Box>
    </Paper>
  );
}
