import { useCallback, useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BulkActionBar } from '@/components/actions/bulk-action-bar';
import { selectionActionStates } from '@/components/actions/selection-actions';
import { AllMatchingNotice, allMatchingActionStates } from '@/components/actions/all-matching';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { selectedCountText } from '@/components/dialogs/item-noun';
import { ExportMenu, useExportDialog } from '@/components/exports';
import { useBulkFlow, type MatchingSelection } from '@/components/dialogs/use-bulk-flow';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { useCollectorName } from '@/components/pickers/collector-picker';
import {
  filtersOf,
  fromTableSort,
  toTableSort,
  useListAfterAction,
  useListPageClamp,
  useListSelection,
  useListState,
} from '@/lib/list';
import { useAllMatching } from '@/lib/list/use-all-matching';
import { hasAny, usePermissions } from '@/lib/permissions';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  BulkCancelSubscriptionsDocument,
  BulkChangeSubscriptionPaymentMethodDocument,
  BulkUpdateSubscriptionAmountDocument,
  CancelSubscriptionDocument,
  ChangeSubscriptionPaymentMethodDocument,
  SubscriptionsSearchDocument,
  UpdateSubscriptionAmountDocument,
  type SubscriptionBulkResultFragment,
  type SubscriptionMutationPayload,
} from '../gql/graphql';
import type { SubscriptionActionValue } from '../list/subscriptions-action-dialogs';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { SubscriptionsFiltersForm } from '../list/subscriptions-filters';
import {
  subscriptionsList,
  subscriptionsListRule,
  toSearchVariables,
  type SubscriptionRowChange,
} from '../list/subscriptions-list';
import { SubscriptionsTable, type SubscriptionRow } from '../list/subscriptions-table';
import { SUBSCRIPTIONS_MESSAGES } from '../messages';
import {
  BULK_KINDS,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_NOUN,
  type SubscriptionBulkKind,
} from '../subscription-actions';
import { usePreloadedPolicy } from '@/lib/preload/use-preloaded-policy';

const SubscriptionsActionDialogs = lazyFlowDialogs(() =>
  import('../list/subscriptions-action-dialogs').then((module) => module.SubscriptionsActionDialogs),
);

const NO_ROWS: SubscriptionRow[] = [];

const changeOf = (
  s: { id: string; status: SubscriptionRow['status']; paymentMethod?: unknown } | null | undefined,
) =>
  s
    ? ({ id: s.id, status: s.status, hasMethod: s.paymentMethod != null } satisfies SubscriptionRowChange)
    : null;

/** Buscar Suscripciones (/suscripciones, spec 000 §2): filters and page in the URL and session storage. */
export default function SubscriptionsSearchScreen() {
  const list = useListState(subscriptionsList);
  const { state } = list;
  const permissions = usePermissions();
  const feedback = useMutationOutcome();

  const variables = useMemo(() => toSearchVariables(state), [state]);
  const { data, previousData, loading, error, refetch } = useQuery(SubscriptionsSearchDocument, {
    variables,
    ...usePreloadedPolicy(SubscriptionsSearchDocument, variables),
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.subscriptions ?? (loading ? previousData?.subscriptions : undefined);
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);

  const selection = useListSelection(list.key, rows);
  // Every row of the page ticked and more match: the bar offers "all N matching the search".
  const allMatching = useAllMatching({
    key: list.key,
    total,
    pageRows: rows.length,
    selectedCount: selection.selectedIds.length,
  });
  const bulkActions = useMemo(() => {
    const states = selectionActionStates(
      BULK_KINDS,
      selection.selectedRows.map((row) => ({ id: row.id, actions: row.bulkActions })),
      SUBSCRIPTION_ACTIONS,
      { noun: SUBSCRIPTION_NOUN },
    );
    return allMatching.active ? allMatchingActionStates(states) : states;
  }, [selection.selectedRows, allMatching.active]);

  const after = useListAfterAction({
    list,
    rule: subscriptionsListRule,
    document: SubscriptionsSearchDocument,
    variables,
    pageOf: (d) => d.subscriptions,
    refetch,
  });

  const flow = useBulkFlow<SubscriptionBulkKind, SubscriptionRow, SubscriptionActionValue>();
  const [cancelOne] = useMutation(CancelSubscriptionDocument);
  const [changeOne] = useMutation(ChangeSubscriptionPaymentMethodDocument);
  const [amountOne] = useMutation(UpdateSubscriptionAmountDocument);
  const [cancelMany] = useMutation(BulkCancelSubscriptionsDocument);
  const [changeMany] = useMutation(BulkChangeSubscriptionPaymentMethodDocument);
  const [amountMany] = useMutation(BulkUpdateSubscriptionAmountDocument);

  const runRow = useCallback(
    async (
      kind: SubscriptionBulkKind,
      row: SubscriptionRow,
      value: SubscriptionActionValue,
      idempotencyKey: string,
    ): Promise<SubmitOutcome> => {
      const base = { id: row.id, idempotencyKey };
      let payload:
        | (Pick<SubscriptionMutationPayload, 'outcome'> & {
            error?: { message: string } | null;
            subscription?: Parameters<typeof changeOf>[0];
          })
        | null
        | undefined;
      if ('reason' in value)
        payload = (await cancelOne({ variables: { ...base, reason: value.reason } })).data
          ?.cancelSubscription;
      else if ('input' in value)
        payload = (await changeOne({ variables: { ...base, input: value.input } })).data
          ?.changeSubscriptionPaymentMethod;
      else
        payload = (await amountOne({ variables: { ...base, amount: value.amount } })).data
          ?.updateSubscriptionAmount;
      const outcome = feedback.settle(payload, {
        success: SUBSCRIPTION_ACTIONS[kind].dialog!.success,
        onUnknown: () => after.applyChanges([], true),
      });
      if (!outcome) after.applyChanges([changeOf(payload?.subscription)]);
      return outcome;
    },
    [cancelOne, changeOne, amountOne, feedback, after],
  );

  const runBulk = useCallback(
    async (
      _kind: SubscriptionBulkKind,
      ids: string[],
      value: SubscriptionActionValue,
      idempotencyKey: string,
      matching?: MatchingSelection,
    ): Promise<SubscriptionBulkResultFragment[]> => {
      // Every matching subscription: the list's filter and the count the operator confirmed, instead of ids.
      const base = matching
        ? { matching: { filter: variables.filter ?? {}, expectedCount: matching.count }, idempotencyKey }
        : { ids, idempotencyKey };
      if ('reason' in value)
        return (
          (await cancelMany({ variables: { ...base, reason: value.reason } })).data?.bulkCancelSubscriptions
            .results ?? []
        );
      if ('input' in value)
        return (
          (await changeMany({ variables: { ...base, input: value.input } })).data
            ?.bulkChangeSubscriptionPaymentMethod.results ?? []
        );
      return (
        (await amountMany({ variables: { ...base, amount: value.amount } })).data
          ?.bulkUpdateSubscriptionAmount.results ?? []
      );
    },
    [cancelMany, changeMany, amountMany, variables.filter],
  );

  const onBulkResults = useCallback(
    (results: SubscriptionBulkResultFragment[]) => {
      const unknown = results.some((r) => r.outcome === 'UNKNOWN');
      after.applyChanges(
        results.filter((r) => r.outcome === 'SUCCESS').map((r) => changeOf(r.subscription)),
        unknown,
      );
      selection.deselect(results.filter((r) => r.outcome === 'SUCCESS').map((r) => r.id));
    },
    [after, selection],
  );

  const collector = useCollectorName(state.collector);
  const applied = { ...filtersOf(state), collector };
  const canExport = hasAny(permissions, ['EXPORT_CREATE']);
  const exportFlow = useExportDialog(
    hasAny(permissions, ['EXPORT_SHOW']) && hasAny(permissions, ['EXPORT_SEARCH']),
  );

  return (
    <Box component="section" aria-label={SUBSCRIPTIONS_MESSAGES.title}>
      <PageHeader
        title={SUBSCRIPTIONS_MESSAGES.title}
        actions={
          canExport ? (
            <ExportMenu
              onSelect={(format) =>
                exportFlow.open(format, { type: 'SUBSCRIPTION', filter: variables.filter ?? {} })
              }
            />
          ) : undefined
        }
      />
      <SubscriptionsFiltersForm
        key={JSON.stringify(applied)}
        applied={applied}
        onSubmit={(filters) => list.setFilters(filters)}
        onClear={list.clear}
      />
      {error && !loading ? (
        <ErrorAlert
          title={SUBSCRIPTIONS_MESSAGES.loadError}
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
              flexWrap: 'wrap',
              minHeight: 56,
            }}
          >
            <Typography variant="body2" color="text.secondary" data-testid="subscriptions-total">
              {total === undefined ? 'Cargando…' : total === 1 ? '1 suscripción' : `${total} suscripciones`}
            </Typography>
            {selection.selectedIds.length > 0 && !allMatching.active && (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="selection-count">
                {selectedCountText(SUBSCRIPTION_NOUN, selection.selectedIds.length)}
              </Typography>
            )}
            <AllMatchingNotice noun={SUBSCRIPTION_NOUN} matching={allMatching} />
            <BulkActionBar
              actions={bulkActions}
              registry={SUBSCRIPTION_ACTIONS}
              onAction={(kind) =>
                flow.startBulk(
                  kind,
                  selection.selectedRows,
                  allMatching.active ? { count: allMatching.count } : undefined,
                )
              }
              ariaLabel="Acciones sobre las suscripciones seleccionadas"
              hideWhenNonePermitted
            />
          </Box>
          <SubscriptionsTable
            rows={rows}
            total={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={subscriptionsList.pageSizes}
            sort={toTableSort(subscriptionsList, state.sort)}
            loading={loading}
            selectedIds={selection.selectedIds}
            onPageChange={(p, size) => list.setPage(p, size)}
            onSortChange={(sort) => list.setSort(fromTableSort(subscriptionsList, sort))}
            onSelectionChange={selection.setSelectedIds}
            onRowAction={(kind, row) => flow.startSingle(kind as SubscriptionBulkKind, row)}
          />
        </Paper>
      )}
      <SubscriptionsActionDialogs
        control={flow}
        runSingle={runRow}
        runBulk={runBulk}
        onBulkResults={onBulkResults}
      />
      {exportFlow.dialog}
    </Box>
  );
}
