import { useFormikContext } from 'formik';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkReceiptEmail } from '@backoffice/validators';
import { FormDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';

export type SendNotificationMode = 'payer' | 'receipts';

export interface SendNotificationValues {
  /** 'Descargar comprobantes' was chosen. */
  downloadReceipts: boolean;
  /** The addressee for 'Descargar comprobantes'; null sends to the payer's e-mail. */
  addressee: string | null;
}

export interface SendNotificationDialogProps extends DialogHandlers<SendNotificationValues> {
  payerName?: string | null;
  payerEmail?: string | null;
}

const schema = yup.object({
  mode: yup.string().oneOf(['payer', 'receipts']).required(),
  addressee: yup
    .string()
    .nullable()
    .when('mode', {
      is: 'receipts',
      then: (s) =>
        s.test('receipt-email', '', (value, ctx) => {
          const message = checkReceiptEmail(value);
          return message ? ctx.createError({ message }) : true;
        }),
    }),
});

interface NotificationForm {
  mode: SendNotificationMode;
  addressee: string;
}

const initialForm = (payerEmail: string | null | undefined): NotificationForm => ({
  mode: payerEmail ? 'payer' : 'receipts',
  addressee: payerEmail ?? '',
});

const sentOf = (values: NotificationForm): SendNotificationValues =>
  values.mode === 'receipts'
    ? { downloadReceipts: true, addressee: values.addressee.trim() }
    : { downloadReceipts: false, addressee: null };

/**
 * Send notification (spec 000 §2 "Dialogs"): notify the payer at their e-mail, or the option
 * "Descargar comprobantes" with an addressee e-mail.
 */
export function SendNotificationDialog({
  payerName,
  payerEmail,
  onSubmit,
  onClose,
}: SendNotificationDialogProps) {
  return (
    <FormDialog
      title="Enviar notificación"
      onClose={onClose}
      submitLabel="Enviar"
      initialValues={initialForm(payerEmail)}
      validationSchema={schema}
      sentOf={sentOf}
      onSubmit={onSubmit}
      testId="send-notification-dialog"
    >
      <NotificationFields payerName={payerName} payerEmail={payerEmail} />
    </FormDialog>
  );
}

function NotificationFields({
  payerName,
  payerEmail,
}: Pick<SendNotificationDialogProps, 'payerName' | 'payerEmail'>) {
  const formik = useFormikContext<NotificationForm>();
  const showAddresseeError =
    Boolean(formik.touched.addressee || formik.submitCount > 0) && Boolean(formik.errors.addressee);
  return (
    <>
      <RadioGroup
        name="mode"
        value={formik.values.mode}
        onChange={formik.handleChange}
        aria-label="Tipo de notificación"
        sx={{ gap: 1 }}
      >
        <FormControlLabel
          value="payer"
          disabled={!payerEmail}
          control={<Radio />}
          label={
            <Box>
              <Typography sx={{ fontWeight: 600 }}>Notificar al pagador</Typography>
              <Typography variant="body2" color="text.secondary">
                {payerEmail
                  ? `Se envía el aviso de pago a ${payerName ? `${payerName} <${payerEmail}>` : payerEmail}.`
                  : 'El pagador no tiene e-mail registrado.'}
              </Typography>
            </Box>
          }
        />
        <FormControlLabel
          value="receipts"
          control={<Radio />}
          label={
            <Box>
              <Typography sx={{ fontWeight: 600 }}>Descargar comprobantes</Typography>
              <Typography variant="body2" color="text.secondary">
                Se envía un enlace para descargar los comprobantes al destinatario indicado.
              </Typography>
            </Box>
          }
        />
      </RadioGroup>
      <Collapse in={formik.values.mode === 'receipts'} unmountOnExit>
        <TextField
          fullWidth
          sx={{ mt: 2 }}
          name="addressee"
          type="email"
          label="E-mail del destinatario"
          value={formik.values.addressee}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={showAddresseeError}
          helperText={showAddresseeError ? formik.errors.addressee : ' '}
        />
      </Collapse>
    </>
  );
}
