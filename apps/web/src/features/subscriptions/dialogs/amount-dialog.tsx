import { useFormik } from 'formik';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ActionDialog,
  MULTI_DIALOG_WIDTH,
  useDialogSubmit,
  type SubmitOutcome,
} from '@/components/dialogs/action-dialog';
import { formatAmount } from '@/lib/format';
import { amountError, toDecimalAmount } from '../amount';
import { SUBSCRIPTIONS_MESSAGES } from '../messages';

export interface AmountDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  /** The amount today (one subscription), shown above the field. */
  currentAmount?: string | null;
  /** A multi-selection: 850 px like every multi-action dialog. */
  bulk?: boolean;
  /** Receives the Decimal ('1500.50'). */
  onSubmit(amount: string): Promise<SubmitOutcome>;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
}

/**
 * Amount entry of a subscription (spec 000 §2 "Dialogs", §5): the prompt reads 'Por favor ingrese el Importe';
 * digits with up to 2 decimals (dot or comma), more than zero. Errors show once the field was left or sent.
 */
export function AmountDialog({
  title,
  description,
  submitLabel,
  currentAmount,
  bulk = false,
  onSubmit,
  onClose,
  returnFocusTo,
}: AmountDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const formik = useFormik({
    initialValues: { amount: '' },
    validate: (values) => {
      const error = amountError(values.amount);
      return error ? { amount: error } : {};
    },
    onSubmit: (values) => submit(toDecimalAmount(values.amount)),
  });
  const shownError = formik.touched.amount || formik.submitCount > 0 ? formik.errors.amount : undefined;
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      submitLabel={submitLabel}
      onSubmit={() => void formik.submitForm()}
      submitting={submitting}
      feedback={feedback}
      width={bulk ? MULTI_DIALOG_WIDTH : 'xs'}
      returnFocusTo={returnFocusTo}
      testId="amount-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
        {currentAmount ? ` Importe actual: ${formatAmount(currentAmount)}.` : ''}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        name="amount"
        label={SUBSCRIPTIONS_MESSAGES.amountPrompt}
        value={formik.values.amount}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(shownError)}
        helperText={shownError ?? 'Use coma o punto para los decimales (hasta 2).'}
        disabled={submitting}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        }}
      />
    </ActionDialog>
  );
}
