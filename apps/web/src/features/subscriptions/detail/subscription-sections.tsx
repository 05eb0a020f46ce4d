import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SubscriptionsOutlined from '@mui/icons-material/SubscriptionsOutlined';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { DetailCard, EmptyText, Field, FieldGrid } from '@/components/detail/detail-card';
import { PayerNotificationsTable } from '@/components/detail/notifications-table';
import { SourceFields } from '@/components/detail/source-fields';
import { formatAmount, formatDateTime } from '@/lib/format';
import { SUBSCRIPTION_TYPE_LABELS, recurrenceLabel, sourceTypeText, yesNo } from '../subscription-labels';
import { methodText } from '../use-method-names';
import type { SubscriptionView } from './types';
import { notificationActionLabel } from '@/components/detail/notification-labels';
import { StatusDetailText } from '@/components/detail/code-text';
import { currencyLabel } from '@/lib/code-label';
import { recordHref } from '@/lib/record-href';

const SUB = { px: 2.5, pt: 2, pb: 0.5, display: 'block' } as const;

/** Every field of spec 000 §2 "Fields" except the dates. */
export function SubscriptionDataSection({ subscription: s }: { subscription: SubscriptionView }) {
  return (
    <DetailCard title="Datos de la suscripción" icon={<SubscriptionsOutlined />} testId="section-data">
      <FieldGrid>
        <Field label="Tipo" value={SUBSCRIPTION_TYPE_LABELS[s.type]} testId="field-type" />
        <Field label="Importe" value={formatAmount(s.amount)} testId="field-amount" />
        <Field label="Moneda" value={currencyLabel(s.currencyId)} />
        <Field label="Períodos" value={s.periods ?? 'Sin límite'} />
        <Field label="Recurrencia" value={recurrenceLabel(s.recurrence)} />
        <Field label="Día de vencimiento" value={s.dueDay} />
        <Field label="Pagos generados" value={s.createdPayments} />
        <Field label="Concepto" value={s.detail?.conceptId} mono />
        <Field label="Descripción del concepto" value={s.detail?.conceptDescription} />
        <Field label="Referencia externa" value={s.detail?.externalReference} mono />
        <Field label="Revisión" value={yesNo(s.review)} />
        <Field label="Validación" value={yesNo(s.validation)} />
        <Field label="Detalle de estado" value={<StatusDetailText detail={s.statusDetail} />} />
        <Field label="Versión" value={s.version} />
        <Field label="URL de notificación" value={s.notificationUrl} wide mono />
        <Field label="URL de retorno (back)" value={s.backUrl} wide mono />
        <Field label="URL de retorno (return)" value={s.returnUrl} wide mono />
      </FieldGrid>
    </DetailCard>
  );
}

/** The dates of spec 000 §2, in its order. */
export function SubscriptionDatesSection({ subscription: s }: { subscription: SubscriptionView }) {
  const dates: [string, string | null | undefined][] = [
    ['Solicitud', s.requestDate],
    ['Última actualización', s.lastUpdateDate],
    ['Cancelación', s.cancelDate],
    ['Suscripción', s.subscribedDate],
    ['Rechazo', s.rejectedDate],
    ['Validación de revisión', s.reviewValidationDate],
    ['Validación del pagador', s.payerValidationDate],
    ['Diferido por el pagador', s.payerDeferredDate],
    ['Inicio', s.startDate],
    ['Finalización', s.finishedDate],
  ];
  return (
    <DetailCard title="Fechas" icon={<EventOutlined />} testId="section-dates">
      <FieldGrid min={170}>
        {dates.map(([label, value]) => (
          <Field key={label} label={label} value={formatDateTime(value)} />
        ))}
      </FieldGrid>
    </DetailCard>
  );
}

/** Payment method (or 'Sin medio de pago'), payer, and the collector with its signature. */
export function SubscriptionPartiesSection({
  subscription: s,
  methodNames,
  canShowCollector,
}: {
  subscription: SubscriptionView;
  methodNames: ReadonlyMap<number, { name: string; isCard: boolean }>;
  canShowCollector: boolean;
}) {
  return (
    <>
      <DetailCard title="Medio de pago" icon={<AccountBalanceWalletOutlined />} testId="section-method">
        {s.paymentMethod ? (
          <FieldGrid min={140}>
            <Field label="Medio" value={methodText(s.paymentMethod, methodNames)} testId="field-method" />
            <Field label="Código de medio" value={s.paymentMethod.mediaPaymentId} mono />
            <Field label="Últimos cuatro" value={s.paymentMethod.lastFourDigits} mono />
          </FieldGrid>
        ) : (
          <Box data-testid="field-method">
            <EmptyText>Sin medio de pago</EmptyText>
          </Box>
        )}
      </DetailCard>
      <DetailCard title="Pagador" icon={<PersonOutlineOutlined />} testId="section-payer">
        <FieldGrid min={160}>
          <Field label="Nombre" value={s.payer?.name} />
          <Field label="E-mail" value={s.payer?.email} />
        </FieldGrid>
      </DetailCard>
      <DetailCard title="Entidad" icon={<StorefrontOutlined />} testId="section-collector">
        <FieldGrid min={160}>
          <Field
            label="Nombre"
            value={
              canShowCollector ? (
                <Link component={RouterLink} to={recordHref('collector', { collectorId: s.collectorId })}>
                  {s.collector?.name ?? s.collectorId}
                </Link>
              ) : (
                (s.collector?.name ?? s.collectorId)
              )
            }
          />
          <Field label="Firma (signature)" value={s.collectorId} mono testId="field-signature" />
        </FieldGrid>
      </DetailCard>
    </>
  );
}

function jsonText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

const METADATA_COLUMNS: readonly SimpleColumn<SubscriptionView['metadata'][number]>[] = [
  {
    header: 'CLAVE',
    sx: { fontWeight: 600, width: '30%', wordBreak: 'break-word' },
    cell: (entry) => entry.key,
  },
  {
    header: 'VALOR',
    sx: {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: '0.78rem',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
    },
    cell: (entry) => jsonText(entry.value),
  },
];

/** 'Información adicional': each metadata key with its value. */
export function SubscriptionMetadataSection({ subscription: s }: { subscription: SubscriptionView }) {
  return (
    <DetailCard title="Información adicional" icon={<DataObjectOutlined />} testId="section-metadata" dense>
      <SimpleTable
        ariaLabel="Información adicional"
        columns={METADATA_COLUMNS}
        rows={s.metadata}
        rowKey={(entry) => entry.key}
        rowData={() => ({ 'data-testid': 'metadata-entry' })}
        empty="Sin información adicional."
      />
    </DetailCard>
  );
}

/** Notifications to the payer (each to /notificacion/{id} for who may see it) and the source. */
export function SubscriptionNotificationsSection({
  subscription: s,
  canShowNotifications,
}: {
  subscription: SubscriptionView;
  canShowNotifications: boolean;
}) {
  return (
    <DetailCard title="Notificaciones y origen" icon={<NotificationsOutlined />} testId="section-extra" dense>
      <Typography variant="overline" component="h3" color="text.secondary" sx={SUB}>
        Notificaciones al pagador
      </Typography>
      <PayerNotificationsTable
        notifications={s.notifications}
        actionLabel={notificationActionLabel}
        canShowNotifications={canShowNotifications}
        rowTestId="subscription-notification"
      />
      <Typography variant="overline" component="h3" color="text.secondary" sx={SUB}>
        Origen
      </Typography>
      <Box sx={{ px: 2.5, pb: 2 }} data-testid="subscription-source">
        <SourceFields source={s.source} typeLabel={sourceTypeText} />
      </Box>
    </DetailCard>
  );
}
