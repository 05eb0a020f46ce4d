import { describe, expect, it } from 'vitest';
import { bulkSelectionOf } from '../bulk-selection';

describe('bulkSelectionOf: what a bulk mutation acts on', () => {
  it('is the ticked ids without "all N matching"', () => {
    expect(bulkSelectionOf(['p1', 'p2'], { status: 'APPROVED' })).toEqual({ ids: ['p1', 'p2'] });
  });

  it("is the list's filter and the confirmed count for every item matching the search", () => {
    expect(bulkSelectionOf([], { status: 'APPROVED' }, { count: 40 })).toEqual({
      matching: { filter: { status: 'APPROVED' }, expectedCount: 40 },
    });
  });

  it('matches everything when the list has no filter yet', () => {
    expect(bulkSelectionOf<{ status?: string }>([], null, { count: 3 })).toEqual({
      matching: { filter: {}, expectedCount: 3 },
    });
  });
});
