import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { rowMenuActions } from '@/components/actions/selection-actions';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { FiltersForm } from '@/components/layout/filters-form';
import { PageHeader } from '@/components/layout/page-header';
import { dateRangeError, dayRange, DateRangePicker } from '@/components/pickers';
import { downloadFile } from '@/lib/files';
import { formatDate } from '@/lib/format';
import { useListPageClamp, useListState } from '@/lib/list';
import { useNotify } from '@/lib/notifications';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ApproveSoftProviderItemDocument,
  RegenerateSoftProviderItemDocument,
  RejectSoftProviderItemDocument,
  SoftProviderItemsDocument,
  type SoftProviderActionKind,
  type SoftProviderRowFragment,
  type SoftProviderStatus,
} from '../gql/graphql';
import {
  ROW_KINDS,
  SOFT_PROVIDER_ACTIONS,
  SOFT_PROVIDER_STATUS_COLORS,
  SOFT_PROVIDER_STATUS_LABELS,
  softProviderList,
  type SoftProviderFilters,
} from '../soft-provider-labels';

const NO_ROWS: SoftProviderRowFragment[] = [];
const STATUSES = Object.keys(SOFT_PROVIDER_STATUS_LABELS) as SoftProviderStatus[];
/** Spec 001 §8: a failed download says only this. */
const DOWNLOAD_FAILED = 'No se pudo completar la acción';

/** Start and end of an Argentine day as ISO instants. */
const dayStart = (day: string) => dayRange(day, day).from.toISOString();
const dayEnd = (day: string) => dayRange(day, day).to.toISOString();

/** Free search, 'Fecha desde' / 'Fecha hasta' (Argentine days) and the state, on the kit's filter row. */
function SoftProviderFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: SoftProviderFilters;
  onSubmit(filters: SoftProviderFilters): void;
  onClear(): void;
}) {
  const [draft, setDraft] = useState(applied);
  const range = { from: draft.from || null, to: draft.to || null };
  return (
    <FiltersForm
      ariaLabel="Buscar reportes"
      onSubmit={() => {
        if (!dateRangeError(range)) onSubmit(draft);
      }}
      onClear={onClear}
    >
      <TextField
        label="Buscar"
        placeholder="ID o entidad"
        value={draft.search}
        onChange={(event) => setDraft({ ...draft, search: event.target.value })}
      />
      <DateRangePicker
        value={range}
        onChange={(next) => setDraft({ ...draft, from: next.from ?? '', to: next.to ?? '' })}
        fromLabel="Fecha desde"
        toLabel="Fecha hasta"
      />
      <TextField
        select
        label="Estado"
        value={draft.status ?? 'ALL'}
        onChange={(event) =>
          setDraft({
            ...draft,
            status: event.target.value === 'ALL' ? null : (event.target.value as SoftProviderStatus),
          })
        }
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="ALL">Todos</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {SOFT_PROVIDER_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
    </FiltersForm>
  );
}

/** Reporte plano de integraciones (/soft-provider, spec 001 §2 "Software-provider report"). */
export default function SoftProviderScreen() {
  const list = useListState(softProviderList);
  const { state } = list;
  const feedback = useMutationOutcome();
  const notify = useNotify();
  const variables = useMemo(
    () => ({
      filter: {
        search: state.search || null,
        from: state.from ? dayStart(state.from) : null,
        to: state.to ? dayEnd(state.to) : null,
        status: state.status,
      },
      page: state.page,
      pageSize: state.pageSize,
    }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(SoftProviderItemsDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.softProviderItems ?? (loading ? previousData?.softProviderItems : undefined);
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);
  const [approve] = useMutation(ApproveSoftProviderItemDocument);
  const [reject] = useMutation(RejectSoftProviderItemDocument);
  const [regenerate] = useMutation(RegenerateSoftProviderItemDocument);

  const run = useCallback(
    async (kind: SoftProviderActionKind, row: SoftProviderRowFragment) => {
      if (kind === 'DOWNLOAD') {
        try {
          const saved = await downloadFile(
            `/soft-provider/${encodeURIComponent(row.collectorId)}/${encodeURIComponent(row.id)}`,
          );
          notify.success(`Descarga completa: ${saved.fileName}`);
        } catch {
          notify.error(DOWNLOAD_FAILED);
        }
        return;
      }
      const variables = { collectorId: row.collectorId, id: row.id, idempotencyKey: newIdempotencyKey() };
      try {
        const payload =
          kind === 'APPROVE'
            ? (await approve({ variables })).data?.approveSoftProviderItem
            : kind === 'REJECT'
              ? (await reject({ variables })).data?.rejectSoftProviderItem
              : (await regenerate({ variables })).data?.regenerateSoftProviderItem;
        feedback.announce(payload, {
          success: payload?.message ?? '',
          onSuccess: () => void refetch().catch(() => undefined),
          onUnknown: () => void refetch().catch(() => undefined),
        });
      } catch (failure) {
        feedback.announceError(failure);
      }
    },
    [approve, reject, regenerate, feedback, notify, refetch],
  );

  const columns: DataTableColumn<SoftProviderRowFragment>[] = [
    { field: 'id', headerName: 'ID', width: 90 },
    { field: 'format', headerName: 'FORMATO', width: 110 },
    {
      field: 'entity',
      headerName: 'ENTIDAD',
      flex: 1,
      minWidth: 200,
      render: (row) => (row.collectorName ? `${row.collectorName} (${row.collectorId})` : row.collectorId),
    },
    {
      field: 'status',
      headerName: 'ESTADO',
      width: 130,
      render: (row) => (
        <Chip
          size="small"
          variant="outlined"
          color={SOFT_PROVIDER_STATUS_COLORS[row.status]}
          label={SOFT_PROVIDER_STATUS_LABELS[row.status]}
        />
      ),
    },
    { field: 'startDate', headerName: 'DESDE', width: 120, render: (row) => formatDate(row.startDate) },
    { field: 'endDate', headerName: 'HASTA', width: 120, render: (row) => formatDate(row.endDate) },
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 100,
      align: 'center',
      render: (row) => (
        <RowActionsMenu
          actions={rowMenuActions(ROW_KINDS, row.actions, SOFT_PROVIDER_ACTIONS)}
          registry={SOFT_PROVIDER_ACTIONS}
          label={`Acciones del reporte ${row.id}`}
          onAction={(kind) => void run(kind, row)}
        />
      ),
    },
  ];
  const applied = { search: state.search, from: state.from, to: state.to, status: state.status };

  return (
    <Box component="section" aria-label="Reporte plano de integraciones">
      <PageHeader title="Reporte plano de integraciones" />
      <SoftProviderFiltersForm
        key={JSON.stringify(applied)}
        applied={applied}
        onSubmit={(filters) => list.setFilters(filters)}
        onClear={list.clear}
      />
      {error && !loading ? (
        <ErrorAlert
          title="No se pudieron cargar los reportes"
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            data-testid="soft-provider-total"
          >
            {total === undefined ? 'Cargando…' : total === 1 ? '1 reporte' : `${total} reportes`}
          </Typography>
          <DataTable
            ariaLabel="Reportes de integraciones"
            rows={page?.rows ?? NO_ROWS}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={softProviderList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={null}
            onSortChange={() => undefined}
            loading={loading}
            emptyMessage="No se encontraron reportes"
          />
        </Paper>
      )}
    </Box>
  );
}
