import { approvalPolicySchema, readAmount, type ApprovalPolicyValues } from '@backoffice/validators';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';
import { FormAmountField, FormSelectField } from '@/components/form';
import type { ApprovalPolicyInput } from '../gql/graphql';
import { POLICY_ACTION_OPTIONS, POLICY_ACTIONS } from './policy-texts';

const INITIAL: ApprovalPolicyValues = { action: '', minAmount: '', dailyAmount: '', approvals: '1' };

const APPROVAL_OPTIONS = ['1', '2', '3', '4', '5'].map((value) => ({ value, label: value }));

const schema = approvalPolicySchema(POLICY_ACTIONS);

/** What a valid form proposes: the amounts as the Decimal text read from what was typed (blank: no bound). */
export const ruleOf = (values: ApprovalPolicyValues): ApprovalPolicyInput => ({
  action: values.action,
  minAmount: readAmount(values.minAmount),
  dailyAmount: readAmount(values.dailyAmount),
  approvals: Number(values.approvals),
});

/**
 * 'Agregar regla': the action by its Spanish name, 'Importe mínimo' and 'Tope diario' (either, both or neither: then
 * every move of the action is held) and how many approvals a held move needs. Sending it proposes the rule: it ends
 * 'Pendiente de aprobación de otro administrador' with the request's number.
 */
export function PolicyFormDialog({ onSubmit, onClose }: DialogHandlers<ApprovalPolicyInput>) {
  return (
    <FormDialog
      testId="policy-form-dialog"
      title="Agregar regla de aprobación"
      submitLabel="Proponer regla"
      {...{ initialValues: INITIAL, validationSchema: schema, sentOf: ruleOf, onSubmit, onClose }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          La regla se suma a las que ya rigen y entra en vigor cuando otro administrador la aprueba. Sin
          importes, retiene toda operación de la acción.
        </Typography>
        <FormSelectField name="action" label="Acción" options={POLICY_ACTION_OPTIONS} fullWidth autoFocus />
        <FormAmountField name="minAmount" label="Importe mínimo" fullWidth />
        <FormAmountField name="dailyAmount" label="Tope diario por operador" fullWidth />
        <FormSelectField name="approvals" label="Aprobaciones" options={APPROVAL_OPTIONS} fullWidth />
      </Stack>
    </FormDialog>
  );
}
