import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { paymentFilters, paymentListQuery, paymentSorts, searchFilter } from '../payments.rules.js';

const badInput = (fn: () => unknown, field: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
    expect((error as GraphQLError).extensions.field).toBe(field);
    expect((error as GraphQLError).message).toContain(field);
    return;
  }
  throw new Error('expected BAD_USER_INPUT');
};

describe('payments list rules', () => {
  it('reads the free search as an e-mail, a payment id or part of the payer name', () => {
    expect(searchFilter('  Juan.Perez@Example.COM ')).toEqual({
      field: 'payer.email',
      operation: 'EQUAL',
      value: 'juan.perez@example.com',
    });
    expect(searchFilter('123456')).toEqual({ field: 'id', operation: 'EQUAL', value: '123456' });
    expect(searchFilter('Pérez')).toEqual({ field: 'payer.name', operation: 'CONTAINS', value: 'Pérez' });
    expect(paymentFilters({ search: '   ' })).toEqual([]);
  });

  it('maps collector, status (lowercase) and the period on request_date', () => {
    expect(
      paymentFilters({
        collectorId: '1001',
        status: 'APPROVED',
        from: '2025-01-01T03:00:00.000Z',
        to: '2025-02-01T02:59:59.999Z',
      }),
    ).toEqual([
      { field: 'collector_id', operation: 'EQUAL', value: '1001' },
      { field: 'status', operation: 'EQUAL', value: 'approved' },
      { field: 'request_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2025-01-01T03:00:00.000Z' },
      { field: 'request_date', operation: 'LESS_THAN_OR_EQUAL_TO', value: '2025-02-01T02:59:59.999Z' },
    ]);
  });

  it('uses refunded_date for the period when chosen, which clears the status filter', () => {
    expect(
      paymentFilters({ status: 'PENDING', dateField: 'REFUNDED_DATE', from: '2025-01-01T00:00:00.000Z' }),
    ).toEqual([
      { field: 'refunded_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2025-01-01T00:00:00.000Z' },
    ]);
  });

  it('applies the payment-method filter only with a search or a collector', () => {
    expect(paymentFilters({ mediaPaymentIds: [9, 10] })).toEqual([]);
    expect(paymentFilters({ collectorId: '7', mediaPaymentIds: [9, 10, 9] })).toContainEqual({
      field: 'payment_methods.media_payment_id',
      operation: 'IN',
      value: [9, 10],
    });
    expect(paymentFilters({ search: 'Ana', mediaPaymentIds: [94] })).toHaveLength(2);
  });

  it('sorts by the four sortable fields, request_date desc by default', () => {
    expect(paymentSorts(null)).toEqual([{ field: 'request_date', direction: 'desc' }]);
    expect(paymentSorts({ field: 'PAYER_NAME', direction: 'ASC' })).toEqual([
      { field: 'payer.name', direction: 'asc' },
    ]);
    expect(paymentSorts({ field: 'FINAL_AMOUNT', direction: 'DESC' })).toEqual([
      { field: 'final_amount', direction: 'desc' },
    ]);
    expect(paymentSorts({ field: 'STATUS', direction: 'ASC' })).toEqual([
      { field: 'status', direction: 'asc' },
    ]);
  });

  it('pages from 1 with at most 100 rows', () => {
    expect(paymentListQuery({})).toMatchObject({ page: 1, limit: 25 });
    expect(paymentListQuery({ page: 3, pageSize: 50 })).toMatchObject({ page: 3, limit: 50 });
    expect(paymentListQuery({ pageSize: 100 })).toMatchObject({ limit: 100 });
    badInput(() => paymentListQuery({ pageSize: 500 }), 'pageSize');
  });

  it('refuses invalid input with BAD_USER_INPUT naming the field', () => {
    badInput(() => paymentListQuery({ page: 0 }), 'page');
    badInput(() => paymentListQuery({ pageSize: 0 }), 'pageSize');
    badInput(() => paymentFilters({ search: 'x'.repeat(201) }), 'filter.search');
    badInput(() => paymentFilters({ collectorId: ' ' }), 'filter.collectorId');
    badInput(() => paymentFilters({ collectorId: '1', mediaPaymentIds: [-1] }), 'filter.mediaPaymentIds');
    badInput(
      () => paymentFilters({ from: '2025-02-01T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' }),
      'filter.from',
    );
  });
});
