import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ActionButton } from './action-button';
import { actionsIn, disabledReason, type ActionRegistry, type ActionState } from './action-registry';

export interface ToolbarGroup {
  /** The registry placement shown in this group ('operation'). */
  placement: string;
  /** Its caption ('OPERACIONES'). */
  title: string;
  testId?: string;
}

/** The operations group ('OPERACIONES') a detail's toolbar opens with, under the test id browser tests know. */
export const OPERATIONS_GROUP: ToolbarGroup = {
  placement: 'operation',
  title: 'OPERACIONES',
  testId: 'toolbar-operations',
};

export interface ActionToolbarProps<K extends string> {
  actions: readonly ActionState<K>[];
  registry: ActionRegistry<K>;
  groups: readonly ToolbarGroup[];
  busyKind?: K | null;
  onRun(kind: K): void;
  /** 'Acciones del pago'. */
  ariaLabel: string;
  testId?: string;
  unavailableReason?: string;
}

/**
 * What a detail's toolbar always is in its area (its registry, groups and name), declared once beside the screen;
 * the screen adds what changes: the record's actions, the one running and the handler.
 */
export type ToolbarDefinition<K extends string> = Omit<
  ActionToolbarProps<K>,
  'actions' | 'busyKind' | 'onRun'
>;

/**
 * A detail screen's toolbar built from the gateway's `actions`: one group per placement, each action the user
 * is permitted to use in the registry's order, every one under its label. Why a disabled one cannot be used is said
 * under the groups, in words, beside its name (one line per reason): a grey icon whose reason waited for the pointer
 * told the operator nothing at a glance. Nothing to show: no toolbar.
 */
export function ActionToolbar<K extends string>({
  actions,
  registry,
  groups,
  busyKind = null,
  onRun,
  ariaLabel,
  testId,
  unavailableReason,
}: ActionToolbarProps<K>) {
  const shown = groups
    .map((group) => ({ group, items: actionsIn(actions, registry, group.placement) }))
    .filter(({ items }) => items.length > 0);
  if (shown.length === 0) return null;
  const unavailable = unavailableLines(
    shown.flatMap(({ items }) => items),
    (kind) => registry[kind].label,
    unavailableReason,
  );
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={ariaLabel}
      data-testid={testId}
      sx={{
        px: 2,
        py: 1.25,
        mb: 2,
        borderRadius: 3,
        display: 'flex',
        columnGap: 3,
        rowGap: 1.25,
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      {shown.map(({ group, items }) => (
        <Box
          key={group.placement}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          data-testid={group.testId}
        >
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontWeight: 700, letterSpacing: '0.06em', mr: 0.5 }}
          >
            {group.title}
          </Typography>
          {items.map((action) => (
            <ActionButton
              key={action.kind}
              action={action}
              meta={registry[action.kind]}
              busy={busyKind === action.kind}
              onRun={onRun}
              unavailableReason={unavailableReason}
            />
          ))}
        </Box>
      ))}
      {unavailable.length > 0 && (
        <Box
          component="ul"
          aria-label="Acciones no disponibles"
          data-testid="toolbar-unavailable"
          sx={{ flexBasis: '100%', m: 0, p: 0, listStyle: 'none', color: 'text.secondary', fontSize: '0.8125rem' }}
        >
          {unavailable.map((line) => (
            <li key={line.reason} data-reason={line.reason}>
              <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {line.labels.join(', ')}
              </Box>
              {`: ${line.reason}`}
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** One line of the toolbar's unavailable actions: the labels that share a reason, and the reason. */
export interface UnavailableLine {
  labels: string[];
  reason: string;
}

/**
 * The disabled actions grouped by their reason, in the toolbar's order ('Cancelar, Reembolsar: El pago está
 * cancelado.'): several actions refused for one cause read as one line.
 */
export function unavailableLines<K extends string>(
  actions: readonly ActionState<K>[],
  labelOf: (kind: K) => string,
  fallback?: string,
): UnavailableLine[] {
  const lines = new Map<string, string[]>();
  for (const action of actions) {
    if (action.enabled) continue;
    const reason = disabledReason(action, fallback);
    lines.set(reason, [...(lines.get(reason) ?? []), labelOf(action.kind)]);
  }
  return [...lines].map(([reason, labels]) => ({ labels, reason }));
}
