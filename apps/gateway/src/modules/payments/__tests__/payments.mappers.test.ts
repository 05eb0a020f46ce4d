import { describe, expect, it } from 'vitest';
import { mapPayment, mapPaymentStatus } from '../payments.mappers.js';
import { PAYMENT_METHODS, paymentMethodName } from '../payment-methods.js';
import { reportUnknownCodesTo } from '../../../shared/codes.js';

const raw = {
  id: 'P-1001',
  status: 'approved',
  status_detail: 'accredited',
  type: 'online',
  request_date: '2025-03-10T14:30:00.000-03:00',
  last_update_date: '2025-03-10T14:31:00.000-03:00',
  due_date: null,
  refunded_date: undefined,
  external_transaction_id: 'EXT-1',
  final_amount: 1500.1,
  currency_id: 'ARS',
  details: [
    { concept_id: 'CUOTA', concept_description: 'Cuota marzo', amount: 1500.1, external_reference: 'REF-1' },
    { concept_id: 'OTRO', concept_description: 'Otro', amount: 0 },
  ],
  payer: { id: 77, name: 'Ana Gómez', email: 'ana@example.com' },
  payment_methods: [
    {
      media_payment_id: 10,
      first_six_digits: '450799',
      last_four_digits: '1234',
      amount: 1500.1,
      final_amount: 1500.1,
    },
    { media_payment_id: 300, installments: 3 },
  ],
  collector_id: 1001,
  version: 2,
};

describe('payments mappers', () => {
  it('maps snake_case to the GraphQL Payment', () => {
    expect(mapPayment(raw)).toMatchObject({
      id: 'P-1001',
      status: 'APPROVED',
      statusDetail: 'accredited',
      type: 'ONLINE',
      requestDate: '2025-03-10T17:30:00.000Z',
      lastUpdateDate: '2025-03-10T17:31:00.000Z',
      dueDate: null,
      lastDueDate: null,
      refundedDate: null,
      externalTransactionId: 'EXT-1',
      finalAmount: '1500.10',
      currencyId: 'ARS',
      details: [
        {
          conceptId: 'CUOTA',
          conceptDescription: 'Cuota marzo',
          amount: '1500.10',
          externalReference: 'REF-1',
        },
        { conceptId: 'OTRO', conceptDescription: 'Otro', amount: '0.00', externalReference: null },
      ],
      conceptId: 'CUOTA',
      conceptDescription: 'Cuota marzo',
      payer: { id: '77', name: 'Ana Gómez', email: 'ana@example.com' },
      paymentMethods: [
        {
          mediaPaymentId: 10,
          mediaPaymentName: 'Visa Débito',
          mediaPaymentDetail: null,
          firstSixDigits: '450799',
          lastFourDigits: '1234',
          amount: '1500.10',
          finalAmount: '1500.10',
          currencyId: null,
          installments: 1,
          type: null,
        },
        {
          mediaPaymentId: 300,
          mediaPaymentName: null,
          mediaPaymentDetail: null,
          firstSixDigits: null,
          lastFourDigits: null,
          amount: null,
          finalAmount: null,
          currencyId: null,
          installments: 3,
          type: null,
        },
      ],
      collectorId: '1001',
      version: 2,
      isCurrentVersion: true,
    });
  });

  it('marks old versions and tolerates missing optional parts', () => {
    const payment = mapPayment({
      id: 5,
      status: 'OVERDUE',
      request_date: '2025-01-01T00:00:00Z',
      final_amount: '10',
      collector_id: '9',
      last_modified: false,
    });
    expect(payment).toMatchObject({
      id: '5',
      status: 'OVERDUE',
      type: null,
      finalAmount: '10.00',
      currencyId: 'ARS',
      details: [],
      conceptId: null,
      payer: null,
      paymentMethods: [],
      isCurrentVersion: false,
    });
    expect(mapPayment({ ...raw, last_modified: true }).isCurrentVersion).toBe(true);
  });

  it('maps every status of the spec and refuses unknown ones', () => {
    for (const s of [
      'pending',
      'issued',
      'approved',
      'partial',
      'rejected',
      'refunded',
      'objected',
      'overdue',
    ]) {
      expect(mapPaymentStatus(s)).toBe(s.toUpperCase());
    }
    expect(() => mapPaymentStatus('lost')).toThrow(/unknown payment status/);
    expect(() => mapPayment({ ...raw, final_amount: undefined })).toThrow(/final_amount/);
  });

  it('maps the closed code sets to their enums; an unknown code is OTHER, logged once, and the payment still maps', () => {
    const warnings: unknown[] = [];
    reportUnknownCodesTo({ warn: (msg, fields) => warnings.push([msg, fields]) });
    const payment = mapPayment({
      ...raw,
      currency_id: 'usd',
      payment_methods: [
        { media_payment_id: 9, type: 'ONLINE', currency_id: 'ARS' },
        { media_payment_id: 1, type: 'debit' },
        { media_payment_id: 3, type: 'billetera-x', currency_id: 'XYZ' },
        {
          media_payment_id: 92,
          type: 'online',
          currency_conversion_info: { original_currency: 'USD', destination_currency: 'ARS' },
        },
      ],
      refunds: [
        { id: 'R-1', status: 'approved', type: 'reversal', currency_id: 'ARS' },
        { id: 'R-2', status: 'approved', type: 'devolucion-rara-46' },
      ],
    });
    expect(payment.currencyId).toBe('USD');
    expect(payment.paymentMethods.map((m) => [m.type, m.currencyId])).toEqual([
      ['ONLINE', 'ARS'],
      ['DEBIT', null],
      ['OTHER', 'OTHER'],
      ['ONLINE', null],
    ]);
    expect(payment.paymentMethods[3]!.currencyConversionInfo).toMatchObject({
      originalCurrency: 'USD',
      destinationCurrency: 'ARS',
    });
    // A partial refund sends the service its own code back, not the schema's OTHER.
    expect(payment.paymentMethods[2]!.upstreamType).toBe('billetera-x');
    expect(payment.refunds.map((r) => r.type)).toEqual(['REVERSAL', 'OTHER']);
    // Without a currency the payment is in pesos, as before.
    expect(mapPayment({ ...raw, currency_id: undefined }).currencyId).toBe('ARS');
    mapPayment({ ...raw, refunds: [{ id: 'R-3', status: 'approved', type: 'devolucion-rara-46' }] });
    expect(warnings).toEqual([
      ['unknown upstream code', { set: 'currency', code: 'XYZ' }],
      ['unknown upstream code', { set: 'payment method type', code: 'billetera-x' }],
      ['unknown upstream code', { set: 'refund type', code: 'devolucion-rara-46' }],
    ]);
  });

  it('names payment methods from the local catalogue', () => {
    expect(paymentMethodName(9)).toBe('Visa');
    expect(paymentMethodName(94)).toBe('Transferencia');
    expect(paymentMethodName(97)).toBe('Rapipago');
    expect(paymentMethodName(92)).toBe('Tokens');
    expect(paymentMethodName(null)).toBeNull();
    expect(new Set(PAYMENT_METHODS.map((m) => m.id)).size).toBe(PAYMENT_METHODS.length);
  });

  it('holds the codes of spec 001 §3, in id order, with the cards marked', () => {
    const ids = PAYMENT_METHODS.map((m) => m.id);
    expect(ids).toHaveLength(41);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).not.toContain(28);
    expect(ids).not.toContain(93);
    const byId = new Map(PAYMENT_METHODS.map((m) => [m.id, m]));
    expect(byId.get(9)).toEqual({ id: 9, code: 'visa', name: 'Visa', isCard: true });
    expect(byId.get(98)).toEqual({ id: 98, code: 'pagofacil', name: 'Pago Fácil', isCard: false });
    // Cards: 2 to 32 and the token type 92; CBU, transfer, cash, cheque and the rest are not.
    expect(PAYMENT_METHODS.filter((m) => m.isCard).map((m) => m.id)).toEqual(
      ids.filter((id) => (id >= 2 && id <= 32) || id === 92),
    );
  });
});
