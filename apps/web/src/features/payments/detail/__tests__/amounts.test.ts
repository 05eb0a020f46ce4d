import { describe, expect, it } from 'vitest';
import {
  approvedMethods,
  fromCents,
  partialRefundTotal,
  refundedAmount,
  remainingAmount,
  sumAmounts,
  toCents,
} from '../amounts';

describe('money strings in cents', () => {
  it('parses decimals without floats', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('7')).toBe(700);
    expect(toCents('-3.25')).toBe(-325);
    expect(toCents(null)).toBe(0);
    expect(toCents('abc')).toBe(0);
    expect(fromCents(123450)).toBe('1234.50');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-325)).toBe('-3.25');
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
