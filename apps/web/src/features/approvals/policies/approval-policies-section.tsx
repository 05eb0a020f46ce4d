import { useRef, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSubmitAction } from '@/components/actions/submit-action';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { MoneyText } from '@/components/detail/money-text';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { useAreaRefetch } from '@/lib/live/live-access';
import { APPROVALS_AREA } from '../approvals-list.definition';
import type { DialogFeedback } from '@/lib/mutation-outcome';
import {
  ApprovalPoliciesDocument,
  ProposeApprovalPolicyDocument,
  ProposeApprovalPolicyRemovalDocument,
  type ApprovalPolicyFieldsFragment,
  type ApprovalPolicyInput,
  type OperationResultFieldsFragment,
} from '../gql/graphql';
import { PolicyFormDialog } from './policy-form-dialog';
import { actionText, pendingPolicyText, ruleText, sourceText } from './policy-texts';

type Policy = ApprovalPolicyFieldsFragment;

const amountCell = (value: string | null | undefined) => (value ? <MoneyText value={value} /> : '—');

const columns = (remove: (policy: Policy) => void): SimpleColumn<Policy>[] => [
  { header: 'ACCIÓN', cell: (policy) => actionText(policy.action) },
  { header: 'IMPORTE MÍNIMO', cell: (policy) => amountCell(policy.minAmount), align: 'right', nowrap: true },
  { header: 'TOPE DIARIO', cell: (policy) => amountCell(policy.dailyAmount), align: 'right', nowrap: true },
  { header: 'APROBACIONES', cell: (policy) => policy.approvals, align: 'right' },
  { header: 'ORIGEN', cell: sourceText },
  {
    header: 'ACCIONES',
    cell: (policy) =>
      policy.source === 'APP' ? (
        <Button
          size="small"
          color="error"
          onClick={() => remove(policy)}
          aria-label={`Quitar ${ruleText(policy)}`}
        >
          Quitar
        </Button>
      ) : null,
  },
];

/**
 * A proposal's submit: its answer is a request another admin must approve, said with its number (the kit's pending
 * feedback in this area's words); the queue is read again, where the request now waits.
 */
function useProposal<Sent>(
  run: (sent: Sent) => Promise<DialogFeedback | null>,
  last: { current: OperationResultFieldsFragment | null },
  onProposed: () => void,
) {
  return async (sent: Sent): Promise<SubmitOutcome> => {
    const feedback = await run(sent);
    if (!feedback?.ends || last.current?.outcome !== 'PENDING_APPROVAL') return feedback;
    onProposed();
    return { ...feedback, message: pendingPolicyText(last.current.approval?.id) };
  };
}

/**
 * 'Políticas' (APPROVAL_POLICY_UPDATE, admins): the rules in force, the deployment's first ('Definida por la instalación', never
 * removable here), then those admins added with who and when, each with 'Quitar'; 'Agregar regla' proposes one. Every
 * change is a request another admin approves in the queue above; the list is read again when a request changes.
 */
export function ApprovalPoliciesSection({ onProposed }: { onProposed(): void }) {
  const { data, error, refetch } = useQuery(ApprovalPoliciesDocument, { fetchPolicy: 'cache-and-network' });
  useAreaRefetch(APPROVALS_AREA, refetch);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Policy | null>(null);
  const last = useRef<OperationResultFieldsFragment | null>(null);
  const propose = useSubmitAction({
    mutation: ProposeApprovalPolicyDocument,
    variables: (rule: ApprovalPolicyInput) => ({ rule }),
    payload: (answer) => (last.current = answer.proposeApprovalPolicy ?? null),
    success: (payload) => payload.message ?? 'Regla agregada.',
  });
  const proposeRemoval = useSubmitAction({
    mutation: ProposeApprovalPolicyRemovalDocument,
    variables: (id: string) => ({ id }),
    payload: (answer) => (last.current = answer.proposeApprovalPolicyRemoval ?? null),
    success: (payload) => payload.message ?? 'Regla quitada.',
  });
  const add = useProposal(propose, last, onProposed);
  const remove = useProposal(proposeRemoval, last, onProposed);
  const policies = data?.approvalPolicies ?? [];
  return (
    <Box component="section" aria-labelledby="approval-policies-title" sx={{ mt: 4 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}
      >
        <div>
          <Typography id="approval-policies-title" variant="h6" component="h2">
            Políticas
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Las reglas que retienen operaciones con dinero hasta que otro operador las apruebe. Cada cambio lo
            aprueba otro administrador.
          </Typography>
        </div>
        <Button variant="contained" onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
          Agregar regla
        </Button>
      </Stack>
      {error && !data ? (
        <Alert severity="error">No se pudieron cargar las políticas.</Alert>
      ) : (
        <SimpleTable
          ariaLabel="Reglas de aprobación en vigor"
          columns={columns(setRemoving)}
          rows={policies}
          rowKey={(policy) => policy.id}
          rowData={(policy) => ({ 'data-testid': 'approval-policy', 'data-source': policy.source })}
          empty={data ? 'No hay reglas de aprobación en vigor.' : 'Cargando…'}
        />
      )}
      {adding ? <PolicyFormDialog onSubmit={add} onClose={() => setAdding(false)} /> : null}
      {removing ? (
        <ConfirmDialog
          title="Quitar regla de aprobación"
          message={`${ruleText(removing)}. Deja de regir cuando otro administrador apruebe quitarla.`}
          confirmLabel="Proponer quitarla"
          confirmColor="error"
          onConfirm={() => remove(removing.id)}
          onClose={() => setRemoving(null)}
          testId="policy-removal-dialog"
        />
      ) : null}
    </Box>
  );
}
