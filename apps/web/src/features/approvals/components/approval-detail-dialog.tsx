import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSubmitAction } from '@/components/actions/submit-action';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { MessageText } from '@/components/detail/code-text';
import { MoneyText } from '@/components/detail/money-text';
import { RecordPresence } from '@/components/detail/record-presence';
import { statusChipOf } from '@/components/detail/status-chip';
import { ActionDialog, DialogFact, useDialogSubmit } from '@/components/dialogs/action-dialog';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { activityList } from '@/features/activity/activity-list.definition';
import { recordRoute } from '@/lib/activity-labels';
import { formatDateTime } from '@/lib/format';
import { hrefOf } from '@/lib/list/list-definition';
import { useLiveTab, useOpenRecord } from '@/lib/live/live-access';
import { useHasAny } from '@/lib/permissions';
import { APPROVALS_AREA, type RequestDecision } from '../approvals-list.definition';
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
import { PolicyChange } from '../policies/policy-change';

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

/** How many of a bulk's records the dialog links (the rest are counted). */
const LINKED_RECORDS = 10;

/**
 * The records a request acts on, each a link to its detail where its area has one by id (`recordRoute`) and to its
 * actions in 'Actividad' (the list filtered by the record and its area) for whoever may open it.
 */
function RequestRecords({ request }: { request: ApprovalRequestRowFragment }) {
  const canSeeActivity = useHasAny(['ACTIVITY_SHOW']);
  const ids = request.targetIds;
  if (ids.length === 0) return <>—</>;
  const more = ids.length - LINKED_RECORDS;
  return (
    <Box
      component="span"
      data-testid="approval-records"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1 }}
    >
      {ids.slice(0, LINKED_RECORDS).map((id) => {
        const detail = recordRoute(request.area, id);
        return (
          <span key={id}>
            {detail ? (
              <Link component={RouterLink} to={detail} aria-label={`Ver el registro ${id}`}>
                {id}
              </Link>
            ) : (
              id
            )}
            {canSeeActivity ? (
              <>
                {' ('}
                <Link
                  component={RouterLink}
                  to={hrefOf(activityList, { recordId: id, area: request.area ?? null })}
                  aria-label={`Ver la actividad del registro ${id}`}
                >
                  actividad
                </Link>
                {')'}
              </>
            ) : null}
          </span>
        );
      })}
      {more > 0 ? <span>y {more} más</span> : null}
    </Box>
  );
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
      <DialogFact label="Registros" value={<RequestRecords request={request} />} />
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
  /**
   * The decision the operator already chose (the palette's 'Aprobar' / 'Rechazar'): 'Rechazar' opens with its reason
   * dialog, 'Aprobar' with the focus on its button. Only when the operator may decide it.
   */
  decision?: RequestDecision | null;
  /** Where focus goes back when the dialog closes (by default where it was when it opened). */
  returnFocusTo?: HTMLElement | null;
}

/**
 * One request: what it is and exactly what will be sent (its arguments as a readable list), with 'Aprobar' and
 * 'Rechazar' (a required reason, the kit's reason dialog) only when the operator may decide it (`canDecide`). A
 * decision's refusal (SELF_APPROVAL, APPROVAL_NOT_PENDING...) shows the gateway's message inside the dialog. The
 * request is declared open to the live updates: approvers on the same request see each other ('También está
 * viendo').
 */
export function ApprovalDetailDialog({
  request,
  onClose,
  onDecided,
  decision = null,
  returnFocusTo,
}: ApprovalDetailDialogProps) {
  const chosen = request.canDecide ? decision : null;
  const [rejecting, setRejecting] = useState(chosen === 'REJECT');
  const live = { area: APPROVALS_AREA, id: request.id };
  useOpenRecord(useLiveTab(), { ...live, dialog: null });
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
        returnFocusTo={returnFocusTo}
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
      returnFocusTo={returnFocusTo}
      submitAutoFocus={chosen === 'APPROVE'}
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
      <RecordPresence live={live} />
      <RequestFacts request={request} />
      <PolicyChange request={request} />
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
