import type { CSSProperties } from 'react';
import Chip from '@mui/material/Chip';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { PaymentStatus } from '../gql/graphql';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES } from '../payment-status';

/** Each status's soft colours, made once per theme (one object per status, shared by every chip). */
const chipStyles = new WeakMap<Theme, Map<PaymentStatus, CSSProperties>>();

function chipStyleOf(theme: Theme, status: PaymentStatus): CSSProperties {
  let styles = chipStyles.get(theme);
  if (!styles) chipStyles.set(theme, (styles = new Map()));
  let style = styles.get(status);
  if (!style) {
    const tone = PAYMENT_STATUS_TONES[status];
    const main = tone === 'default' ? theme.palette.grey[600] : theme.palette[tone].main;
    style = {
      fontWeight: 600,
      fontSize: '0.75rem',
      height: 22,
      backgroundColor: alpha(main, 0.12),
      color: tone === 'default' ? theme.palette.grey[800] : theme.palette[tone].dark,
      border: `1px solid ${alpha(main, 0.3)}`,
    };
    styles.set(status, style);
  }
  return style;
}

/**
 * A payment status as a soft coloured chip with its Spanish label. Its colours are an inline style shared by every
 * chip of the status, not an `sx`: a list page renders one per row, and an `sx` made emotion resolve, serialize
 * and hash a style object for each of them on every render.
 */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const theme = useTheme();
  return (
    <Chip
      size="small"
      label={PAYMENT_STATUS_LABELS[status]}
      data-status={status.toLowerCase()}
      style={chipStyleOf(theme, status)}
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
