import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSubmitAction } from '@/components/actions/submit-action';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { MessageText } from '@/components/detail/code-text';
import { MoneyText } from '@/components/detail/money-text';
import { statusChipOf } from '@/components/detail/status-chip';
import { ActionDialog, DialogFact, useDialogSubmit } from '@/components/dialogs/action-dialog';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { formatDateTime } from '@/lib/format';
import {
  actionLabel,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUS_TONES,
  argumentLines,
  type ArgumentLine,
} from '../approvals-list';
import {
  ApproveRequestDocument,
  RejectRequestDocument,
  type ApprovalDecisionFieldsFragment,
  type ApprovalRequestRowFragment,
} from '../gql/graphql';

export const ApprovalStatusChip = statusChipOf(APPROVAL_STATUS_LABELS, APPROVAL_STATUS_TONES);

const ARGUMENT_COLUMNS: readonly SimpleColumn<ArgumentLine>[] = [
  { header: 'DATO', cell: (line) => line.label, nowrap: true },
  { header: 'VALOR', cell: (line) => line.value, sx: { wordBreak: 'break-word' } },
];

const MOVE_OUTCOME_TEXTS: Readonly<Record<string, string>> = {
  SUCCESS: 'Enviada correctamente',
  FAILED: 'El servicio la rechazó',
  UNKNOWN: 'Resultado desconocido',
};

/** The decision's toast: the gateway's words, and how the move ended once sent when it did not succeed. */
function decidedText(payload: ApprovalDecisionFieldsFragment, fallback: string): string {
  const said = payload.message?.trim() || fallback;
  const request = payload.request;
  if (!request?.moveOutcome || request.moveOutcome === 'SUCCESS') return said;
  const why = request.moveError?.message ? `: ${request.moveError.message}` : '';
  return `${said} ${MOVE_OUTCOME_TEXTS[request.moveOutcome] ?? request.moveOutcome}${why}`;
}

/** What a request says beside what will be sent: who, how much, when, and where it stands. */
function RequestFacts({ request }: { request: ApprovalRequestRowFragment }) {
  const approvals = request.approvals.map((a) => `${a.username} (${formatDateTime(a.at)})`).join(', ');
  return (
    <Box data-testid="approval-facts">
      <DialogFact label="Acción" value={actionLabel(request.action)} strong />
      <DialogFact label="Estado" value={<ApprovalStatusChip status={request.status} />} />
      <DialogFact label="Pidió" value={request.maker} />
      <DialogFact label="Importe" value={request.amount ? <MoneyText value={request.amount} /> : '—'} />
      <DialogFact label="Registros" value={request.targetIds.join(', ') || '—'} />
      {request.reason ? <DialogFact label="Motivo" value={request.reason} /> : null}
      <DialogFact label="Pedida" value={formatDateTime(request.createdAt)} />
      <DialogFact label="Vence" value={formatDateTime(request.expiresAt)} />
      <DialogFact
        label="Aprobaciones"
        value={`${request.approvals.length} de ${request.approvalsNeeded}${approvals ? `: ${approvals}` : ''}`}
      />
      {request.rejectedBy ? (
        <DialogFact label="Rechazada por" value={`${request.rejectedBy}: ${request.rejectionReason ?? ''}`} />
      ) : null}
      {request.moveOutcome ? (
        <DialogFact
          label="Envío"
          value={
            <>
              {MOVE_OUTCOME_TEXTS[request.moveOutcome] ?? request.moveOutcome}
              {request.moveError ? (
                <>
                  {' · '}
                  <MessageText message={request.moveError.message} />
                </>
              ) : null}
            </>
          }
        />
      ) : null}
    </Box>
  );
}

export interface ApprovalDetailDialogProps {
  request: ApprovalRequestRowFragment;
  onClose(): void;
  /** A decision was answered (whatever it said): the list is read again. */
  onDecided(): void;
}

/**
 * One request: what it is and exactly what will be sent (its arguments as a readable list), with 'Aprobar' and
 * 'Rechazar' (a required reason, the kit's reason dialog) only when the operator may decide it (`canDecide`). A
 * decision's refusal (SELF_APPROVAL, APPROVAL_NOT_PENDING...) shows the gateway's message inside the dialog.
 */
export function ApprovalDetailDialog({ request, onClose, onDecided }: ApprovalDetailDialogProps) {
  const [rejecting, setRejecting] = useState(false);
  const approve = useSubmitAction({
    mutation: ApproveRequestDocument,
    variables: () => ({ id: request.id }),
    payload: (data) => data.approveRequest,
    success: (payload) => decidedText(payload, `Solicitud ${request.id} aprobada.`),
    after: onClose,
  });
  const reject = useSubmitAction({
    mutation: RejectRequestDocument,
    variables: (reason: string) => ({ id: request.id, reason }),
    payload: (data) => data.rejectRequest,
    success: (payload) => decidedText(payload, `Solicitud ${request.id} rechazada.`),
    after: onClose,
  });
  const decided =
    <Sent,>(run: (sent: Sent) => Promise<unknown>) =>
    async (sent: Sent) => {
      try {
        return (await run(sent)) as Awaited<ReturnType<typeof approve>>;
      } finally {
        onDecided();
      }
    };
  const approving = useDialogSubmit(decided(approve));
  const title = `Solicitud N.º ${request.id}`;
  if (rejecting) {
    return (
      <ReasonDialog
        title={`Rechazar solicitud N.º ${request.id}`}
        description={`${actionLabel(request.action)} pedida por ${request.maker} no se enviará.`}
        label="Motivo del rechazo"
        submitLabel="Rechazar"
        submitColor="error"
        onSubmit={decided(reject)}
        onClose={() => setRejecting(false)}
        testId="approval-reject-dialog"
      />
    );
  }
  return (
    <ActionDialog
      title={title}
      width="md"
      onClose={onClose}
      testId="approval-detail-dialog"
      feedback={approving.feedback}
      submitting={approving.submitting}
      {...(request.canDecide
        ? {
            submitLabel: 'Aprobar',
            onSubmit: () => void approving.submit(undefined),
            cancelLabel: 'Cerrar',
            extraActions: (
              <Button
                color="error"
                variant="outlined"
                disabled={approving.submitting}
                onClick={() => setRejecting(true)}
              >
                Rechazar
              </Button>
            ),
          }
        : {})}
    >
      <RequestFacts request={request} />
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        Qué se enviará
      </Typography>
      <SimpleTable
        ariaLabel="Qué se enviará"
        plain
        columns={ARGUMENT_COLUMNS}
        rows={argumentLines(request.arguments)}
        rowKey={(line) => line.key}
        empty="Sin datos"
      />
    </ActionDialog>
  );
}
