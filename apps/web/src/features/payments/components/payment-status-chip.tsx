import Chip from '@mui/material/Chip';
import { alpha, useTheme } from '@mui/material/styles';
import type { PaymentStatus } from '../gql/graphql';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES } from '../payment-status';

/** A payment status as a soft coloured chip with its Spanish label. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const theme = useTheme();
  const tone = PAYMENT_STATUS_TONES[status];
  const main = tone === 'default' ? theme.palette.grey[600] : theme.palette[tone].main;
  const text = tone === 'default' ? theme.palette.grey[800] : theme.palette[tone].dark;
  return (
    <Chip
      size="small"
      label={PAYMENT_STATUS_LABELS[status]}
      data-status={status.toLowerCase()}
      sx={{
        fontWeight: 600,
        fontSize: '0.75rem',
        height: 22,
        bgcolor: alpha(main, 0.12),
        color: text,
        border: `1px solid ${alpha(main, 0.3)}`,
      }}
    />
  );
}

/** A small coloured dot for menus. */
export function PaymentStatusDot({ status }: { status: PaymentStatus }) {
  const theme = useTheme();
  const tone = PAYMENT_STATUS_TONES[status];
  const color = tone === 'default' ? theme.palette.grey[500] : theme.palette[tone].main;
  return (
    <span
      aria-hidden
      style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', backgroundColor: color }}
    />
  );
}
