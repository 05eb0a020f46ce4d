import { describe, expect, it } from 'vitest';
import {
  EMPTY_PAYMENT_METHOD_CATALOGUE,
  describePaymentMethods,
  paymentMethodCatalogue,
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

describe('payment-method labels and search over the gateway catalogue', () => {
  // A slice of the gateway's catalogue (Query.paymentMethodCatalogue), as it answers it.
  const catalogue = paymentMethodCatalogue(
    [
      [1, 'CBU', false],
      [5, 'Mastercard', true],
      [9, 'Visa', true],
      [10, 'Visa Débito', true],
      [11, 'Visa Naranja', true],
      [27, 'Mastercard Débito', true],
      [29, 'Cordobesa Visa', true],
      [30, 'Nativa Visa', true],
      [31, 'Cabal Débito', true],
      [95, 'Efectivo', false],
      [98, 'Pago Fácil', false],
    ].map(([mediaPaymentId, name, isCard]) => ({
      mediaPaymentId: mediaPaymentId as number,
      name: name as string,
      isCard: isCard as boolean,
    })),
  );

  it('finds an entry by media payment id', () => {
    expect(catalogue.find(98)?.name).toBe('Pago Fácil');
    expect(catalogue.find(9)?.isCard).toBe(true);
    expect(catalogue.find(500)).toBeUndefined();
    expect(catalogue.find(null)).toBeUndefined();
  });

  it('searches the names by case- and accent-insensitive substring', () => {
    const ids = (text: string) => searchPaymentMethods(catalogue, text).map((e) => e.mediaPaymentId);
    expect(ids('VISA')).toEqual([9, 10, 11, 29, 30]);
    expect(ids('debito')).toEqual([10, 27, 31]);
    expect(ids('  ')).toHaveLength(catalogue.entries.length);
    expect(ids('zzz')).toEqual([]);
  });

  it('describes methods with a masked card number only for cards', () => {
    const describe = (methods: Parameters<typeof describePaymentMethods>[0]) =>
      describePaymentMethods(methods, catalogue);
    expect(describe([{ mediaPaymentId: 9, mediaPaymentName: 'Visa', lastFourDigits: '1234' }])).toBe(
      'Visa •••• 1234',
    );
    expect(describe([{ mediaPaymentId: 10, lastFourDigits: '98761234' }])).toBe('Visa Débito •••• 1234');
    expect(describe([{ mediaPaymentId: 95, lastFourDigits: '1234' }])).toBe('Efectivo');
    expect(describe([{ mediaPaymentId: 1, mediaPaymentName: 'CBU' }])).toBe('CBU');
    expect(describe([{ mediaPaymentId: 500 }])).toBe('Medio 500');
    expect(describe([{ mediaPaymentId: 5, lastFourDigits: '4444' }, { mediaPaymentId: 95 }])).toBe(
      'Mastercard •••• 4444 + Efectivo',
    );
    expect(describe([])).toBe('');
  });

  it('before the catalogue arrives: the gateway names, unmasked', () => {
    expect(
      describePaymentMethods(
        [{ mediaPaymentId: 9, mediaPaymentName: 'Visa', lastFourDigits: '1234' }],
        EMPTY_PAYMENT_METHOD_CATALOGUE,
      ),
    ).toBe('Visa');
  });
});
