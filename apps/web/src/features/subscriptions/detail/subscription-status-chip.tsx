import Chip from '@mui/material/Chip';
import type { SubscriptionStatus } from '../gql/graphql';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES } from '../subscription-labels';

/** A subscription status as an outlined chip in its colour. */
export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={SUBSCRIPTION_STATUS_TONES[status]}
      label={SUBSCRIPTION_STATUS_LABELS[status]}
      data-status={status.toLowerCase()}
      sx={{ fontWeight: 600 }}
    />
  );
}
