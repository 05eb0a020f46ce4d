import type { ReactNode } from 'react';
import type { OperationVariables } from '@apollo/client';
import type { ActionRegistry } from '@/components/actions/action-registry';
import { rowActionsColumn } from '@/components/actions/row-actions-column';
import type { MenuAction } from '@/components/actions/selection-actions';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ListPage, type ListPageBulk, type ListPageView } from '@/components/list-page/list-page';
import {
  useListBulk,
  type BulkItemResult,
  type ListBulk,
  type ListBulkOptions,
} from '@/components/list-page/use-list-bulk';
import type { CollectorRef } from '@/components/pickers/collector-picker';
import type { ListCacheRule, ListQuery, RowChange } from '@/lib/list';
import { useListPage, type ListPageHandle } from '@/lib/list/use-list-page';
import { WITHDRAWALS_MESSAGES } from '../labels';
import { WITHDRAWAL_NOUN } from '../withdrawal-actions';
import { FiltersBar, type FiltersBarProps } from './filters-bar';

/** The filters every withdrawal list has: month period (null: every month) and collector. */
export interface PanelFilters {
  period: string | null;
  collector: CollectorRef | null;
}

/** The `useListPage` handle of a panel's query, with its list change. */
export type PanelPage<Q, Change extends RowChange> =
  Q extends ListQuery<infer F, infer S, infer TData, infer TVariables, infer Row>
    ? ListPageHandle<F, S, TData, TVariables, Row, Change>
    : never;

/** What a panel's own hook adds to the list: its controls, its row actions and their dialogs. */
export interface PanelBehaviour<Row, M extends string> {
  /** Beside the period and collector: the list's status control and buttons. */
  controls?: ReactNode;
  onRowAction(kind: M, row: Row): void;
  /** The flow dialogs and the panel's other dialogs. */
  dialogs: ReactNode;
  /** Shown as loading besides the list's request ('Actualizar' under way). */
  busy?: boolean;
}

/** What the panel component shows of a definition (`definePanel`'s answer). */
export interface WithdrawalPanel<Row extends { id: string }, M extends string, K extends string> {
  /** The grid's accessible name. */
  ariaLabel: string;
  totalTestId: string;
  /** The columns, ACCIONES included. */
  columnsFor(behaviour: PanelBehaviour<Row, M>): DataTableColumn<Row>[];
  selectable: boolean;
  /** The panel's hook: its list, its filters, its selection's actions and its own behaviour. */
  usePanel(): {
    page: ListPageView<Row>;
    filters: Omit<FiltersBarProps, 'children'>;
    bulk: ListPageBulk<K>;
    behaviour: PanelBehaviour<Row, M>;
  };
}

/**
 * One withdrawal list (spec 001 §2), declared: its query and cache rule, the grid's name and columns (ACCIONES
 * is added from `menu`), the selection's actions (`selectable: false`: none, though the rows' actions still
 * use the flow) and the panel's own hook (mutations, dialogs, status control).
 */
export function definePanel<
  F extends PanelFilters,
  S extends string,
  TData,
  TVariables extends OperationVariables,
  Row extends { id: string },
  Change extends RowChange,
  Filter,
  K extends string,
  V,
  Result extends BulkItemResult,
  M extends string,
>(definition: {
  query: ListQuery<F, S, TData, TVariables, Row>;
  rule: ListCacheRule<Change, Filter>;
  ariaLabel: string;
  totalTestId: string;
  columns: readonly DataTableColumn<Row>[];
  menu: { registry: ActionRegistry<M>; actionsOf(row: Row): MenuAction<M>[] };
  bulk: Omit<ListBulkOptions<K, Row, Result>, 'noun' | 'ariaLabel'>;
  selectable: boolean;
  usePanel(
    page: ListPageHandle<F, S, TData, TVariables, Row, Change>,
    bulk: ListBulk<K, Row, V, Result>,
  ): PanelBehaviour<Row, M>;
}): WithdrawalPanel<Row, M, K> {
  const { query, rule, menu } = definition;
  return {
    ariaLabel: definition.ariaLabel,
    totalTestId: definition.totalTestId,
    selectable: definition.selectable,
    columnsFor: (behaviour) => [
      ...definition.columns,
      rowActionsColumn({
        actionsOf: menu.actionsOf,
        registry: menu.registry,
        label: (row) => `Acciones del retiro ${row.id}`,
        onAction: behaviour.onRowAction,
        width: 80,
      }),
    ],
    usePanel() {
      const page = useListPage(query, { rule });
      const { list, state } = page;
      const bulk = useListBulk<K, Row, V, Result>(page, {
        ...definition.bulk,
        noun: WITHDRAWAL_NOUN,
        ariaLabel: 'Acciones sobre los retiros seleccionados',
      });
      return {
        page,
        bulk,
        behaviour: definition.usePanel(page, bulk),
        filters: {
          period: state.period,
          onPeriodChange: (period) => list.setFilters({ ...state, period }),
          collector: state.collector,
          onCollectorChange: (collector) => list.setFilters({ ...state, collector }),
        },
      };
    },
  };
}

/**
 * A withdrawal list (the authorization list, the transfer list, the history): the month period and collector
 * applied as they change with the list's own controls, the total, the selection's actions, the grid with the
 * row menu, and the panel's dialogs.
 */
export function WithdrawalListPanel<Row extends { id: string }, M extends string, K extends string>({
  definition,
}: {
  definition: WithdrawalPanel<Row, M, K>;
}) {
  const { page, filters, bulk, behaviour } = definition.usePanel();
  return (
    <ListPage
      page={page}
      filters={<FiltersBar {...filters}>{behaviour.controls}</FiltersBar>}
      errorTitle={WITHDRAWALS_MESSAGES.loadError}
      noun={WITHDRAWAL_NOUN}
      totalTestId={definition.totalTestId}
      bulk={definition.selectable ? bulk : undefined}
      table={{
        ariaLabel: definition.ariaLabel,
        columns: definition.columnsFor(behaviour),
        emptyMessage: WITHDRAWALS_MESSAGES.empty,
        selectable: definition.selectable,
        busy: behaviour.busy,
      }}
    >
      {behaviour.dialogs}
    </ListPage>
  );
}
