import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { DetailCard, EmptyText } from '@/components/detail/detail-card';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { WithdrawalBatchQuery } from '../gql/graphql';
import { recordHref } from '@/lib/record-href';

type BatchRecords = NonNullable<NonNullable<WithdrawalBatchQuery['withdrawalBatch']>['records']>;

const COLUMNS: readonly SimpleColumn<BatchRecords[number]>[] = [
  {
    header: 'PAGO',
    cell: (record) => (
      <Link component={RouterLink} to={recordHref('payment', { id: record.paymentId })}>
        {record.paymentId}
      </Link>
    ),
  },
  { header: 'PAGADOR', cell: (record) => record.payerName },
  { header: 'CONCEPTO', cell: (record) => record.concept },
  {
    header: 'ACREDITACIÓN',
    nowrap: true,
    cell: (record) => (record.accreditationDate ? formatDateTime(record.accreditationDate) : null),
  },
  { header: 'IMPORTE', align: 'right', nowrap: true, cell: (record) => formatAmount(record.amount) },
];

/** The payments a batch withdraws, each linking to its payment. */
export function BatchRecordsCard({ records }: { records: BatchRecords }) {
  return (
    <DetailCard title="Pagos del lote" dense testId="batch-records">
      {records.length === 0 ? (
        <EmptyText>El lote no tiene registros.</EmptyText>
      ) : (
        <SimpleTable
          ariaLabel="Pagos del lote"
          columns={COLUMNS}
          rows={records}
          rowKey={(record) => record.paymentId}
        />
      )}
    </DetailCard>
  );
}
