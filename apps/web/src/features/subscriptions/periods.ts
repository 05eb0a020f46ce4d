/** Payment periods of a subscription (spec 000 §2, §9): newest first, 5 shown, 5 more per click. */

export const PERIODS_STEP = 5;

export interface PaymentPeriod {
  /** 'YYYY-MM' */
  period: string;
  paymentId?: string | null;
}

/** Newest first ('YYYY-MM' sorts as text); equal periods keep their order. */
export function periodsNewestFirst<P extends PaymentPeriod>(periods: readonly P[]): P[] {
  return periods
    .map((p, index) => ({ p, index }))
    .sort((a, b) => b.p.period.localeCompare(a.p.period) || a.index - b.index)
    .map(({ p }) => p);
}

/** How many are shown after `clicks` presses of 'Cargar períodos anteriores' (never more than there are). */
export function visiblePeriodCount(total: number, clicks: number): number {
  return Math.min(total, PERIODS_STEP * (clicks + 1));
}

const monthFormat = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric' });

/** 'marzo 2025' for '2025-03'; anything else as it came. */
export function periodText(period: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!match) return period;
  const text = monthFormat.format(new Date(Number(match[1]), Number(match[2]) - 1, 1));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
