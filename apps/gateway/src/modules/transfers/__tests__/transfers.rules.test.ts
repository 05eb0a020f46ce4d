import { describe, expect, it } from 'vitest';
import { mapTransfer, transferActions, transferFilters } from '../transfers.rules.js';

const row = (status: string) =>
  mapTransfer({ id: '6001', collector_id: '10001', payment_id: '1000016', amount: 26717.23, status });

describe('transfer rules', () => {
  it('offers manual conciliation only for pending rows and only with TRANSFER_UPDATE', () => {
    expect(transferActions.decide('CONCILIATE', row('pending'), ['TRANSFER_UPDATE'])).toEqual({
      enabled: true,
      permitted: true,
      reason: null,
    });
    expect(transferActions.decide('CONCILIATE', row('conciliated'), ['TRANSFER_UPDATE'])).toMatchObject({
      enabled: false,
      permitted: true,
    });
    expect(transferActions.decide('CONCILIATE', row('pending'), ['TRANSFER_SHOW'])).toMatchObject({
      enabled: false,
      permitted: false,
    });
  });

  it('filters the CUIT and the amount exactly, the status by its upstream value', () => {
    expect(transferFilters({ payerCuit: '20-28456789-3', amount: '26717.23', status: 'PENDING' })).toEqual([
      { field: 'amount', operation: 'EQUAL', value: 26717.23 },
      { field: 'payer_id', operation: 'EQUAL', value: '20284567893' },
      { field: 'status', operation: 'EQUAL', value: 'pending' },
    ]);
    expect(() => transferFilters({ payerCuit: '2028' })).toThrow('El CUIT debe tener 11 dígitos.');
  });
});
