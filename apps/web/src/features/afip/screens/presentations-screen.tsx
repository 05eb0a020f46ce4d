import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useFileDownload } from '@/components/files';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { fromTableSort, toTableSort, useListPageClamp, useListState } from '@/lib/list';
import { useHasAny } from '@/lib/permissions';
import { CreatePresentationDialog } from '../create-presentation-dialog';
import {
  PresentationsListDocument,
  type PresentationRowFragment,
  type PresentationStatus,
} from '../gql/graphql';
import {
  PRESENTATION_STATUS_LABELS,
  presentationPeriod,
  presentationsList,
  type PresentationsFilters,
} from '../presentation-labels';
import { presentationZipPath } from '../presentation-actions';
import { PresentationStatusChip } from '../presentation-status-chip';

const NO_ROWS: PresentationRowFragment[] = [];
const STATUSES = Object.keys(PRESENTATION_STATUS_LABELS) as PresentationStatus[];

/** The row's ZIP download (shown to who may download it). */
function RowZipButton({ row }: { row: PresentationRowFragment }) {
  const zip = useFileDownload();
  if (!row.actions.some((action) => action.kind === 'DOWNLOAD' && action.permitted)) return null;
  return (
    <Tooltip title="Descargar ZIP">
      <span>
        <IconButton
          size="small"
          aria-label={`Descargar ZIP de la presentación ${row.id}`}
          disabled={zip.active !== null}
          onClick={() => void zip.download(presentationZipPath(row.id))}
        >
          <FolderZipOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

const COLUMNS: DataTableColumn<PresentationRowFragment>[] = [
  { field: 'id', headerName: 'ID', width: 70, sortable: true },
  {
    field: 'period',
    headerName: 'PERIODO',
    width: 92,
    sortable: true,
    render: (row) => presentationPeriod(row.period),
  },
  {
    field: 'formName',
    headerName: 'FORMULARIO',
    flex: 1.2,
    minWidth: 135,
    sortable: true,
    lines: 2,
    render: (row) => row.fileStructure.formName,
  },
  {
    field: 'version',
    headerName: 'VERSION',
    width: 86,
    sortable: true,
    render: (row) => row.fileStructure.version,
  },
  { field: 'fileName', headerName: 'NOMBRE', flex: 1.2, minWidth: 135, sortable: true, lines: 2 },
  {
    field: 'afipTransactionId',
    headerName: 'TRANSACCIÓN AFIP',
    width: 118,
    sortable: true,
    render: (row) => row.afipTransactionShort ?? '—',
  },
  {
    field: 'createdDate',
    headerName: 'CREADA',
    width: 152,
    sortable: true,
    render: (row) => formatDateTime(row.createdDate),
  },
  {
    field: 'deliveryDate',
    headerName: 'ENTREGADA',
    width: 104,
    sortable: true,
    render: (row) => (row.deliveryDate ? formatShortDate(row.deliveryDate) : '—'),
  },
  {
    field: 'status',
    headerName: 'ESTADO',
    width: 112,
    sortable: true,
    render: (row) => <PresentationStatusChip status={row.status} />,
  },
  {
    field: 'actions',
    headerName: 'ACCIONES',
    width: 90,
    align: 'center',
    rowLink: false,
    render: (row) => <RowZipButton row={row} />,
  },
];

function PresentationsFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: PresentationsFilters;
  onSubmit(filters: PresentationsFilters): void;
  onClear(): void;
}) {
  const [search, setSearch] = useState(applied.search);
  return (
    <Box
      component="form"
      role="search"
      aria-label="Buscar presentaciones"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ ...applied, search });
      }}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
    >
      <TextField
        label="Buscar"
        placeholder="ID o nombre de archivo"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        sx={{ minWidth: 280 }}
      />
      <TextField
        select
        label="Estado"
        value={applied.status ?? 'ALL'}
        onChange={(event) =>
          onSubmit({
            search,
            status: event.target.value === 'ALL' ? null : (event.target.value as PresentationStatus),
          })
        }
        size="small"
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="ALL">Todos</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {PRESENTATION_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        Buscar
      </Button>
      <Button type="button" startIcon={<RestartAltIcon />} onClick={onClear}>
        Reestablecer búsqueda
      </Button>
    </Box>
  );
}

/** Presentaciones AFIP (/afip, spec 001 §2 "Tax-authority presentations"). */
/**
 * 'Presentaciones AFIP'. At /afip/generar (`creating`) the list opens with the create dialog, and closing it
 * leaves that address for /afip.
 */
export default function PresentationsScreen({ creating: openCreating = false }: { creating?: boolean }) {
  const list = useListState(presentationsList);
  const { state } = list;
  const canCreate = useHasAny(['AFIP_CREATE']);
  const navigate = useNavigate();
  // The operator's permissions may arrive after the first render: /afip/generar opens the dialog once they do.
  const [creating, setCreating] = useState(openCreating);
  const closeCreate = () => {
    setCreating(false);
    if (openCreating) void navigate('/afip', { replace: true });
  };
  const variables = useMemo(
    () => ({
      filter: { search: state.search || null, status: state.status },
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort,
    }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(PresentationsListDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.presentations ?? (loading ? previousData?.presentations : undefined);
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);
  const applied = { search: state.search, status: state.status };

  return (
    <Box component="section" aria-label="Presentaciones AFIP">
      <PageHeader
        title="Presentaciones AFIP"
        actions={
          canCreate ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Nueva presentación
            </Button>
          ) : undefined
        }
      />
      <PresentationsFiltersForm
        key={JSON.stringify(applied)}
        applied={applied}
        onSubmit={(filters) => list.setFilters(filters)}
        onClear={list.clear}
      />
      {error && !loading ? (
        <ErrorAlert
          title="No se pudieron cargar las presentaciones"
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            data-testid="presentations-total"
          >
            {total === undefined ? 'Cargando…' : total === 1 ? '1 presentación' : `${total} presentaciones`}
          </Typography>
          <DataTable
            ariaLabel="Presentaciones"
            rows={page?.rows ?? NO_ROWS}
            columns={COLUMNS}
            getRowId={(row) => row.id}
            rowCount={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={presentationsList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={toTableSort(presentationsList, state.sort)}
            onSortChange={(sort) => list.setSort(fromTableSort(presentationsList, sort))}
            loading={loading}
            emptyMessage="No se encontraron presentaciones"
            getRowHref={(row) => `/afip/${encodeURIComponent(row.id)}`}
          />
        </Paper>
      )}
      {creating && canCreate && <CreatePresentationDialog onClose={closeCreate} />}
    </Box>
  );
}
