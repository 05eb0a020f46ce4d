import { describe, expect, it } from 'vitest';
import type { BatchState } from '../../../generated/resolvers-types.js';
import type { GatewayBatchModel } from '../service-payments.mappers.js';
import { batchFilters, gatewayBatchActions } from '../service-payments.rules.js';

const batch = (state: BatchState): GatewayBatchModel => ({
  id: '1',
  batchNumber: 1,
  state,
  batchDate: null,
  gatewayName: null,
  totalAmount: '1.00',
  totalApprovedTransactions: 0,
  totalTransactions: 0,
  description: null,
  compensationAmount: null,
});

describe('gateway batch reconcile action', () => {
  it('open or pending, with CONCILIATE_BATCH only', () => {
    const states: BatchState[] = ['OPEN', 'PENDING', 'CONCILIATED', 'CLOSE'];
    expect(
      states.filter((s) => gatewayBatchActions.decide('CONCILIATE', batch(s), ['CONCILIATE_BATCH']).enabled),
    ).toEqual(['OPEN', 'PENDING']);
    expect(gatewayBatchActions.decide('CONCILIATE', batch('OPEN'), ['SHOW_BATCH_DATA'])).toMatchObject({
      enabled: false,
      permitted: false,
    });
  });
});

describe('batch filters (spec 001 §7)', () => {
  it('batch number equal, amount range as numbers, date range on the given field, state equal', () => {
    expect(
      batchFilters(
        {
          batchNumber: 7030,
          totalAmountFrom: '10.50',
          totalAmountTo: '20.00',
          from: '2026-11-01T03:00:00.000Z',
          to: '2026-11-02T02:59:59.999Z',
          state: 'PENDING',
        },
        'batch_date',
      ),
    ).toEqual([
      { field: 'batch_number', operation: 'EQUAL', value: 7030 },
      { field: 'total_amount', operation: 'GREATER_THAN_OR_EQUAL_TO', value: 10.5 },
      { field: 'total_amount', operation: 'LESS_THAN_OR_EQUAL_TO', value: 20 },
      { field: 'batch_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2026-11-01T03:00:00.000Z' },
      { field: 'batch_date', operation: 'LESS_THAN_OR_EQUAL_TO', value: '2026-11-02T02:59:59.999Z' },
      { field: 'state', operation: 'EQUAL', value: 'pending' },
    ]);
  });

  it('refuses an inverted amount range', () => {
    expect(() => batchFilters({ totalAmountFrom: '20.00', totalAmountTo: '10.00' }, 'start_date')).toThrow(
      'El importe desde debe ser menor o igual al importe hasta.',
    );
  });

  it('compares the range as decimals, not as the numbers sent upstream', () => {
    // Both ends are the same double: only a decimal comparison sees that 'desde' is above 'hasta'.
    expect(Number('900719925474099.93')).toBe(Number('900719925474099.92'));
    expect(() =>
      batchFilters(
        { totalAmountFrom: '900719925474099.93', totalAmountTo: '900719925474099.92' },
        'start_date',
      ),
    ).toThrow('El importe desde debe ser menor o igual al importe hasta.');
  });
});
