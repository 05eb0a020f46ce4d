import { useFormik } from 'formik';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cancelReasonSchema, normalizeReason } from '@backoffice/validators';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from './action-dialog';

export interface CancelReasonDialogProps {
  /** 'Cancelar pago', 'Cancelar objeción'... */
  title: string;
  /** A sentence above the field (what is about to happen). */
  description?: string;
  submitLabel?: string;
  onSubmit(reason: string): Promise<SubmitOutcome>;
  onClose(): void;
}

/**
 * Cancel reason (spec 000 §2 "Dialogs", §5): 'Ingrese el motivo'; it proceeds only when a reason is
 * entered ('Disculpe, debe ingresar el motivo').
 */
export function CancelReasonDialog({
  title,
  description,
  submitLabel = 'Confirmar',
  onSubmit,
  onClose,
}: CancelReasonDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const formik = useFormik({
    initialValues: { reason: '' },
    validationSchema: cancelReasonSchema,
    onSubmit: (values) => submit(normalizeReason(values.reason) ?? ''),
  });
  const showError = Boolean(formik.touched.reason || formik.submitCount > 0) && Boolean(formik.errors.reason);
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      submitLabel={submitLabel}
      onSubmit={() => void formik.submitForm()}
      submitting={submitting}
      feedback={feedback}
      testId="cancel-reason-dialog"
    >
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        name="reason"
        label="Ingrese el motivo"
        value={formik.values.reason}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={showError}
        helperText={showError ? formik.errors.reason : ' '}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        onKeyDown={(event) => {
          // Enter submits (Shift+Enter starts a new line).
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void formik.submitForm();
          }
        }}
      />
    </ActionDialog>
  );
}
