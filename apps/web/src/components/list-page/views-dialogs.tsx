import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { removeView, renameView, viewNameError, VIEW_NAME_MAX, type SavedView } from '@/lib/list/list-views';
import { ActionDialog } from '../dialogs/action-dialog';
import { ConfirmDialog } from '../dialogs/confirm-dialog';

/** The dialogs of 'Vistas' (views-menu.tsx), a chunk of their own that comes with the first one opened. */

/** 'Nombre' and 'Guardar': the name of a view being saved or renamed. */
export interface ViewNameDialogProps {
  title: string;
  views: readonly SavedView[];
  initial?: string;
  /** The view being renamed (its own name is no clash). */
  except?: string;
  onSave(name: string): void;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
}

export function ViewNameDialog({
  title,
  views,
  initial = '',
  except,
  onSave,
  onClose,
  returnFocusTo,
}: ViewNameDialogProps) {
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
export interface ManageViewsDialogProps {
  views: readonly SavedView[];
  onChange(views: SavedView[]): void;
  onClose(): void;
  returnFocusTo: HTMLElement | null;
}

export function ManageViewsDialog({ views, onChange, onClose, returnFocusTo }: ManageViewsDialogProps) {
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
