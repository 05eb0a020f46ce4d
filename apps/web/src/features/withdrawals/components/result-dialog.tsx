import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ResultNotice {
  title: string;
  message: string;
  severity: 'success' | 'error';
}

/**
 * The authorization list's outcome dialogs (spec 001 §8): 'Retiro Aprobado' on success, 'Ups! Ocurrió un error'
 * with the server's message on failure; each closed with 'Ok'.
 */
export function ResultDialog({ notice, onClose }: { notice: ResultNotice | null; onClose(): void }) {
  return (
    <Dialog
      open={notice !== null}
      onClose={onClose}
      aria-labelledby="withdrawal-result-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="withdrawal-result-title" color={notice?.severity === 'error' ? 'error' : 'primary'}>
        {notice?.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{notice?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
