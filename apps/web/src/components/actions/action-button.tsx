import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { disabledReason, type ActionMeta, type ActionState } from './action-registry';

export interface ActionButtonProps<K extends string> {
  action: ActionState<K>;
  /** The registry's entry for this kind (label, icon). */
  meta: ActionMeta;
  busy?: boolean;
  onRun(kind: K): void;
  variant?: 'outlined' | 'text' | 'contained';
  /** A link (a form opened in a new tab) instead of a button. */
  href?: string;
  /** A disabled action shrinks to its icon (the tooltip names it and says why). */
  compactWhenDisabled?: boolean;
  /** Reason shown when the gateway disabled it without one. */
  unavailableReason?: string;
}

/**
 * One action from the gateway's `actions`: a button; a disabled one is wrapped in a focusable span whose
 * tooltip names the action and says why (`data-testid="action-reason-<KIND>"`, `data-reason`).
 */
export function ActionButton<K extends string>({
  action,
  meta,
  busy = false,
  onRun,
  variant = 'outlined',
  href,
  compactWhenDisabled,
  unavailableReason,
}: ActionButtonProps<K>) {
  const Icon = meta.icon;
  const color = variant === 'text' ? 'inherit' : 'primary';
  if (!action.enabled) {
    const reason = disabledReason(action, unavailableReason);
    const common = {
      disabled: true,
      'data-action': action.kind,
      'aria-label': meta.label,
      'aria-disabled': true,
    } as const;
    return (
      <Tooltip
        arrow
        title={
          <>
            <strong>{meta.label}</strong>
            <br />
            {reason}
          </>
        }
      >
        {/* A disabled button fires no events: the wrapper carries the tooltip and is focusable. */}
        <span
          data-testid={`action-reason-${action.kind}`}
          data-reason={reason}
          tabIndex={0}
          aria-label={`${meta.label}: ${reason}`}
          style={{ display: 'inline-flex' }}
        >
          {compactWhenDisabled ? (
            <IconButton
              size="small"
              {...common}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: '5px' }}
            >
              <Icon />
            </IconButton>
          ) : (
            <Button size="small" variant={variant} color={color} startIcon={<Icon />} {...common}>
              {meta.label}
            </Button>
          )}
        </span>
      </Tooltip>
    );
  }
  const linkProps = href
    ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' }
    : {};
  return (
    <Button
      size="small"
      variant={variant}
      color={color}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Procesando" /> : <Icon />}
      disabled={busy}
      onClick={href ? undefined : () => onRun(action.kind)}
      data-action={action.kind}
      aria-label={meta.label}
      {...linkProps}
    >
      {meta.label}
    </Button>
  );
}

export interface PermittedActionButtonsProps<K extends string> extends Omit<
  ActionButtonProps<K>,
  'action' | 'meta' | 'busy' | 'href'
> {
  /** The gateway's actions of one item. */
  actions: readonly ActionState<K>[];
  /** The registry's entry of each kind (label, icon). */
  meta(kind: K): ActionMeta;
}

/**
 * An item's actions as buttons, in the gateway's order: the permitted ones only (a user never sees one he could
 * not use), a disabled one saying why (`ActionButton`). A table row's 'ACCIONES' cell, a dialog's action row.
 */
export function PermittedActionButtons<K extends string>({
  actions,
  meta,
  ...button
}: PermittedActionButtonsProps<K>) {
  return actions
    .filter((action) => action.permitted)
    .map((action) => <ActionButton key={action.kind} action={action} meta={meta(action.kind)} {...button} />);
}
