import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatAmount, formatDateTime } from '@/lib/format';
import { CodeText } from '@/components/detail/code-text';
import { statusDetailLabel } from '@/lib/code-label';
import { PaymentStatusChip } from '../components/payment-status-chip';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import { describePaymentMethods } from '../payment-methods';
import { refundedAmount } from './amounts';
import { EmailText, Field, FieldGrid } from './detail-card';
import { paymentTypeLabel } from './labels';
import type { PaymentDetail } from './types';
import { recordHref } from '@/lib/record-href';

/** The head of the detail: status, amount, concept, key dates, payer and ids. */
export function PaymentSummaryCard({ payment }: { payment: PaymentDetail }) {
  const refunded = refundedAmount(payment.refunds);
  const { catalogue } = usePaymentMethodCatalogue();
  const methods = describePaymentMethods(payment.paymentMethods, catalogue);
  return (
    <Card data-testid="payment-summary" sx={{ mb: 3 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' } }}>
        <Box
          sx={{
            p: 3,
            bgcolor: (t) => (t.palette.mode === 'light' ? '#f7f9fc' : 'background.default'),
            borderRight: { md: 1 },
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <PaymentStatusChip status={payment.status} />
            {payment.statusDetail && (
              <Typography variant="caption" color="text.secondary" data-testid="payment-status-detail">
                <CodeText code={payment.statusDetail} label={statusDetailLabel} />
              </Typography>
            )}
          </Box>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textTransform: 'uppercase', fontWeight: 600 }}
          >
            Importe final
          </Typography>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontWeight: 700, letterSpacing: '-0.02em', mb: 0.5 }}
            data-testid="payment-amount"
          >
            {formatAmount(payment.finalAmount)}
          </Typography>
          {refunded !== '0.00' && (
            <Typography variant="body2" color="secondary.dark" sx={{ fontWeight: 600 }}>
              Devuelto: {formatAmount(refunded)}
            </Typography>
          )}
          <Typography variant="body1" sx={{ mt: 1.5, fontWeight: 500 }}>
            {payment.conceptDescription ?? 'Sin concepto'}
          </Typography>
          {payment.conceptId && (
            <Typography variant="body2" color="text.secondary">
              Concepto {payment.conceptId}
            </Typography>
          )}
          <Divider sx={{ my: 2 }} />
          <Typography variant="body2" color="text.secondary">
            {methods || 'Sin medio de pago'}
          </Typography>
        </Box>
        <Box sx={{ p: 3 }}>
          <FieldGrid>
            <Field label="ID transacción" value={payment.id} mono testId="summary-id" />
            <Field label="ID transacción externo" value={payment.externalTransactionId} mono />
            <Field label="Referencia" value={payment.reference} />
            <Field label="Tipo" value={payment.type ? paymentTypeLabel(payment.type) : null} />
            <Field label="Fecha de solicitud" value={formatDateTime(payment.requestDate)} />
            <Field label="Vencimiento" value={formatDateTime(payment.dueDate)} />
            <Field label="Último vencimiento" value={formatDateTime(payment.lastDueDate)} />
            <Field label="Fecha de pago" value={formatDateTime(payment.paidDate)} />
            <Field label="Última actualización" value={formatDateTime(payment.lastUpdateDate)} />
            <Field label="Versión" value={payment.version ?? null} />
            <Field
              label="Pagador"
              value={
                payment.payer?.name || payment.payer?.email ? (
                  <>
                    {payment.payer?.name}
                    {payment.payer?.email && (
                      <Typography
                        component="span"
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        <EmailText email={payment.payer.email} />
                      </Typography>
                    )}
                  </>
                ) : null
              }
            />
            <Field
              label="Entidad"
              value={
                <Link
                  component={RouterLink}
                  to={recordHref('collector', { collectorId: payment.collectorId })}
                >
                  {payment.collector?.name ?? payment.collectorId}
                </Link>
              }
            />
          </FieldGrid>
        </Box>
      </Box>
    </Card>
  );
}
