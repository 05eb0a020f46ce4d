import Box from '@mui/material/Box';
import { gatewayReconciliationSchema } from '@backoffice/validators';
import { DialogFact } from '@/components/dialogs/action-dialog';
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
 * Conciliar lote (spec 001 §5 "Gateway reconciliation dialog"): description free, compensation amount digits
 * only, confirm disabled while invalid; a field left empty keeps the batch's value.
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
        {/* The kit's amount field (issue 47); the spec's rule stays: whole pesos, digits only (001 §5). */}
        <FormAmountField
          name="compensationAmount"
          label="Monto de compensación"
          hint="Solo números. Vacío: se mantiene el monto del lote."
          immediateError
          fullWidth
        />
      </Box>
    </FormDialog>
  );
}
