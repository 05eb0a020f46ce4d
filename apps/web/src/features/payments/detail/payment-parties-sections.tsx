import PersonOutline from '@mui/icons-material/PersonOutline';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { CardLink } from '@/components/detail/card-link';
import { DetailCard, EmptyText, Field, FieldGrid } from './detail-card';
import type { PaymentDetail } from './types';
import { formatIdentificationNumber } from '@backoffice/validators';
import { recordHref } from '@/lib/record-href';

const ID_TYPES: Record<string, string> = {
  DNI_ARG: 'DNI',
  CUIT_ARG: 'CUIT',
  CUIL_ARG: 'CUIL',
  PASSPORT: 'Pasaporte',
};

/** Payer data; the button to the payer profile only with PAYER_SHOW (spec 000 §6). */
export function PaymentPayerSection({
  payer,
  canShowPayer,
}: {
  payer: PaymentDetail['payer'];
  canShowPayer: boolean;
}) {
  const identification = payer?.identification;
  return (
    <DetailCard
      title="Datos del pagador"
      icon={<PersonOutline />}
      testId="section-payer"
      action={
        canShowPayer && payer?.id ? (
          <CardLink to={recordHref('payer', { id: payer.id })}>Ver pagador</CardLink>
        ) : undefined
      }
    >
      {!payer ? (
        <EmptyText>Sin datos del pagador.</EmptyText>
      ) : (
        <FieldGrid min={160}>
          <Field label="Nombre" value={payer.name} />
          <Field label="E-mail" value={payer.email} />
          <Field label="ID de pagador" value={payer.id} mono />
          <Field
            label="Identificación"
            value={
              identification?.number
                ? `${ID_TYPES[identification.type ?? ''] ?? identification.type ?? ''} ${formatIdentificationNumber(identification.type, identification.number)}`.trim()
                : null
            }
          />
          <Field label="País" value={identification?.country} />
        </FieldGrid>
      )}
    </DetailCard>
  );
}

/** Collector detail, with its page (comercios/{collectorId}). */
export function PaymentCollectorSection({
  payment,
  canShowCollector,
}: {
  payment: PaymentDetail;
  canShowCollector: boolean;
}) {
  return (
    <DetailCard
      title="Entidad"
      icon={<StorefrontOutlined />}
      testId="section-collector"
      action={
        canShowCollector ? (
          <CardLink to={recordHref('collector', { collectorId: payment.collectorId })}>Ver entidad</CardLink>
        ) : undefined
      }
    >
      <FieldGrid min={160}>
        <Field label="Nombre" value={payment.collector?.name} />
        <Field label="ID (signature)" value={payment.collectorId} mono />
        <Field label="Versión de checkout" value={payment.collector?.checkoutVersion} />
      </FieldGrid>
    </DetailCard>
  );
}
