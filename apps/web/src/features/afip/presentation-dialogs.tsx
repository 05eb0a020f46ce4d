import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { checkAfipTransactionId, normalizeAfipTransactionId } from '@backoffice/validators';
import { SubmitDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';

/** Presentar manualmente: the transaction id the tax authority gave (required; blank is ignored). */
export function ManualPresentationDialog({ id, onSubmit, onClose }: DialogHandlers<string> & { id: string }) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = checkAfipTransactionId(value);
  return (
    <SubmitDialog
      title="Presentar manualmente"
      onClose={onClose}
      submitLabel="Presentar"
      // A valid id is never blank once normalized: the button is disabled until it is valid.
      submitDisabled={error !== undefined}
      onSubmit={() => onSubmit(normalizeAfipTransactionId(value) ?? '')}
      testId="manual-presentation-dialog"
    >
      <TextField
        autoFocus
        label="ID de transacción"
        helperText={touched && error ? error : `Presentación ${id}: el ID que informó AFIP.`}
        error={touched && error !== undefined}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => setTouched(true)}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off' } }}
      />
    </SubmitDialog>
  );
}

/** Re-procesar: an optional reason (reprocess_detail). */
export function ReprocessDialog({ id, onSubmit, onClose }: DialogHandlers<string | null> & { id: string }) {
  const [reason, setReason] = useState('');
  return (
    <SubmitDialog
      title="Re-procesar presentación"
      onClose={onClose}
      submitLabel="Re-procesar"
      submitColor="warning"
      onSubmit={() => onSubmit(reason.trim() || null)}
      testId="reprocess-dialog"
    >
      <TextField
        autoFocus
        label="Motivo (opcional)"
        helperText={`La presentación ${id} pasará a re-proceso.`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        fullWidth
        multiline
        minRows={2}
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </SubmitDialog>
  );
}
