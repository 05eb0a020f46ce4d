import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DataTable, type DataTableColumn, type DataTableSort } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { formatAmount } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  ImportRowsDocument,
  type ImportRowsQuery,
  type ImportRowsQueryVariables,
  type ImportRowSearchField,
  type ImportRowSortField,
  type ImportRowStatus,
} from '../gql/graphql';
import {
  CANCELLED_ROW,
  IMPORTS_MESSAGES,
  ROW_STATUS_LABELS,
  RowStatusChip,
  rowCancelled,
} from '../import-labels';
import { statusColumn } from '@/components/detail/status-chip';
import { recordHref } from '@/lib/record-href';

type Row = NonNullable<ImportRowsQuery['importRows']>['rows'][number];

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

/** 'Buscar en': where the search looks, named in the field's label and said under it. */
const SEARCH_IN: Record<ImportRowSearchField, { option: string; label: string; help: string }> = {
  EMAIL: { option: 'Email', label: 'Buscar por email', help: 'Parte del email del pagador' },
  EXTERNAL_ID: {
    option: 'ID externo',
    label: 'Buscar por ID externo',
    help: 'Parte del ID externo de la fila',
  },
  INDEX: { option: 'N.º de fila', label: 'Buscar por n.º de fila', help: 'El número de fila del archivo' },
};
const ROW_NUMBER_ONLY_DIGITS = 'El número de fila admite solo dígitos.';

/** The columns; the rows of a cancelled import that were pending read as cancelled. */
const columnsOf = (importStatus: string): DataTableColumn<Row>[] => [
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
  statusColumn((r) => <RowStatusChip status={r.status} cancelled={rowCancelled(r.status, importStatus)} />, {
    width: 112,
  }),
  {
    field: 'statusDetail',
    headerName: 'DETALLE',
    flex: 1.3,
    minWidth: 150,
    lines: 2,
    render: (r) => (rowCancelled(r.status, importStatus) ? CANCELLED_ROW.detail : r.statusDetail),
  },
  { field: 'paymentId', headerName: 'PAGO', width: 90 },
];

/**
 * The request rows of an import (spec 001 §2 "Import detail"): sort, search, status filter (Todos, Error,
 * Pendiente, Emitido), pagination; default index ascending. A row opens /pago/{payment_id} only when the import
 * is approved, the row is issued or pending and it has a payment id.
 */
export function ImportRowsTable({ importId, importStatus }: { importId: string; importStatus: string }) {
  const approved = importStatus === 'approved';
  const columns = useMemo(() => columnsOf(importStatus), [importStatus]);
  const [status, setStatus] = useState<ImportRowStatus | 'ALL'>('ALL');
  const [search, setSearch] = useState('');
  const [searchIn, setSearchIn] = useState<ImportRowSearchField>('EMAIL');
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const [position, setPosition] = useState({ page: 1, pageSize: 25 });
  const debounced = useDebouncedValue(search.trim(), 400);
  // A row number is digits: anything else is said under the field and not searched.
  const searchProblem = searchIn === 'INDEX' && !/^\d*$/.test(search.trim()) ? ROW_NUMBER_ONLY_DIGITS : null;
  const searched = searchProblem || !debounced ? null : debounced;
  const variables = useMemo<ImportRowsQueryVariables>(
    () => ({
      importId,
      filter: {
        status: status === 'ALL' ? null : status,
        search: searched,
        searchIn: searched ? searchIn : null,
      },
      page: position.page,
      pageSize: position.pageSize,
      sort: sort
        ? { field: SORTS[sort.field] ?? 'INDEX', direction: sort.direction === 'asc' ? 'ASC' : 'DESC' }
        : null,
    }),
    [importId, status, searched, searchIn, position, sort],
  );
  const { data, previousData, loading, error, refetch } = useQuery(ImportRowsDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.importRows ?? (loading ? previousData?.importRows : undefined);
  const rowHref = (row: Row) =>
    approved && row.status !== 'ERROR' && row.paymentId ? recordHref('payment', { id: row.paymentId }) : '';

  return (
    <Box data-testid="import-rows">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', px: 2, py: 1.5 }}>
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
              {value === 'ALL'
                ? 'Todos'
                : rowCancelled(value, importStatus)
                  ? CANCELLED_ROW.label
                  : ROW_STATUS_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Buscar en"
          value={searchIn}
          onChange={(event) => {
            setSearchIn(event.target.value as ImportRowSearchField);
            setPosition((p) => ({ ...p, page: 1 }));
          }}
          sx={{ minWidth: 150 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rows-search-in' } as object } }}
        >
          {(Object.keys(SEARCH_IN) as ImportRowSearchField[]).map((value) => (
            <MenuItem key={value} value={value}>
              {SEARCH_IN[value].option}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={SEARCH_IN[searchIn].label}
          helperText={searchProblem ?? SEARCH_IN[searchIn].help}
          error={Boolean(searchProblem)}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPosition((p) => ({ ...p, page: 1 }));
          }}
          sx={{ minWidth: 260 }}
          slotProps={{
            htmlInput: {
              'data-testid': 'rows-search-input',
              ...(searchIn === 'INDEX' ? { inputMode: 'numeric' } : {}),
            },
          }}
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
          columns={columns}
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
