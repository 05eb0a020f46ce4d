import { useCallback, useMemo } from 'react';
import { useRowActions } from '@/components/actions/detail-actions';
import { ExportHistoryLink, ExportMenu, useExportDialog } from '@/components/exports';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { ListPage } from '@/components/list-page/list-page';
import { useListBulk } from '@/components/list-page/use-list-bulk';
import { useCollectorName } from '@/components/pickers/collector-picker';
import { useListPage } from '@/lib/list/use-list-page';
import { hasAny, usePermissions } from '@/lib/permissions';
import type {
  SubscriptionActionKind,
  SubscriptionBulkResultFragment,
  SubscriptionFilter,
} from '../gql/graphql';
import type { SubscriptionActionValue } from '../list/subscriptions-action-dialogs';
import { useSubscriptionColumns, type SubscriptionRow } from '../list/subscriptions-columns';
import { OtherPaymentTypesNotice } from '../list/other-payment-types-notice';
import { SUBSCRIPTION_ROW_TABLE, type SubscriptionRowContext } from '../list/subscription-row-actions';
import { SubscriptionsFiltersForm } from '../list/subscriptions-filters';
import { subscriptionsListRule, subscriptionsQuery } from '../list/subscriptions-list';
import { changeOf } from '../list/use-subscriptions-list-actions';
import { SUBSCRIPTIONS_MESSAGES } from '../messages';
import {
  BULK_KINDS,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_NOUN,
  type SubscriptionBulkKind,
} from '../subscription-actions';
import { recordHref } from '@/lib/record-href';

const SubscriptionsActionDialogs = lazyFlowDialogs(() =>
  import('../list/subscriptions-action-dialogs').then((module) => module.SubscriptionsActionDialogs),
);

/** Buscar Suscripciones (/suscripciones, spec 000 §2): filters and page in the URL and session storage. */
export default function SubscriptionsSearchScreen() {
  const page = useListPage(subscriptionsQuery, { rule: subscriptionsListRule });
  const { list, filters, variables } = page;
  const permissions = usePermissions();
  const { afterAction } = page;
  const rowContext = useMemo<SubscriptionRowContext>(
    () => ({ applied: (change) => afterAction.applyChanges([change]) }),
    [afterAction],
  );
  // A row's answer unknown: the lists are read again (the operator decides on what is true now).
  const rows = useRowActions(SUBSCRIPTION_ROW_TABLE, {
    context: rowContext,
    refetch: async () => afterAction.applyChanges([], true),
  });
  const bulk = useListBulk<
    SubscriptionBulkKind,
    SubscriptionRow,
    SubscriptionActionValue,
    SubscriptionBulkResultFragment,
    SubscriptionFilter
  >(page, {
    kinds: BULK_KINDS,
    registry: SUBSCRIPTION_ACTIONS,
    noun: SUBSCRIPTION_NOUN,
    ariaLabel: 'Acciones sobre las suscripciones seleccionadas',
    actionsOf: (row) => row.bulkActions,
    allMatching: true,
    table: SUBSCRIPTION_ROW_TABLE,
    filter: variables.filter,
    changeOf: (result) => changeOf(result.subscription),
  });
  const runRow = rows.run;
  const columns = useSubscriptionColumns(
    useCallback(
      (kind: SubscriptionActionKind, row: SubscriptionRow) => runRow(kind as SubscriptionBulkKind, row),
      [runRow],
    ),
  );

  const applied = { ...filters, collector: useCollectorName(filters.collector) };
  const canSeeExportHistory = hasAny(permissions, ['EXPORT_SHOW']) && hasAny(permissions, ['EXPORT_SEARCH']);
  const exportFlow = useExportDialog(canSeeExportHistory);

  return (
    <ListPage
      page={page}
      title={SUBSCRIPTIONS_MESSAGES.title}
      headerActions={
        <>
          {hasAny(permissions, ['EXPORT_CREATE']) && (
            <ExportMenu
              onSelect={(format) =>
                exportFlow.open(format, { type: 'SUBSCRIPTION', filter: variables.filter ?? {} })
              }
            />
          )}
          {/* Same header as Buscar Pagos (spec 000 §2). */}
          {canSeeExportHistory && <ExportHistoryLink />}
        </>
      }
      filters={
        <SubscriptionsFiltersForm
          key={`${JSON.stringify(applied)}#${list.clears}`}
          applied={applied}
          onSubmit={(values) => list.setFilters(values)}
          onClear={list.clear}
        />
      }
      beforeList={
        <OtherPaymentTypesNotice
          filters={filters}
          total={page.table.loading ? undefined : page.total}
          onShowAll={() => list.setFilters({ paymentType: null })}
        />
      }
      errorTitle={SUBSCRIPTIONS_MESSAGES.loadError}
      totalTestId="subscriptions-total"
      bulk={bulk}
      table={{
        ariaLabel: 'Suscripciones',
        columns,
        emptyMessage: SUBSCRIPTIONS_MESSAGES.empty,
        getRowHref: (row) => recordHref('subscription', { id: row.id }),
        selectable: true,
      }}
    >
      <SubscriptionsActionDialogs {...bulk.dialogs} />
      {rows.dialog}
      {exportFlow.dialog}
    </ListPage>
  );
}
