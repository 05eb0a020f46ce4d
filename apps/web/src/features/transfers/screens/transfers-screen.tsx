import { useEffect, useMemo, useRef, useState } from 'react';
import { useRowActions } from '@/components/actions/detail-actions';
import { actionButtonsColumn } from '@/components/actions/row-actions-column';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { statusChipOf, statusColumn } from '@/components/detail/status-chip';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { TransferRowFragment, TransferStatus } from '../gql/graphql';
import { TRANSFER_NOUN, TRANSFER_STATUS_LABELS, transfersListRule, transfersQuery } from '../transfers-list';
import { TRANSFER_ROW_TABLE, type TransferRowContext } from '../components/transfer-row-actions';
import { TransfersFiltersForm } from '../components/transfers-filters-form';
import { TRANSFERS_MESSAGES } from '../messages';
import { formatCuit } from '@backoffice/validators';
import { recordHref } from '@/lib/record-href';

/** Spec 001 §9: the search waits 400 ms; the arrow keys (codes 37 to 40) do not count as typing. */
export const TRANSFER_SEARCH_DEBOUNCE_MS = 400;
const STATUS_TONES: Record<TransferStatus, 'warning' | 'success' | 'error'> = {
  PENDING: 'warning',
  CONCILIATED: 'success',
  REJECTED: 'error',
};
const TransferStatusChip = statusChipOf(TRANSFER_STATUS_LABELS, STATUS_TONES);

/** Conciliación de transferencias (/transferencias, spec 001 §2 "Transfer conciliation list", §4). */
export default function TransfersScreen() {
  const page = useListPage(transfersQuery, { rule: transfersListRule });
  const { list, filters: applied, afterAction } = page;
  const context = useMemo<TransferRowContext>(
    () => ({
      applied: (transfer) =>
        afterAction.applyChanges([transfer && { id: transfer.id, status: transfer.status }]),
    }),
    [afterAction],
  );
  const rows = useRowActions(TRANSFER_ROW_TABLE, { context, refetch: page.refetch });
  const runRow = rows.run;

  // Free-text search straight from the field, debounced; arrow keys are ignored (spec 001 §9).
  const [typed, setTyped] = useState(applied.search);
  const debounced = useDebouncedValue(typed, TRANSFER_SEARCH_DEBOUNCE_MS);
  const { setFilters } = list;
  // Only a change of the debounced text searches; it searches with the filters applied at that moment.
  const searchTyped = useRef((_text: string) => {});
  useEffect(() => {
    searchTyped.current = (text) => {
      if (text.trim() !== applied.search) setFilters({ ...applied, search: text.trim() });
    };
  });
  useEffect(() => searchTyped.current(debounced), [debounced]);

  const columns = useMemo<DataTableColumn<TransferRowFragment>[]>(
    () => [
      {
        field: 'collector',
        headerName: 'ENTIDAD',
        flex: 1.3,
        minWidth: 130,
        lines: 2,
        render: (r) => r.collector?.name ?? r.collectorId,
      },
      { field: 'payerId', headerName: 'CUIT', width: 124, render: (r) => formatCuit(r.payerId) },
      { field: 'paymentId', headerName: 'ID PAGO', width: 80 },
      // A spec column (001 §2), shown by default at 1280×800 with the menu open.
      { field: 'destinyTransferId', headerName: 'ID TRANSFERENCIA', width: 128 },
      {
        field: 'amount',
        headerName: 'IMPORTE',
        width: 104,
        align: 'right',
        sortable: true,
        render: (r) => formatAmount(r.amount),
      },
      {
        field: 'requestDate',
        headerName: 'FECHA',
        width: 96,
        lines: 2,
        sortable: true,
        render: (r) => formatDateTime(r.requestDate),
      },
      statusColumn((r) => <TransferStatusChip status={r.status} />, { width: 120 }),
      actionButtonsColumn({
        meta: (kind) => TRANSFER_ROW_TABLE[kind].meta,
        onRun: runRow,
        width: 136,
        align: 'center',
      }),
    ],
    [runRow],
  );

  return (
    <ListPage
      page={page}
      title={TRANSFERS_MESSAGES.title}
      filters={
        <TransfersFiltersForm
          key={`${JSON.stringify({ ...applied, search: '' })}#${list.clears}`}
          applied={applied}
          search={typed}
          onSearch={setTyped}
          onSubmit={(filters) => list.setFilters({ ...filters, search: typed.trim() })}
          onClear={() => {
            setTyped('');
            list.clear();
          }}
        />
      }
      noun={TRANSFER_NOUN}
      totalTestId="transfers-total"
      table={{
        columns,
        emptyMessage: TRANSFERS_MESSAGES.empty,
        getRowHref: (row) => (row.paymentId ? recordHref('payment', { id: row.paymentId }) : ''),
      }}
    >
      {rows.dialog}
    </ListPage>
  );
}
