import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { shortcutsOfScreen } from './shortcuts';

export const SHORTCUTS_DIALOG_TITLE = 'Atajos de teclado';

/**
 * 'Atajos de teclado' ('?' outside a text field): the shortcuts that work on the screen shown when it opens, in a
 * table a screen reader reads row by row.
 */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Read from the screen each time it opens (kept while it closes).
  const [shortcuts, setShortcuts] = useState(shortcutsOfScreen);
  useEffect(() => {
    if (open) setShortcuts(shortcutsOfScreen());
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="shortcuts-dialog-title">{SHORTCUTS_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby="shortcuts-dialog-title">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Teclas</TableCell>
              <TableCell scope="col">Qué hace</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shortcuts.map((shortcut) => (
              <TableRow key={shortcut.action}>
                <TableCell>
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? ' o ' : null}
                      <Box
                        component="kbd"
                        sx={{
                          px: 0.75,
                          py: 0.25,
                          border: 1,
                          borderColor: 'divider',
                          borderRadius: 1,
                          fontFamily: 'monospace',
                        }}
                      >
                        {key}
                      </Box>
                    </span>
                  ))}
                </TableCell>
                <TableCell>{shortcut.action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
