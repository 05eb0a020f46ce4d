import { describe, expect, it } from 'vitest';
import { approvedMethods, partialRefundTotal, refundedAmount, remainingAmount, sumAmounts } from '../amounts';

describe('money strings', () => {
  it('ignores absent or unreadable amounts, and keeps sub-cent input exact until the two-decimal text', () => {
    expect(sumAmounts(['1234.50', null, undefined, 'abc', '-3.25'])).toBe('1231.25');
    expect(sumAmounts(['0.005', '0.005'])).toBe('0.01');
    expect(sumAmounts(['12345678901234567.89', '0.11'])).toBe('12345678901234568.00');
  });

  it('adds amounts exactly (0.1 + 0.2 = 0.30)', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts([])).toBe('0.00');
  });
});

describe('refund amounts', () => {
  const refunds = [
    { status: 'APPROVED', amount: '100.00' },
    { status: 'REJECTED', amount: '500.00' },
    { status: 'APPROVED', amount: '50.25' },
  ];

  it('counts only approved refunds', () => {
    expect(refundedAmount(refunds)).toBe('150.25');
  });

  it('leaves the final amount minus approved refunds, never below zero', () => {
    expect(remainingAmount('1000.00', refunds)).toBe('849.75');
    expect(remainingAmount('100.00', refunds)).toBe('0.00');
    expect(remainingAmount('30609.37', [])).toBe('30609.37');
  });

  it('partial refund returns each gateway-approved method for its final amount', () => {
    const methods = [
      { finalAmount: '1000.00', gateway: { status: 'approved' } },
      { finalAmount: '250.50', gateway: { status: 'APPROVED' } },
      { finalAmount: '999.00', gateway: { status: 'rejected' } },
      { finalAmount: '10.00', gateway: null },
    ];
    expect(approvedMethods(methods)).toHaveLength(2);
    expect(partialRefundTotal(methods)).toBe('1250.50');
  });
});
