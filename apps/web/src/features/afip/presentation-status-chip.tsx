import { StatusChip } from '@/components/detail/status-chip';
import type { PresentationStatus } from './gql/graphql';
import { PRESENTATION_STATUS_COLORS, PRESENTATION_STATUS_LABELS } from './presentation-labels';

export function PresentationStatusChip({ status }: { status: PresentationStatus }) {
  return (
    <StatusChip
      label={PRESENTATION_STATUS_LABELS[status]}
      tone={PRESENTATION_STATUS_COLORS[status]}
      testId="presentation-status"
    />
  );
}
