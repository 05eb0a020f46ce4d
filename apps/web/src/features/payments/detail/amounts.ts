import {
  maxMoney,
  moneyOrNull,
  subMoney,
  sumMoney,
  toDecimalString,
  type Money,
} from '@backoffice/validators';

/**
 * Arithmetic on the gateway's money strings ("1234.50") with the one money module of `@backoffice/validators`
 * (exact decimals, never floats). Used for what is left to refund and the totals the confirmation dialogs
 * show; every result is the Decimal text with two decimals.
 */

/** An amount, or nothing when it is absent or not an amount (it then adds nothing). */
function amountOf(value: string | null | undefined): Money | null {
  try {
    return moneyOrNull(value);
  } catch {
    return null;
  }
}

/** The sum of the amounts present, as "1234.50" ("0.00" for none). */
export function sumAmounts(values: readonly (string | null | undefined)[]): string {
  return toDecimalString(sumMoney(values.map(amountOf).filter((v): v is Money => v !== null)));
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
  return toDecimalString(maxMoney(0, subMoney(amountOf(finalAmount) ?? 0, refundedAmount(refunds))));
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
