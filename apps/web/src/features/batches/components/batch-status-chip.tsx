import { StatusChip } from '@/components/detail/status-chip';
import { BATCH_STATUS_LABELS, BATCH_STATUS_TONES } from '../batch-labels';
import type { WithdrawalBatchStatus } from '../gql/graphql';

/** A batch status as an outlined chip in its colour. */
export function BatchStatusChip({ status }: { status: WithdrawalBatchStatus }) {
  return (
    <StatusChip
      label={BATCH_STATUS_LABELS[status]}
      tone={BATCH_STATUS_TONES[status]}
      code={status.toLowerCase()}
    />
  );
}
