import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { DetailCard, EmptyText, sectionTableSx } from '@/components/detail/detail-card';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { WithdrawalBatchQuery } from '../gql/graphql';

type BatchRecords = NonNullable<NonNullable<WithdrawalBatchQuery['withdrawalBatch']>['records']>;

/** The payments a batch withdraws, each linking to its payment. */
export function BatchRecordsCard({ records }: { records: BatchRecords }) {
  return (
    <DetailCard title="Pagos del lote" dense testId="batch-records">
      {records.length === 0 ? (
        <EmptyText>El lote no tiene registros.</EmptyText>
      ) : (
        <Table size="small" sx={sectionTableSx} aria-label="Pagos del lote">
          <TableHead>
            <TableRow>
              <TableCell>PAGO</TableCell>
              <TableCell>PAGADOR</TableCell>
              <TableCell>CONCEPTO</TableCell>
              <TableCell>ACREDITACIÓN</TableCell>
              <TableCell align="right">IMPORTE</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={record.paymentId}>
                <TableCell>
                  <Link component={RouterLink} to={`/pago/${encodeURIComponent(record.paymentId)}`}>
                    {record.paymentId}
                  </Link>
                </TableCell>
                <TableCell>{record.payerName ?? '—'}</TableCell>
                <TableCell>{record.concept ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {record.accreditationDate ? formatDateTime(record.accreditationDate) : '—'}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(record.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailCard>
  );
}
