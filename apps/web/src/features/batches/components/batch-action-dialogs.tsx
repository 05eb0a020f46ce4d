import { useEffect, useRef } from 'react';
import type { BulkColumn } from '@/components/dialogs/bulk-confirm-dialog';
import { areaFlowDialogs } from '@/components/dialogs/area-flow-dialogs';
import { formatAmount, formatDateTime } from '@/lib/format';
import { BATCH_ACTIONS, BATCH_NOUN, type BatchFlowKind } from '../batch-actions';
import type { BatchBulkResultFragment, BatchRowFragment } from '../gql/graphql';
import { BatchStatusChip } from './batch-status-chip';

/** Reprocess and re-export ask for nothing: the value is empty. */
export type BatchActionValue = Record<string, never>;

const NO_VALUE: BatchActionValue = {};

const SELECTION_COLUMNS: readonly BulkColumn<BatchRowFragment>[] = [
  { header: 'ID', render: (row) => row.id, strong: true },
  { header: 'ENTIDAD', render: (row) => row.collectorName ?? row.collectorId },
  { header: 'FECHA DE CREACIÓN', render: (row) => formatDateTime(row.creationDate) },
  { header: 'SALDO', render: (row) => formatAmount(row.balance), align: 'right' },
  { header: 'ESTADO', render: (row) => <BatchStatusChip status={row.status} /> },
];

const progressLabel = (row: BatchRowFragment) =>
  [row.collectorName, formatAmount(row.balance)].filter(Boolean).join(' · ');

/** A selection already confirmed in the 850 px table: straight on to the progress step (nothing to type). */
function ConfirmedSelection({ onSubmit }: { onSubmit(value: BatchActionValue): unknown }) {
  const sent = useRef(false);
  useEffect(() => {
    if (!sent.current) {
      sent.current = true;
      void onSubmit(NO_VALUE);
    }
  }, [onSubmit]);
  return null;
}

/**
 * Lotes' selection dialogs: confirm the selection (850 px) and follow each item's result. One batch's actions are its
 * action table's (`BATCH_ACTION_TABLE`).
 */
export const BatchActionDialogs = areaFlowDialogs<
  BatchFlowKind,
  BatchRowFragment,
  BatchActionValue,
  BatchBulkResultFragment
>({
  registry: BATCH_ACTIONS,
  noun: BATCH_NOUN,
  columns: SELECTION_COLUMNS,
  progressLabel,
  renderInput: (inputProps) => <ConfirmedSelection onSubmit={inputProps.onSubmit} />,
});
