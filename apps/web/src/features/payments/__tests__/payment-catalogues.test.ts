import { describe, expect, it } from 'vitest';
import {
  PAYMENT_METHODS,
  describePaymentMethods,
  findPaymentMethod,
  searchPaymentMethods,
} from '../payment-methods';
import {
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  paymentStatusFromParam,
  paymentStatusLabel,
  paymentStatusToParam,
} from '../payment-status';

describe('payment statuses', () => {
  it('has the Spanish label of every status', () => {
    expect(PAYMENT_STATUS_LABELS).toEqual({
      PENDING: 'Pendiente',
      ISSUED: 'Emitido',
      APPROVED: 'Aprobado',
      PARTIAL: 'Parcial',
      REJECTED: 'Rechazado',
      REFUNDED: 'Devuelto',
      OBJECTED: 'Objetado',
      OVERDUE: 'Vencido',
    });
    expect(PAYMENT_STATUSES).toHaveLength(8);
    expect(paymentStatusLabel('REFUNDED')).toBe('Devuelto');
    expect(paymentStatusLabel(null)).toBe('');
  });

  it('converts to and from the URL spelling', () => {
    for (const status of PAYMENT_STATUSES) {
      expect(paymentStatusFromParam(paymentStatusToParam(status))).toBe(status);
    }
    expect(paymentStatusToParam('APPROVED')).toBe('approved');
    expect(paymentStatusFromParam('')).toBeNull();
    expect(paymentStatusFromParam('cancelled')).toBeNull();
  });
});

describe('payment-method catalogue', () => {
  it('holds the codes of spec 001 §3, unique', () => {
    const codes = PAYMENT_METHODS.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(41);
    expect(codes).not.toContain(28);
    expect(codes).not.toContain(93);
    expect(findPaymentMethod(9)?.name).toBe('visa');
    expect(findPaymentMethod(92)?.name).toBe('tokens');
    expect(findPaymentMethod(98)?.description).toBe('Pago Fácil');
    expect(findPaymentMethod(null)).toBeUndefined();
  });

  it('searches the description by case- and accent-insensitive substring', () => {
    expect(searchPaymentMethods('VISA').map((entry) => entry.code)).toEqual([9, 10, 11, 29, 30]);
    expect(searchPaymentMethods('debito').map((entry) => entry.code)).toEqual([10, 27, 31]);
    expect(searchPaymentMethods('  ')).toHaveLength(PAYMENT_METHODS.length);
    expect(searchPaymentMethods('zzz')).toEqual([]);
  });

  it('describes methods with a masked card number only for cards', () => {
    expect(
      describePaymentMethods([{ mediaPaymentId: 9, mediaPaymentName: 'Visa', lastFourDigits: '1234' }]),
    ).toBe('Visa •••• 1234');
    expect(describePaymentMethods([{ mediaPaymentId: 10, lastFourDigits: '98761234' }])).toBe(
      'Visa Débito •••• 1234',
    );
    expect(describePaymentMethods([{ mediaPaymentId: 95, lastFourDigits: '1234' }])).toBe('Efectivo');
    expect(describePaymentMethods([{ mediaPaymentId: 1, mediaPaymentName: 'CBU' }])).toBe('CBU');
    expect(describePaymentMethods([{ mediaPaymentId: 500 }])).toBe('Medio 500');
    expect(
      describePaymentMethods([{ mediaPaymentId: 5, lastFourDigits: '4444' }, { mediaPaymentId: 95 }]),
    ).toBe('Mastercard •••• 4444 + Efectivo');
    expect(describePaymentMethods([])).toBe('');
  });
});
