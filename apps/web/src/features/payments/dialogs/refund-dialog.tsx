import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  amountInputText,
  checkRefundAmount,
  isPartialRefund,
  LABELS,
  normalizeReason,
  parseAmount,
} from '@backoffice/validators';
import { formatAmount } from '@/lib/format';
import { partialRefundTotal, refundedAmount, remainingAmount } from '../detail/amounts';
import { gatewayStatusLabel } from '../detail/labels';
import {
  ActionDialog,
  DialogFact,
  useDialogSubmit,
  type SubmitOutcome,
} from '@/components/dialogs/action-dialog';
import { ReasonField, validateReason } from '@/components/dialogs/reason-field';
import { AmountField } from '@/components/form';
import { MoneySummary } from '@/components/dialogs/money-summary';

export type RefundVariant = 'refund' | 'partial' | 'reverse';

export interface RefundDialogMethod {
  index: number;
  name: string;
  card?: string | null;
  finalAmount?: string | null;
  amount?: string | null;
  gateway?: { status?: string | null } | null;
}

export interface RefundDialogProps {
  variant: RefundVariant;
  paymentId: string;
  finalAmount: string;
  refunds: readonly { status: string; amount?: string | null }[];
  methods: readonly RefundDialogMethod[];
  /** refund and reverse send a reason; the partial refund sends none (spec 000 §7). */
  /**
   * amount (refund only, spec 000 §2 'Ingrese Importe', §7): the Decimal to refund, what is left by default;
   * null for the partial refund and the reverse. The gateway sends partial: true when it is smaller than what
   * is left.
   */
  onSubmit(values: { reason: string | null; amount: string | null }): Promise<SubmitOutcome>;
  onClose(): void;
}

const TEXT: Record<RefundVariant, { title: string; submit: string; intro: string; total: string }> = {
  refund: {
    title: 'Devolver pago',
    submit: 'Devolver',
    intro: 'Se devolverá al pagador el importe pendiente de devolución del pago.',
    total: 'Importe a devolver',
  },
  partial: {
    title: 'Devolución parcial',
    submit: 'Devolver',
    intro: 'Se devolverán los medios de pago aprobados, cada uno por su importe final.',
    total: 'Total a devolver',
  },
  reverse: {
    title: 'Revertir pago',
    submit: 'Revertir',
    intro: 'Se revertirá el cobro: el importe pendiente vuelve al pagador.',
    total: 'Importe a revertir',
  },
};

/**
 * What the refund will send, from the same conversion as the submit (`parseAmount`): the amount typed
 * and whether the gateway sends it as partial (`isPartialRefund` against what is left, as the gateway decides), or
 * nothing while the amount is not valid; the intro says when it is only a part of what is left. `typed` is null
 * when the dialog asks no amount (the partial refund and the reverse send no amount: the service refunds `total`).
 */
function refundSummary(
  text: (typeof TEXT)[RefundVariant],
  total: string,
  typed: string | null,
): { intro: string; amount: string | null; partial: boolean | null } {
  if (typed === null || checkRefundAmount(typed, total) !== undefined)
    return { intro: text.intro, amount: null, partial: null };
  const amount = parseAmount(typed);
  if (!isPartialRefund(amount, total)) return { intro: text.intro, amount, partial: false };
  return {
    intro: `Se devolverá al pagador ${formatAmount(amount)}, una parte del importe pendiente de devolución.`,
    amount,
    partial: true,
  };
}

/** Refund, partial refund and reverse confirmations with the amounts involved. */
export function RefundDialog({
  variant,
  paymentId,
  finalAmount,
  refunds,
  methods,
  onSubmit,
  onClose,
}: RefundDialogProps) {
  const text = TEXT[variant];
  const needsReason = variant !== 'partial';
  const asksAmount = variant === 'refund';
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const already = refundedAmount(refunds);
  const total = variant === 'partial' ? partialRefundTotal(methods) : remainingAmount(finalAmount, refunds);
  const formik = useFormik({
    // What is left, as an operator types it ('12.569,67').
    initialValues: { reason: '', amount: amountInputText(total) },
    validate: (values) => {
      const errors: { reason?: string; amount?: string } = needsReason ? validateReason()(values) : {};
      const amountMessage = asksAmount ? checkRefundAmount(values.amount, total) : undefined;
      if (amountMessage) errors.amount = amountMessage;
      return errors;
    },
    onSubmit: (values) => {
      return submit({
        reason: needsReason ? (normalizeReason(values.reason) ?? '') : null,
        amount: asksAmount ? parseAmount(values.amount) : null,
      });
    },
  });
  const amountError = formik.touched.amount || formik.submitCount > 0 ? formik.errors.amount : undefined;
  const summary = refundSummary(text, total, asksAmount ? formik.values.amount : null);

  return (
    <ActionDialog
      title={text.title}
      onClose={onClose}
      submitLabel={text.submit}
      submitColor="warning"
      onSubmit={() => void formik.submitForm()}
      submitting={submitting}
      feedback={feedback}
      width={variant === 'partial' ? 'md' : 'sm'}
      testId="refund-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {summary.intro}
      </Typography>
      {variant === 'partial' && (
        <Table size="small" sx={{ mb: 1.5 }} aria-label="Medios de pago a devolver">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>MEDIO DE PAGO</TableCell>
              <TableCell>ESTADO EN GATEWAY</TableCell>
              <TableCell align="right">IMPORTE FINAL</TableCell>
              <TableCell>SE DEVUELVE</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {methods.map((m) => {
              const status = (m.gateway?.status ?? '').toLowerCase();
              const included = status === 'approved';
              return (
                <TableRow key={m.index} sx={{ opacity: included ? 1 : 0.55 }} data-included={included}>
                  <TableCell>{m.index + 1}</TableCell>
                  <TableCell>
                    {m.name}
                    {m.card && (
                      <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontFamily: 'monospace' }}>
                        {m.card}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>{gatewayStatusLabel(status)}</TableCell>
                  <TableCell align="right">{formatAmount(m.finalAmount ?? m.amount)}</TableCell>
                  <TableCell>{included ? 'Sí' : 'No'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Box
        sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1 }}
        data-testid={asksAmount ? 'refund-payment' : 'refund-amounts'}
      >
        <DialogFact label="Pago" value={paymentId} />
        <DialogFact label="Importe del pago" value={formatAmount(finalAmount)} />
        {already !== '0.00' && <DialogFact label="Ya devuelto" value={formatAmount(already)} />}
        {!asksAmount && (
          <>
            <Divider sx={{ my: 0.5 }} />
            <DialogFact label={text.total} value={formatAmount(total)} strong />
          </>
        )}
      </Box>
      {asksAmount && (
        // The refund's request as it will go: its amount and its partial flag, following what is typed.
        <MoneySummary
          testId="refund-amounts"
          lines={[
            {
              label: 'Devolución parcial',
              value: summary.partial === null ? null : summary.partial ? 'Sí' : 'No',
            },
            { label: text.total, value: summary.amount, amount: true },
          ]}
        />
      )}
      {asksAmount && (
        <AmountField
          fullWidth
          sx={{ mt: 2 }}
          label={LABELS.amountPrompt}
          name="amount"
          value={formik.values.amount}
          onChange={(text) => void formik.setFieldValue('amount', text)}
          onBlur={formik.handleBlur}
          error={amountError}
          hint={`Hasta ${formatAmount(total)}; un importe menor es una devolución parcial.`}
          disabled={submitting}
          testId="refund-amount"
        />
      )}
      {needsReason && <ReasonField formik={formik} sx={{ mt: 2 }} />}
    </ActionDialog>
  );
}
