import { FormikProvider, useFormik } from 'formik';
import Box from '@mui/material/Box';
import { gatewayReconciliationSchema } from '@backoffice/validators';
import {
  ActionDialog,
  DialogFact,
  useDialogSubmit,
  type SubmitOutcome,
} from '@/components/dialogs/action-dialog';
import { FormTextField } from '@/components/form';
import { formatAmount } from '@/lib/format';

export interface ConciliateValues {
  description: string;
  compensationAmount: string;
}

/**
 * Conciliar lote (spec 001 §5 "Gateway reconciliation dialog"): description free, compensation amount digits
 * only, confirm disabled while invalid; a field left empty keeps the batch's value.
 */
export function ConciliateDialog({
  batch,
  onSubmit,
  onClose,
}: {
  batch: {
    batchNumber: number;
    gatewayName?: string | null;
    description?: string | null;
    compensationAmount?: string | null;
  };
  onSubmit(values: ConciliateValues): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const formik = useFormik<ConciliateValues>({
    initialValues: { description: '', compensationAmount: '' },
    validationSchema: gatewayReconciliationSchema,
    validateOnMount: true,
    onSubmit: (values) => submit(values),
  });
  return (
    <ActionDialog
      title="Conciliar lote"
      onClose={onClose}
      submitLabel="Confirmar"
      onSubmit={() => void formik.submitForm()}
      submitDisabled={!formik.isValid}
      submitting={submitting}
      feedback={feedback}
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
      <FormikProvider value={formik}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
          <FormTextField
            name="description"
            label="Descripción"
            helperText="Vacía: se mantiene la descripción del lote."
            fullWidth
          />
          <FormTextField
            name="compensationAmount"
            label="Monto de compensación"
            helperText="Solo números. Vacío: se mantiene el monto del lote."
            immediateError
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      </FormikProvider>
    </ActionDialog>
  );
}
