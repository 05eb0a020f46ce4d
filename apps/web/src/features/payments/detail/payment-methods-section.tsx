import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import { formatAmount } from '@/lib/format';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import type { PaymentMethodCatalogue } from '../payment-methods';
import { CodeText } from '@/components/detail/code-text';
import { statusDetailLabel } from '@/lib/code-label';
import { DetailCard, EmptyText, Field, FieldGrid } from './detail-card';
import {
  formatExpiration,
  formatFactor,
  formatForeignAmount,
  gatewayStatusLabel,
  maskedCard,
  methodTypeLabel,
} from './labels';
import type { PaymentDetailMethod } from './types';

const GATEWAY_TONE: Record<string, 'success' | 'error' | 'warning' | 'secondary' | 'default'> = {
  approved: 'success',
  rejected: 'error',
  pending: 'warning',
  refunded: 'secondary',
  expired: 'default',
  cancelled: 'default',
};

/** A card (or token) method shows its holder; cash coupons and bank debits have none. */
function hasCard(method: PaymentDetailMethod, catalogue: PaymentMethodCatalogue): boolean {
  return (
    Boolean(method.cardMasked || method.firstSixDigits || method.lastFourDigits) ||
    Boolean(catalogue.find(method.mediaPaymentId)?.isCard)
  );
}

function ConversionInfo({ method }: { method: PaymentDetailMethod }) {
  const info = method.currencyConversionInfo;
  return (
    <Box
      data-testid="currency-conversion"
      sx={{
        mt: 2,
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
      }}
    >
      <CurrencyExchangeOutlined fontSize="small" color="primary" sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          Pago con token: conversión de moneda
        </Typography>
        {info ? (
          <FieldGrid min={150}>
            <Field
              label="Importe original"
              value={formatForeignAmount(info.originalAmount, info.originalCurrency)}
            />
            <Field label="Factor de conversión" value={formatFactor(info.conversionFactor)} />
            <Field
              label="Importe convertido"
              value={
                (info.destinationCurrency ?? 'ARS').toUpperCase() === 'ARS'
                  ? formatAmount(info.convertedAmount)
                  : formatForeignAmount(info.convertedAmount, info.destinationCurrency)
              }
            />
            <Field
              label="Monedas"
              value={`${info.originalCurrency ?? '—'} → ${info.destinationCurrency ?? '—'}`}
            />
          </FieldGrid>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Sin información de conversión.
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function MethodCard({
  method,
  position,
  catalogue,
}: {
  method: PaymentDetailMethod;
  position: number;
  catalogue: PaymentMethodCatalogue;
}) {
  const status = (method.gateway?.status ?? '').toLowerCase();
  const card = maskedCard(method);
  const name =
    method.mediaPaymentName ||
    catalogue.find(method.mediaPaymentId)?.name ||
    `Medio ${method.mediaPaymentId ?? ''}`;
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
      data-testid="payment-method"
      data-index={method.index}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {position}. {name}
        </Typography>
        {card && (
          <Typography
            component="span"
            data-testid="card-masked"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              color: 'text.secondary',
              fontSize: '0.9rem',
            }}
          >
            {card}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {method.type && <Chip size="small" variant="outlined" label={methodTypeLabel(method.type)} />}
        {status && (
          <Chip
            size="small"
            color={GATEWAY_TONE[status] === 'default' ? 'default' : (GATEWAY_TONE[status] ?? 'default')}
            variant="outlined"
            label={`Gateway: ${gatewayStatusLabel(status)}`}
          />
        )}
      </Box>
      <FieldGrid min={150}>
        <Field label="Código de medio" value={method.mediaPaymentId ?? null} />
        {hasCard(method, catalogue) && (
          <Field label="Titular" value={method.holderName} testId="method-holder" />
        )}
        {hasCard(method, catalogue) && (
          <Field
            label="Vencimiento"
            value={formatExpiration(method.expirationMonth, method.expirationYear)}
          />
        )}
        <Field label="Cuotas" value={method.installments} testId="method-installments" />
        <Field label="Importe" value={formatAmount(method.amount)} />
        <Field label="Importe final" value={formatAmount(method.finalAmount)} />
        <Field label="Cód. de autorización" value={method.authorizationCode} mono />
        <Field label="Cupón" value={method.couponNumber} mono />
        <Field label="Promoción" value={method.promotionId} />
        <Field label="Detalle del medio" value={method.mediaPaymentDetail} />
      </FieldGrid>
      {method.gateway && (
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', borderStyle: 'dashed' }}>
          <FieldGrid min={150}>
            <Field
              label="Detalle en gateway"
              value={
                method.gateway.statusDetail ? (
                  <CodeText code={method.gateway.statusDetail} label={statusDetailLabel} />
                ) : null
              }
            />
            <Field label="ID transacción gateway" value={method.gateway.transactionId} mono />
            <Field label="Ticket" value={method.gateway.ticketNumber} mono />
            <Field label="Lote" value={method.gateway.batchNumber} mono />
            <Field label="Procesador" value={method.gateway.pptOwner} />
          </FieldGrid>
        </Box>
      )}
      {method.isToken && <ConversionInfo method={method} />}
    </Box>
  );
}

/** Payment methods: card as first six, masked, last four; installments; holder; token conversion info. */
export function PaymentMethodsSection({
  methods,
  action,
}: {
  methods: readonly PaymentDetailMethod[];
  action?: ReactNode;
}) {
  const { catalogue } = usePaymentMethodCatalogue();
  return (
    <DetailCard title="Medios de pago" icon={<CreditCardOutlined />} action={action} testId="section-methods">
      {methods.length === 0 ? (
        <EmptyText>El pago todavía no tiene medio de pago.</EmptyText>
      ) : (
        <Stack spacing={2}>
          {methods.map((method, i) => (
            <MethodCard key={method.index} method={method} position={i + 1} catalogue={catalogue} />
          ))}
        </Stack>
      )}
    </DetailCard>
  );
}
