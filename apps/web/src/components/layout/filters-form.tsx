import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import SearchIcon from '@mui/icons-material/Search';
import { CompactFields } from './compact-fields';

export interface FiltersFormProps {
  /** Accessible name of the form, e.g. 'Filtros de importaciones'. */
  ariaLabel: string;
  /** 'Buscar' (or Enter): apply the filters the children hold. */
  onSubmit(): void;
  /** 'Limpiar': back to the list's defaults. */
  onClear(): void;
  /** The clear button's text where the spec names it otherwise ('Limpiar filtros'). */
  clearLabel?: string;
  /** The filter fields, laid out in a wrapping row before the buttons. */
  children: ReactNode;
  /** From the md breakpoint, a grid of these columns (CSS grid-template-columns, the buttons last) instead. */
  columns?: string;
}

const WRAPPING_ROW = { display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' } as const;

/**
 * A list's filter row with several fields (collector, status, period, amount...): the fields wrap (or fill the
 * given grid columns), then 'Buscar' and 'Limpiar'. Every field inside is small (`CompactFields`), so plain fields
 * and the kit's pickers line up. The caller keeps the values; they apply on submit only.
 */
export function FiltersForm({
  ariaLabel,
  onSubmit,
  onClear,
  clearLabel = 'Limpiar',
  children,
  columns,
}: FiltersFormProps) {
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
      sx={{
        p: 2,
        mb: 2,
        ...(columns
          ? { display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: columns } }
          : WRAPPING_ROW),
      }}
    >
      <CompactFields>{children}</CompactFields>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Buscar
        </Button>
        <Button type="button" onClick={onClear}>
          {clearLabel}
        </Button>
      </Box>
    </Paper>
  );
}
