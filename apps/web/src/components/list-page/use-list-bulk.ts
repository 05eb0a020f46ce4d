import { useCallback, useMemo } from 'react';
import type { ActionRegistry, ActionState } from '../actions/action-registry';
import { allMatchingActionStates } from '../actions/all-matching';
import { useBulkActions, type BulkTable } from '../actions/bulk-actions';
import { selectionActionStates, type OfferedAction } from '../actions/selection-actions';
import type { BulkFlowDialogsProps } from '../dialogs/bulk-flow-dialogs';
import type { BulkResultLike } from '../dialogs/bulk-progress';
import type { ItemNoun } from '../dialogs/item-noun';
import { useBulkFlow, type BulkFlowControl } from '../dialogs/use-bulk-flow';
import type { RowChange } from '@/lib/list/list-cache';
import { useAllMatching, type AllMatching } from '@/lib/list/use-all-matching';
import type { ListSelection } from '@/lib/list/use-list-state';

/** One item's outcome in a multi-selection's answer (every area's `…BulkResult`). */
export type BulkItemResult = BulkResultLike;

/** What the bulk block reads of `useListPage`'s handle. */
export interface ListBulkPage<Row extends { id: string }> {
  list: { key: string };
  rows: readonly Row[];
  total: number | undefined;
  selection: ListSelection<Row>;
  afterAction: { applyChanges(changes: readonly never[], unknown?: boolean): unknown };
}

export interface ListBulkOptions<
  K extends string,
  Row,
  Result extends BulkItemResult,
  F extends object = object,
> {
  /** The bulk bar's buttons, in order. */
  kinds: readonly K[];
  registry: ActionRegistry<K>;
  noun: ItemNoun;
  /** 'Acciones sobre los pagos seleccionados'. */
  ariaLabel: string;
  /** A disabled action the gateway gave no reason for. */
  unavailableReason?: string;
  /** A row's actions (default: its `actions`). */
  actionsOf?: (row: Row) => readonly ActionState<string>[] | null | undefined;
  /** Only the buttons every selected row allows are shown (the others are left out, not disabled). */
  onlyEnabled?: boolean;
  /** The bar offers "all N matching the search" once every row of the page is ticked. */
  allMatching?: boolean;
  /** The bar offers 'Deseleccionar' while rows are selected. */
  clearable?: boolean;
  /** The list change of a done item (the row leaves the cached lists it no longer matches). */
  changeOf?: (result: Result) => RowChange | null | undefined;
  /** Instead of `changeOf`: the area applies the answer to its lists itself. */
  applyResults?: (results: readonly Result[]) => void;
  /** The area's action table: each kind's `bulk` declaration is what its flow dialogs run (`useBulkActions`). */
  table?: BulkTable<K>;
  /** The list's current filter: what a bulk over every matching item acts on. */
  filter?: F | null;
}

export interface ListBulk<K extends string, Row, V, Result extends BulkItemResult> {
  /** The action flow (confirm, value, progress) for the area's flow dialogs. */
  flow: BulkFlowControl<K, Row, V>;
  /** The bar's buttons for the selection (every matching row: the permitted ones). */
  actions: readonly OfferedAction<K>[];
  /** "All N matching the search"; undefined where the list does not offer it. */
  allMatching: AllMatching | undefined;
  registry: ActionRegistry<K>;
  noun: ItemNoun;
  ariaLabel: string;
  clearable: boolean;
  /** A bar button: the flow over the selected rows (or every matching row). */
  startBulk(kind: K): void;
  /** The flow dialogs' answer: the lists follow the done items, which leave the selection (failed ones stay). */
  onBulkResults(results: readonly Result[]): void;
  /** The area's flow dialogs' props (with `run`): `<AreaFlowDialogs {...bulk.dialogs} />`. */
  dialogs: Pick<BulkFlowDialogsProps<K, Row, V, Result>, 'control' | 'runBulk' | 'onBulkResults'>;
}

const defaultActionsOf = (row: unknown) =>
  (row as { actions?: readonly ActionState<string>[] | null }).actions;

/**
 * The selection's actions of a list page: its bulk buttons (from the selected rows' `actions`), "all N
 * matching the search", the action flow and what follows a multi-selection's answer (spec 000 §4: the done
 * items leave the lists that no longer match them and the selection; an unknown outcome reads the list again).
 */
export function useListBulk<
  K extends string,
  Row extends { id: string },
  V,
  Result extends BulkItemResult,
  F extends object = object,
>(page: ListBulkPage<Row>, options: ListBulkOptions<K, Row, Result, F>): ListBulk<K, Row, V, Result> {
  const { selection, afterAction } = page;
  const flow = useBulkFlow<K, Row, V>();
  const runBulk = useBulkActions<K, V, Result, F>(options.table, options.filter);
  const matching = useAllMatching({
    key: page.list.key,
    total: page.total,
    pageRows: page.rows.length,
    selectedCount: selection.selectedIds.length,
  });
  const allMatching = options.allMatching ? matching : undefined;
  const active = allMatching?.active === true;
  const { kinds, registry, noun, unavailableReason, onlyEnabled } = options;
  const actionsOf = options.actionsOf ?? defaultActionsOf;
  const actions = useMemo(() => {
    const rows = selection.selectedRows.map((row) => ({ id: row.id, actions: actionsOf(row) }));
    const states = selectionActionStates(kinds, rows, registry, { noun, unavailableReason });
    if (active) return allMatchingActionStates(states);
    return onlyEnabled ? states.filter((action) => action.enabled) : states;
  }, [selection.selectedRows, active, actionsOf, kinds, registry, noun, unavailableReason, onlyEnabled]);
  const { startBulk: start } = flow;
  const startBulk = useCallback(
    (kind: K) => start(kind, selection.selectedRows, active ? { count: matching.count } : undefined),
    [start, selection.selectedRows, active, matching.count],
  );
  const { changeOf, applyResults } = options;
  const onBulkResults = useCallback(
    (results: readonly Result[]) => {
      const done = results.filter((r) => r.outcome === 'SUCCESS');
      if (applyResults) applyResults(results);
      else {
        const unknown = results.some((r) => r.outcome === 'UNKNOWN');
        afterAction.applyChanges((changeOf ? done.map(changeOf) : []) as never[], unknown);
      }
      selection.deselect(done.map((r) => r.id));
    },
    [afterAction, selection, changeOf, applyResults],
  );
  return {
    flow,
    actions,
    allMatching,
    registry,
    noun,
    ariaLabel: options.ariaLabel,
    clearable: options.clearable === true,
    startBulk,
    onBulkResults,
    dialogs: { control: flow, runBulk, onBulkResults },
  };
}
