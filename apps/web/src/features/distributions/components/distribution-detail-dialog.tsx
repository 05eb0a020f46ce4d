import { useCallback, useMemo } from 'react';
import { COLLECTOR_LABELS } from '@/components/data-table/collector-columns';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { PermittedActionButtons } from '@/components/actions/action-button';
import { useDetailActions, useRowActions } from '@/components/actions/detail-actions';
import { ActionDialog, DialogFact } from '@/components/dialogs/action-dialog';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { formatDateTime } from '@/lib/format';
import { MoneyText } from '@/components/detail/money-text';
import { DistributionDetailDocument, type DistributionDetailRowFragment } from '../gql/graphql';
import { DETAIL_STATUS_LABELS, HEADER_STATUS_LABELS, readableStatusDetail, STATUS_COLORS } from '../labels';
import { AuditLine } from './audit-line';
import {
  DISTRIBUTION_ACTION_TABLE,
  DISTRIBUTION_LINE_TABLE,
  DISTRIBUTION_REGISTRY,
  type DistributionActionContext,
  type DistributionLineKind,
  type ShownDistribution,
} from './distribution-action-table';
import { formatCuit } from '@backoffice/validators';
import { StatusDetailText } from '@/components/detail/code-text';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';

type OnLine = (kind: DistributionLineKind, detail: DistributionDetailRowFragment) => void;

const destinationText = (d: { type: string; value: string }) =>
  `${d.type === 'ALIAS' ? 'Alias' : 'CBU'} ${d.value}`;

/** A detail's button: 'Enviar comprobante' once paid, else 'Modificar' for who may edit or force it. */
function DetailAction({ detail, onRun }: { detail: DistributionDetailRowFragment; onRun: OnLine }) {
  const edit = detail.actions.find((a) => a.kind === 'EDIT');
  const receipt = detail.actions.find((a) => a.kind === 'SEND_RECEIPT');
  const kind: DistributionLineKind | null =
    receipt?.enabled && receipt.permitted
      ? 'SEND_RECEIPT'
      : edit && (edit.permitted || detail.actions.some((a) => a.kind === 'FORCE' && a.permitted))
        ? 'EDIT'
        : null;
  if (!kind) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={kind === 'EDIT' && !edit?.enabled}
      onClick={() => onRun(kind, detail)}
    >
      {kind === 'EDIT' ? 'Modificar' : DISTRIBUTION_LINE_TABLE.SEND_RECEIPT.meta.label}
    </Button>
  );
}

/** The details' columns (spec 001 §2): status with its message and audit, destination with its last change... */
const detailColumns = (onRun: OnLine): SimpleColumn<DistributionDetailRowFragment>[] => [
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
  { header: 'ACCIONES', nowrap: true, cell: (detail) => <DetailAction detail={detail} onRun={onRun} /> },
];

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
  // refusal because the distribution moved said in the same words.
  const fresh = useFreshRecord(DistributionDetailDocument, { id }, result, (answer) => answer.distribution, {
    versionOf: distributionVersion,
  });
  const distribution = data?.distribution;
  const changed = useCallback(() => {
    onChanged();
    void refetch();
  }, [onChanged, refetch]);
  // Both tables read the distribution again after a write; a refusal because it moved is said as such.
  const collector = distribution?.collector.name ?? distribution?.collector.id;
  const context = useMemo<DistributionActionContext>(() => ({ changed, collector }), [changed, collector]);
  const options = { context, refetch, ...fresh.forActions };
  const actions = useDetailActions(DISTRIBUTION_ACTION_TABLE, { record: distribution, ...options });
  const lines = useRowActions(DISTRIBUTION_LINE_TABLE, options);

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
          <PendingApproval recordId={distribution.id} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 4 }}>
            <DialogFact label="ID" value={distribution.id} />
            <DialogFact label="ID de pago" value={distribution.paymentId ?? ''} />
            <DialogFact label={COLLECTOR_LABELS.id} value={distribution.collector.id} />
            <DialogFact label={COLLECTOR_LABELS.name} value={distribution.collector.name ?? ''} />
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
              meta={(kind) => DISTRIBUTION_REGISTRY[kind]}
              onRun={actions.run}
            />
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
            Detalles
          </Typography>
          <TableContainer>
            <SimpleTable
              plain
              ariaLabel="Detalles de la distribución"
              columns={detailColumns(lines.run)}
              rows={distribution.details}
              rowKey={(detail) => detail.id}
              rowData={(detail) => ({ 'data-testid': `detail-${detail.id}` })}
            />
          </TableContainer>
          <RecordActivity recordId={distribution.id} />
        </>
      )}
      {actions.dialog}
      {lines.dialog}
    </ActionDialog>
  );
}
