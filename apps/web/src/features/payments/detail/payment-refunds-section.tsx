import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { formatAmount, formatDateTime } from '@/lib/format';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { DetailCard } from './detail-card';
import { CodeText } from '@/components/detail/code-text';
import { statusDetailLabel } from '@/lib/code-label';
import { refundStatusLabel, refundTypeLabel } from './labels';
import type { PaymentDetailRefund } from './types';

/** A muted second line under a cell's value. */
function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}

const gatewayText = (refund: PaymentDetailRefund) =>
  [
    refund.authorizationCode && `Aut. ${refund.authorizationCode}`,
    refund.gateway?.ticketNumber && `Ticket ${refund.gateway.ticketNumber}`,
    refund.gateway?.batchNumber && `Lote ${refund.gateway.batchNumber}`,
  ]
    .filter(Boolean)
    .join(' · ') || '—';

const COLUMNS: readonly SimpleColumn<PaymentDetailRefund>[] = [
  { header: 'FECHA', nowrap: true, cell: (refund) => formatDateTime(refund.requestDate) },
  { header: 'ID', cell: (refund) => refund.id },
  {
    header: 'TIPO',
    cell: (refund) => (
      <>
        {refundTypeLabel(refund.type)}
        {refund.paymentMethodIndex !== null && refund.paymentMethodIndex !== undefined && (
          <Caption>Medio {refund.paymentMethodIndex + 1}</Caption>
        )}
      </>
    ),
  },
  {
    header: 'ESTADO',
    cell: (refund) => (
      <Chip
        size="small"
        variant="outlined"
        color={refund.status === 'APPROVED' ? 'success' : 'error'}
        label={refundStatusLabel(refund.status)}
      />
    ),
  },
  {
    header: 'DETALLE',
    cell: (refund) => (
      <CodeText
        code={refund.statusDetail}
        label={(code) => refund.statusDetailMessage ?? statusDetailLabel(code)}
      />
    ),
  },
  {
    header: 'IMPORTE',
    align: 'right',
    nowrap: true,
    cell: (refund) => (
      <>
        {formatAmount(refund.amount)}
        {refund.costAmount && refund.costAmount !== '0.00' && (
          <Caption>Costo {formatAmount(refund.costAmount)}</Caption>
        )}
      </>
    ),
  },
  { header: 'MOTIVO', cell: (refund) => refund.reason },
  {
    header: 'GATEWAY',
    cell: (refund) => (
      <Box sx={{ fontSize: '0.8rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {gatewayText(refund)}
      </Box>
    ),
  },
];

/** Refunds of the payment (approved and rejected), newest first. */
export function PaymentRefundsSection({ refunds }: { refunds: readonly PaymentDetailRefund[] }) {
  const rows = [...refunds].sort((a, b) => (b.requestDate ?? '').localeCompare(a.requestDate ?? ''));
  return (
    <DetailCard title="Devoluciones" icon={<UndoOutlined />} testId="section-refunds" dense>
      <TableContainer>
        <SimpleTable
          ariaLabel="Devoluciones"
          columns={COLUMNS}
          rows={rows}
          rowKey={(refund) => refund.id}
          rowData={(refund) => ({ 'data-testid': 'refund-row', 'data-status': refund.status.toLowerCase() })}
          empty="El pago no tiene devoluciones."
        />
      </TableContainer>
    </DetailCard>
  );
}
