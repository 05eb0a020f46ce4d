import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { checkAfipTransactionId, normalizeAfipTransactionId } from '@backoffice/validators';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from '../../components/dialogs/action-dialog';

/** Presentar manualmente: the transaction id the tax authority gave (required; blank is ignored). */
export function ManualPresentationDialog({
  id,
  onSubmit,
  onClose,
}: {
  id: string;
  onSubmit(transactionId: string): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = checkAfipTransactionId(value);
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  return (
    <ActionDialog
      title="Presentar manualmente"
      onClose={onClose}
      submitLabel="Presentar"
      submitDisabled={error !== undefined}
      submitting={submitting}
      onSubmit={() => {
        const transactionId = normalizeAfipTransactionId(value);
        if (transactionId) void submit(transactionId);
      }}
      feedback={feedback}
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
    </ActionDialog>
  );
}

/** Re-procesar: an optional reason (reprocess_detail). */
export function ReprocessDialog({
  id,
  onSubmit,
  onClose,
}: {
  id: string;
  onSubmit(reason: string | null): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  return (
    <ActionDialog
      title="Re-procesar presentación"
      onClose={onClose}
      submitLabel="Re-procesar"
      submitColor="warning"
      submitting={submitting}
      onSubmit={() => void submit(reason.trim() || null)}
      feedback={feedback}
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
    </ActionDialog>
  );
}
