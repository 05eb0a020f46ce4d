import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useNotify } from '@/lib/notifications';
import type { BatchRowFragment } from '../gql/graphql';
import { BatchStatusChip } from './batch-status-chip';
import { recordHref } from '@/lib/record-href';

/** The batch id with a button that copies it. */
function CopyableId({ id }: { id: string }) {
  const notify = useNotify();
  const copy = () => {
    navigator.clipboard.writeText(id).then(
      () => notify.success(`ID ${id} copiado`),
      () => notify.error('No se pudo copiar el ID'),
    );
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <span data-testid="batch-id">{id}</span>
      <Tooltip title="Copiar ID">
        <IconButton size="small" aria-label={`Copiar el ID ${id}`} onClick={copy}>
          <ContentCopyOutlined fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * The batch card (spec 001 §2 "Withdrawal batches"): status, id (copyable), version, record count, balance,
 * creation/start/end dates and the collector.
 */
export function BatchCard({ batch, action }: { batch: BatchRowFragment; action?: React.ReactNode }) {
  return (
    <DetailCard
      title={`Lote ${batch.id}`}
      icon={<Inventory2Outlined />}
      action={action}
      testId={`batch-card-${batch.id}`}
    >
      <FieldGrid min={170}>
        <Field label="Estado" value={<BatchStatusChip status={batch.status} />} />
        <Field label="ID" value={<CopyableId id={batch.id} />} mono />
        <Field label="Versión" value={batch.version} mono />
        <Field label="Registros" value={String(batch.recordCount)} testId="batch-record-count" />
        <Field label="Saldo" value={formatAmount(batch.balance)} testId="batch-balance" />
        <Field label="Fecha de creación" value={formatDateTime(batch.creationDate)} />
        <Field label="Fecha de inicio" value={batch.startDate ? formatDateTime(batch.startDate) : null} />
        <Field label="Fecha de fin" value={batch.endDate ? formatDateTime(batch.endDate) : null} />
        <Field
          label="Entidad"
          wide
          value={
            <Link component={RouterLink} to={recordHref('collector', { collectorId: batch.collectorId })}>
              {batch.collectorName ?? batch.collectorId} ({batch.collectorId})
            </Link>
          }
        />
        {batch.error && <Field label="Error" wide value={batch.error.message} testId="batch-error" />}
      </FieldGrid>
    </DetailCard>
  );
}
