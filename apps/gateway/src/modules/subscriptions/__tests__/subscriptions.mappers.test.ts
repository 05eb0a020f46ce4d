import { describe, expect, it } from 'vitest';
import { UpstreamContractError } from '../../../upstream/errors.js';
import { mapSubscription, mapSubscriptionHistoryRow } from '../subscriptions.mappers.js';

const raw = (over: Record<string, unknown> = {}) => ({
  id: 3000001,
  type: 'adhesion',
  status: 'active',
  status_detail: 'accredited',
  amount: 1500.1,
  currency_id: 'ARS',
  periods: 12,
  detail: { concept_id: 'cuota', concept_description: 'Cuota social', external_reference: 'EXT-1' },
  review: false,
  validation: true,
  due_day: 10,
  created_payments: 3,
  recurrence: 'monthly',
  notification_url: 'https://collector.example/hook',
  back_url: 'https://collector.example/back',
  return_url: 'https://collector.example/return',
  request_date: '2025-01-02T13:00:00.000Z',
  last_update_date: '2025-03-02T13:00:00Z',
  cancel_date: null,
  subscribed_date: '2025-01-03T13:00:00.000Z',
  start_date: '2025-01-10T03:00:00.000Z',
  metadata: { plan: 'gold', tags: ['a'] },
  notifications: [
    { id: 7, date: '2025-01-03T13:00:00.000Z', type: 'email', action: 'subscription_created' },
    {},
  ],
  source: { id: 'api', name: 'API', type: 'integration' },
  payment_method: { media_payment_id: 1, last_four_digits: '4321' },
  payer: { name: 'Ana Gómez', email: 'ana@example.com' },
  collector_id: 10001,
  payments_periods: [
    { period: '2025-01', payment_id: 1000001 },
    { period: '2025-03', payment_id: null },
    { period: '2025-02', payment_id: '1000002' },
    { payment_id: 5 },
  ],
  version: 4,
  cancel_reason: null,
  ...over,
});

describe('subscription mapper', () => {
  it('maps every field: enums, Decimal text, ISO dates, ids as text, periods newest first', () => {
    const s = mapSubscription(raw());
    expect(s).toMatchObject({
      id: '3000001',
      type: 'ADHESION',
      status: 'ACTIVE',
      amount: '1500.10',
      periods: 12,
      detail: { conceptId: 'cuota', conceptDescription: 'Cuota social', externalReference: 'EXT-1' },
      dueDay: 10,
      createdPayments: 3,
      recurrence: 'monthly',
      returnUrl: 'https://collector.example/return',
      requestDate: '2025-01-02T13:00:00.000Z',
      lastUpdateDate: '2025-03-02T13:00:00.000Z',
      cancelDate: null,
      subscribedDate: '2025-01-03T13:00:00.000Z',
      startDate: '2025-01-10T03:00:00.000Z',
      finishedDate: null,
      paymentMethod: { mediaPaymentId: 1, lastFourDigits: '4321' },
      payer: { name: 'Ana Gómez', email: 'ana@example.com' },
      collectorId: '10001',
      version: 4,
      isCurrentVersion: true,
      source: { id: 'api', name: 'API', type: 'integration' },
    });
    expect(s.paymentsPeriods).toEqual([
      { period: '2025-03', paymentId: null },
      { period: '2025-02', paymentId: '1000002' },
      { period: '2025-01', paymentId: '1000001' },
    ]);
    expect(s.metadata).toEqual([
      { key: 'plan', value: 'gold' },
      { key: 'tags', value: ['a'] },
    ]);
    expect(s.notifications).toEqual([
      { id: '7', date: '2025-01-03T13:00:00.000Z', type: 'email', action: 'subscription_created' },
    ]);
  });

  it('no payment method is null (Sin medio de pago); last_modified false is an older version', () => {
    const s = mapSubscription(raw({ payment_method: null, last_modified: false, status: 'cancelled' }));
    expect(s.paymentMethod).toBeNull();
    expect(s.isCurrentVersion).toBe(false);
    expect(s.status).toBe('CANCELLED');
  });

  it('an unknown status or type, or a missing amount, breaks the contract', () => {
    expect(() => mapSubscription(raw({ status: 'paused' }))).toThrow(UpstreamContractError);
    expect(() => mapSubscription(raw({ type: 'other' }))).toThrow(UpstreamContractError);
    expect(() => mapSubscription(raw({ amount: null }))).toThrow(UpstreamContractError);
  });

  it('maps a history row', () => {
    expect(
      mapSubscriptionHistoryRow({
        version: 2,
        last_update_date: '2025-01-01T00:00:00.000Z',
        id: 9,
        status: 'pending',
      }),
    ).toEqual({
      version: 2,
      lastUpdateDate: '2025-01-01T00:00:00.000Z',
      id: '9',
      status: 'PENDING',
    });
  });
});
