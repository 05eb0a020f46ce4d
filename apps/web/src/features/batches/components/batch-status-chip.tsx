import { statusChipOf } from '@/components/detail/status-chip';
import { BATCH_STATUS_LABELS, BATCH_STATUS_TONES } from '../batch-labels';

/** A batch status as an outlined chip in its colour. */
export const BatchStatusChip = statusChipOf(BATCH_STATUS_LABELS, BATCH_STATUS_TONES);
