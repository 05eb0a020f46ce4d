import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
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

/** A filter row's box: a wrapping row, or from the md breakpoint the given grid columns. */
const rowSx = (columns: string | undefined, alignItems: 'start' | 'center') =>
  ({
    p: 2,
    mb: 2,
    ...(columns
      ? { display: 'grid', gap: 2, alignItems, gridTemplateColumns: { xs: '1fr', md: columns } }
      : {
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: alignItems === 'start' ? 'flex-start' : 'center',
        }),
  }) as const;

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
      sx={rowSx(columns, 'start')}
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

export interface FiltersBarProps {
  /** Accessible name of the row, e.g. 'Filtrar exportaciones'. */
  ariaLabel: string;
  /** The clear button ('Limpiar filtros'): back to the list's defaults; omitted, no button. */
  onClear?(): void;
  clearLabel?: string;
  children: ReactNode;
  /** From the md breakpoint, a grid of these columns instead of a wrapping row. */
  columns?: string;
}

/**
 * A list's filter row whose fields apply as soon as they change (a period, a few selects): no 'Buscar', an
 * optional 'Limpiar filtros' last. Fields inside are small, as in `FiltersForm`.
 */
export function FiltersBar({
  ariaLabel,
  onClear,
  clearLabel = 'Limpiar filtros',
  children,
  columns,
}: FiltersBarProps) {
  return (
    <Paper variant="outlined" role="search" aria-label={ariaLabel} sx={rowSx(columns, 'center')}>
      <CompactFields>{children}</CompactFields>
      {onClear && (
        <Button type="button" startIcon={<RestartAltIcon />} onClick={onClear}>
          {clearLabel}
        </Button>
      )}
    </Paper>
  );
}
