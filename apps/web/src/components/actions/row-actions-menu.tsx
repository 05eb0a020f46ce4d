import { useCallback, useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { HintTooltip } from '../data-table/cut-text';
import { preloadKitDialogs } from '../dialogs/kit-dialogs';
import { usePopup } from '../popup/use-popup';
import type { ActionRegistry } from './action-registry';
import type { MenuAction } from './selection-actions';

export interface RowActionsMenuProps<K extends string> {
  /** rowMenuActions(...): empty -> nothing at all. */
  actions: readonly MenuAction<K>[];
  registry: ActionRegistry<K>;
  /** 'Acciones del pago 1000123': the button's and the menu's accessible name. */
  label: string;
  onAction(kind: K): void;
}

/**
 * A row's actions menu (the ACCIONES cell): the row's actions from the gateway, disabled ones with their
 * reason under the label. The chosen action starts once the menu has closed (focus back on the menu button),
 * so the dialog it opens returns focus to that button when it closes. The kit's dialogs are asked for as the menu
 * opens, and a menu closed by a choice closes without its animation: the chosen dialog shows at once (it waited
 * for the menu's closing animation and then its own download, about 600 ms: bench `interactions`).
 */
export function RowActionsMenu<K extends string>({
  actions,
  registry,
  label,
  onAction,
}: RowActionsMenuProps<K>) {
  const popup = usePopup('menu');
  // The menu exists only from its opening until its closing transition ends: a list renders one row menu per row,
  // and a closed Menu still runs its Popover and Modal on every render of every row.
  const [mounted, setMounted] = useState(false);
  // The chosen action runs once the menu has closed and given focus back to its button, so the dialog it opens
  // finds that button as its opener (and returns focus there).
  const chosen = useRef<K | null>(null);
  // Closed by a choice: no closing animation (dismissed, it keeps Material's).
  const [closingForChoice, setClosingForChoice] = useState(false);
  const latestOnAction = useRef(onAction);
  useEffect(() => {
    latestOnAction.current = onAction;
  });
  const runChosen = useCallback(() => {
    const kind = chosen.current;
    chosen.current = null;
    if (kind !== null) latestOnAction.current(kind);
  }, []);
  // A menu taken away before its closing transition ended (its row re-rendered away by a list refreshed under it)
  // never reports the end: the action the operator chose still runs, once.
  useEffect(() => runChosen, [runChosen]);
  if (actions.length === 0) return null;
  return (
    <>
      <HintTooltip title="Acciones">
        {(hint) => (
          <IconButton
            size="small"
            aria-label={label}
            {...popup.buttonProps}
            {...hint}
            onClick={(event) => {
              event.stopPropagation();
              popup.openAt(event.currentTarget);
              setMounted(true);
              setClosingForChoice(false);
              preloadKitDialogs();
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )}
      </HintTooltip>
      {mounted && (
        <Menu
          id={popup.id}
          {...popup.popupProps}
          transitionDuration={closingForChoice ? { enter: 0, exit: 0 } : 'auto'}
          slotProps={{
            list: { 'aria-label': label, dense: true },
            transition: {
              onExited: () => {
                setMounted(false);
                runChosen();
              },
            },
          }}
        >
          {actions.map((action) => {
            const Icon = registry[action.kind].icon;
            return (
              <MenuItem
                key={action.kind}
                disabled={!action.enabled}
                onClick={() => {
                  chosen.current = action.kind;
                  setClosingForChoice(true);
                  popup.close();
                }}
                sx={{ alignItems: 'flex-start', maxWidth: 360, '&.Mui-disabled': { opacity: 0.75 } }}
              >
                <ListItemIcon sx={{ mt: 0.25 }}>
                  <Icon fontSize="small" color={action.enabled ? 'action' : 'disabled'} />
                </ListItemIcon>
                <ListItemText
                  primary={action.label}
                  secondary={action.reason ?? undefined}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </>
  );
}
