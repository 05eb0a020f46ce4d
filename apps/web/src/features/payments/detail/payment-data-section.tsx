import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { formatAmount, formatDateTime } from '@/lib/format';
import { CodeText } from '@/components/detail/code-text';
import { presetLabel } from '@/lib/code-label';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { DetailCard, Field, FieldGrid } from './detail-card';
import { currencyLabel } from '@/lib/code-label';
import { formatPercent } from './labels';
import type { PaymentDetail } from './types';

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? null : value ? 'Sí' : 'No';

const CONCEPT_COLUMNS: readonly SimpleColumn<PaymentDetail['details'][number]>[] = [
  { header: 'CONCEPTO', cell: (line) => line.conceptId },
  { header: 'DESCRIPCIÓN', cell: (line) => line.conceptDescription },
  { header: 'REFERENCIA EXTERNA', cell: (line) => line.externalReference },
  { header: 'IMPORTE', align: 'right', nowrap: true, cell: (line) => formatAmount(line.amount) },
];

/** Every remaining field of spec 000 §3: concepts, dates, surcharges, review and URLs. */
export function PaymentDataSection({ payment }: { payment: PaymentDetail }) {
  return (
    <DetailCard title="Datos del pago" icon={<ReceiptLongOutlined />} testId="section-data">
      {payment.details.length > 0 && (
        <Box sx={{ mx: -2.5, mt: -2, mb: 2 }}>
          <SimpleTable
            ariaLabel="Conceptos"
            columns={CONCEPT_COLUMNS}
            rows={payment.details}
            rowKey={(_line, index) => index}
          />
        </Box>
      )}
      <FieldGrid min={170}>
        <Field label="Moneda" value={currencyLabel(payment.currencyId)} />
        <Field label="Recargo fijo" value={payment.chargeDelay ? formatAmount(payment.chargeDelay) : null} />
        <Field label="Recargo por mora" value={formatPercent(payment.rate)} testId="field-rate" />
        <Field label="Revisión" value={yesNo(payment.review)} />
        <Field label="Validación" value={yesNo(payment.validation)} />
        <Field label="Fecha de proceso" value={formatDateTime(payment.processDate)} />
        <Field label="Fecha de acreditación" value={formatDateTime(payment.accreditationDate)} />
        <Field label="Fecha de rechazo" value={formatDateTime(payment.rejectedDate)} />
        <Field label="Fecha de cancelación" value={formatDateTime(payment.cancelDate)} />
        <Field label="Fecha de devolución" value={formatDateTime(payment.refundedDate)} />
        <Field label="Diferido por el pagador" value={formatDateTime(payment.payerDeferredDate)} />
        <Field label="Validación del pagador" value={formatDateTime(payment.payerValidationDate)} />
        <Field label="Validación de revisión" value={formatDateTime(payment.reviewValidationDate)} />
        <Field label="URL de notificación" value={payment.notificationUrl} wide mono />
        <Field label="URL de retorno" value={payment.backUrl} wide mono />
      </FieldGrid>
      {payment.presets && payment.presets.actions.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          Presets:{' '}
          {payment.presets.actions.map((p, index) => (
            <span key={`${p.name}-${index}`}>
              {index > 0 && ', '}
              <CodeText code={p.name} label={presetLabel} /> ({p.active ? 'activo' : 'inactivo'})
            </span>
          ))}
        </Typography>
      )}
    </DetailCard>
  );
}
