import { useCallback, useEffect, useMemo } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { PageHeader } from '@/components/layout/page-header';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PaymentsPermissionsDocument, PaymentsSearchDocument, type PaymentStatus } from '../gql/graphql';
import { BulkActionBar } from '@/components/actions/bulk-action-bar';
import { AllMatchingNotice, allMatchingActionStates } from '@/components/actions/all-matching';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import type { ListActionValue } from '../components/payments-action-dialogs';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { PAYMENT_ACTIONS, PAYMENT_NOUN } from '../detail/payment-actions';
import { PaymentsFiltersForm, type PaymentsFilterValues } from '../components/payments-filters';
import { useExportDialog } from '@/components/exports';
import { PaymentsHeaderActions, type ExportFormat } from '../components/payments-header-actions';
import { PaymentsListBar } from '../components/payments-list-bar';
import { PaymentsTable, type PaymentRow } from '../components/payments-table';
import { useCollectorName } from '@/components/pickers/collector-picker';
import { periodLabel, periodOf } from '@/components/pickers/period';
import { PaymentsSearchScope } from '../components/payments-search-scope';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import { usePaymentsListActions } from '../hooks/use-payments-list-actions';
import { useListAfterAction, useListPageClamp, useListSelection, useListState } from '@/lib/list';
import { useAllMatching } from '@/lib/list/use-all-matching';
import { usePreloadedPolicy } from '@/lib/preload/use-preloaded-policy';
import type { BulkPaymentResultFragment } from '../gql/graphql';
import { bulkActionStates, type ListActionKind } from '../payments-bulk-rules';
import { paymentsListRule } from '../payments-list-cache';
import { PAYMENTS_MESSAGES } from '../messages';
import {
  ALL_PERIODS,
  isPaymentIdSearch,
  PAGE_SIZE_OPTIONS,
  paymentsList,
  toPaymentsSearchVariables,
  withKnownMethods,
} from '../payments-list-state';

const PaymentsActionDialogs = lazyFlowDialogs(() =>
  import('../components/payments-action-dialogs').then((module) => module.PaymentsActionDialogs),
);

const NO_ROWS: PaymentRow[] = [];

/** The permissions of the list's multi-selection actions (cancel, change method, cancel objection). */
const BULK_PERMISSIONS = ['PAYMENT_CANCEL', 'PAYMENT_UPDATE', 'PAYMENT_CANCEL_OBJECTION'] as const;

/** Buscar Pagos (/pagos): filters and list state in the URL, server-side paging and sorting. */
export default function PaymentsSearchScreen() {
  const list = useListState(paymentsList);
  const { state, key, setState } = list;

  // Permissions come from `me`, loaded by the shell at start (served from Apollo's cache).
  const { data: meData } = useQuery(PaymentsPermissionsDocument, { fetchPolicy: 'cache-first' });
  const permissions = useMemo(() => meData?.me.permissions ?? [], [meData]);
  const canExport = permissions.includes('EXPORT_CREATE');
  const canSeeExportHistory = permissions.includes('EXPORT_SEARCH') && permissions.includes('EXPORT_SHOW');
  // A role that can run none of the multi-selection actions (consulta) gets no selection and no bulk bar.
  const canBulk = BULK_PERMISSIONS.some((permission) => permissions.includes(permission));

  // The list.
  const variables = useMemo(() => toPaymentsSearchVariables(state), [state]);
  const { data, previousData, loading, error, refetch } = useQuery(PaymentsSearchDocument, {
    variables,
    ...usePreloadedPolicy(PaymentsSearchDocument, variables),
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.payments ?? (loading ? previousData?.payments : undefined);

  // Selection belongs to one list view; rows that left the list after an action leave it too.
  const rows = page?.rows ?? NO_ROWS;
  const {
    selectedIds,
    selectedRows,
    setSelectedIds: onSelectionChange,
    deselect,
  } = useListSelection(key, rows);
  // Every row of the page ticked and more match: the bar offers "all N matching the search".
  const allMatching = useAllMatching({
    key,
    total: page?.total,
    pageRows: rows.length,
    selectedCount: selectedIds.length,
  });
  const bulkActions = useMemo(() => {
    const states = bulkActionStates(selectedRows);
    return allMatching.active ? allMatchingActionStates(states) : states;
  }, [selectedRows, allMatching.active]);

  // Row and multi-selection actions; the list follows them (spec 000 §4 "Lists after an action").
  const afterAction = useListAfterAction({
    list,
    rule: paymentsListRule,
    document: PaymentsSearchDocument,
    variables,
    pageOf: (result) => result.payments,
    refetch,
  });
  const { runRow, runBulk, applyBulkResults } = usePaymentsListActions(
    afterAction.onListChange,
    variables.filter,
  );
  const flow = useBulkFlow<ListActionKind, PaymentRow, ListActionValue>();
  const startBulk = (kind: ListActionKind) =>
    flow.startBulk(kind, selectedRows, allMatching.active ? { count: allMatching.count } : undefined);
  const startRow = flow.startSingle;
  const onBulkResults = useCallback(
    (results: BulkPaymentResultFragment[]) => {
      applyBulkResults(results);
      // Done items leave the selection; failed ones stay selected.
      const done = new Set(results.filter((r) => r.outcome === 'SUCCESS').map((r) => r.id));
      deselect(done);
    },
    [applyBulkResults, deselect],
  );

  // A link may carry collector_id without collector_name: show the collector's name once known.
  const appliedCollector = useCollectorName(state.collector);

  // An exact payment id goes straight to the payment, whatever the period (issue 10 item 5); an id that names
  // no payment is searched like any other text.
  const client = useApolloClient();
  const navigate = useNavigate();
  const applyFilters = async (values: PaymentsFilterValues) => {
    const search = values.search.trim();
    if (isPaymentIdSearch(search) && search !== state.search) {
      const found = await client
        .query({
          query: PaymentsSearchDocument,
          variables: {
            filter: { search, dateField: 'REQUEST_DATE' },
            page: 1,
            pageSize: 10,
            sort: { field: 'REQUEST_DATE', direction: 'DESC' },
          },
          fetchPolicy: 'network-only',
        })
        .then((result) => result.data?.payments.rows.some((row) => row.id === search) ?? false)
        .catch(() => false);
      if (found) {
        void navigate(`/pago/${encodeURIComponent(search)}`);
        return;
      }
    }
    list.setFilters(values);
  };
  const clearFilters = list.clear;
  const changeStatus = (status: PaymentStatus | null) => list.setFilters({ status });
  const changeSort = list.setSort;
  const changePage = list.setPage;
  const exportFlow = useExportDialog(canSeeExportHistory);
  const exportList = (format: ExportFormat) =>
    exportFlow.open(format, { type: 'PAYMENTS', filter: variables.filter ?? {} });

  // A page past the end (e.g. an old link) goes to the last page.
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);

  // A link may name payment methods the gateway's catalogue does not know: they leave the filter and the URL.
  const { catalogue, loaded: catalogueLoaded } = usePaymentMethodCatalogue();
  const knownState = catalogueLoaded
    ? withKnownMethods(state, (id) => catalogue.find(id) !== undefined)
    : state;
  useEffect(() => {
    if (knownState !== state) setState(knownState, { replace: true });
  }, [knownState, state, setState]);

  const appliedFilters: PaymentsFilterValues = {
    search: state.search,
    collector: appliedCollector,
    period: state.period,
    dateField: state.dateField,
    methods: state.methods,
  };
  const filtersKey = JSON.stringify(appliedFilters);
  const allPeriods = state.period === ALL_PERIODS;
  const dateFieldText = state.dateField === 'REFUNDED_DATE' ? 'fecha de devolución' : 'fecha de solicitud';
  const periodText = `${allPeriods ? 'todos los períodos' : periodLabel(state.period)} · ${dateFieldText}`;

  return (
    <Box component="section" aria-labelledby="payments-search-title">
      <PageHeader
        title={PAYMENTS_MESSAGES.title}
        actions={
          <PaymentsHeaderActions
            status={state.status}
            statusDisabled={state.dateField === 'REFUNDED_DATE'}
            onStatusChange={changeStatus}
            canExport={canExport}
            onExport={exportList}
            canSeeExportHistory={canSeeExportHistory}
          />
        }
      />
      <PaymentsFiltersForm
        key={filtersKey}
        applied={appliedFilters}
        statusActive={state.status !== null}
        onSubmit={(values) => void applyFilters(values)}
        onClear={clearFilters}
      />
      <PaymentsSearchScope
        search={state.search}
        periodText={allPeriods ? null : periodText}
        onSearchAllPeriods={() => list.setFilters({ period: ALL_PERIODS })}
        onBackToPeriod={() => list.setFilters({ period: periodOf(new Date()) })}
      />
      {error && !loading ? (
        <ErrorAlert
          title={PAYMENTS_MESSAGES.loadError}
          error={error}
          onRetry={() => {
            void refetch().catch(() => undefined);
          }}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <PaymentsListBar
            total={total}
            periodLabel={periodText}
            selectedCount={selectedIds.length}
            onClearSelection={() => onSelectionChange([])}
            allMatchingActive={allMatching.active}
            allMatching={<AllMatchingNotice noun={PAYMENT_NOUN} matching={allMatching} />}
            bulkActions={
              <BulkActionBar
                actions={bulkActions}
                registry={PAYMENT_ACTIONS}
                onAction={startBulk}
                ariaLabel="Acciones sobre los pagos seleccionados"
                hideWhenNonePermitted
              />
            }
          />
          <PaymentsTable
            rows={rows}
            total={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={PAGE_SIZE_OPTIONS}
            sort={state.sort}
            loading={loading}
            selectable={canBulk}
            selectedIds={selectedIds}
            onPageChange={changePage}
            onSortChange={changeSort}
            onSelectionChange={onSelectionChange}
            onRowAction={startRow}
          />
        </Paper>
      )}
      <PaymentsActionDialogs
        control={flow}
        runSingle={runRow}
        runBulk={runBulk}
        onBulkResults={onBulkResults}
      />
      {exportFlow.dialog}
    </Box>
  );
}
