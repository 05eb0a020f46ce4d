import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AllMatching } from '@/lib/list/use-all-matching';
import { AllMatchingNotice } from '../actions/all-matching';
import { selectedCountText, type ItemNoun } from '../dialogs/item-noun';
import { countOf } from '@backoffice/validators';

/** '1 lote' / '3 lotes' / 'Cargando…' while the total is unknown. */
export function totalText(noun: ItemNoun, total: number | undefined): string {
  if (total === undefined) return 'Cargando…';
  return countOf(total, noun);
}

/**
 * The bar above a list's grid: its total, how many rows are selected ('2 lotes seleccionados'), "all N matching
 * the search" where offered, 'Deseleccionar' where asked and the selection's actions on the right, then the list's
 * 'Vistas' and 'Columnas'.
 */
export function ListBar({
  noun,
  total,
  selectedCount,
  totalTestId,
  matching,
  onClearSelection,
  totalNote,
  tools,
  children,
}: {
  noun: ItemNoun;
  total: number | undefined;
  selectedCount: number;
  /** data-testid of the total ('batches-total'). */
  totalTestId?: string;
  /** "All N matching the search" (useAllMatching): while taken, it says the count instead of the page's. */
  matching?: AllMatching;
  /** Shows 'Deseleccionar' while rows are selected. */
  onClearSelection?: () => void;
  /** Said after the total ('3 exportaciones · actualizando…'). */
  totalNote?: string;
  /** The list's 'Vistas' and 'Columnas', last on the right. */
  tools?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
        minHeight: 56,
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid={totalTestId}>
        {totalText(noun, total)}
        {totalNote}
      </Typography>
      {selectedCount > 0 && !matching?.active && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="selection-count">
          {selectedCountText(noun, selectedCount)}
        </Typography>
      )}
      {matching && <AllMatchingNotice noun={noun} matching={matching} />}
      {onClearSelection && selectedCount > 0 && (
        <Button size="small" onClick={onClearSelection}>
          Deseleccionar
        </Button>
      )}
      {children && (
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto', alignItems: 'center', flexWrap: 'wrap' }}>
          {children}
        </Box>
      )}
      {tools && <Box sx={{ ml: children ? 0 : 'auto' }}>{tools}</Box>}
    </Box>
  );
}
