import type { PaymentStatus } from '../gql/graphql';
import { PaymentStatusChip } from '../components/payment-status-chip';
import {
  VersionHistoryDialog as SharedVersionHistoryDialog,
  type HistoryRow as SharedHistoryRow,
  type VersionHistoryDialogProps as SharedProps,
} from '../../../components/versions/version-history-dialog';
import { diffVersions } from './version-diff';

export type HistoryRow = SharedHistoryRow<PaymentStatus>;

export type VersionHistoryDialogProps = Omit<
  SharedProps<PaymentStatus>,
  'renderStatus' | 'diff' | 'emptyText' | 'tableLabel'
>;

/** The payment's version history: the shared dialog with the payment's status chip and comparison. */
export function VersionHistoryDialog(props: VersionHistoryDialogProps) {
  return (
    <SharedVersionHistoryDialog
      {...props}
      renderStatus={(status) => <PaymentStatusChip status={status} />}
      diff={diffVersions}
      emptyText="El pago no tiene versiones."
      tableLabel="Versiones del pago"
    />
  );
}
