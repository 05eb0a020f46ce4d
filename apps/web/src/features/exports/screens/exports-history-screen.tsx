import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { EXPORT_TYPE_LABELS } from '@/components/exports';
import { DownloadButton } from '@/components/files';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersBar } from '@/components/layout/filters-form';
import { ListPage } from '@/components/list-page/list-page';
import { PeriodPicker } from '@/components/pickers/period-picker';
import { formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import {
  EXPORT_FORMAT_OPTIONS,
  EXPORT_NOUN,
  EXPORT_STATUS_LABELS,
  EXPORT_TYPE_OPTIONS,
  exportsQuery,
  isRunning,
} from '../exports-list';
import type { ExportRowFragment, ExportStatus } from '../gql/graphql';

/** How often the list asks again while an export of it is still running. */
export const EXPORTS_POLL_MS = 1500;

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

/** Every column of the spec (001 §2 "Export history") shows at 1280×800 with the menu open. */
const COLUMNS: DataTableColumn<ExportRowFragment>[] = [
  { field: 'id', headerName: 'ID', width: 70 },
  // What was exported, in the words of the export dialog.
  { field: 'type', headerName: 'TIPO', width: 110, render: (row) => EXPORT_TYPE_LABELS[row.type] },
  { field: 'format', headerName: 'FORMATO', width: 80, render: (row) => FORMAT_LABELS[row.format] },
  { field: 'records', headerName: 'REGISTROS', width: 90, align: 'right' },
  {
    field: 'createdDate',
    headerName: 'FECHA DE SOLICITUD',
    width: 100,
    lines: 2,
    render: (row) => formatDateTime(row.createdDate),
  },
  {
    field: 'updatedDate',
    headerName: 'FECHA DE FINALIZACIÓN',
    width: 106,
    lines: 2,
    render: (row) => (row.updatedDate ? formatDateTime(row.updatedDate) : '—'),
  },
  {
    field: 'status',
    headerName: 'ESTADO',
    flex: 1,
    // A running export's chip, its bar and its percentage on one line.
    minWidth: 180,
    render: (row) => <ExportStatusCell row={row} />,
  },
  {
    field: 'actions',
    headerName: 'ACCIONES',
    // One 'Descargar' button.
    width: 130,
    render: (row) =>
      row.downloadPath ? (
        <DownloadButton path={row.downloadPath} size="small" aria-label={`Descargar exportación ${row.id}`} />
      ) : null,
  },
];

/** A running export refreshes the list by itself until nothing shown is running. */
const POLL = {
  interval: EXPORTS_POLL_MS,
  while: (rows: readonly ExportRowFragment[]) => rows.some((row) => isRunning(row.status)),
};

/** Historial de exportaciones (/exportaciones, spec 001 §2): needs EXPORT_SHOW and EXPORT_SEARCH (route rule). */
export default function ExportsHistoryScreen() {
  const page = useListPage(exportsQuery, { poll: POLL });
  const { list, filters } = page;
  return (
    <ListPage
      page={page}
      title="Historial de exportaciones"
      filters={
        <FiltersBar ariaLabel="Filtrar exportaciones" onClear={list.clear}>
          <PeriodPicker relative value={filters.period} onChange={(period) => list.setFilters({ period })} />
          <FilterSelect
            label="Tipo"
            value={filters.type}
            choices={EXPORT_TYPE_OPTIONS}
            minWidth={150}
            onChange={(type) => list.setFilters({ type })}
          />
          <FilterSelect
            label="Formato"
            value={filters.format}
            choices={EXPORT_FORMAT_OPTIONS}
            minWidth={150}
            onChange={(format) => list.setFilters({ format })}
          />
          <FilterSelect
            label="Estado"
            value={filters.status}
            choices={EXPORT_STATUS_LABELS}
            minWidth={150}
            onChange={(status) => list.setFilters({ status })}
          />
        </FiltersBar>
      }
      errorTitle="No se pudieron cargar las exportaciones"
      noun={EXPORT_NOUN}
      totalTestId="exports-total"
      totalNote={POLL.while(page.rows) ? ' · actualizando mientras hay exportaciones en proceso' : undefined}
      table={{
        ariaLabel: 'Exportaciones',
        columns: COLUMNS,
        emptyMessage: 'No se encontraron exportaciones',
        unsorted: true,
      }}
    />
  );
}
