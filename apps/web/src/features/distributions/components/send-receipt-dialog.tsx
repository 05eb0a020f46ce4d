import { sendReceiptSchema } from '@backoffice/validators';
import { FormDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';
import { FormTextField } from '@/components/form';

/** Enviar comprobante (spec 001 §5 "Send receipt"): e-mail required ('Campo requerido') and valid ('Email inválido'). */
export function SendReceiptDialog({ onSubmit, onClose }: DialogHandlers<string>) {
  return (
    <FormDialog
      title="Enviar comprobante"
      onClose={onClose}
      submitLabel="Enviar"
      initialValues={{ email: '' }}
      validationSchema={sendReceiptSchema}
      // The errors show when 'Enviar' is pressed, not before the operator typed anything.
      submitWhileInvalid
      sentOf={(values) => values.email.trim()}
      onSubmit={onSubmit}
      testId="send-receipt-dialog"
    >
      <FormTextField name="email" label="Email" type="email" fullWidth autoFocus />
    </FormDialog>
  );
}
