import Box from '@mui/material/Box';
import { useFormikContext } from 'formik';
import { compensationAmountOf, gatewayReconciliationSchema } from '@backoffice/validators';
import { DialogFact } from '@/components/dialogs/action-dialog';
import { MoneySummary } from '@/components/dialogs/money-summary';
import { FormDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';
import { FormAmountField, FormTextField } from '@/components/form';
import { formatAmount } from '@/lib/format';

export interface ConciliateValues {
  description: string;
  compensationAmount: string;
}

/** Both fields empty: the batch keeps its description and amount. */
const NO_CHANGE: ConciliateValues = { description: '', compensationAmount: '' };

/**
 * What 'Confirmar' sends, and what the dialog's summary shows: an empty field keeps the batch's; the amount
 * as the Decimal the operator's es-AR text reads ('26.717,23' -> '26717.23'), null when it cannot be sent.
 */
export function conciliationInput(values: ConciliateValues) {
  return {
    description: values.description.trim() || null,
    compensationAmount: compensationAmountOf(values.compensationAmount),
  };
}

/** The description and compensation amount as the request will carry them ('—': the batch keeps its own). */
function ConciliationSummary() {
  const { values } = useFormikContext<ConciliateValues>();
  const input = conciliationInput(values);
  return (
    <MoneySummary
      lines={[
        { label: 'Descripción', value: input.description },
        { label: 'Monto de compensación', value: input.compensationAmount, amount: true },
      ]}
    />
  );
}

/**
 * Conciliar lote (spec 001 §5 "Gateway reconciliation dialog"): description free, compensation amount in pesos and
 * cents as every amount field takes it (docs/decisions.md), confirm disabled while invalid; a field left empty keeps
 * the batch's value.
 */
export function ConciliateDialog({
  batch,
  onSubmit,
  onClose,
}: DialogHandlers<ConciliateValues> & {
  batch: {
    batchNumber: number;
    gatewayName?: string | null;
    description?: string | null;
    compensationAmount?: string | null;
  };
}) {
  return (
    <FormDialog
      title="Conciliar lote"
      onClose={onClose}
      submitLabel="Confirmar"
      initialValues={NO_CHANGE}
      validationSchema={gatewayReconciliationSchema}
      sentOf={(values) => values}
      onSubmit={onSubmit}
      testId="conciliate-dialog"
    >
      <DialogFact
        label="Lote"
        value={`${batch.batchNumber}${batch.gatewayName ? ` · ${batch.gatewayName}` : ''}`}
      />
      <DialogFact label="Descripción actual" value={batch.description || '—'} />
      <DialogFact
        label="Monto de compensación actual"
        value={batch.compensationAmount ? formatAmount(batch.compensationAmount) : '—'}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
        <FormTextField
          name="description"
          label="Descripción"
          helperText="Vacía: se mantiene la descripción del lote."
          fullWidth
        />
        <FormAmountField
          name="compensationAmount"
          label="Monto de compensación"
          hint="Vacío: se mantiene el monto del lote."
          immediateError
          summarized
          fullWidth
        />
      </Box>
      <ConciliationSummary />
    </FormDialog>
  );
}
