import { atLeastOneText, itemTitle, type ItemNoun } from '../dialogs/item-noun';
import { UNAVAILABLE_REASON, type ActionRegistry, type ActionState } from './action-registry';

/** A selected row: its id and its actions (as the gateway computed them). */
export interface SelectedItem<K extends string = string> {
  id: string;
  actions?: readonly ActionState<K>[] | null;
}

/** One entry of a row menu, ready to show. */
export interface MenuAction<K extends string = string> {
  kind: K;
  label: string;
  enabled: boolean;
  /** Why it is disabled (tooltip); null when enabled. */
  reason: string | null;
}

/** One button of the bulk bar, ready to show. */
export interface OfferedAction<K extends string = string> extends MenuAction<K> {
  /** False when the user lacks the permission. */
  permitted: boolean;
}

const reasonOf = (action: ActionState, fallback: string) => action.reason?.trim() || fallback;

export interface SelectionOptions {
  noun: ItemNoun;
  /** Reason of a disabled action the gateway gave no reason for. */
  unavailableReason?: string;
}

/**
 * One bulk button, derived from the selected rows' actions: enabled iff every selected row has the action
 * enabled (the rows' actions already carry the area's per-item rule; the gateway checks the multi-select rule
 * again). Not permitted: the permission reason. Else the reason of the first row (in the list's order) that
 * blocks it, naming it: "Pago 1002498: Solo se pueden cancelar pagos pendientes o emitidos.".
 */
export function selectionActionState<K extends string>(
  kind: K,
  selection: readonly SelectedItem[],
  registry: ActionRegistry<K>,
  { noun, unavailableReason = UNAVAILABLE_REASON }: SelectionOptions,
): OfferedAction<K> {
  const { label } = registry[kind];
  if (selection.length === 0) {
    return { kind, label, enabled: false, permitted: true, reason: atLeastOneText(noun) };
  }
  const rows = selection.map((row) => ({
    id: row.id,
    action: row.actions?.find((a) => a.kind === kind) ?? { kind, enabled: false, permitted: true },
  }));
  const forbidden = rows.find((row) => !row.action.permitted);
  if (forbidden) {
    return {
      kind,
      label,
      enabled: false,
      permitted: false,
      reason: reasonOf(forbidden.action, unavailableReason),
    };
  }
  const blocking = rows.find((row) => !row.action.enabled);
  if (blocking) {
    return {
      kind,
      label,
      enabled: false,
      permitted: true,
      reason: `${itemTitle(noun, blocking.id)}: ${reasonOf(blocking.action, unavailableReason)}`,
    };
  }
  return { kind, label, enabled: true, permitted: true, reason: null };
}

/** The bulk bar for a selection: one button per kind, in the given order. */
export function selectionActionStates<K extends string>(
  kinds: readonly K[],
  selection: readonly SelectedItem[],
  registry: ActionRegistry<K>,
  options: SelectionOptions,
): OfferedAction<K>[] {
  return kinds.map((kind) => selectionActionState(kind, selection, registry, options));
}

/**
 * A row's menu, from its `actions`: the given kinds the user is permitted to use, in the given order; disabled
 * ones keep their reason. Empty: no menu.
 */
export function rowMenuActions<K extends string>(
  kinds: readonly K[],
  actions: readonly ActionState<string>[] | null | undefined,
  registry: ActionRegistry<K>,
  unavailableReason = UNAVAILABLE_REASON,
): MenuAction<K>[] {
  const byKind = new Map((actions ?? []).map((action) => [action.kind, action]));
  const menu: MenuAction<K>[] = [];
  for (const kind of kinds) {
    const action = byKind.get(kind);
    if (!action?.permitted) continue;
    menu.push({
      kind,
      label: registry[kind].label,
      enabled: action.enabled,
      reason: action.enabled ? null : reasonOf(action, unavailableReason),
    });
  }
  return menu;
}
