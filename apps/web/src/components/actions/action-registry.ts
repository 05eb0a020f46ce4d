import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/**
 * An action as the gateway computes it (`actions { kind enabled permitted reason }`, spec 000 §4 "actions as
 * data"): the web never decides whether an action is allowed, it only shows the answer.
 */
export interface ActionState<K extends string = string> {
  kind: K;
  enabled: boolean;
  /** False when the user lacks the permission: no button at all (one it could never use). */
  permitted: boolean;
  /** Why it is disabled (the tooltip); null when enabled. */
  reason?: string | null;
}

/** The dialog texts of an action that runs on one item and on a multi-selection (useBulkFlow). */
export interface ActionDialogTexts {
  /** One item: 'Cancelar pago'. */
  title: string;
  description(id: string): string;
  submit: string;
  /** A multi-selection: 'Cancelar pagos'. */
  bulkTitle: string;
  /** Above the selection table. */
  bulkConfirm: string;
  bulkDescription(count: number): string;
  bulkSubmit: string;
  /** The success message (spec 000 §8): toast for one item, each item's text in the progress dialog. */
  success: string;
}

/** What an area says about one of its action kinds: label, icon, where it goes, its dialog texts. */
export interface ActionMeta {
  label: string;
  icon: ComponentType<SvgIconProps>;
  /** Where the action is shown (an area's own groups: 'operation', 'header'...). */
  placement?: string;
  /** Order inside its placement, and in the bulk bar and row menu. */
  order?: number;
  /** Button colour in the bulk bar (destructive actions in error). */
  color?: 'primary' | 'error' | 'warning';
  dialog?: ActionDialogTexts;
}

/**
 * A per-area registry of its action kinds: the one table of labels, icons and dialog texts every shared
 * action component reads (instead of icon maps and label tables in each component).
 */
export type ActionRegistry<K extends string> = Record<K, ActionMeta>;

/** A disabled action the gateway gave no reason for. */
export const UNAVAILABLE_REASON = 'Acción no disponible.';

/** The tooltip of a disabled action ('' when enabled). */
export function disabledReason(action: ActionState, fallback = UNAVAILABLE_REASON): string {
  return action.enabled ? '' : action.reason?.trim() || fallback;
}

const orderOf = (registry: Partial<ActionRegistry<string>>, kind: string) => registry[kind]?.order ?? 0;

/**
 * The buttons of one place, in the registry's order: one per action the user is permitted to use (disabled
 * ones keep their reason for the tooltip); kinds the registry does not know are ignored.
 */
export function actionsIn<K extends string>(
  actions: readonly ActionState<K>[],
  registry: Partial<ActionRegistry<K>>,
  placement?: string,
): ActionState<K>[] {
  return actions
    .filter((a) => a.permitted && a.kind in registry)
    .filter((a) => placement === undefined || registry[a.kind]?.placement === placement)
    .sort((a, b) => orderOf(registry, a.kind) - orderOf(registry, b.kind));
}

export function findAction<K extends string>(
  actions: readonly ActionState<K>[],
  kind: K,
): ActionState<K> | undefined {
  return actions.find((a) => a.kind === kind);
}
