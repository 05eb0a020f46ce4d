import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { ActionButton } from '@/components/actions/action-button';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { FiltersForm } from '@/components/layout/filters-form';
import { PageHeader } from '@/components/layout/page-header';
import { CollectorPicker, DateRangePicker, dateRangeError } from '@/components/pickers';
import { formatAmount, formatDateTime } from '@/lib/format';
import {
  filtersOf,
  fromTableSort,
  toTableSort,
  useListAfterAction,
  useListPageClamp,
  useListState,
} from '@/lib/list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ConciliateTransferDocument,
  TransfersDocument,
  type TransferRowFragment,
  type TransferStatus,
} from '../gql/graphql';
import {
  TRANSFER_STATUS_LABELS,
  toTransferFilter,
  transfersList,
  transfersListRule,
  type TransfersFilters,
} from '../transfers-list';

const NO_ROWS: TransferRowFragment[] = [];
/** Spec 001 §9: the search waits 400 ms; the arrow keys (codes 37 to 40) do not count as typing. */
export const TRANSFER_SEARCH_DEBOUNCE_MS = 400;
const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']);
const CONCILIATE_META = { label: 'Conciliar', icon: TaskAltOutlined };
const STATUS_TONES: Record<TransferStatus, 'warning' | 'success' | 'error'> = {
  PENDING: 'warning',
  CONCILIATED: 'success',
  REJECTED: 'error',
};
export const TRANSFERS_MESSAGES = {
  title: 'Conciliación de transferencias',
  empty: 'No se encontraron transferencias.',
  success: 'Conciliación aprobada',
} as const;

/** Conciliación de transferencias (/transferencias, spec 001 §2 "Transfer conciliation list", §4). */
export default function TransfersScreen() {
  const list = useListState(transfersList);
  const { state } = list;
  const variables = useMemo(
    () => ({ filter: toTransferFilter(state), page: state.page, pageSize: state.pageSize, sort: state.sort }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(TransfersDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.transfers ?? (loading ? previousData?.transfers : undefined);
  useListPageClamp(list, data ? page?.total : undefined);
  const after = useListAfterAction({
    list,
    rule: transfersListRule,
    document: TransfersDocument,
    variables,
    pageOf: (d) => d.transfers,
    refetch,
  });
  const [confirming, setConfirming] = useState<TransferRowFragment | null>(null);
  const applied = filtersOf(state);

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
        minWidth: 170,
        render: (r) => r.collector?.name ?? r.collectorId,
      },
      { field: 'payerId', headerName: 'CUIT', width: 122 },
      { field: 'paymentId', headerName: 'ID PAGO', width: 100 },
      { field: 'destinyTransferId', headerName: 'ID TRANSFERENCIA', width: 150 },
      {
        field: 'amount',
        headerName: 'IMPORTE',
        width: 130,
        align: 'right',
        sortable: true,
        render: (r) => formatAmount(r.amount),
      },
      {
        field: 'requestDate',
        headerName: 'FECHA',
        width: 170,
        sortable: true,
        render: (r) => formatDateTime(r.requestDate),
      },
      {
        field: 'status',
        headerName: 'ESTADO',
        width: 120,
        sortable: true,
        render: (r) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_TONES[r.status]}
            label={TRANSFER_STATUS_LABELS[r.status]}
            data-status={r.status.toLowerCase()}
          />
        ),
      },
      {
        field: 'actions',
        headerName: 'ACCIONES',
        width: 136,
        align: 'center',
        rowLink: false,
        render: (r) =>
          r.actions
            .filter((a) => a.permitted)
            .map((a) => (
              <ActionButton
                key={a.kind}
                action={a}
                meta={CONCILIATE_META}
                compactWhenDisabled
                onRun={() => setConfirming(r)}
              />
            )),
      },
    ],
    [],
  );

  return (
    <Box component="section" aria-label={TRANSFERS_MESSAGES.title}>
      <PageHeader title={TRANSFERS_MESSAGES.title} />
      <TransfersFiltersForm
        key={JSON.stringify({ ...applied, search: '' })}
        applied={applied}
        search={typed}
        onSearch={setTyped}
        onSubmit={(filters) => list.setFilters({ ...filters, search: typed.trim() })}
        onClear={() => {
          setTyped('');
          list.clear();
        }}
      />
      {error && !loading ? (
        <ErrorAlert
          title="No se pudieron cargar las transferencias"
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, py: 1.25 }}
            data-testid="transfers-total"
          >
            {page?.total === undefined
              ? 'Cargando…'
              : page.total === 1
                ? '1 transferencia'
                : `${page.total} transferencias`}
          </Typography>
          <DataTable
            ariaLabel="Transferencias"
            rows={page?.rows ?? NO_ROWS}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={page?.total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={transfersList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={toTableSort(transfersList, state.sort)}
            onSortChange={(sort) => list.setSort(fromTableSort(transfersList, sort))}
            loading={loading}
            emptyMessage={TRANSFERS_MESSAGES.empty}
            getRowHref={(row) => (row.paymentId ? `/pago/${encodeURIComponent(row.paymentId)}` : '')}
          />
        </Paper>
      )}
      {confirming && (
        <ConciliateDialog
          transfer={confirming}
          onClose={() => setConfirming(null)}
          onDone={(changed, unknown) =>
            after.applyChanges(changed ? [{ id: changed.id, status: changed.status }] : [], unknown)
          }
        />
      )}
    </Box>
  );
}

function ConciliateDialog({
  transfer,
  onClose,
  onDone,
}: {
  transfer: TransferRowFragment;
  onClose(): void;
  onDone(changed: TransferRowFragment | null | undefined, unknown?: boolean): void;
}) {
  const feedback = useMutationOutcome();
  const key = useIdempotencyKey();
  const [conciliate] = useMutation(ConciliateTransferDocument);
  const run = useCallback(async () => {
    const result = await conciliate({ variables: { id: transfer.id, idempotencyKey: key.key } });
    const payload = result.data?.conciliateTransfer;
    return feedback.settle(payload, {
      success: TRANSFERS_MESSAGES.success,
      onSuccess: () => {
        onDone(payload?.transfer);
        onClose();
      },
      onUnknown: () => onDone(null, true),
    });
  }, [conciliate, transfer.id, key.key, feedback, onDone, onClose]);
  return (
    <ConfirmDialog
      title="Conciliar transferencia"
      message={`¿Desea conciliar manualmente la transferencia ${transfer.destinyTransferId ?? transfer.id} por ${formatAmount(transfer.amount)} con el pago ${transfer.paymentId ?? ''}?`}
      confirmLabel="Conciliar"
      onConfirm={run}
      onClose={onClose}
      testId="conciliate-dialog"
    />
  );
}

function TransfersFiltersForm({
  applied,
  search,
  onSearch,
  onSubmit,
  onClear,
}: {
  applied: TransfersFilters;
  search: string;
  onSearch(text: string): void;
  onSubmit(filters: TransfersFilters): void;
  onClear(): void;
}) {
  const [values, setValues] = useState(applied);
  const rangeError = dateRangeError(values);
  return (
    <FiltersForm
      ariaLabel="Filtros de transferencias"
      onSubmit={() => {
        if (!rangeError) onSubmit(values);
      }}
      onClear={onClear}
    >
      <TextField
        label="Buscar"
        placeholder="Id de pago o de transferencia"
        defaultValue={search}
        onKeyUp={(event) => {
          if (ARROW_KEYS.has(event.key)) return;
          onSearch((event.target as HTMLInputElement).value);
        }}
        slotProps={{ htmlInput: { 'data-testid': 'transfers-search-input' } }}
      />
      <Box sx={{ minWidth: 240 }}>
        <CollectorPicker
          value={values.collector}
          onChange={(collector) => setValues({ ...values, collector })}
        />
      </Box>
      <DateRangePicker value={values} onChange={(range) => setValues({ ...values, ...range })} />
      <TextField
        label="Importe"
        value={values.amount}
        onChange={(e) => setValues({ ...values, amount: e.target.value })}
        sx={{ width: 130 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'transfers-amount-input' } }}
      />
      <TextField
        label="CUIT"
        value={values.cuit}
        onChange={(e) => setValues({ ...values, cuit: e.target.value })}
        error={values.cuit !== '' && values.cuit.replace(/\D/g, '').length !== 11}
        helperText={
          values.cuit !== '' && values.cuit.replace(/\D/g, '').length !== 11
            ? 'El CUIT debe tener 11 dígitos'
            : undefined
        }
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'transfers-cuit-input' } }}
      />
      <TextField
        select
        label="Estado"
        value={values.status ?? 'ALL'}
        onChange={(e) =>
          setValues({
            ...values,
            status: e.target.value === 'ALL' ? null : (e.target.value as TransferStatus),
          })
        }
        sx={{ minWidth: 150 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfers-status-filter' } as object } }}
      >
        <MenuItem value="ALL">Todos</MenuItem>
        {(Object.keys(TRANSFER_STATUS_LABELS) as TransferStatus[]).map((status) => (
          <MenuItem key={status} value={status}>
            {TRANSFER_STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
    </FiltersForm>
  );
}
