import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type {
  SubscriptionActionKind,
  SubscriptionStatus,
  SubscriptionType,
} from '../../../generated/resolvers-types.js';
import {
  SUBSCRIPTION_ACTION_KINDS,
  SUBSCRIPTION_REASONS,
  subscriptionBulkEligibility,
  subscriptionFilters,
  subscriptionListQuery,
  subscriptionSorts,
  subscriptionToolbar,
  type SubscriptionForRules,
} from '../subscriptions.rules.js';

const ALL = [
  'SUBSCRIPTION_CANCEL',
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_REMOVE_PAYMENT_METHOD',
  'SUBSCRIPTION_HISTORY_SHOW',
  'NOTIFICATION_SEND',
];

const sub = (over: Partial<SubscriptionForRules> = {}): SubscriptionForRules => ({
  status: 'ACTIVE',
  type: 'SUBSCRIPTION',
  paymentMethod: { mediaPaymentId: 1, lastFourDigits: '1234' },
  payer: { name: 'Ana Gómez', email: 'ana@example.com' },
  isCurrentVersion: true,
  ...over,
});

const decide = (kind: SubscriptionActionKind, over: Partial<SubscriptionForRules> = {}, perms = ALL) =>
  subscriptionToolbar.decide(kind, sub(over), perms);

const badInput = (fn: () => unknown, field: string) => {
  let thrown: unknown = null;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GraphQLError);
  expect((thrown as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
  expect((thrown as GraphQLError).extensions.field).toBe(field);
};

describe('subscription list query', () => {
  it('reads the free search as an id, an e-mail or part of the payer name', () => {
    expect(subscriptionFilters({ search: ' 3000123 ' })).toEqual([
      { field: 'id', operation: 'EQUAL', value: '3000123' },
    ]);
    expect(subscriptionFilters({ search: 'Ana.Gomez@Mail.COM' })).toEqual([
      { field: 'payer.email', operation: 'EQUAL', value: 'ana.gomez@mail.com' },
    ]);
    expect(subscriptionFilters({ search: 'Gómez' })).toEqual([
      { field: 'payer.name', operation: 'CONTAINS', value: 'Gómez' },
    ]);
    expect(subscriptionFilters({ search: '  ' })).toEqual([]);
    expect(subscriptionFilters(null)).toEqual([]);
  });

  it('maps payer e-mail, collector, status, type and the request_date period', () => {
    expect(
      subscriptionFilters({
        payerEmail: ' Pagador@Example.com ',
        collectorId: '10001',
        status: 'CANCELLED',
        type: 'ADHESION',
        from: '2025-01-01T03:00:00.000Z',
        to: '2025-02-01T02:59:59.999Z',
      }),
    ).toEqual(
      [
        ['payer.email', 'EQUAL', 'pagador@example.com'],
        ['collector_id', 'EQUAL', '10001'],
        ['status', 'EQUAL', 'cancelled'],
        ['type', 'EQUAL', 'adhesion'],
        ['request_date', 'GREATER_THAN_OR_EQUAL_TO', '2025-01-01T03:00:00.000Z'],
        ['request_date', 'LESS_THAN_OR_EQUAL_TO', '2025-02-01T02:59:59.999Z'],
      ].map(([field, operation, value]) => ({ field, operation, value })),
    );
  });

  it('payment type DEBIT is the CBU debit, CARD every card; with media payment ids both must match', () => {
    expect(subscriptionFilters({ paymentType: 'DEBIT' })).toEqual([
      { field: 'payment_method.media_payment_id', operation: 'IN', value: [1] },
    ]);
    const card = subscriptionFilters({ paymentType: 'CARD' })![0]!;
    expect(card.value).toEqual(expect.arrayContaining([2, 5, 9, 10, 92]));
    expect(card.value).not.toContain(1);
    expect(card.value).not.toContain(94);
    expect(subscriptionFilters({ mediaPaymentIds: [9, 9, 10] })).toEqual([
      { field: 'payment_method.media_payment_id', operation: 'IN', value: [9, 10] },
    ]);
    expect(subscriptionFilters({ paymentType: 'CARD', mediaPaymentIds: [1, 9] })).toEqual([
      { field: 'payment_method.media_payment_id', operation: 'IN', value: [9] },
    ]);
    // Nothing can match: no upstream call.
    expect(subscriptionFilters({ paymentType: 'DEBIT', mediaPaymentIds: [9] })).toBeNull();
  });

  it('refuses bad filters with BAD_USER_INPUT naming the field', () => {
    badInput(() => subscriptionFilters({ collectorId: '   ' }), 'filter.collectorId');
    badInput(() => subscriptionFilters({ payerEmail: 'x'.repeat(255) }), 'filter.payerEmail');
    badInput(() => subscriptionFilters({ mediaPaymentIds: [-1] }), 'filter.mediaPaymentIds');
    badInput(
      () => subscriptionFilters({ from: '2025-02-01T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' }),
      'filter.from',
    );
    badInput(() => subscriptionListQuery({ page: 0 }), 'page');
  });

  it('sorts by the spec fields (default newest request first) and pages', () => {
    expect(subscriptionSorts(null)).toEqual([{ field: 'request_date', direction: 'desc' }]);
    // Expected upstream names, in alphabetical order of the schema's field.
    const upstream = {
      AMOUNT: 'amount',
      CONCEPT_DESCRIPTION: 'detail.concept_description',
      CONCEPT_ID: 'detail.concept_id',
      PAYER_NAME: 'payer.name',
      PAYMENT_METHOD_LAST_FOUR_DIGITS: 'payment_method.last_four_digits',
      REQUEST_DATE: 'request_date',
      STATUS: 'status',
    } as const;
    for (const [field, name] of Object.entries(upstream)) {
      const sorted = (direction: 'ASC' | 'DESC') =>
        subscriptionSorts({ field: field as keyof typeof upstream, direction });
      expect([...sorted('ASC'), ...sorted('DESC')]).toEqual([
        { field: name, direction: 'asc' },
        { field: name, direction: 'desc' },
      ]);
    }
    expect(subscriptionListQuery({ page: 3, pageSize: 10 })).toMatchObject({
      page: 3,
      limit: 10,
      filters: [],
    });
  });
});

describe('subscription actions (spec 000 §4)', () => {
  it('lists every toolbar action once', () => {
    expect(subscriptionToolbar.list(sub(), ALL).map((a) => a.kind)).toEqual(SUBSCRIPTION_ACTION_KINDS);
    expect(SUBSCRIPTION_ACTION_KINDS).toHaveLength(8);
  });

  it('form link: always (current version), for every user', () => {
    for (const status of ['ACTIVE', 'PENDING', 'CANCELLED'] as SubscriptionStatus[]) {
      expect(decide('FORM_LINK', { status }, [])).toEqual({ enabled: true, permitted: true, reason: null });
    }
  });

  it('cancel: unless cancelled, with SUBSCRIPTION_CANCEL', () => {
    expect(decide('CANCEL', { status: 'ACTIVE' }).enabled).toBe(true);
    expect(decide('CANCEL', { status: 'PENDING' }).enabled).toBe(true);
    expect(decide('CANCEL', { status: 'CANCELLED' })).toEqual({
      enabled: false,
      permitted: true,
      reason: SUBSCRIPTION_REASONS.cancelled,
    });
    expect(decide('CANCEL', {}, ['SUBSCRIPTION_UPDATE'])).toEqual({
      enabled: false,
      permitted: false,
      reason: 'No tiene permisos para cancelar suscripciones.',
    });
  });

  it('change payment method: unless cancelled, with SUBSCRIPTION_UPDATE (with or without a method)', () => {
    expect(decide('CHANGE_PAYMENT_METHOD', { paymentMethod: null }).enabled).toBe(true);
    expect(decide('CHANGE_PAYMENT_METHOD', { status: 'CANCELLED' }).reason).toBe(
      SUBSCRIPTION_REASONS.cancelled,
    );
    expect(decide('CHANGE_PAYMENT_METHOD', {}, ['SUBSCRIPTION_CANCEL']).permitted).toBe(false);
  });

  it('delete payment method: a method exists, not cancelled, with SUBSCRIPTION_REMOVE_PAYMENT_METHOD', () => {
    expect(decide('REMOVE_PAYMENT_METHOD').enabled).toBe(true);
    expect(decide('REMOVE_PAYMENT_METHOD', { paymentMethod: null })).toEqual({
      enabled: false,
      permitted: true,
      reason: SUBSCRIPTION_REASONS.noPaymentMethod,
    });
    expect(decide('REMOVE_PAYMENT_METHOD', { status: 'CANCELLED' }).reason).toBe(
      SUBSCRIPTION_REASONS.cancelled,
    );
    expect(decide('REMOVE_PAYMENT_METHOD', {}, ['SUBSCRIPTION_UPDATE']).permitted).toBe(false);
  });

  it('change amount: only type subscription, not cancelled, with SUBSCRIPTION_UPDATE', () => {
    expect(decide('UPDATE_AMOUNT', { type: 'SUBSCRIPTION' }).enabled).toBe(true);
    for (const type of ['ADHESION', 'PLAN'] as SubscriptionType[]) {
      expect(decide('UPDATE_AMOUNT', { type })).toEqual({
        enabled: false,
        permitted: true,
        reason: SUBSCRIPTION_REASONS.amountType,
      });
    }
    expect(decide('UPDATE_AMOUNT', { status: 'CANCELLED' }).reason).toBe(SUBSCRIPTION_REASONS.cancelled);
    expect(decide('UPDATE_AMOUNT', {}, ['SUBSCRIPTION_CANCEL']).permitted).toBe(false);
  });

  it('send e-mail: active or pending, with NOTIFICATION_SEND', () => {
    expect(decide('SEND_EMAIL', { status: 'ACTIVE' }).enabled).toBe(true);
    expect(decide('SEND_EMAIL', { status: 'PENDING' }).enabled).toBe(true);
    expect(decide('SEND_EMAIL', { status: 'CANCELLED' }).reason).toBe(SUBSCRIPTION_REASONS.sendEmailStatus);
    expect(decide('SEND_EMAIL', { payer: { name: 'Ana', email: null } }).reason).toBe(
      SUBSCRIPTION_REASONS.sendEmailNoAddress,
    );
    expect(decide('SEND_EMAIL', {}, ['SUBSCRIPTION_UPDATE']).permitted).toBe(false);
  });

  it('history needs SUBSCRIPTION_HISTORY_SHOW; reload needs only sign-in', () => {
    expect(decide('HISTORY').enabled).toBe(true);
    expect(decide('HISTORY', {}, ['SUBSCRIPTION_CANCEL'])).toEqual({
      enabled: false,
      permitted: false,
      reason: 'No tiene permisos para ver el historial de suscripciones.',
    });
    expect(decide('RELOAD', { status: 'CANCELLED' }, [])).toEqual({
      enabled: true,
      permitted: true,
      reason: null,
    });
  });

  it('on a previous version every action is disabled with the version reason (permission first)', () => {
    for (const kind of SUBSCRIPTION_ACTION_KINDS) {
      expect(decide(kind, { isCurrentVersion: false })).toEqual({
        enabled: false,
        permitted: true,
        reason: SUBSCRIPTION_REASONS.oldVersion,
      });
    }
    expect(decide('CANCEL', { isCurrentVersion: false }, []).permitted).toBe(false);
  });

  it('a user without permissions (consulta) is permitted only form link and reload', () => {
    const permitted = subscriptionToolbar
      .list(sub(), [])
      .filter((a) => a.permitted)
      .map((a) => a.kind);
    expect(permitted).toEqual(['FORM_LINK', 'RELOAD']);
  });
});

describe('subscription multi-select rules (spec 000 §4)', () => {
  it('each row says whether it may join each multi-action, with permissions', () => {
    const decided = (over: Partial<SubscriptionForRules>, perms = ALL) =>
      Object.fromEntries(subscriptionBulkEligibility.list(sub(over), perms).map((a) => [a.kind, a]));
    const adhesion = decided({ type: 'ADHESION' });
    expect(
      adhesion.CANCEL!.enabled && adhesion.CHANGE_PAYMENT_METHOD!.enabled && adhesion.UPDATE_AMOUNT!.enabled,
    ).toBe(true);
    const subscription = decided({ type: 'SUBSCRIPTION' });
    expect(subscription.UPDATE_AMOUNT).toMatchObject({
      enabled: false,
      reason: SUBSCRIPTION_REASONS.bulkAmountType,
    });
    const cancelled = decided({ type: 'ADHESION', status: 'CANCELLED' });
    expect(
      Object.values(cancelled).every((a) => !a.enabled && a.reason === SUBSCRIPTION_REASONS.cancelled),
    ).toBe(true);
    const onlyCancel = decided({ type: 'ADHESION' }, ['SUBSCRIPTION_CANCEL']);
    expect(onlyCancel.CANCEL!.enabled).toBe(true);
    expect(onlyCancel.CHANGE_PAYMENT_METHOD!.permitted).toBe(false);
    expect(onlyCancel.UPDATE_AMOUNT!.permitted).toBe(false);
  });
});
