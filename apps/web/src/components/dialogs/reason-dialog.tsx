import { useFormik } from 'formik';
import Typography from '@mui/material/Typography';
import { normalizeReason } from '@backoffice/validators';
import { ActionDialog, useDialogSubmit, type ActionDialogProps, type SubmitOutcome } from './action-dialog';
import { REASON_MAX_LENGTH, ReasonField, validateReason } from './reason-field';

export interface ReasonDialogProps {
  /** 'Cancelar pago', 'Cancelar objeción'... */
  title: string;
  /** A sentence above the field (what is about to happen). */
  description?: string;
  submitLabel?: string;
  submitColor?: 'primary' | 'error' | 'warning';
  /** The field's label; 'Ingrese el motivo' by default. */
  label?: string;
  maxLength?: number;
  /** Receives the trimmed reason. */
  onSubmit(reason: string): Promise<SubmitOutcome>;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
  testId?: string;
  /** The dialog's width (ActionDialog's): MULTI_DIALOG_WIDTH when it acts on a multi-selection. */
  width?: ActionDialogProps['width'];
}

/**
 * Reason dialog (spec 000 §2 "Dialogs", §5): 'Ingrese el motivo'; it proceeds only when a reason is entered
 * ('Disculpe, debe ingresar el motivo') within its limit. Enter in the field is a new line: only the button
 * sends an irreversible action.
 */
export function ReasonDialog({
  title,
  description,
  submitLabel = 'Confirmar',
  submitColor,
  label,
  maxLength = REASON_MAX_LENGTH,
  onSubmit,
  onClose,
  returnFocusTo,
  testId = 'cancel-reason-dialog',
  width,
}: ReasonDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const formik = useFormik({
    initialValues: { reason: '' },
    validate: validateReason(maxLength),
    onSubmit: (values) => submit(normalizeReason(values.reason) ?? ''),
  });
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      submitLabel={submitLabel}
      submitColor={submitColor}
      onSubmit={() => void formik.submitForm()}
      submitting={submitting}
      feedback={feedback}
      returnFocusTo={returnFocusTo}
      testId={testId}
      width={width}
    >
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      <ReasonField formik={formik} label={label} maxLength={maxLength} />
    </ActionDialog>
  );
}
