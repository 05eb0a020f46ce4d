import { statusChipOf } from '@/components/detail/status-chip';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES } from '../subscription-labels';

/** A subscription status as an outlined chip in its colour. */
export const SubscriptionStatusChip = statusChipOf(SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES);
