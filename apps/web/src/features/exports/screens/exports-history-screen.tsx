import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { DownloadButton } from '@/components/files';
import { PageHeader } from '@/components/layout/page-header';
import { PeriodPicker } from '@/components/pickers/period-picker';
import { formatDateTime } from '@/lib/format';
import { useListPageClamp, useListState } from '@/lib/list';
import {
  EXPORT_FORMAT_OPTIONS,
  EXPORT_STATUS_LABELS,
  EXPORT_TYPE_OPTIONS,
  exportsList,
  isRunning,
  toExportFilter,
  type ExportsFilters,
} from '../exports-list';
import { ExportsHistoryDocument, type ExportRowFragment, type ExportStatus } from '../gql/graphql';

/** How often the list asks again while an export of it is still running. */
export const EXPORTS_POLL_MS = 1500;

const NO_ROWS: ExportRowFragment[] = [];
const STATUS_COLORS: Readonly<Record<ExportStatus, 'default' | 'info' | 'success' | 'error'>> = {
  PENDING: 'default',
  PROCESSING: 'info',
  FINISHED: 'success',
  ERROR: 'error',
};
const FORMAT_LABELS = Object.fromEntries(EXPORT_FORMAT_OPTIONS.map((o) => [o.value, o.label]));

function ExportStatusCell({ row }: { row: ExportRowFragment }) {
  const chip = (
    <Chip size="small" color={STATUS_COLORS[row.status]} label={EXPORT_STATUS_LABELS[row.status]} />
  );
  if (!isRunning(row.status)) return chip;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
      {chip}
      <LinearProgress
        variant="determinate"
        value={row.progress}
        aria-label={`Progreso de la exportación ${row.id}`}
        sx={{ flex: 1, minWidth: 40 }}
      />
      <Typography variant="caption">{row.progress}%</Typography>
    </Box>
  );
}

const COLUMNS: DataTableColumn<ExportRowFragment>[] = [
  { field: 'id', headerName: 'ID', width: 100 },
  { field: 'format', headerName: 'FORMATO', width: 100, render: (row) => FORMAT_LABELS[row.format] },
  { field: 'records', headerName: 'REGISTROS', width: 110, align: 'right' },
  {
    field: 'createdDate',
    headerName: 'FECHA DE SOLICITUD',
    width: 180,
    render: (row) => formatDateTime(row.createdDate),
  },
  {
    field: 'updatedDate',
    headerName: 'FECHA DE FINALIZACIÓN',
    width: 190,
    render: (row) => (row.updatedDate ? formatDateTime(row.updatedDate) : '—'),
  },
  {
    field: 'status',
    headerName: 'ESTADO',
    flex: 1,
    minWidth: 200,
    render: (row) => <ExportStatusCell row={row} />,
  },
  {
    field: 'actions',
    headerName: 'ACCIONES',
    width: 280,
    render: (row) =>
      row.downloadPath ? (
        <DownloadButton path={row.downloadPath} size="small" aria-label={`Descargar exportación ${row.id}`} />
      ) : null,
  },
];

function ExportsFiltersBar({
  applied,
  onChange,
  onClear,
}: {
  applied: ExportsFilters;
  onChange(filters: Partial<ExportsFilters>): void;
  onClear(): void;
}) {
  const select = <T extends string>(
    label: string,
    value: T | null,
    options: ReadonlyArray<{ value: T; label: string }>,
    set: (value: T | null) => void,
  ) => (
    <TextField
      select
      label={label}
      value={value ?? 'ALL'}
      onChange={(event) => set(event.target.value === 'ALL' ? null : (event.target.value as T))}
      size="small"
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="ALL">Todos</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const statuses = (Object.keys(EXPORT_STATUS_LABELS) as ExportStatus[]).map((value) => ({
    value,
    label: EXPORT_STATUS_LABELS[value],
  }));
  return (
    <Box
      role="search"
      aria-label="Filtrar exportaciones"
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      <PeriodPicker value={applied.period} onChange={(period) => onChange({ period })} />
      {select('Tipo', applied.type, EXPORT_TYPE_OPTIONS, (type) => onChange({ type }))}
      {select('Formato', applied.format, EXPORT_FORMAT_OPTIONS, (format) => onChange({ format }))}
      {select('Estado', applied.status, statuses, (status) => onChange({ status }))}
      <Button type="button" startIcon={<RestartAltIcon />} onClick={onClear}>
        Limpiar filtros
      </Button>
    </Box>
  );
}

/** Historial de exportaciones (/exportaciones, spec 001 §2): needs EXPORT_SHOW and EXPORT_SEARCH (route rule). */
export default function ExportsHistoryScreen() {
  const list = useListState(exportsList);
  const { state } = list;
  const variables = useMemo(
    () => ({ filter: toExportFilter(state), page: state.page, pageSize: state.pageSize }),
    [state],
  );
  const { data, previousData, loading, error, refetch, startPolling, stopPolling } = useQuery(
    ExportsHistoryDocument,
    { variables, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: false },
  );
  const page = data?.exports ?? (loading ? previousData?.exports : undefined);
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);

  // A running export refreshes the list by itself until nothing shown is running.
  const running = rows.some((row) => isRunning(row.status));
  useEffect(() => {
    if (!running) return undefined;
    startPolling(EXPORTS_POLL_MS);
    return () => stopPolling();
  }, [running, startPolling, stopPolling]);

  const applied: ExportsFilters = {
    period: state.period,
    type: state.type,
    format: state.format,
    status: state.status,
  };

  return (
    <Box component="section" aria-label="Historial de exportaciones">
      <PageHeader title="Historial de exportaciones" />
      <ExportsFiltersBar
        applied={applied}
        onChange={(changes) => list.setFilters(changes)}
        onClear={list.clear}
      />
      {error && !data ? (
        <ErrorAlert
          title="No se pudieron cargar las exportaciones"
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            data-testid="exports-total"
          >
            {total === undefined ? 'Cargando…' : total === 1 ? '1 exportación' : `${total} exportaciones`}
            {running ? ' · actualizando mientras hay exportaciones en proceso' : ''}
          </Typography>
          <DataTable
            ariaLabel="Exportaciones"
            rows={rows}
            columns={COLUMNS}
            getRowId={(row) => row.id}
            rowCount={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={exportsList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={null}
            onSortChange={() => undefined}
            loading={loading && !data}
            emptyMessage="No se encontraron exportaciones"
          />
        </Paper>
      )}
    </Box>
  );
}
