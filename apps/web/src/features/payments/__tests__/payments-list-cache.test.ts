import { describe, expect, it } from 'vitest';
import {
  PaymentsListActionPaymentFragmentDoc,
  PaymentsSearchDocument,
  type PaymentStatus,
  type PaymentsSearchQuery,
  type PaymentsSearchQueryVariables,
} from '../gql/graphql';
import { createCache } from '@/lib/apollo';
import {
  applyPaymentChangesToLists,
  cachedListPayments,
  paymentChangeOf,
  stillMatches,
  type PaymentChange,
} from '../payments-list-cache';

describe('stillMatches', () => {
  const change = (status: PaymentStatus, mediaPaymentIds?: number[]): PaymentChange => ({
    id: '1',
    status,
    mediaPaymentIds,
  });

  it('a status filter keeps only that status', () => {
    expect(stillMatches(change('REJECTED'), { status: 'PENDING' })).toBe(false);
    expect(stillMatches(change('PENDING'), { status: 'PENDING' })).toBe(true);
    expect(stillMatches(change('REJECTED'), {})).toBe(true);
    expect(stillMatches(change('REJECTED'), { status: null })).toBe(true);
  });

  it('the refund-date period ignores the status filter', () => {
    expect(stillMatches(change('REJECTED'), { status: 'PENDING', dateField: 'REFUNDED_DATE' })).toBe(true);
  });

  it('the payment-method filter applies only with a search or a collector, and only with known methods', () => {
    const filter = { mediaPaymentIds: [1, 2] };
    expect(stillMatches(change('ISSUED', [94]), { ...filter, search: 'maria' })).toBe(false);
    expect(stillMatches(change('ISSUED', [94, 2]), { ...filter, collectorId: '10001' })).toBe(true);
    expect(stillMatches(change('ISSUED', [94]), filter)).toBe(true);
    expect(stillMatches(change('ISSUED'), { ...filter, search: 'maria' })).toBe(true);
  });
});

describe('paymentChangeOf', () => {
  it('paymentChangeOf takes the status and methods of the answer', () => {
    expect(paymentChangeOf({ id: '7', status: 'ISSUED', paymentMethods: [{ mediaPaymentId: 1 }] })).toEqual({
      id: '7',
      status: 'ISSUED',
      mediaPaymentIds: [1],
    });
    expect(paymentChangeOf(null)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------
// Against Apollo's real cache (the app's type policies).
// ---------------------------------------------------------------------------------------------------------

type Row = NonNullable<PaymentsSearchQuery['payments']>['rows'][number];

function row(id: string, status: PaymentStatus): Row {
  return {
    __typename: 'Payment',
    id,
    requestDate: '2025-03-10T12:00:00.000Z',
    conceptId: 'C1',
    conceptDescription: 'Cuota',
    finalAmount: '100.00',
    status,
    payer: { __typename: 'PaymentPayer', name: 'María González' },
    paymentMethods: [
      { __typename: 'PaymentMethod', mediaPaymentId: 1, mediaPaymentName: 'Visa', lastFourDigits: '1234' },
    ],
    actions: [{ __typename: 'PaymentAction', kind: 'CANCEL', enabled: true, permitted: true, reason: null }],
  };
}

function variables(status: PaymentStatus | null, page: number, pageSize = 3): PaymentsSearchQueryVariables {
  return {
    filter: {
      from: '2025-03-01T03:00:00.000Z',
      to: '2025-04-01T02:59:59.999Z',
      dateField: 'REQUEST_DATE',
      ...(status ? { status } : {}),
    },
    page,
    pageSize,
    sort: { field: 'REQUEST_DATE', direction: 'DESC' },
  };
}

function writePage(
  cache: ReturnType<typeof createCache>,
  vars: PaymentsSearchQueryVariables,
  rows: Row[],
  total: number,
) {
  cache.writeQuery({
    query: PaymentsSearchDocument,
    variables: vars,
    data: {
      payments: {
        __typename: 'PaymentPage',
        total,
        page: vars.page ?? 1,
        pageSize: vars.pageSize ?? 25,
        rows,
      },
    },
  });
}

/** What a mutation's answer does to the normalized payment. */
function writeAnswer(cache: ReturnType<typeof createCache>, id: string, status: PaymentStatus) {
  cache.writeFragment({
    fragment: PaymentsListActionPaymentFragmentDoc,
    fragmentName: 'PaymentsListActionPayment',
    data: {
      __typename: 'Payment',
      id,
      status,
      statusDetail: 'cancelled_by_backoffice',
      version: 2,
      isCurrentVersion: true,
      lastUpdateDate: '2025-03-11T12:00:00.000Z',
      paymentMethods: [
        { __typename: 'PaymentMethod', mediaPaymentId: 1, mediaPaymentName: 'Visa', lastFourDigits: '1234' },
      ],
      actions: [
        {
          __typename: 'PaymentAction',
          kind: 'CANCEL',
          enabled: false,
          permitted: true,
          reason: 'Solo se pueden cancelar pagos pendientes o emitidos.',
        },
      ],
    },
  });
}

const read = (cache: ReturnType<typeof createCache>, vars: PaymentsSearchQueryVariables) =>
  cache.readQuery({ query: PaymentsSearchDocument, variables: vars })?.payments;

describe('applyPaymentChangesToLists (Apollo cache)', () => {
  it('a status-filtered list loses the rows that left and its total drops, on every cached page', () => {
    const cache = createCache();
    const page1 = variables('PENDING', 1);
    const page2 = variables('PENDING', 2);
    const all = variables(null, 1);
    writePage(cache, page1, [row('1', 'PENDING'), row('2', 'PENDING'), row('3', 'PENDING')], 7);
    writePage(cache, page2, [row('4', 'PENDING'), row('5', 'PENDING'), row('6', 'PENDING')], 7);
    writePage(cache, all, [row('1', 'PENDING'), row('9', 'APPROVED'), row('2', 'PENDING')], 30);

    writeAnswer(cache, '1', 'REJECTED');
    writeAnswer(cache, '3', 'REJECTED');
    const removed = applyPaymentChangesToLists(cache, [
      { id: '1', status: 'REJECTED' },
      { id: '3', status: 'REJECTED' },
      { id: '2', status: 'PENDING' }, // failed: unchanged, stays
    ]);
    expect([...removed.values()].map((set) => [...set].sort())).toEqual([['1', '3']]);

    const first = read(cache, page1)!;
    expect(first.rows.map((r) => r.id)).toEqual(['2']);
    expect(first.total).toBe(5);
    // Another page of the same list: same total, its rows untouched.
    const second = read(cache, page2)!;
    expect(second.rows.map((r) => r.id)).toEqual(['4', '5', '6']);
    expect(second.total).toBe(5);
    // Without a status filter the row stays, with its new status in place; the total does not change.
    const unfiltered = read(cache, all)!;
    expect(unfiltered.rows.map((r) => [r.id, r.status])).toEqual([
      ['1', 'REJECTED'],
      ['9', 'APPROVED'],
      ['2', 'PENDING'],
    ]);
    expect(unfiltered.total).toBe(30);
    expect(unfiltered.rows[0]!.actions[0]!.enabled).toBe(false);
  });

  it('an action taken elsewhere (the detail) is applied from the normalized cache when the list opens', () => {
    const cache = createCache();
    const pending = variables('PENDING', 1);
    const all = variables(null, 1);
    writePage(cache, pending, [row('1', 'PENDING'), row('2', 'PENDING')], 12);
    writePage(cache, all, [row('1', 'PENDING'), row('3', 'APPROVED')], 40);
    expect(applyPaymentChangesToLists(cache, cachedListPayments(cache)).size).toBe(0);

    writeAnswer(cache, '1', 'REJECTED'); // e.g. cancelled on /pago/1
    const changes = cachedListPayments(cache);
    expect(changes.map((c) => [c.id, c.status])).toEqual([
      ['1', 'REJECTED'],
      ['2', 'PENDING'],
      ['3', 'APPROVED'],
    ]);
    expect(changes[0]!.mediaPaymentIds).toEqual([1]);
    applyPaymentChangesToLists(cache, changes);
    expect(read(cache, pending)).toMatchObject({ rows: [{ id: '2' }], total: 11 });
    expect(read(cache, all)).toMatchObject({
      rows: [{ id: '1', status: 'REJECTED' }, { id: '3' }],
      total: 40,
    });
  });
});
