import { describe, expect, it } from 'vitest';
import {
  UpstreamContractError,
  UpstreamError,
  UpstreamTimeout,
  UpstreamUnavailable,
} from '../../../upstream/errors.js';
import { readFailure, UNKNOWN_OUTCOME_MESSAGE, writeFailure } from '../../../upstream/outcome.js';
// The modules' own error texts join the catalogue when the list of modules loads (as in the gateway).
import '../../../modules.js';
import { mapWithConcurrency } from '../../../shared/bulk.js';
import { loadPaymentsConfig } from '../payments.config.js';
import { checkIdempotencyKey, checkReasonInput } from '../../../shared/inputs.js';
import { checkAddressee, methodChangeBody } from '../payments.inputs.js';
import { maskCard, mapMetadata, mapPayment, mapRefund } from '../payments.mappers.js';
import { checkoutUrl } from '../payments.present.js';
import { refundRejectionMessage } from '../status-texts.js';

/** The payment of docs/upstream-contract.md §3, with a token method and a rejected refund added. */
const RAW = {
  id: '1000001',
  status: 'approved',
  status_detail: 'accredited',
  type: 'online',
  request_date: '2025-11-03T14:22:05.123Z',
  last_update_date: '2025-11-03T14:25:00.000Z',
  due_date: '2025-11-10T03:00:00.000Z',
  last_due_date: '2025-11-20T03:00:00.000Z',
  process_date: '2025-11-03T14:25:00.000Z',
  rejected_date: null,
  cancel_date: null,
  paid_date: '2025-11-03T14:25:00.000Z',
  payer_deferred_date: null,
  payer_validation_date: null,
  accreditation_date: '2025-11-05T14:25:00.000Z',
  review_validation_date: null,
  refunded_date: null,
  external_transaction_id: '10001-48213377',
  final_amount: 30609.37,
  details: [
    {
      concept_id: 'CS-112025',
      concept_description: 'Cuota social noviembre 2025',
      amount: 30609.37,
      external_reference: 'CLU-004512-112025-1',
    },
  ],
  review: false,
  validation: true,
  notification_url: 'https://api.clubatleticosan.com.ar/webhooks/pagos',
  back_url: null,
  charge_delay: 150,
  rate: 3.5,
  version: 2,
  last_modified: true,
  fee_details: [{ type: 'collection_fee', description: 'Comisión por cobranza', rate: 3.9, amount: 1193.77 }],
  currency_id: 'ARS',
  relateds: [{ type: 'retry', paymentId: '1000022' }],
  payment_methods: [
    {
      media_payment_id: 9,
      media_payment_detail: 'visa',
      coupon_number: null,
      first_six_digits: '450799',
      last_four_digits: '1234',
      expiration_month: 3,
      expiration_year: 2029,
      promotion_id: null,
      amount: 30609.37,
      final_amount: 30609.37,
      currency_id: 'ARS',
      installments: 0,
      authorization_code: '123456',
      type: 'online',
      currency_conversion_info: null,
      gateway: {
        batch_number: '012',
        ticket_number: '4567',
        transaction_id: '9876543210',
        status: 'approved',
        status_detail: 'accredited',
        ppt_owner: 'prisma',
      },
    },
    {
      media_payment_id: 92,
      type: 'online',
      amount: 10,
      final_amount: 10,
      currency_conversion_info: {
        conversion_factor: 1045.5,
        original_currency: 'USD',
        destination_currency: 'ARS',
        original_amount: 10,
        converted_amount: 10455,
      },
      gateway: null,
    },
  ],
  payer: {
    id: '700001',
    name: 'María González',
    email: 'maria.gonzalez@gmail.com',
    identification: { type: 'DNI_ARG', number: '28456789', country: 'ARG' },
  },
  collector_id: '10001',
  reference: 'CLU-004512',
  refunds: [
    {
      id: '9001',
      status: 'rejected',
      status_detail: 'insufficient_funds_in_collector_account',
      type: 'total',
      amount: 30609.37,
      currency_id: 'ARS',
      transaction_id: null,
      external_reference: 'CLU-004512-112025-1',
      reason: 'Pedido del socio',
      authorization_code: null,
      gateway: { ticket_number: null, batch_number: null },
      cost_amount: 0,
      request_date: '2025-11-04T10:00:00.000Z',
      process_date: '2025-11-04T10:00:00.000Z',
      rejected_date: '2025-11-04T10:00:00.000Z',
      approved_date: null,
      last_update_date: '2025-11-04T10:00:00.000Z',
    },
  ],
  by_subscription: '5123456',
  batch_withdrawal: {
    id: '880001',
    collector_id: '10001',
    status: 'withdrawn',
    version: 4,
    creation_date: '2025-11-06T03:00:00.000Z',
  },
  metadata: {
    subscription_request: [
      { status_code: 200, subscription_id: '5123456', message: null, date: '2025-11-03T14:22:05.123Z' },
      { status_code: 409, subscription_id: null, message: 'duplicated', date: null },
    ],
    canal: 'web',
  },
  notifications: [
    { id: '7000012', date: '2025-11-03T14:22:06.000Z', type: 'email', action: 'payment_created' },
  ],
  collector_notifications: [
    {
      url: 'https://api.clubatleticosan.com.ar/webhooks/pagos',
      response: '{"received":true}',
      status: 'success',
      status_detail: 'http_200',
      retry_count: 0,
      original_request: '{}',
      last_retry: '2025-11-03T14:25:01.000Z',
    },
  ],
  source: { id: '1', name: 'API', type: 'api' },
  presets: { actions: [{ name: 'retry', active: true }] },
};

describe('payment detail mapping', () => {
  const p = mapPayment(RAW);

  it('maps every date, amount and flag of §3', () => {
    expect(p).toMatchObject({
      processDate: '2025-11-03T14:25:00.000Z',
      paidDate: '2025-11-03T14:25:00.000Z',
      accreditationDate: '2025-11-05T14:25:00.000Z',
      cancelDate: null,
      review: false,
      validation: true,
      notificationUrl: 'https://api.clubatleticosan.com.ar/webhooks/pagos',
      backUrl: null,
      chargeDelay: '150.00',
      rate: 3.5,
      reference: 'CLU-004512',
      version: 2,
      isCurrentVersion: true,
      subscriptionId: '5123456',
      relateds: [{ type: 'retry', paymentId: '1000022' }],
      feeDetails: [
        { type: 'collection_fee', description: 'Comisión por cobranza', rate: 3.9, amount: '1193.77' },
      ],
      batchWithdrawal: { id: '880001', collectorId: '10001', status: 'withdrawn', version: 4 },
      payer: { identification: { type: 'DNI_ARG', number: '28456789', country: 'ARG' } },
      source: { id: '1', name: 'API', type: 'api' },
      presets: { actions: [{ name: 'retry', active: true }] },
      notifications: [{ id: '7000012', type: 'email', action: 'payment_created' }],
      collectorNotifications: [{ status: 'success', statusDetail: 'http_200', retryCount: 0 }],
    });
  });

  it('masks the card, defaults installments to 1 and the holder to "deconocido"', () => {
    const [visa, token] = p.paymentMethods;
    expect(visa).toMatchObject({
      index: 0,
      cardMasked: '450799******1234',
      installments: 1,
      holderName: 'deconocido',
      isToken: false,
      gateway: { batchNumber: '012', ticketNumber: '4567', status: 'approved', pptOwner: 'prisma' },
    });
    expect(token).toMatchObject({
      index: 1,
      cardMasked: null,
      isToken: true,
      currencyConversionInfo: {
        conversionFactor: 1045.5,
        originalCurrency: 'USD',
        destinationCurrency: 'ARS',
        originalAmount: '10.00',
        convertedAmount: '10455.00',
      },
      gateway: null,
    });
    expect(maskCard('450799', '1234')).toBe('450799******1234');
    expect(maskCard(null, null)).toBeNull();
    // the owning payment id travels with the method but is not enumerable (never serialized)
    expect((visa as { paymentId?: string }).paymentId).toBe('1000001');
    expect(Object.keys(visa!)).not.toContain('paymentId');
  });

  it('maps refunds with a Spanish status detail', () => {
    expect(p.refunds[0]).toMatchObject({
      id: '9001',
      status: 'REJECTED',
      statusDetail: 'insufficient_funds_in_collector_account',
      statusDetailMessage: 'Fondos insuficientes en la cuenta de la entidad',
      amount: '30609.37',
      paymentMethodIndex: null,
    });
    expect(() => mapRefund({ id: '1', status: 'lost' })).toThrow(/refund status/);
  });

  it('turns metadata into entries, one per subscription_request element with its message and link rule', () => {
    expect(p.metadata).toEqual([
      {
        key: 'subscription_request',
        value: RAW.metadata.subscription_request[0],
        statusCode: 200,
        subscriptionId: '5123456',
        message: 'Suscripción creada correctamente.',
        linksToSubscription: true,
        date: '2025-11-03T14:22:05.123Z',
      },
      {
        key: 'subscription_request',
        value: RAW.metadata.subscription_request[1],
        statusCode: 409,
        subscriptionId: null,
        message: 'El pagador ya tiene una suscripción para este concepto.',
        linksToSubscription: false,
        date: null,
      },
      {
        key: 'canal',
        value: 'web',
        statusCode: null,
        subscriptionId: null,
        message: null,
        linksToSubscription: false,
        date: null,
      },
    ]);
    expect(mapMetadata({ subscription_request: [{ status_code: 418, message: 'teapot' }] })[0]?.message).toBe(
      'teapot',
    );
    expect(mapMetadata(null)).toEqual([]);
  });

  it('links the checkout form, with /ticket when approved', () => {
    expect(checkoutUrl({ id: '1000001', status: 'APPROVED' }, 'http://localhost:5173/formulario/')).toBe(
      'http://localhost:5173/formulario/1000001/checkout/ticket',
    );
    expect(checkoutUrl({ id: '1000005', status: 'PENDING' }, 'https://form.example')).toBe(
      'https://form.example/1000005/checkout',
    );
  });

  it('reads FORM_HOST, BULK_CONCURRENCY and BULK_MAX_ITEMS with defaults', () => {
    expect(loadPaymentsConfig({})).toEqual({
      formHost: 'http://localhost:5173/formulario',
      bulkConcurrency: 8,
      bulkMaxItems: 500,
    });
    expect(loadPaymentsConfig({ FORM_HOST: 'https://pagos.example/', BULK_CONCURRENCY: '2' })).toMatchObject({
      formHost: 'https://pagos.example',
      bulkConcurrency: 2,
    });
    expect(() => loadPaymentsConfig({ FORM_HOST: 'nope' })).toThrow(/FORM_HOST/);
    expect(() => loadPaymentsConfig({ BULK_CONCURRENCY: '0' })).toThrow(/BULK_CONCURRENCY/);
  });
});

describe('mutation inputs (same rules as the web forms)', () => {
  const NOW = new Date('2025-11-15T12:00:00Z');
  const holder = { name: 'María González', identification: { number: '28456789' } };

  it('requires a reason', () => {
    expect(() => checkReasonInput('  ')).toThrow('Disculpe, debe ingresar el motivo (reason).');
    expect(checkReasonInput('  Pedido del pagador ')).toBe('Pedido del pagador');
  });

  it('checks the idempotency key and the addressee', () => {
    expect(() => checkIdempotencyKey('short')).toThrow(/idempotencyKey/);
    expect(checkIdempotencyKey('3f1c9a2e-6b7d-4c1e-9f0a-1b2c3d4e5f60')).toHaveLength(36);
    expect(checkAddressee(null)).toBeNull();
    expect(checkAddressee(' Ana@Example.com ')).toBe('ana@example.com');
    expect(() => checkAddressee('ana@')).toThrow(/addressee/);
  });

  it('builds the card payload (DNI_ARG, ARG, month and year) and names the failing field', () => {
    expect(
      methodChangeBody({ kind: 'CARD', number: '4507990000004905', expiration: '12/2028', holder }, NOW),
    ).toEqual({
      number: '4507990000004905',
      expiration_month: 12,
      expiration_year: 2028,
      holder: {
        name: 'María González',
        identification: { type: 'DNI_ARG', number: '28456789', country: 'ARG' },
      },
    });
    const fail = (input: Parameters<typeof methodChangeBody>[0]) => {
      try {
        methodChangeBody(input, NOW);
      } catch (error) {
        return (error as { extensions: { field: string } }).extensions.field;
      }
      return null;
    };
    expect(fail({ kind: 'CARD', number: '4507', expiration: '12/2028', holder })).toBe('input.number');
    expect(fail({ kind: 'CARD', number: '4507990000004905', expiration: '10/2025', holder })).toBe(
      'input.expiration',
    );
    expect(
      fail({
        kind: 'CARD',
        number: '4507990000004905',
        expiration: '12/2028',
        holder: { ...holder, name: '' },
      }),
    ).toBe('input.holder.name');
    expect(
      fail({
        kind: 'CARD',
        number: '4507990000004905',
        expiration: '12/2028',
        holder: { name: 'Ana', identification: { number: '123' } },
      }),
    ).toBe('input.holder.identification.number');
  });

  it('builds the transfer payload (CBU, CUIT_ARG without dashes, no expiration)', () => {
    const body = methodChangeBody(
      {
        kind: 'TRANSFER',
        number: '2850590940090418135201',
        holder: { name: 'Ana', identification: { number: '20-12345678-6' } },
      },
      NOW,
    );
    expect(body).toEqual({
      number: '2850590940090418135201',
      holder: { name: 'Ana', identification: { type: 'CUIT_ARG', number: '20123456786', country: 'ARG' } },
    });
    expect(() =>
      methodChangeBody(
        {
          kind: 'TRANSFER',
          number: '123',
          holder: { name: 'Ana', identification: { number: '20123456786' } },
        },
        NOW,
      ),
    ).toThrow(/input\.number/);
  });
});

describe('mutation outcomes', () => {
  it('a timed-out write is UNKNOWN, never SUCCESS', () => {
    expect(writeFailure(new UpstreamTimeout('payment', 'POST', '/pagos/1/cancelar', 100))).toEqual({
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_TIMEOUT', extendedCode: null },
    });
  });
  it('a connection lost mid-request is UNKNOWN; one never opened is FAILED', () => {
    const reset = new UpstreamUnavailable(
      'payment',
      'POST',
      '/x',
      Object.assign(new Error('x'), { code: 'ECONNRESET' }),
    );
    const refused = new UpstreamUnavailable(
      'payment',
      'POST',
      '/x',
      new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
    );
    expect(writeFailure(reset).outcome).toBe('UNKNOWN');
    expect(writeFailure(refused).outcome).toBe('FAILED');
  });
  it('an error answer is FAILED with the catalogue text, " - ", the extended code', () => {
    expect(
      writeFailure(new UpstreamError('payment', 409, 'invalid_status', 'payment_not_cancellable')),
    ).toEqual({
      outcome: 'FAILED',
      error: {
        message: 'El pago no se puede cancelar en su estado actual - payment_not_cancellable',
        code: 'invalid_status',
        extendedCode: 'payment_not_cancellable',
      },
    });
  });
  it("a proxy's 502/504 or an unreadable 2xx (the RestClient's 502 invalid_response) is UNKNOWN", () => {
    const unknown = (code: string) => ({
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code, extendedCode: null },
    });
    expect(writeFailure(new UpstreamError('payment', 504, null, null))).toEqual(unknown('UPSTREAM_TIMEOUT'));
    expect(writeFailure(new UpstreamError('payment', 502, null, null))).toEqual(unknown('UPSTREAM_ERROR'));
    expect(writeFailure(new UpstreamError('payment', 502, 'invalid_response', null))).toEqual(
      unknown('UPSTREAM_ERROR'),
    );
    // The stubs' injected 500 is answered before any change (docs/upstream-contract.md §2): FAILED.
    expect(writeFailure(new UpstreamError('payment', 500, 'internal_error', 'injected_fault')).outcome).toBe(
      'FAILED',
    );
    expect(writeFailure(new UpstreamError('payment', 503, null, null)).outcome).toBe('FAILED');
  });
  it('a 2xx answer that breaks the contract is UNKNOWN (the service did something)', () => {
    expect(writeFailure(new UpstreamContractError('unknown payment status: "x"'))).toEqual({
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_ERROR', extendedCode: null },
    });
  });
  it('a failed read before the write is FAILED (nothing was written)', () => {
    expect(readFailure(new UpstreamTimeout('payment', 'GET', '/pagos/1', 100)).outcome).toBe('FAILED');
  });
  it('rethrows defects', () => {
    expect(() => writeFailure(new Error('bug'))).toThrow('bug');
  });
  it('formats a refund rejection with the Spanish status detail', () => {
    expect(refundRejectionMessage('insufficient_funds_in_collector_account')).toBe(
      'Fondos insuficientes en la cuenta de la entidad - insufficient_funds_in_collector_account',
    );
    expect(refundRejectionMessage('weird')).toBe('La devolución fue rechazada - weird');
  });
  it('runs with bounded concurrency and keeps the order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapWithConcurrency([5, 1, 4, 2, 3, 0, 6, 7, 8, 9], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 2;
    });
    expect(out).toEqual([10, 2, 8, 4, 6, 0, 12, 14, 16, 18]);
    expect(peak).toBe(3);
  });
});
