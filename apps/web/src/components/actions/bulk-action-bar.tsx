import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { ActionRegistry } from './action-registry';
import type { OfferedAction } from './selection-actions';

export interface BulkActionBarProps<K extends string> {
  /** selectionActionStates(...) for the current selection. */
  actions: readonly OfferedAction<K>[];
  registry: ActionRegistry<K>;
  onAction(kind: K): void;
  /** 'Acciones sobre los pagos seleccionados'. */
  ariaLabel: string;
  /**
   * Hide the bar when the user is permitted none of its actions (a role that could never use it sees no
   * disabled buttons). Off by default.
   */
  hideWhenNonePermitted?: boolean;
}

/**
 * The multi-selection actions of a list. A disabled one explains why in its tooltip (the first selected item
 * that does not allow it, or the missing permission); its focusable wrapper is `bulk-action-<KIND>`.
 */
export function BulkActionBar<K extends string>({
  actions,
  registry,
  onAction,
  ariaLabel,
  hideWhenNonePermitted = false,
}: BulkActionBarProps<K>) {
  if (hideWhenNonePermitted && actions.every((action) => !action.permitted)) return null;
  return (
    <Box
      role="group"
      aria-label={ariaLabel}
      data-testid="bulk-actions"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: 'auto' }}
    >
      {actions.map((action) => {
        const meta = registry[action.kind];
        const Icon = meta.icon;
        return (
          <Tooltip key={action.kind} title={action.enabled ? '' : (action.reason ?? '')} arrow>
            {/* A disabled button fires no events: the wrapper carries the tooltip and is focusable. */}
            <Box
              component="span"
              tabIndex={action.enabled ? undefined : 0}
              aria-label={action.enabled ? undefined : `${action.label}: ${action.reason ?? ''}`}
              data-testid={`bulk-action-${action.kind}`}
              sx={{ display: 'inline-flex', borderRadius: 1 }}
            >
              <Button
                size="small"
                variant="outlined"
                color={meta.color ?? 'primary'}
                startIcon={<Icon fontSize="small" />}
                disabled={!action.enabled}
                onClick={() => onAction(action.kind)}
                data-kind={action.kind}
                sx={{ bgcolor: 'background.paper', whiteSpace: 'nowrap' }}
              >
                {action.label}
              </Button>
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
