import { byEnum, PAYMENT_STATUS_TEXTS } from '@backoffice/validators';
import { statusDetailLabel } from '@/lib/code-label';
import type { PaymentStatus } from './gql/graphql';

/** The payment statuses in the order the status menu lists them (spec 000 §4). */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'PENDING',
  'ISSUED',
  'APPROVED',
  'PARTIAL',
  'REJECTED',
  'REFUNDED',
  'OBJECTED',
  'OVERDUE',
];

/** The validators' catalogue, which the files an operator downloads use too. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = byEnum(PAYMENT_STATUS_TEXTS);

/** MUI palette colour of each status chip. */
export type PaymentStatusTone =
  'default' | 'info' | 'success' | 'warning' | 'error' | 'secondary' | 'primary';

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, PaymentStatusTone> = {
  PENDING: 'warning',
  ISSUED: 'info',
  APPROVED: 'success',
  PARTIAL: 'primary',
  REJECTED: 'error',
  REFUNDED: 'secondary',
  OBJECTED: 'error',
  OVERDUE: 'default',
};

/** The upstream spelling (lowercase), used in URLs: approved, refunded... */
export function paymentStatusToParam(status: PaymentStatus): string {
  return status.toLowerCase();
}

export function paymentStatusFromParam(value: string | null | undefined): PaymentStatus | null {
  if (!value) return null;
  const upper = value.trim().toUpperCase();
  return (PAYMENT_STATUSES as readonly string[]).includes(upper) ? (upper as PaymentStatus) : null;
}

export function paymentStatusLabel(status: PaymentStatus | null | undefined): string {
  return status ? PAYMENT_STATUS_LABELS[status] : '';
}

/** A payment's state as an operator reads it: its status, then its status detail ('Aprobado · Acreditado'). */
export function paymentStateText(payment: { status: PaymentStatus; statusDetail?: string | null }): string {
  const detail = payment.statusDetail ? statusDetailLabel(payment.statusDetail) : '';
  return [paymentStatusLabel(payment.status), detail].filter(Boolean).join(' · ');
}
