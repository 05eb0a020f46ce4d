/**
 * Decimal arithmetic on the gateway's money strings ("1234.50"), in integer cents: amounts are never
 * floats. Used for what is left to refund and the totals the confirmation dialogs show.
 */

/** "1234.5" -> 123450; null/invalid -> 0. */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  const match = /^([+-])?(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  const units = Number(match[2] || '0');
  const cents = Number((match[3] ?? '').padEnd(2, '0'));
  return sign * (units * 100 + cents);
}

/** 123450 -> "1234.50". */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sumAmounts(values: readonly (string | null | undefined)[]): string {
  return fromCents(values.reduce((total, value) => total + toCents(value), 0));
}

interface RefundLike {
  status: string;
  amount?: string | null;
}

/** Approved refunds so far. */
export function refundedAmount(refunds: readonly RefundLike[]): string {
  return sumAmounts(refunds.filter((r) => r.status === 'APPROVED').map((r) => r.amount));
}

/** What a total refund or a reverse returns: the final amount minus approved refunds (never below 0). */
export function remainingAmount(finalAmount: string, refunds: readonly RefundLike[]): string {
  return fromCents(Math.max(0, toCents(finalAmount) - toCents(refundedAmount(refunds))));
}

interface MethodLike {
  finalAmount?: string | null;
  amount?: string | null;
  gateway?: { status?: string | null } | null;
}

/** The methods a partial refund returns: those whose gateway status is approved (spec 000 §4). */
export function approvedMethods<T extends MethodLike>(methods: readonly T[]): T[] {
  return methods.filter((m) => (m.gateway?.status ?? '').toLowerCase() === 'approved');
}

/** Total of a partial refund: each approved method for its final amount. */
export function partialRefundTotal(methods: readonly MethodLike[]): string {
  return sumAmounts(approvedMethods(methods).map((m) => m.finalAmount ?? m.amount));
}
