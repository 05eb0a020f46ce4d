import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BookmarkBorderOutlinedIcon from '@mui/icons-material/BookmarkBorderOutlined';
import CheckIcon from '@mui/icons-material/Check';
import {
  addView,
  removeView,
  renameView,
  viewNameError,
  VIEW_NAME_MAX,
  type SavedView,
} from '@/lib/list/list-views';
import { usePopup } from '../popup/use-popup';
import { ActionDialog } from '../dialogs/action-dialog';
import { ConfirmDialog } from '../dialogs/confirm-dialog';

export interface ViewsMenuProps {
  views: readonly SavedView[];
  /** The list's view shown now (its parameters). */
  current: string;
  onApply(view: SavedView): void;
  /** The views after a save, rename or delete; `saved`, the view just saved (the list shows it now). */
  onChange(views: SavedView[], saved?: SavedView): void;
}

/** 'Nombre' and 'Guardar': the name of a view being saved or renamed. */
export function ViewNameDialog({
  title,
  views,
  initial = '',
  except,
  onSave,
  onClose,
  returnFocusTo,
}: {
  title: string;
  views: readonly SavedView[];
  initial?: string;
  /** The view being renamed (its own name is no clash). */
  except?: string;
  onSave(name: string): void;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
}) {
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const error = viewNameError(views, name, except);
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      submitLabel="Guardar"
      onSubmit={() => {
        setTried(true);
        if (!error) onSave(name.trim());
      }}
      width="xs"
      returnFocusTo={returnFocusTo}
      testId="view-name-dialog"
    >
      <TextField
        label="Nombre"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus
        fullWidth
        required
        error={tried && error !== null}
        helperText={tried && error ? error : 'Guarda los filtros y el orden de la lista.'}
        slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX + 20 } }}
        sx={{ mt: 1 }}
      />
    </ActionDialog>
  );
}

/** The saved views, each with 'Renombrar' and 'Eliminar'. */
function ManageViewsDialog({
  views,
  onChange,
  onClose,
  returnFocusTo,
}: {
  views: readonly SavedView[];
  onChange(views: SavedView[]): void;
  onClose(): void;
  returnFocusTo: HTMLElement | null;
}) {
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  // After a delete the focus comes back to the list (its 'Eliminar' button is gone).
  const list = useRef<HTMLDivElement>(null);
  return (
    <>
      <ActionDialog
        title="Vistas guardadas"
        onClose={onClose}
        cancelLabel="Cerrar"
        width="sm"
        returnFocusTo={returnFocusTo}
        testId="manage-views-dialog"
      >
        <Box ref={list} tabIndex={-1} sx={{ outline: 'none' }}>
          {views.length === 0 ? (
            <Typography color="text.secondary">No hay vistas guardadas.</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Vistas guardadas">
              {views.map((view) => (
                <Box
                  component="li"
                  key={view.id}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    py: 0.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{view.name}</Typography>
                  <Button
                    size="small"
                    aria-label={`Renombrar la vista ${view.name}`}
                    onClick={() => setRenaming(view)}
                  >
                    Renombrar
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Eliminar la vista ${view.name}`}
                    onClick={() => setDeleting(view)}
                  >
                    Eliminar
                  </Button>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </ActionDialog>
      {renaming && (
        <ViewNameDialog
          title="Renombrar vista"
          views={views}
          initial={renaming.name}
          except={renaming.id}
          onClose={() => setRenaming(null)}
          onSave={(name) => {
            onChange(renameView(views, renaming.id, name));
            setRenaming(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Eliminar vista"
          message={`¿Eliminar la vista «${deleting.name}»? Los filtros de la lista no cambian.`}
          confirmLabel="Eliminar"
          confirmColor="error"
          testId="delete-view-dialog"
          returnFocusTo={list.current}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            onChange(removeView(views, deleting.id));
            setDeleting(null);
            return Promise.resolve(null);
          }}
        />
      )}
    </>
  );
}

/**
 * 'Vistas' (issue 30): a menu with 'Guardar vista actual…' (a dialog: 'Nombre', 'Guardar'; the list's filters,
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
