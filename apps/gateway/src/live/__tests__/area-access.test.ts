import { describe, expect, it } from 'vitest';
import { movableAreas, readableAreas } from '../area-access.js';

/** The areas a stream hears of and the dialogs it may declare, from the SDL's `@auth` of each module's root fields. */
describe('live area access', () => {
  it('reads an area with any permission of its queries, every area whose detail asks none, and no unknown area', () => {
    const none = readableAreas([]);
    expect(
      [...none].filter((area) => ['payments', 'subscriptions', 'collectors'].includes(area)).sort(),
    ).toEqual(['collectors', 'payments', 'subscriptions']);
    for (const area of ['bins', 'imports', 'withdrawals', 'batches', 'afip', 'payers', 'distributions'])
      expect(none.has(area)).toBe(false);
    expect(readableAreas(['BIN_DELETE']).has('bins')).toBe(true);
    expect(readableAreas(['WITHDRAW_SHOW']).has('batches')).toBe(true);
    expect(readableAreas(['PAYER_REFERENCE_SHOW']).has('payers')).toBe(true);
    expect(readableAreas(['BIN_DELETE']).has('no-such-area')).toBe(false);
  });

  it('moves in an area with any permission of its mutations only', () => {
    expect(movableAreas([]).has('payments')).toBe(false);
    expect(movableAreas(['PAYMENT_REFUND']).has('payments')).toBe(true);
    expect(movableAreas(['PAYMENT_REFUND']).has('withdrawals')).toBe(false);
    expect(movableAreas(['WITHDRAWAL_AUTHORIZE']).has('withdrawals')).toBe(true);
  });
});
