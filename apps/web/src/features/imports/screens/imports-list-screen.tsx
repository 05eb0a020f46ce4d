import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { FiltersForm } from '@/components/layout/filters-form';
import { PageHeader } from '@/components/layout/page-header';
import { CollectorPicker, DateRangePicker, dateRangeError } from '@/components/pickers';
import { formatAmount, formatDateTime } from '@/lib/format';
import { filtersOf, fromTableSort, toTableSort, useListPageClamp, useListState } from '@/lib/list';
import { ImportsListDocument, type ImportSummaryFragment } from '../gql/graphql';
import { ImportStatusChip, IMPORT_STATUS_LABELS, IMPORTS_MESSAGES } from '../import-labels';
import { IMPORT_STATUSES, importsList, toImportFilter, type ImportsFilters } from '../imports-list';

const NO_ROWS: ImportSummaryFragment[] = [];

const COLUMNS: DataTableColumn<ImportSummaryFragment>[] = [
  {
    field: 'collector',
    headerName: 'ENTIDAD',
    flex: 1,
    minWidth: 150,
    render: (r) => r.collector?.name ?? r.collectorId,
  },
  {
    field: 'issuedAmount',
    headerName: 'MONTO EMITIDO',
    width: 132,
    align: 'right',
    sortable: true,
    render: (r) => formatAmount(r.issuedAmount),
  },
  {
    field: 'totalAmount',
    headerName: 'MONTO TOTAL',
    width: 128,
    align: 'right',
    sortable: true,
    render: (r) => formatAmount(r.totalAmount),
  },
  { field: 'requestCount', headerName: 'SOLICITUDES', width: 108, align: 'right', sortable: true },
  { field: 'issuedCount', headerName: 'EMITIDAS', width: 92, align: 'right', sortable: true },
  { field: 'errorCount', headerName: 'CON ERROR', width: 100, align: 'right', sortable: true },
  {
    field: 'requestDate',
    headerName: 'FECHA DE SOLICITUD',
    width: 168,
    sortable: true,
    render: (r) => formatDateTime(r.requestDate),
  },
  {
    field: 'status',
    headerName: 'ESTADO',
    width: 200,
    sortable: true,
    render: (r) => <ImportStatusChip status={r.status} statusClass={r.statusClass} />,
  },
];

/** Importaciones (/importaciones, spec 001 §2 "Import list"): filters and page in the URL and session storage. */
export default function ImportsListScreen() {
  const list = useListState(importsList);
  const { state } = list;
  const variables = useMemo(
    () => ({ filter: toImportFilter(state), page: state.page, pageSize: state.pageSize, sort: state.sort }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(ImportsListDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.imports ?? (loading ? previousData?.imports : undefined);
  useListPageClamp(list, data ? page?.total : undefined);
  const applied = filtersOf(state);

  return (
    <Box component="section" aria-label={IMPORTS_MESSAGES.listTitle}>
      <PageHeader
        title={IMPORTS_MESSAGES.listTitle}
        actions={
          <Button component={RouterLink} to="/importacion" variant="contained">
            Importar
          </Button>
        }
      />
      <ImportsFiltersForm
        key={JSON.stringify(applied)}
        applied={applied}
        onSubmit={(filters) => list.setFilters(filters)}
        onClear={list.clear}
      />
      {error && !loading ? (
        <ErrorAlert
          title={IMPORTS_MESSAGES.loadError}
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataTable
            ariaLabel="Importaciones"
            rows={page?.rows ?? NO_ROWS}
            columns={COLUMNS}
            getRowId={(row) => row.id}
            rowCount={page?.total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={importsList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={toTableSort(importsList, state.sort)}
            onSortChange={(sort) => list.setSort(fromTableSort(importsList, sort))}
            loading={loading}
            emptyMessage={IMPORTS_MESSAGES.emptyImports}
            getRowHref={(row) => `/importacion/${encodeURIComponent(row.id)}`}
          />
        </Paper>
      )}
    </Box>
  );
}

function ImportsFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: ImportsFilters;
  onSubmit(filters: ImportsFilters): void;
  onClear(): void;
}) {
  const [values, setValues] = useState(applied);
  const rangeError = dateRangeError(values);
  return (
    <FiltersForm
      ariaLabel="Filtros de importaciones"
      onSubmit={() => {
        if (!rangeError) onSubmit(values);
      }}
      onClear={onClear}
    >
      <TextField
        label="Buscar"
        placeholder="Id de importación o archivo"
        value={values.search}
        onChange={(e) => setValues({ ...values, search: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'imports-search-input' } }}
      />
      <Box sx={{ minWidth: 260 }}>
        <CollectorPicker
          value={values.collector}
          onChange={(collector) => setValues({ ...values, collector })}
        />
      </Box>
      <TextField
        select
        label="Estado"
        value={values.status ?? 'ALL'}
        onChange={(e) => setValues({ ...values, status: e.target.value === 'ALL' ? null : e.target.value })}
        sx={{ minWidth: 200 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'imports-status-filter' } as object } }}
      >
        <MenuItem value="ALL">Todos</MenuItem>
        {IMPORT_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {IMPORT_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <DateRangePicker value={values} onChange={(range) => setValues({ ...values, ...range })} />
    </FiltersForm>
  );
}
