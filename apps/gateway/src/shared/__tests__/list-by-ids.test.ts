import { describe, expect, it, vi } from 'vitest';
import { listByIds } from '../list-by-ids.js';

describe('listByIds', () => {
  it('reads the selection in one call: id IN ids, one page as long as the selection', async () => {
    const list = vi.fn(async () => ({ rows: [{ id: '1' }, { id: '2' }], page: 1, limit: 2, size: 2 }));
    expect(await listByIds(list, ['1', '2'])).toEqual([{ id: '1' }, { id: '2' }]);
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith({
      filters: [{ field: 'id', operation: 'IN', value: ['1', '2'] }],
      page: 1,
      limit: 2,
      sorts: [],
    });
  });

  it('makes no call for an empty selection', async () => {
    const list = vi.fn();
    expect(await listByIds(list, [])).toEqual([]);
    expect(list).not.toHaveBeenCalled();
  });
});
