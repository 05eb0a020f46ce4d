import { useFormik } from 'formik';
import Typography from '@mui/material/Typography';
import { cancelReasonSchema, normalizeReason } from '@backoffice/validators';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from './action-dialog';
import { ReasonField } from './reason-field';

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
      <ReasonField formik={formik} submitOnEnter />
    </ActionDialog>
  );
}
