import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { countOf, countPhrase } from '@backoffice/validators';

const PAGO = { one: 'pago', many: 'pagos' };

export interface PaymentsListBarProps {
  /** Total payments matching the filters, undefined while unknown. */
  total: number | undefined;
  /** Human description of the period, e.g. 'marzo de 2025 · fecha de solicitud'. */
  periodLabel: string;
  selectedCount: number;
  onClearSelection: () => void;
  /** The multi-selection actions, shown while rows are selected. */
  bulkActions?: ReactNode;
  /** The "all N matching the search" offer or state (AllMatchingNotice), shown while rows are selected. */
  allMatching?: ReactNode;
  /** Every matching payment is selected: the notice says how many, instead of the page's count. */
  allMatchingActive?: boolean;
  /** The list's 'Vistas' and 'Columnas' (`<ListPage>`), on the right. */
  tools?: ReactNode;
}

/** Above the grid: the result count, or the selection counter and the bulk actions when rows are selected. */
export function PaymentsListBar({
  total,
  periodLabel,
  selectedCount,
  onClearSelection,
  bulkActions,
  allMatching,
  allMatchingActive = false,
  tools,
}: PaymentsListBarProps) {
  const selecting = selectedCount > 0;
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        minHeight: 52,
        px: 2,
        py: 0.75,
        borderBottom: `1px solid ${theme.palette.divider}`,
        bgcolor: selecting ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
      })}
    >
      {selecting ? (
        <>
          {!allMatchingActive && (
            <Typography variant="subtitle2" color="primary" role="status" data-testid="selection-count">
              {countPhrase(selectedCount, '{n} pago seleccionado', '{n} pagos seleccionados')}
            </Typography>
          )}
          {total !== undefined && !allMatchingActive && (
            <Typography variant="body2" color="text.secondary" data-testid="selection-total">
              de {countOf(total, PAGO)}
            </Typography>
          )}
          {allMatching}
          <Button size="small" onClick={onClearSelection}>
            Deseleccionar
          </Button>
          {bulkActions}
        </>
      ) : (
        <>
          <Typography variant="subtitle2" data-testid="result-count">
            {total === undefined ? 'Buscando…' : countOf(total, PAGO)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {periodLabel}
          </Typography>
        </>
      )}
      {tools && <Box sx={{ ml: 'auto' }}>{tools}</Box>}
    </Box>
  );
}
