import { FormikProvider, useFormik } from 'formik';
import { sendReceiptSchema } from '@backoffice/validators';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from '@/components/dialogs/action-dialog';
import { FormTextField } from '@/components/form';

/** Enviar comprobante (spec 001 §5 "Send receipt"): e-mail required ('Campo requerido') and valid ('Email inválido'). */
export function SendReceiptDialog({
  onSubmit,
  onClose,
}: {
  onSubmit(email: string): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: sendReceiptSchema,
    onSubmit: (values) => submit(values.email.trim()),
  });
  return (
    <ActionDialog
      title="Enviar comprobante"
      onClose={onClose}
      submitLabel="Enviar"
      onSubmit={() => void formik.submitForm()}
      submitting={submitting}
      feedback={feedback}
      testId="send-receipt-dialog"
    >
      <FormikProvider value={formik}>
        <FormTextField name="email" label="Email" type="email" fullWidth autoFocus />
      </FormikProvider>
    </ActionDialog>
  );
}
