import { StatusChip } from '@/components/detail/status-chip';
import type { WithdrawalStatus, WithdrawStatus } from '../gql/graphql';
import { WITHDRAW_STATUS_LABELS, WITHDRAWAL_STATUS_LABELS } from '../labels';

const TONES: Record<string, 'warning' | 'success' | 'error'> = {
  PENDING: 'warning',
  PENDING_AUTHORIZATION: 'warning',
  TRANSFERRED: 'success',
  AUTHORIZED: 'success',
  REJECTED: 'error',
  REFUSED: 'error',
};

/** A withdraw or withdrawal status as an outlined chip in its colour. */
export function WithdrawalStatusChip({ status }: { status: WithdrawStatus | WithdrawalStatus }) {
  const label =
    (WITHDRAW_STATUS_LABELS as Record<string, string>)[status] ??
    (WITHDRAWAL_STATUS_LABELS as Record<string, string>)[status];
  return <StatusChip label={label ?? status} tone={TONES[status]} code={status.toLowerCase()} />;
}
