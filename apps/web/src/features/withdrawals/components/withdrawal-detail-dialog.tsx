import { useQuery } from '@apollo/client/react';
import { COLLECTOR_LABELS } from '@/components/data-table/collector-columns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { describeError } from '@/lib/errors';
import { formatAmount, formatDateTime } from '@/lib/format';
import { WithdrawalDetailDocument } from '../gql/graphql';
import { WITHDRAWALS_MESSAGES } from '../labels';
import { WithdrawalStatusChip } from './status-chip';
import { formatCuit } from '@backoffice/validators';
import { CodeText } from '@/components/detail/code-text';
import { EmailText } from '@/components/detail/detail-card';
import { withdrawalStrategyLabel } from '@/lib/code-label';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';
import { contentVersion, FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * A withdrawal has no version of its own: it changed when what the dialog says of the withdrawal itself changed
 * (status, reason, dates, who authorized it…), not when its collector's balance moved with another payment.
 */
const withdrawalVersion = contentVersion('collector', 'actions');

/**
 * 'Detalle de retiro' (50vw × 80vh, spec 001 §9): the withdrawal, its collector and the collector's balance; how
 * long ago it was read, and a notice when another operator changed it meanwhile.
 */
export function WithdrawalDetailDialog({ id, onClose }: { id: string | null; onClose(): void }) {
  const variables = { id: id ?? '' };
  const result = useQuery(WithdrawalDetailDocument, {
    variables,
    skip: id === null,
    fetchPolicy: 'network-only',
  });
  const { data, loading, error } = result;
  const fresh = useFreshRecord(WithdrawalDetailDocument, variables, result, (answer) => answer.withdrawal, {
    skip: id === null,
    versionOf: withdrawalVersion,
  });
  const w = data?.withdrawal;
  const collector = w?.collector;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      aria-labelledby="withdrawal-detail-title"
      maxWidth={false}
      slotProps={{ paper: { sx: { width: '50vw', minWidth: 360, height: '80vh' } } }}
    >
      <DialogTitle id="withdrawal-detail-title">{WITHDRAWALS_MESSAGES.detailTitle}</DialogTitle>
      <DialogContent dividers>
        {loading && <CircularProgress aria-label="Cargando el retiro" />}
        {error && <Alert severity="error">{describeError(error)}</Alert>}
        {w && (
          <>
            <FreshnessNotice fresh={fresh} />
            <PendingApproval recordId={w.id} />
            <Section title="Retiro">
              <Field label="Identificador">{w.id}</Field>
              <Field label="Estado">
                <WithdrawalStatusChip status={w.status} />
              </Field>
              <Field label="Monto">{formatAmount(w.amount)}</Field>
              <Field label="Cuenta de destino (CBU)">{w.destinationAccount}</Field>
              <Field label="Fecha de solicitud">{formatDateTime(w.requestDate)}</Field>
              <Field label="Fecha de transferencia">
                {w.approvedDate ? formatDateTime(w.approvedDate) : null}
              </Field>
              <Field label="Solicitado por">{w.requestUser}</Field>
              <Field label="Autorizado por">{w.authorizedBy}</Field>
              {w.statusDetail && <Field label={WITHDRAWALS_MESSAGES.rejectReason}>{w.statusDetail}</Field>}
            </Section>
            <Section title="Entidad">
              <Field label={COLLECTOR_LABELS.id}>{w.collectorId}</Field>
              <Field label={COLLECTOR_LABELS.name}>{collector?.name ?? w.collectorName}</Field>
              <Field label="CUIT">{collector?.detail?.cuit ? formatCuit(collector.detail.cuit) : null}</Field>
              <Field label="E-mail">
                {/* Broken only after '@' or a separator of its name, never clipped or cut in its domain. */}
                {collector?.detail?.email ? <EmailText email={collector.detail.email} /> : null}
              </Field>
              <Field label="Estrategia de retiro">
                <CodeText code={collector?.withdrawalStrategy} label={withdrawalStrategyLabel} />
              </Field>
              <Field label="Cuenta bancaria">{collector?.detail?.bankAccount?.cbu}</Field>
            </Section>
            <Section title="Saldo de la entidad">
              <Field label="Disponible">
                {collector?.balance ? formatAmount(collector.balance.available) : null}
              </Field>
              <Field label="Pendiente">
                {collector?.balance ? formatAmount(collector.balance.pending) : null}
              </Field>
              <Field label="Retirado">
                {collector?.balance ? formatAmount(collector.balance.withdrawn) : null}
              </Field>
              <Field label="Total">{collector?.balance ? formatAmount(collector.balance.total) : null}</Field>
            </Section>
            <RecordActivity recordId={w.id} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
