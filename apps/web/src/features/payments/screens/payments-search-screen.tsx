import { useMemo } from 'react';
import { AllMatchingNotice } from '@/components/actions/all-matching';
import { useRowActions } from '@/components/actions/detail-actions';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { useExportDialog } from '@/components/exports';
import { ListBulkActions, ListPage } from '@/components/list-page/list-page';
import { useListBulk } from '@/components/list-page/use-list-bulk';
import { useCollectorName } from '@/components/pickers/collector-picker';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { useListPage } from '@/lib/list/use-list-page';
import type { ListActionValue } from '../components/payments-action-dialogs';
import { PaymentsFiltersForm, type PaymentsFilterValues } from '../components/payments-filters';
import { PaymentsHeaderActions } from '../components/payments-header-actions';
import { PaymentsListBar } from '../components/payments-list-bar';
import { PAYMENT_ROW_TABLE, type PaymentRowContext } from '../components/payment-row-table';
import { PaymentsSearchScope } from '../components/payments-search-scope';
import { PaymentsCatalogueProvider, usePaymentColumns, type PaymentRow } from '../components/payments-table';
import { PAYMENT_ACTIONS, PAYMENT_NOUN, PAYMENT_UNAVAILABLE_REASON } from '../detail/payment-actions';
import type { BulkPaymentResultFragment, PaymentFilter } from '../gql/graphql';
import { usePaymentIdSearch } from '../hooks/use-payment-id-search';
import { useKnownMethods, usePaymentsListPermissions } from '../hooks/use-payments-list-setup';
import { usePaymentsListActions } from '../hooks/use-payments-list-actions';
import { LIST_ACTION_KINDS, type ListActionKind } from '../payments-bulk-rules';
import { paymentsListRule } from '../payments-list-cache';
import { ALL_PERIODS, paymentsQuery, periodText } from '../payments-list-state';
import { PAYMENTS_MESSAGES } from '../messages';
import { recordHref } from '@/lib/record-href';

const PaymentsActionDialogs = lazyFlowDialogs(() =>
  import('../components/payments-action-dialogs').then((module) => module.PaymentsActionDialogs),
);

/** Buscar Pagos (/pagos): filters and list state in the URL, server-side paging and sorting. */
export default function PaymentsSearchScreen() {
  const page = useListPage(paymentsQuery, { rule: paymentsListRule });
  const { list, state, variables, selection } = page;

  const { canExport, canSeeExportHistory, canBulk } = usePaymentsListPermissions();

  // Row and multi-selection actions; the list follows them (spec 000 §4 "Lists after an action").
  const { applyRow, rowUnknown, applyBulkResults } = usePaymentsListActions(page.afterAction.onListChange);
  const rowContext = useMemo<PaymentRowContext>(() => ({ applied: applyRow }), [applyRow]);
  const rows = useRowActions(PAYMENT_ROW_TABLE, { context: rowContext, refetch: rowUnknown });
  const bulk = useListBulk<
    ListActionKind,
    PaymentRow,
    ListActionValue,
    BulkPaymentResultFragment,
    PaymentFilter
  >(page, {
    kinds: LIST_ACTION_KINDS,
    registry: PAYMENT_ACTIONS,
    noun: PAYMENT_NOUN,
    unavailableReason: PAYMENT_UNAVAILABLE_REASON,
    ariaLabel: 'Acciones sobre los pagos seleccionados',
    allMatching: true,
    table: PAYMENT_ROW_TABLE,
    filter: variables.filter,
    applyResults: applyBulkResults,
  });
  const columns = usePaymentColumns(rows.run);

  const searchPaymentId = usePaymentIdSearch(state.search);
  const applyFilters = async (values: PaymentsFilterValues) => {
    if (!(await searchPaymentId(values.search))) list.setFilters(values);
  };
  const exportFlow = useExportDialog(canSeeExportHistory);

  const catalogue = useKnownMethods(list);

  // A link may carry collector_id without collector_name: show the collector's name once known.
  const { search, period, dateField, methods } = state;
  const applied = { search, collector: useCollectorName(state.collector), period, dateField, methods };
  const allPeriods = state.period === ALL_PERIODS;

  return (
    <PaymentsCatalogueProvider value={catalogue}>
      <ListPage
        page={page}
        title={PAYMENTS_MESSAGES.title}
        headerActions={
          <PaymentsHeaderActions
            status={state.status}
            statusDisabled={state.dateField === 'REFUNDED_DATE'}
            onStatusChange={(status) => list.setFilters({ status })}
            canExport={canExport}
            onExport={(format) =>
              exportFlow.open(format, { type: 'PAYMENTS', filter: variables.filter ?? {} })
            }
            canSeeExportHistory={canSeeExportHistory}
          />
        }
        filters={
          <PaymentsFiltersForm
            // Not remounted for a period alone: it applies at once and the form keeps what awaits Buscar.
            key={JSON.stringify({ ...applied, period: null })}
            applied={applied}
            statusActive={state.status !== null}
            onSubmit={(values) => void applyFilters(values)}
            onPeriodChange={(period) => list.setFilters({ period })}
            onClear={list.clear}
          />
        }
        beforeList={
          <PaymentsSearchScope
            search={state.search}
            periodText={allPeriods ? null : periodText(state)}
            onSearchAllPeriods={() => list.setFilters({ period: ALL_PERIODS })}
            onBackToPeriod={() => list.setFilters({ period: CURRENT_PERIOD })}
          />
        }
        errorTitle={PAYMENTS_MESSAGES.loadError}
        bar={(tools) => (
          <PaymentsListBar
            tools={tools}
            total={page.total}
            periodLabel={periodText(state)}
            selectedCount={selection.selectedIds.length}
            onClearSelection={() => selection.setSelectedIds([])}
            allMatchingActive={bulk.allMatching?.active}
            allMatching={
              bulk.allMatching && <AllMatchingNotice noun={PAYMENT_NOUN} matching={bulk.allMatching} />
            }
            bulkActions={<ListBulkActions bulk={bulk} />}
          />
        )}
        table={{
          ariaLabel: 'Pagos',
          columns,
          emptyMessage: 'No se encontraron pagos',
          getRowHref: (row) => recordHref('payment', { id: row.id }),
          selectable: canBulk,
        }}
      >
        <PaymentsActionDialogs {...bulk.dialogs} />
        {rows.dialog}
        {exportFlow.dialog}
      </ListPage>
    </PaymentsCatalogueProvider>
  );
}
