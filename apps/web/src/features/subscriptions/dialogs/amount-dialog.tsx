import { useFormik } from 'formik';
import Typography from '@mui/material/Typography';
import {
  ActionDialog,
  MULTI_DIALOG_WIDTH,
  useDialogSubmit,
  type SubmitOutcome,
} from '@/components/dialogs/action-dialog';
import { AmountField } from '@/components/form';
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
 * the kit's amount field ('26.717,23', '26717,23', '26717.23'), more than zero. Errors show once the field was
 * left or sent; until then the field says what it understood.
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
      <AmountField
        autoFocus
        fullWidth
        name="amount"
        label={SUBSCRIPTIONS_MESSAGES.amountPrompt}
        value={formik.values.amount}
        onChange={(text) => void formik.setFieldValue('amount', text)}
        onBlur={formik.handleBlur}
        error={shownError}
        hint="Use coma o punto para los decimales (hasta 2)."
        disabled={submitting}
        unbounded
      />
    </ActionDialog>
  );
}
