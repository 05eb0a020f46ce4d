import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DeselectOutlined from '@mui/icons-material/DeselectOutlined';
import { BulkActionBar } from '@/components/actions/bulk-action-bar';
import { useBulkActions } from '@/components/actions/bulk-actions';
import { useRowActions } from '@/components/actions/detail-actions';
import { selectionActionStates } from '@/components/actions/selection-actions';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import { DownloadProgress } from '@/components/files';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersBar } from '@/components/layout/filters-form';
import { ListPage } from '@/components/list-page/list-page';
import { CollectorPicker, PeriodPicker, useCollectorName } from '@/components/pickers';
import { useListPage } from '@/lib/list/use-list-page';
import { recordHref } from '@/lib/record-href';
import { BATCH_ACTIONS, BATCH_NOUN, BULK_KINDS, type BatchFlowKind } from '../batch-actions';
import { BATCH_ACTION_TABLE } from '../batch-action-table';
import { BATCH_STATUS_LABELS, BATCH_STATUSES, BATCHES_MESSAGES } from '../batch-labels';
import { batchesListRule, batchesQuery } from '../batches-list';
import { BatchActionDialogs, type BatchActionValue } from '../components/batch-action-dialogs';
import { batchColumns } from '../components/batch-columns';
import type { BatchBulkResultFragment, BatchRowFragment } from '../gql/graphql';
import { changeOfBatch, useBatchActionContext } from '../use-batch-actions';

const STATUS_CHOICES = BATCH_STATUSES.map((value) => ({ value, label: BATCH_STATUS_LABELS[value] }));

/** No search runs before a collector is chosen. */
const noCollector = (state: { collector: unknown }) => !state.collector;

/**
 * Lotes de retiros (/lotes, spec 001 §2 "Withdrawal batches"): a collector is required before any search; then
 * its batches of one month (creation date) by status, with downloads, re-export, reprocess, the detail dialog
 * and 'Deseleccionar' / 'Reprocesar' on a selection. Filters and page live in the URL and session storage.
 * `embedded`: the 'Lotes' view of 'Retiros', under that screen's title (no second heading).
 */
export default function BatchesScreen({ embedded = false }: { embedded?: boolean }) {
  const page = useListPage(batchesQuery, { rule: batchesListRule, skip: noCollector });
  const { list, state, selection, afterAction } = page;
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

  const applied = useCallback(
    (batch: Parameters<typeof changeOfBatch>[0]) => afterAction.applyChanges([changeOfBatch(batch)]),
    [afterAction],
  );
  const { context, progress: downloading } = useBatchActionContext(applied);
  const rows = useRowActions(BATCH_ACTION_TABLE, { context, refetch: page.refetch });
  const flow = useBulkFlow<BatchFlowKind, BatchRowFragment, BatchActionValue>();
  const runBulk = useBulkActions<BatchFlowKind, BatchActionValue, BatchBulkResultFragment>(
    BATCH_ACTION_TABLE,
  );

  const onBulkResults = useCallback(
    (results: BatchBulkResultFragment[]) => {
      const done = results.filter((r) => r.outcome === 'SUCCESS');
      afterAction.applyChanges(
        done.map((r) => changeOfBatch(r.batch)),
        results.some((r) => r.outcome === 'UNKNOWN'),
      );
      selection.deselect(done.map((r) => r.id));
    },
    [afterAction, selection],
  );

  const collector = useCollectorName(state.collector);
  const progress = downloading ? <DownloadProgress progress={downloading} /> : undefined;
  const onRowAction = rows.run;
  const columns = useMemo(() => batchColumns(onRowAction), [onRowAction]);

  return (
    <ListPage
      page={page}
      title={embedded ? undefined : BATCHES_MESSAGES.title}
      subtitle={BATCHES_MESSAGES.fileFormatNote}
      ariaLabel={BATCHES_MESSAGES.title}
      headerActions={progress}
      beforeList={embedded ? progress : undefined}
      filters={
        // Entidad and Estado of one width and height, the period between them.
        <FiltersBar ariaLabel="Filtros de lotes" columns="1fr auto 1fr">
          <CollectorPicker
            value={collector}
            onChange={(next) => list.setFilters({ collector: next })}
            label="Entidad *"
          />
          <PeriodPicker relative value={state.period} onChange={(period) => list.setFilters({ period })} />
          <FilterSelect
            label="Estado"
            value={state.status}
            choices={STATUS_CHOICES}
            onChange={(status) => list.setFilters({ status })}
            testId="status-filter"
          />
        </FiltersBar>
      }
      placeholder={
        state.collector ? undefined : (
          <Alert severity="info" data-testid="batches-choose-collector">
            {BATCHES_MESSAGES.chooseCollector}
          </Alert>
        )
      }
      errorTitle={BATCHES_MESSAGES.loadError}
      noun={BATCH_NOUN}
      totalTestId="batches-total"
      bulkActions={
        <>
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
        </>
      }
      table={{
        ariaLabel: 'Lotes',
        columns,
        emptyMessage: BATCHES_MESSAGES.empty,
        getRowHref: (row) => recordHref('batch', { collectorId: row.collectorId, id: row.id }),
        selectable: true,
      }}
    >
      <BatchActionDialogs control={flow} runBulk={runBulk} onBulkResults={onBulkResults} />
      {rows.dialog}
    </ListPage>
  );
}
