import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarkBorderOutlinedIcon from '@mui/icons-material/BookmarkBorderOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { addView, type SavedView } from '@/lib/list/list-views';
import { usePopup } from '../popup/use-popup';
import { lazyDialog } from '../dialogs/lazy-flow-dialogs';
import type { ManageViewsDialogProps, ViewNameDialogProps } from './views-dialogs';

export interface ViewsMenuProps {
  views: readonly SavedView[];
  /** The list's view shown now (its parameters). */
  current: string;
  onApply(view: SavedView): void;
  /** The views after a save, rename or delete; `saved`, the view just saved (the list shows it now). */
  onChange(views: SavedView[], saved?: SavedView): void;
}

// The dialogs come with the first one opened: the list's first download leaves them (and the action dialog) out.
const ViewNameDialog = lazyDialog<ViewNameDialogProps>(() =>
  import('./views-dialogs').then((module) => module.ViewNameDialog),
);
const ManageViewsDialog = lazyDialog<ManageViewsDialogProps>(() =>
  import('./views-dialogs').then((module) => module.ManageViewsDialog),
);

/**
 * 'Vistas': a menu with 'Guardar vista actual…' (a dialog: 'Nombre', 'Guardar'; the list's filters,
 * sort and page size under that name), the saved views (choosing one shows it exactly, its URL included; the one
 * shown is ticked) and 'Renombrar o eliminar vistas…'. Focus returns to the button after each dialog.
 */
export function ViewsMenu({ views, current, onApply, onChange }: ViewsMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const popup = usePopup('menu');
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const open = (next: 'save' | 'manage') => {
    popup.close();
    setDialog(next);
  };
  return (
    <>
      <Button ref={button} size="small" startIcon={<BookmarkBorderOutlinedIcon />} {...popup.buttonProps}>
        Vistas
      </Button>
      <Menu
        id={popup.id}
        {...popup.popupProps}
        slotProps={{
          list: { 'aria-label': 'Vistas', dense: true },
          paper: { sx: { minWidth: 260, maxWidth: 380 } },
        }}
      >
        <MenuItem onClick={() => open('save')}>Guardar vista actual…</MenuItem>
        {views.length > 0 && <Divider />}
        {views.map((view) => {
          const shown = view.params === current;
          return (
            <MenuItem
              key={view.id}
              aria-current={shown ? 'true' : undefined}
              onClick={() => {
                popup.close();
                onApply(view);
              }}
            >
              <ListItemIcon>{shown && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
            </MenuItem>
          );
        })}
        {views.length > 0 && <Divider />}
        {views.length > 0 && <MenuItem onClick={() => open('manage')}>Renombrar o eliminar vistas…</MenuItem>}
      </Menu>
      {dialog === 'save' && (
        <ViewNameDialog
          title="Guardar vista actual"
          views={views}
          returnFocusTo={button.current}
          onClose={() => setDialog(null)}
          onSave={(name) => {
            const next = addView(views, name, current);
            onChange(next, next[next.length - 1]);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'manage' && (
        <ManageViewsDialog
          views={views}
          onChange={onChange}
          returnFocusTo={button.current}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
