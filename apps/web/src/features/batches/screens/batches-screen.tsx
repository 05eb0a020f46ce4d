import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import DeselectOutlined from '@mui/icons-material/DeselectOutlined';
import { BulkActionBar } from '@/components/actions/bulk-action-bar';
import { selectionActionStates } from '@/components/actions/selection-actions';
import { ListBar } from '@/components/data-table/list-bar';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { DownloadProgress } from '@/components/files';
import { PageHeader } from '@/components/layout/page-header';
import { CollectorPicker, PeriodPicker, useCollectorName } from '@/components/pickers';
import {
  fromTableSort,
  toTableSort,
  useListAfterAction,
  useListPageClamp,
  useListSelection,
  useListState,
} from '@/lib/list';
import { BATCH_ACTIONS, BATCH_NOUN, BULK_KINDS, type BatchFlowKind } from '../batch-actions';
import { BATCH_STATUS_LABELS, BATCH_STATUSES, BATCHES_MESSAGES } from '../batch-labels';
import { batchesList, batchesListRule, toBatchesVariables, type BatchRowChange } from '../batches-list';
import { BatchActionDialogs, type BatchActionValue } from '../components/batch-action-dialogs';
import { BatchDetailDialog } from '../components/batch-detail-dialog';
import { BatchesTable } from '../components/batches-table';
import {
  BulkReprocessWithdrawalBatchesDocument,
  WithdrawalBatchesDocument,
  type BatchBulkResultFragment,
  type BatchRowFragment,
  type WithdrawalBatchActionKind,
  type WithdrawalBatchStatus,
  type WithdrawalBatchesQueryVariables,
} from '../gql/graphql';
import { changeOfBatch, useBatchActions } from '../use-batch-actions';

const NO_ROWS: BatchRowFragment[] = [];
/** Stands in for the variables while no collector is chosen (the query is skipped). */
const NO_SEARCH: WithdrawalBatchesQueryVariables = { filter: { collectorId: '' } };

/**
 * Lotes de retiros (/lotes, spec 001 §2 "Withdrawal batches"): a collector is required before any search; then
 * its batches of one month (creation date) by status, with downloads, re-export, reprocess, the detail dialog
 * and 'Deseleccionar' / 'Reprocesar' on a selection. Filters and page live in the URL and session storage.
 */
export default function BatchesScreen() {
  const list = useListState(batchesList);
  const { state } = list;
  const searchVariables = useMemo(() => toBatchesVariables(state), [state]);
  const variables = searchVariables ?? NO_SEARCH;
  const { data, previousData, loading, error, refetch } = useQuery(WithdrawalBatchesDocument, {
    variables,
    skip: searchVariables === null,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = searchVariables
    ? (data?.withdrawalBatches ?? (loading ? previousData?.withdrawalBatches : undefined))
    : undefined;
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);

  const selection = useListSelection(list.key, rows);
  const bulkActions = useMemo(
    () =>
      selectionActionStates(
        BULK_KINDS,
        selection.selectedRows.map((row) => ({ id: row.id, actions: row.actions })),
        BATCH_ACTIONS,
        { noun: BATCH_NOUN },
      ),
    [selection.selectedRows],
  );

  const after = useListAfterAction({
    list,
    rule: batchesListRule,
    document: WithdrawalBatchesDocument,
    variables,
    pageOf: (d) => d.withdrawalBatches,
    refetch,
  });
  const onChanged = useCallback(
    (change: BatchRowChange | null, unknown: boolean) => {
      after.applyChanges([change], unknown);
    },
    [after],
  );
  const actions = useBatchActions(onChanged);
  const flow = useBulkFlow<BatchFlowKind, BatchRowFragment, BatchActionValue>();
  const [detail, setDetail] = useState<BatchRowFragment | null>(null);
  const [reprocessMany] = useMutation(BulkReprocessWithdrawalBatchesDocument);

  const onRowAction = useCallback(
    (kind: WithdrawalBatchActionKind, row: BatchRowFragment) => {
      if (kind === 'DETAIL') setDetail(row);
      else if (kind === 'REPROCESS' || kind === 'RE_EXPORT') flow.startSingle(kind, row);
      else actions.download(kind, row);
    },
    [actions, flow],
  );

  const runBulk = useCallback(
    async (_kind: BatchFlowKind, ids: string[], _value: BatchActionValue, idempotencyKey: string) =>
      (await reprocessMany({ variables: { ids, idempotencyKey } })).data?.bulkReprocessWithdrawalBatches
        .results ?? [],
    [reprocessMany],
  );

  const onBulkResults = useCallback(
    (results: BatchBulkResultFragment[]) => {
      const done = results.filter((r) => r.outcome === 'SUCCESS');
      after.applyChanges(
        done.map((r) => changeOfBatch(r.batch)),
        results.some((r) => r.outcome === 'UNKNOWN'),
      );
      selection.deselect(done.map((r) => r.id));
    },
    [after, selection],
  );

  const collector = useCollectorName(state.collector);

  return (
    <Box component="section" aria-label={BATCHES_MESSAGES.title}>
      <PageHeader
        title={BATCHES_MESSAGES.title}
        actions={actions.progress ? <DownloadProgress progress={actions.progress} /> : undefined}
      />
      <Paper
        variant="outlined"
        role="search"
        aria-label="Filtros de lotes"
        sx={{
          p: 2,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '2fr auto 1fr' },
          alignItems: 'center',
        }}
      >
        <CollectorPicker
          value={collector}
          onChange={(next) => list.setFilters({ collector: next })}
          label="Entidad *"
        />
        <PeriodPicker value={state.period} onChange={(period) => list.setFilters({ period })} />
        <TextField
          select
          size="small"
          label="Estado"
          value={state.status ?? 'ALL'}
          onChange={(e) =>
            list.setFilters({
              status: e.target.value === 'ALL' ? null : (e.target.value as WithdrawalBatchStatus),
            })
          }
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'status-filter' } as object } }}
        >
          <MenuItem value="ALL">Todos</MenuItem>
          {BATCH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {BATCH_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {!searchVariables ? (
        <Alert severity="info" data-testid="batches-choose-collector">
          {BATCHES_MESSAGES.chooseCollector}
        </Alert>
      ) : error && !loading ? (
        <ErrorAlert
          title={BATCHES_MESSAGES.loadError}
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <ListBar
            noun={BATCH_NOUN}
            total={total}
            selectedCount={selection.selectedIds.length}
            totalTestId="batches-total"
          >
            <Button
              size="small"
              variant="outlined"
              startIcon={<DeselectOutlined fontSize="small" />}
              disabled={selection.selectedIds.length === 0}
              onClick={() => selection.setSelectedIds([])}
            >
              Deseleccionar
            </Button>
            <BulkActionBar
              actions={bulkActions}
              registry={BATCH_ACTIONS}
              onAction={(kind) => flow.startBulk(kind, selection.selectedRows)}
              ariaLabel="Acciones sobre los lotes seleccionados"
              hideWhenNonePermitted
            />
          </ListBar>
          <BatchesTable
            rows={rows}
            total={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={batchesList.pageSizes}
            sort={toTableSort(batchesList, state.sort)}
            loading={loading}
            selectedIds={selection.selectedIds}
            onPageChange={(p, size) => list.setPage(p, size)}
            onSortChange={(sort) => list.setSort(fromTableSort(batchesList, sort))}
            onSelectionChange={selection.setSelectedIds}
            onRowAction={onRowAction}
          />
        </Paper>
      )}
      <BatchActionDialogs
        control={flow}
        runSingle={(kind, row, _value, key) => actions.runSingle(kind, row, key)}
        runBulk={runBulk}
        onBulkResults={onBulkResults}
      />
      {detail && <BatchDetailDialog batch={detail} onClose={() => setDetail(null)} />}
    </Box>
  );
}
