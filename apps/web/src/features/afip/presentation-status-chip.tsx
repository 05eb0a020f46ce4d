import Chip from '@mui/material/Chip';
import type { PresentationStatus } from './gql/graphql';
import { PRESENTATION_STATUS_COLORS, PRESENTATION_STATUS_LABELS } from './presentation-labels';

export function PresentationStatusChip({ status }: { status: PresentationStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PRESENTATION_STATUS_COLORS[status]}
      label={PRESENTATION_STATUS_LABELS[status]}
      data-testid="presentation-status"
    />
  );
}
