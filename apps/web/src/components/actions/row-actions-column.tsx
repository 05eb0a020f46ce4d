import type { DataTableColumn } from '../data-table/data-table';
import { PermittedActionButtons } from './action-button';
import type { ActionMeta, ActionRegistry, ActionState } from './action-registry';
import { RowActionsMenu } from './row-actions-menu';
import { rowMenuActions, type MenuAction } from './selection-actions';

interface RowActionsColumnCommon<K extends string, Row> {
  registry: ActionRegistry<K>;
  /** The menu button's accessible name ('Acciones del lote 12'). */
  label: (row: Row) => string;
  onAction: (kind: K, row: Row) => void;
  width?: number;
}

/**
 * Where each row's menu comes from: `kinds`, the kinds offered in order, read from the row's gateway `actions`
 * (the permitted ones, the disabled with their reason); or `actionsOf`, for a menu the area composes itself.
 */
export type RowActionsColumnOptions<K extends string, Row> = RowActionsColumnCommon<K, Row> &
  (
    | { kinds: readonly K[]; actionsOf?: never }
    | { actionsOf: (row: Row) => readonly MenuAction<K>[]; kinds?: never }
  );

const actionsOfRow = (row: unknown): readonly ActionState<string>[] =>
  (row as { actions?: readonly ActionState<string>[] }).actions ?? [];

/** A list's ACCIONES column: the row's actions menu, centred; the cell is not part of the row's link. */
export function rowActionsColumn<K extends string, Row>(
  options: RowActionsColumnOptions<K, Row>,
): DataTableColumn<Row> {
  const { registry, label, onAction, width = 92 } = options;
  const menuOf = (row: Row) =>
    options.actionsOf ? options.actionsOf(row) : rowMenuActions(options.kinds, actionsOfRow(row), registry);
  return {
    field: 'actions',
    headerName: 'ACCIONES',
    width,
    align: 'center',
    rowLink: false,
    render: (row) => (
      <RowActionsMenu
        actions={menuOf(row)}
        registry={registry}
        label={label(row)}
        onAction={(kind) => onAction(kind, row)}
      />
    ),
  };
}

export interface ActionButtonsColumnOptions<K extends string, Row> {
  /** The registry's entry of each kind (label, icon). */
  meta(kind: K): ActionMeta;
  onRun(kind: K, row: Row): void;
  width: number;
  align?: 'center';
}

/**
 * A list's ACCIONES column of buttons rather than a menu (a row with one or two actions): the row's permitted
 * actions, a disabled one shrunk to its icon with the reason in its tooltip; the cell is not part of the row's link.
 */
export function actionButtonsColumn<K extends string, Row extends { actions: readonly ActionState<K>[] }>({
  meta,
  onRun,
  width,
  align,
}: ActionButtonsColumnOptions<K, Row>): DataTableColumn<Row> {
  return {
    field: 'actions',
    headerName: 'ACCIONES',
    width,
    align,
    rowLink: false,
    render: (row) => (
      <PermittedActionButtons
        actions={row.actions}
        meta={meta}
        onRun={(kind) => onRun(kind, row)}
        compactWhenDisabled
      />
    ),
  };
}
