import type { Key, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { EmptyText, sectionTableSx } from '../detail/detail-card';

/** One column of a `SimpleTable`: its header and how a row fills its cell. */
export interface SimpleColumn<R> {
  /** The header's text as the spec writes it ('IMPORTE'). */
  header: string;
  /** The row's cell; null or undefined shows '—'. */
  cell(row: R): ReactNode;
  align?: 'right';
  /** The cell never wraps (dates, amounts, codes). */
  nowrap?: boolean;
  /** More style of the column's body cells. */
  sx?: SxProps<Theme>;
  /** Style of the column's header cell (a width). */
  headerSx?: SxProps<Theme>;
}

/** Attributes a row carries for tests and styles (`data-testid`, `data-status`...). */
export type RowData = Readonly<Record<`data-${string}`, string | undefined>>;

export interface SimpleTableProps<R> {
  /** The table's accessible name. */
  ariaLabel?: string;
  columns: readonly SimpleColumn<R>[];
  rows: readonly R[];
  rowKey(row: R, index: number): Key;
  rowData?(row: R): RowData;
  /** Shown (muted, padded like a section's content) instead of the table when there are no rows. */
  empty?: ReactNode;
  /** A plain small table (a dialog's list) instead of a detail section's (uppercase muted headers, no border). */
  plain?: boolean;
  /** Rows after the data rows (a total). */
  footer?: ReactNode;
}

const nowrapSx = { whiteSpace: 'nowrap' } as const;

function cellSx<R>(column: SimpleColumn<R>): SxProps<Theme> | undefined {
  if (!column.nowrap) return column.sx;
  return column.sx ? ([nowrapSx, column.sx] as SxProps<Theme>) : nowrapSx;
}

/**
 * A small read-only table of a few rows: a detail section's (payments of a batch, refunds, phones...) or a
 * dialog's. The columns say the headers and the cells; a missing value shows '—'.
 */
export function SimpleTable<R>({
  ariaLabel,
  columns,
  rows,
  rowKey,
  rowData,
  empty,
  plain,
  footer,
}: SimpleTableProps<R>) {
  if (rows.length === 0 && empty !== undefined) {
    return (
      <Box sx={{ px: 2.5, py: 2 }}>
        <EmptyText>{empty}</EmptyText>
      </Box>
    );
  }
  return (
    <Table size="small" sx={plain ? undefined : sectionTableSx} aria-label={ariaLabel}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.header} align={column.align} sx={column.headerSx}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)} {...rowData?.(row)}>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={cellSx(column)}>
                {column.cell(row) ?? '—'}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {footer}
      </TableBody>
    </Table>
  );
}
