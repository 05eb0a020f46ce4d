import { PaymentHistoryDocument, type PaymentStatus } from '../gql/graphql';
import { PaymentStatusChip } from '../components/payment-status-chip';
import type { HistoryRow as SharedHistoryRow } from '@/components/versions/version-history-dialog';
import {
  QueryVersionHistory,
  type QueryVersionHistoryProps,
} from '@/components/versions/query-version-history';
import { diffVersions } from './version-diff';

export type HistoryRow = SharedHistoryRow<PaymentStatus>;

export type PaymentHistoryDialogProps = Pick<
  QueryVersionHistoryProps<unknown, { id: string }, PaymentStatus>,
  'shownVersion' | 'currentVersion' | 'onPick' | 'loadVersion' | 'onClose'
> & { paymentId: string };

/** The payment's version history: the shared dialog with its query, the payment's status chip and comparison. */
export function PaymentHistoryDialog({ paymentId, ...props }: PaymentHistoryDialogProps) {
  return (
    <QueryVersionHistory
      {...props}
      document={PaymentHistoryDocument}
      variables={{ id: paymentId }}
      selectRows={(data) => data.paymentHistory}
      renderStatus={(status) => <PaymentStatusChip status={status} />}
      diff={diffVersions}
      emptyText="El pago no tiene versiones."
      tableLabel="Versiones del pago"
    />
  );
}
