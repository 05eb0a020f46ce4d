import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ActionDialog, useBulkConfirmStep, type BulkConfirmStepProps } from './action-dialog';
import { selectedCountText, selectedItemsLabel, type ItemNoun } from './item-noun';

/** One column of the selection table: its header and how an item fills it. */
export interface BulkColumn<T> {
  header: string;
  render(item: T): ReactNode;
  align?: 'left' | 'right';
  /** Bold (the id column). */
  strong?: boolean;
}

/** title: 'Cancelar pagos', 'Cambiar medio de pago'... */
export interface BulkConfirmDialogProps<T> extends BulkConfirmStepProps {
  /** 'Se cancelarán los siguientes pagos:' */
  message: ReactNode;
  items: readonly T[];
  getId(item: T): string;
  columns: readonly BulkColumn<T>[];
  /** The area's noun: '3 pagos seleccionados', table 'Pagos seleccionados'. */
  noun: ItemNoun;
}

/** Multi-selection confirmation (850 px): the selected items in a table, then Continuar. */
export function BulkConfirmDialog<T>({
  message,
  items,
  getId,
  columns,
  noun,
  ...frame
}: BulkConfirmDialogProps<T>) {
  const step = useBulkConfirmStep(frame);
  return (
    <ActionDialog {...step} testId="bulk-confirm-dialog">
      <Typography sx={{ mb: 1.5 }}>{message}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {selectedCountText(noun, items.length)}
      </Typography>
      {/* A long selection scrolls: the region takes the focus so the keyboard can scroll it too. */}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={selectedItemsLabel(noun)}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: '50vh' }}
      >
        <Table
          size="small"
          stickyHeader
          aria-label={selectedItemsLabel(noun)}
          sx={{
            '& th': { whiteSpace: 'nowrap', fontSize: '0.75rem', fontWeight: 700, color: 'text.secondary' },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={getId(item)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.header}
                    align={column.align}
                    sx={{
                      fontWeight: column.strong ? 600 : undefined,
                      whiteSpace: column.align === 'right' ? 'nowrap' : undefined,
                    }}
                  >
                    {column.render(item) ?? '—'}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ActionDialog>
  );
}
