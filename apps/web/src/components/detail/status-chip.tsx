import type { ReactNode } from 'react';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { DataTableColumn } from '../data-table/data-table';

/** The colour a status is shown in (MUI's palette names). */
export type StatusTone = NonNullable<ChipProps['color']>;

export interface StatusChipProps {
  /** The status in Spanish. */
  label: string;
  tone?: StatusTone;
  /** The status code, as `data-status` for tests and styles. */
  code?: string;
  /** A style class a spec names (spec 001 §4: `status-pending-approved`). */
  className?: string;
  testId?: string;
}

/** A document's status as an outlined chip in its tone: how every area shows a status in lists and details. */
export function StatusChip({ label, tone = 'default', code, className, testId }: StatusChipProps) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone}
      label={label}
      className={className}
      data-status={code}
      data-testid={testId}
      sx={{ fontWeight: 600 }}
    />
  );
}

/**
 * The chip of one area's statuses, from its catalogues: `statusChipOf(LABELS, TONES)` is a component whose
 * `status` shows its Spanish label in its tone, the lower-case code as `data-status`.
 */
export function statusChipOf<S extends string>(
  labels: Readonly<Record<S, string>>,
  tones: Readonly<Record<S, StatusTone>>,
) {
  return function AreaStatusChip({ status }: { status: S }) {
    return <StatusChip label={labels[status]} tone={tones[status]} code={status.toLowerCase()} />;
  };
}

/**
 * A list's ESTADO column: the row's status (`field`, default `status`) as its area's chip, sortable by the server
 * unless the list cannot sort by it.
 */
export function statusColumn<Row>(
  chip: (row: Row) => ReactNode,
  { width, sortable = true, field = 'status' }: { width: number; sortable?: boolean; field?: string },
): DataTableColumn<Row> {
  return { field, headerName: 'ESTADO', width, sortable, render: chip };
}
