import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { CardLink } from '@/components/detail/card-link';
import { formatDateTime } from '@/lib/format';
import { DetailCard, EmptyText, Field, FieldGrid } from './detail-card';
import { batchStatusLabel, relatedTypeLabel } from './labels';
import type { PaymentDetail } from './types';
import { recordHref } from '@/lib/record-href';

/** Related payments (retries, the original), each linking to its detail. */
export function PaymentRelatedSection({ relateds }: { relateds: PaymentDetail['relateds'] }) {
  return (
    <DetailCard title="Pagos relacionados" icon={<LinkOutlined />} testId="section-related">
      {relateds.length === 0 ? (
        <EmptyText>Sin pagos relacionados.</EmptyText>
      ) : (
        <List dense disablePadding>
          {relateds.map((related) => (
            <ListItem key={`${related.type}-${related.paymentId}`} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={recordHref('payment', { id: related.paymentId })}>
                    Pago {related.paymentId}
                  </Link>
                }
                secondary={relatedTypeLabel(related.type)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </DetailCard>
  );
}

/** Associated subscription: its id and a button to it. */
export function PaymentSubscriptionSection({
  subscriptionId,
}: {
  subscriptionId: string | null | undefined;
}) {
  return (
    <DetailCard title="Suscripción asociada" icon={<AutorenewOutlined />} testId="section-subscription">
      {!subscriptionId ? (
        <EmptyText>El pago no pertenece a una suscripción.</EmptyText>
      ) : (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            flexWrap: 'wrap',
          }}
        >
          <Box component="dl" sx={{ m: 0 }}>
            <Field label="ID de suscripción" value={subscriptionId} mono />
          </Box>
          <CardLink outlined to={recordHref('subscription', { id: subscriptionId })}>
            Ver suscripción
          </CardLink>
        </Box>
      )}
    </DetailCard>
  );
}

/** Associated withdrawal batch (only rendered for users who may see batches). */
export function PaymentBatchSection({
  batch,
  canOpenBatch,
}: {
  batch: PaymentDetail['batchWithdrawal'];
  /** The batch page needs the withdrawal permissions. */
  canOpenBatch: boolean;
}) {
  return (
    <DetailCard
      title="Lote asociado"
      icon={<Inventory2Outlined />}
      testId="section-batch"
      action={
        batch && canOpenBatch ? (
          <CardLink
            to={recordHref('withdrawalBatch', { collectorId: batch.collectorId ?? '', batchId: batch.id })}
          >
            Ver lote
          </CardLink>
        ) : undefined
      }
    >
      {!batch ? (
        <EmptyText>El pago no está en un lote de retiro.</EmptyText>
      ) : (
        <FieldGrid min={140}>
          <Field label="Lote" value={batch.id} mono />
          <Field label="Estado" value={batchStatusLabel(batch.status)} />
          <Field label="Versión" value={batch.version ?? null} />
          <Field label="Creado" value={formatDateTime(batch.creationDate)} />
        </FieldGrid>
      )}
    </DetailCard>
  );
}
