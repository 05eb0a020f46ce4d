import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { formatAmount, formatDateTime } from '@/lib/format';
import { DetailCard, EmptyText, sectionTableSx } from './detail-card';
import { CodeText } from '@/components/detail/code-text';
import { statusDetailLabel } from '@/lib/code-label';
import { refundStatusLabel, refundTypeLabel } from './labels';
import type { PaymentDetailRefund } from './types';

/** Refunds of the payment (approved and rejected), newest first. */
export function PaymentRefundsSection({ refunds }: { refunds: readonly PaymentDetailRefund[] }) {
  const rows = [...refunds].sort((a, b) => (b.requestDate ?? '').localeCompare(a.requestDate ?? ''));
  return (
    <DetailCard title="Devoluciones" icon={<UndoOutlined />} testId="section-refunds" dense={rows.length > 0}>
      {rows.length === 0 ? (
        <EmptyText>El pago no tiene devoluciones.</EmptyText>
      ) : (
        <TableContainer>
          <Table size="small" sx={sectionTableSx} aria-label="Devoluciones">
            <TableHead>
              <TableRow>
                <TableCell>FECHA</TableCell>
                <TableCell>ID</TableCell>
                <TableCell>TIPO</TableCell>
                <TableCell>ESTADO</TableCell>
                <TableCell>DETALLE</TableCell>
                <TableCell align="right">IMPORTE</TableCell>
                <TableCell>MOTIVO</TableCell>
                <TableCell>GATEWAY</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((refund) => (
                <TableRow key={refund.id} data-testid="refund-row" data-status={refund.status.toLowerCase()}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(refund.requestDate)}</TableCell>
                  <TableCell>{refund.id}</TableCell>
                  <TableCell>
                    {refundTypeLabel(refund.type)}
                    {refund.paymentMethodIndex !== null && refund.paymentMethodIndex !== undefined && (
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        Medio {refund.paymentMethodIndex + 1}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={refund.status === 'APPROVED' ? 'success' : 'error'}
                      label={refundStatusLabel(refund.status)}
                    />
                  </TableCell>
                  <TableCell>
                    <CodeText
                      code={refund.statusDetail}
                      label={(code) => refund.statusDetailMessage ?? statusDetailLabel(code)}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(refund.amount)}
                    {refund.costAmount && refund.costAmount !== '0.00' && (
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: 'block' }}
                      >
                        Costo {formatAmount(refund.costAmount)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{refund.reason ?? '—'}</TableCell>
                  <TableCell>
                    <Box sx={{ fontSize: '0.8rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                      {[
                        refund.authorizationCode && `Aut. ${refund.authorizationCode}`,
                        refund.gateway?.ticketNumber && `Ticket ${refund.gateway.ticketNumber}`,
                        refund.gateway?.batchNumber && `Lote ${refund.gateway.batchNumber}`,
                      ]
                        .filter(Boolean)
                        .join(' · ') || '—'}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DetailCard>
  );
}
