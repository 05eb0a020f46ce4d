import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ActionButton } from './action-button';
import { actionsIn, type ActionRegistry, type ActionState } from './action-registry';

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
  /** Every action keeps its label, disabled or not (a detail whose toolbar has room for all of them). */
  keepLabels?: boolean;
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
 * is permitted to use in the registry's order (disabled ones compact, with their reason, unless none is enabled:
 * then every one keeps its label). Nothing to show:
 * no toolbar.
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
  keepLabels = false,
}: ActionToolbarProps<K>) {
  const shown = groups
    .map((group) => ({ group, items: actionsIn(actions, registry, group.placement) }))
    .filter(({ items }) => items.length > 0);
  if (shown.length === 0) return null;
  // Disabled actions are compact icons beside usable ones; when none is usable (an older version) a row of
  // bare icons would say nothing, so each keeps its label (issue 10 item 9).
  const compact = !keepLabels && shown.some(({ items }) => items.some((action) => action.enabled));
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
              compactWhenDisabled={compact}
            />
          ))}
        </Box>
      ))}
    </Paper>
  );
}
