import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
} from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { formatAmount } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  ImportRowsDocument,
  type ImportRowsQuery,
  type ImportRowsQueryVariables,
  type ImportRowSortField,
  type ImportRowStatus,
} from '../gql/graphql';
import { IMPORTS_MESSAGES, ROW_STATUS_LABELS, RowStatusChip } from '../import-labels';

type Row = ImportRowsQuery['importRows']['rows'][number];

const STATUS_FILTERS: (ImportRowStatus | 'ALL')[] = ['ALL', 'ERROR', 'PENDING', 'ISSUED'];
const PAGE_SIZES = [10, 25, 50, 100] as const;
const SORTS: Record<string, ImportRowSortField> = {
  index: 'INDEX',
  externalTransactionId: 'EXTERNAL_TRANSACTION_ID',
  conceptId: 'CONCEPT_ID',
  amount: 'AMOUNT',
  payerEmail: 'PAYER_EMAIL',
  status: 'STATUS',
};

const COLUMNS: DataTableColumn<Row>[] = [
  { field: 'index', headerName: 'FILA', width: 72, align: 'right', sortable: true },
  { field: 'externalTransactionId', headerName: 'ID EXTERNO', width: 138, sortable: true },
  { field: 'conceptId', headerName: 'CONCEPTO', width: 100, sortable: true },
  { field: 'conceptDescription', headerName: 'DESCRIPCIÓN', flex: 1, minWidth: 120 },
  {
    field: 'amount',
    headerName: 'IMPORTE',
    width: 116,
    align: 'right',
    sortable: true,
    render: (r) => formatAmount(r.amount),
  },
  { field: 'payerEmail', headerName: 'EMAIL', flex: 1, minWidth: 150, sortable: true },
  {
    field: 'status',
    headerName: 'ESTADO',
    width: 112,
    sortable: true,
    render: (r) => <RowStatusChip status={r.status} />,
  },
  { field: 'statusDetail', headerName: 'DETALLE', flex: 1.3, minWidth: 150, lines: 2 },
  { field: 'paymentId', headerName: 'PAGO', width: 90 },
];

/**
 * The request rows of an import (spec 001 §2 "Import detail"): sort, search, status filter (Todos, Error,
 * Pendiente, Emitido), pagination; default index ascending. A row opens /pago/{payment_id} only when the import
 * is approved, the row is issued or pending and it has a payment id.
 */
export function ImportRowsTable({ importId, approved }: { importId: string; approved: boolean }) {
  const [status, setStatus] = useState<ImportRowStatus | 'ALL'>('ALL');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const [position, setPosition] = useState({ page: 1, pageSize: 25 });
  const debounced = useDebouncedValue(search.trim(), 400);
  const variables = useMemo<ImportRowsQueryVariables>(
    () => ({
      importId,
      filter: { status: status === 'ALL' ? null : status, search: debounced || null },
      page: position.page,
      pageSize: position.pageSize,
      sort: sort
        ? { field: SORTS[sort.field] ?? 'INDEX', direction: sort.direction === 'asc' ? 'ASC' : 'DESC' }
        : null,
    }),
    [importId, status, debounced, position, sort],
  );
  const { data, previousData, loading, error, refetch } = useQuery(ImportRowsDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.importRows ?? (loading ? previousData?.importRows : undefined);
  const rowHref = (row: Row) =>
    approved && row.status !== 'ERROR' && row.paymentId ? `/pago/${encodeURIComponent(row.paymentId)}` : '';

  return (
    <Box data-testid="import-rows">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1.5 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={status}
          aria-label="Estado de las filas"
          onChange={(_event, value: ImportRowStatus | 'ALL' | null) => {
            if (!value) return;
            setStatus(value);
            setPosition((p) => ({ ...p, page: 1 }));
          }}
        >
          {STATUS_FILTERS.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`rows-status-${value.toLowerCase()}`}>
              {value === 'ALL' ? 'Todos' : ROW_STATUS_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          label="Buscar filas"
          placeholder="Fila, email o id externo"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPosition((p) => ({ ...p, page: 1 }));
          }}
          slotProps={{ htmlInput: { 'data-testid': 'rows-search-input' } }}
        />
      </Box>
      {error && !loading ? (
        <ErrorAlert
          title="No se pudieron cargar las filas"
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <DataTable
          ariaLabel="Solicitudes de la importación"
          rows={page?.rows ?? []}
          columns={COLUMNS}
          getRowId={(row) => String(row.index)}
          rowCount={page?.total}
          page={position.page}
          pageSize={position.pageSize}
          pageSizeOptions={PAGE_SIZES}
          onPageChange={(p, size) => setPosition({ page: p, pageSize: size })}
          sort={sort ?? { field: 'index', direction: 'asc' }}
          onSortChange={(next) => setSort(next)}
          loading={loading}
          emptyMessage={IMPORTS_MESSAGES.emptyRows}
          getRowHref={rowHref}
        />
      )}
    </Box>
  );
}
