import type { DataTableColumn } from '../data-table/data-table';
import type { ActionRegistry, ActionState } from './action-registry';
import { RowActionsMenu } from './row-actions-menu';
import { rowMenuActions } from './selection-actions';

export interface RowActionsColumnOptions<K extends string, Row> {
  /** The kinds the menu offers, in order. */
  kinds: readonly K[];
  registry: ActionRegistry<K>;
  /** The menu button's accessible name ('Acciones del lote 12'). */
  label: (row: Row) => string;
  onAction: (kind: K, row: Row) => void;
  width?: number;
}

/**
 * A list's ACCIONES column: the row's actions menu (its permitted actions from the gateway, the disabled ones
 * with their reason); the cell is not part of the row's link.
 */
export function rowActionsColumn<K extends string, Row extends { actions: readonly ActionState<string>[] }>({
  kinds,
  registry,
  label,
  onAction,
  width = 92,
}: RowActionsColumnOptions<K, Row>): DataTableColumn<Row> {
  return {
    field: 'actions',
    headerName: 'ACCIONES',
    width,
    align: 'center',
    rowLink: false,
    render: (row) => (
      <RowActionsMenu
        actions={rowMenuActions(kinds, row.actions, registry)}
        registry={registry}
        label={label(row)}
        onAction={(kind) => onAction(kind, row)}
      />
    ),
  };
}
