import { useCallback, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { PermittedActionButtons } from '@/components/actions/action-button';
import type { ActionRegistry } from '@/components/actions/action-registry';
import { ActionDialog, DialogFact } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { formatDateTime } from '@/lib/format';
import { MoneyText } from '@/components/detail/money-text';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutate } from '@/lib/use-mutate';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ApproveDistributionDocument,
  DistributionDetailDocument,
  RejectDistributionDocument,
  ReprocessDistributionDocument,
  SendDistributionReceiptDocument,
  UpdateDistributionDetailDocument,
  type DistributionActionKind,
  type DistributionDetailQuery,
  type DistributionDetailRowFragment,
} from '../gql/graphql';
import { DETAIL_STATUS_LABELS, HEADER_STATUS_LABELS, readableStatusDetail, STATUS_COLORS } from '../labels';
import { AuditLine } from './audit-line';
import { EditDestinationDialog, type DestinationValues } from './edit-destination-dialog';
import { SendReceiptDialog } from './send-receipt-dialog';
import { formatCuit, readAmount } from '@backoffice/validators';
import { StatusDetailText } from '@/components/detail/code-text';
import { RecordActivity } from '@/components/detail/record-activity';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';

const ACTIONS: ActionRegistry<DistributionActionKind> = {
  REPROCESS: { label: 'Reprocesar', icon: ReplayOutlined },
  APPROVE: { label: 'Autorizar', icon: CheckCircleOutline },
  REJECT: { label: 'Rechazar', icon: DoNotDisturbOnOutlined },
};

type Open =
  | { kind: 'APPROVE' | 'REPROCESS'; key: string }
  | { kind: 'REJECT' }
  | { kind: 'EDIT'; detail: DistributionDetailRowFragment; key: string }
  | { kind: 'RECEIPT'; detail: DistributionDetailRowFragment }
  | null;

const destinationText = (d: { type: string; value: string }) =>
  `${d.type === 'ALIAS' ? 'Alias' : 'CBU'} ${d.value}`;

/** A detail's button: 'Enviar comprobante' once paid, else 'Modificar' for who may edit or force it. */
function DetailAction({
  detail,
  onOpen,
}: {
  detail: DistributionDetailRowFragment;
  onOpen(open: Open): void;
}) {
  const edit = detail.actions.find((a) => a.kind === 'EDIT');
  const receipt = detail.actions.find((a) => a.kind === 'SEND_RECEIPT');
  if (receipt?.enabled && receipt.permitted) {
    return (
      <Button size="small" variant="outlined" onClick={() => onOpen({ kind: 'RECEIPT', detail })}>
        Enviar comprobante
      </Button>
    );
  }
  if (edit && (edit.permitted || detail.actions.some((a) => a.kind === 'FORCE' && a.permitted))) {
    return (
      <Button
        size="small"
        variant="outlined"
        disabled={!edit.enabled}
        onClick={() => onOpen({ kind: 'EDIT', detail, key: newIdempotencyKey() })}
      >
        Modificar
      </Button>
    );
  }
  return null;
}

/** The details' columns (spec 001 §2): status with its message and audit, destination with its last change... */
const detailColumns = (onOpen: (open: Open) => void): SimpleColumn<DistributionDetailRowFragment>[] => [
  {
    header: 'ESTADO',
    cell: (detail) => (
      <>
        <Chip size="small" color={STATUS_COLORS[detail.status]} label={DETAIL_STATUS_LABELS[detail.status]} />
        {detail.statusDetail && (
          <Typography variant="caption" component="div" color="text.secondary">
            <StatusDetailText detail={detail.statusDetail} readable={readableStatusDetail} />
          </Typography>
        )}
        {detail.forcedSuccess && (
          <AuditLine
            what="Forzado como pagado"
            user={detail.forcedSuccess.user}
            date={detail.forcedSuccess.date}
            testId="forced-success"
          />
        )}
      </>
    ),
  },
  {
    header: 'DESTINO',
    cell: (detail) => {
      const last = detail.destinationChanges[detail.destinationChanges.length - 1];
      return (
        <>
          {destinationText(detail.destination)}
          {last && (
            <AuditLine
              what="Modificado"
              user={last.user}
              date={last.date}
              after={`(antes: ${destinationText(last.previous)})`}
              testId="destination-change"
            />
          )}
        </>
      );
    },
  },
  {
    header: 'CUIT',
    nowrap: true,
    cell: (detail) => (detail.destination.cuit ? formatCuit(detail.destination.cuit) : null),
  },
  { header: 'NOMBRE', cell: (detail) => detail.destination.name },
  { header: 'IMPORTE', align: 'right', cell: (detail) => <MoneyText value={detail.amount} /> },
  { header: 'OBSERVACIONES', cell: (detail) => detail.observations ?? '' },
  { header: 'ACCIONES', nowrap: true, cell: (detail) => <DetailAction detail={detail} onOpen={onOpen} /> },
];

type ShownDistribution = NonNullable<DistributionDetailQuery['distribution']>;

/**
 * What another operator's change moves (the service keeps no version of a distribution): its status and message,
 * and each detail's status, last update, destination and amount.
 */
const distributionVersion = (record: unknown): string => {
  const d = record as ShownDistribution;
  return JSON.stringify([
    d.status,
    d.statusDetail,
    d.details.map((x) => [
      x.id,
      x.status,
      x.lastUpdateDate,
      x.destination.type,
      x.destination.value,
      x.amount,
    ]),
  ]);
};

/** Detalle de la distribución (spec 001 §2 "Dialogs"): header, its actions, details and their dialogs. */
export function DistributionDetailDialog({
  id,
  onClose,
  onChanged,
}: {
  id: string;
  onClose(): void;
  /** After a write: the list and the cards read again. */
  onChanged(): void;
}) {
  const result = useQuery(DistributionDetailDocument, {
    variables: { id },
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const { data, loading, error, refetch } = result;
  // 'Actualizado hace N s', another operator's change found when the tab is visible again and every 30 s, and a
  // refusal because the distribution moved said in the same words (issue 30).
  const fresh = useFreshRecord(DistributionDetailDocument, { id }, result, (answer) => answer.distribution, {
    versionOf: distributionVersion,
  });
  const [open, setOpen] = useState<Open>(null);
  const feedback = useMutationOutcome();
  const mutate = useMutate();
  const distribution = data?.distribution;

  const done = useCallback(() => {
    setOpen(null);
    onChanged();
    void refetch();
  }, [onChanged, refetch]);
  const texts = (success: string) => ({ success, onSuccess: done, onUnknown: () => void refetch() });
  const settle = (payload: Parameters<typeof feedback.settle>[0], success: string) =>
    fresh.explainRefusal(feedback.settle(payload, texts(success)));

  const confirm = async () => {
    if (open?.kind !== 'APPROVE' && open?.kind !== 'REPROCESS') return;
    const variables = { id, idempotencyKey: open.key };
    const payload =
      open.kind === 'APPROVE'
        ? (await mutate(ApproveDistributionDocument, variables)).data?.approveDistribution
        : (await mutate(ReprocessDistributionDocument, variables)).data?.reprocessDistribution;
    return settle(payload, payload?.message ?? '');
  };

  const saveDestination = async (values: DestinationValues, force: boolean) => {
    if (open?.kind !== 'EDIT') return;
    const payload = (
      await mutate(UpdateDistributionDetailDocument, {
        distributionId: id,
        detailId: open.detail.id,
        input: {
          type: values.format === 'cbu' ? 'CBU' : 'ALIAS',
          value: values.value.trim(),
          cuit: values.cuit.trim(),
          name: values.name.trim() || null,
          // The one reading of the typed amount ('169.178,46' -> '169178.46'); empty keeps the detail's amount.
          amount: readAmount(values.amount),
        },
        force,
        idempotencyKey: open.key,
      })
    ).data?.updateDistributionDetail;
    return settle(payload, payload?.message ?? '');
  };

  return (
    <ActionDialog
      title="Detalle de la distribución"
      onClose={onClose}
      width="lg"
      testId="distribution-detail-dialog"
    >
      {error && <ErrorAlert error={error} />}
      {!distribution && loading && <CircularProgress aria-label="Cargando distribución" />}
      {data && !distribution && <Alert severity="warning">No se encontró la distribución.</Alert>}
      {distribution && (
        <>
          <FreshnessNotice fresh={fresh} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 4 }}>
            <DialogFact label="ID" value={distribution.id} />
            <DialogFact label="ID de pago" value={distribution.paymentId ?? ''} />
            <DialogFact label="Signature" value={distribution.collector.id} />
            <DialogFact label="Entidad" value={distribution.collector.name ?? ''} />
            <DialogFact label="Fecha de solicitud" value={formatDateTime(distribution.requestDate)} />
            <DialogFact
              label="Importe total"
              value={<MoneyText value={distribution.totalAmount} testId="distribution-total" />}
              strong
            />
            <DialogFact
              label="Estado"
              value={
                <Chip
                  size="small"
                  color={STATUS_COLORS[distribution.status]}
                  label={HEADER_STATUS_LABELS[distribution.status]}
                  data-testid="distribution-status"
                />
              }
            />
            {distribution.statusDetail && (
              <DialogFact
                label="Mensaje"
                value={
                  <StatusDetailText detail={distribution.statusDetail} readable={readableStatusDetail} />
                }
              />
            )}
          </Box>
          {distribution.type === 'NO_SCHEDULED' && (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="no-scheduled-block">
              Distribución no programada: se paga cuando se autoriza, al destino de cada detalle.
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <PermittedActionButtons
              actions={distribution.actions}
              meta={(kind) => ACTIONS[kind]}
              onRun={(kind) => setOpen(kind === 'REJECT' ? { kind } : { kind, key: newIdempotencyKey() })}
            />
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
            Detalles
          </Typography>
          <TableContainer>
            <SimpleTable
              plain
              ariaLabel="Detalles de la distribución"
              columns={detailColumns(setOpen)}
              rows={distribution.details}
              rowKey={(detail) => detail.id}
              rowData={(detail) => ({ 'data-testid': `detail-${detail.id}` })}
            />
          </TableContainer>
          <RecordActivity recordId={distribution.id} />
        </>
      )}
      {(open?.kind === 'APPROVE' || open?.kind === 'REPROCESS') && (
        <ConfirmDialog
          title={open.kind === 'APPROVE' ? 'Autorizar distribución' : 'Reprocesar distribución'}
          message={
            open.kind === 'APPROVE'
              ? `¿Confirma autorizar la distribución ${id}?`
              : `¿Confirma reprocesar la distribución ${id}?`
          }
          onConfirm={confirm}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'REJECT' && (
        <ReasonDialog
          title="Rechazar distribución"
          description={`La distribución ${id} quedará rechazada.`}
          submitLabel="Rechazar"
          submitColor="error"
          onSubmit={async (reason) => {
            const payload = (await mutate(RejectDistributionDocument, { id, reason })).data
              ?.rejectDistribution;
            return settle(payload, payload?.message ?? '');
          }}
          onClose={() => setOpen(null)}
          testId="reject-distribution-dialog"
        />
      )}
      {open?.kind === 'EDIT' && (
        <EditDestinationDialog
          detail={open.detail}
          onSubmit={saveDestination}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'RECEIPT' && (
        <SendReceiptDialog
          onSubmit={async (email) => {
            const payload = (
              await mutate(SendDistributionReceiptDocument, {
                distributionId: id,
                detailId: open.detail.id,
                email,
              })
            ).data?.sendDistributionReceipt;
            return settle(payload, payload?.message ?? '');
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </ActionDialog>
  );
}
