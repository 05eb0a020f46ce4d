import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import { formatAmount } from '@/lib/format';
import { CodeText } from '@/components/detail/code-text';
import { feeTypeLabel } from '@/lib/code-label';
import { sumAmounts } from './amounts';
import { DetailCard, EmptyText, sectionTableSx } from './detail-card';
import { formatPercent } from './labels';
import type { PaymentDetail } from './types';

/** Fees: rendered only when the field came back (PAYMENT_SHOW_FEES). */
export function PaymentFeesSection({ fees }: { fees: NonNullable<PaymentDetail['feeDetails']> }) {
  return (
    <DetailCard title="Comisiones" icon={<PercentOutlined />} testId="section-fees" dense={fees.length > 0}>
      {fees.length === 0 ? (
        <EmptyText>El pago no tiene comisiones.</EmptyText>
      ) : (
        <Table size="small" sx={sectionTableSx} aria-label="Comisiones">
          <TableHead>
            <TableRow>
              <TableCell>DESCRIPCIÓN</TableCell>
              <TableCell align="right">TASA</TableCell>
              <TableCell align="right">IMPORTE</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fees.map((fee, index) => (
              <TableRow key={index}>
                <TableCell>
                  {fee.description ?? '—'}
                  {fee.type && (
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                    >
                      <CodeText code={fee.type} label={feeTypeLabel} />
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPercent(fee.rate)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(fee.amount)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                Total
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {formatAmount(sumAmounts(fees.map((f) => f.amount)))}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </DetailCard>
  );
}
