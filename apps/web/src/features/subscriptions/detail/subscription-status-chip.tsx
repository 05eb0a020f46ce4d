import { StatusChip } from '@/components/detail/status-chip';
import type { SubscriptionStatus } from '../gql/graphql';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES } from '../subscription-labels';

/** A subscription status as an outlined chip in its colour. */
export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  return (
    <StatusChip
      label={SUBSCRIPTION_STATUS_LABELS[status]}
      tone={SUBSCRIPTION_STATUS_TONES[status]}
      code={status.toLowerCase()}
    />
  );
}
