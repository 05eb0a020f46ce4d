import Chip from '@mui/material/Chip';
import { BATCH_STATUS_LABELS, BATCH_STATUS_TONES } from '../batch-labels';
import type { WithdrawalBatchStatus } from '../gql/graphql';

/** A batch status as an outlined chip in its colour. */
export function BatchStatusChip({ status }: { status: WithdrawalBatchStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={BATCH_STATUS_TONES[status]}
      label={BATCH_STATUS_LABELS[status]}
      data-status={status.toLowerCase()}
      sx={{ fontWeight: 600 }}
    />
  );
}
