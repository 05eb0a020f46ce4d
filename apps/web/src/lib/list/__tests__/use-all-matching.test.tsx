import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAllMatching, type AllMatchingOptions } from '../use-all-matching';

const view = (overrides: Partial<AllMatchingOptions> = {}): AllMatchingOptions => ({
  key: 'status=ISSUED&page=1',
  total: 23,
  pageRows: 10,
  selectedCount: 10,
  ...overrides,
});

function renderMatching(initial: AllMatchingOptions) {
  return renderHook((options: AllMatchingOptions) => useAllMatching(options), { initialProps: initial });
}

describe('useAllMatching', () => {
  it('offers the matching rows only when the whole page is ticked and more rows match', () => {
    const { result, rerender } = renderMatching(view({ selectedCount: 9 }));
    expect(result.current.offer).toBeNull();
    rerender(view());
    expect(result.current.offer).toEqual({ count: 23, overMax: false, maxItems: 500 });
    expect(result.current.active).toBe(false);
    // Every matching row is already on the page: nothing to offer.
    rerender(view({ total: 10 }));
    expect(result.current.offer).toBeNull();
    rerender(view({ total: undefined }));
    expect(result.current.offer).toBeNull();
  });

  it('marks the offer over the maximum', () => {
    const { result } = renderMatching(view({ total: 501 }));
    expect(result.current.offer).toEqual({ count: 501, overMax: true, maxItems: 500 });
    const small = renderMatching(view({ total: 30, maxItems: 20 }));
    expect(small.result.current.offer).toMatchObject({ overMax: true, maxItems: 20 });
  });

  it('selects every matching row, and undo goes back to the page', () => {
    const { result } = renderMatching(view());
    act(() => result.current.selectAll());
    expect(result.current).toMatchObject({ active: true, count: 23 });
    act(() => result.current.undo());
    expect(result.current).toMatchObject({ active: false, count: 0 });
    expect(result.current.offer).not.toBeNull();
  });

  it('a new filter, sort or page (a new key) or a row unticked leaves the mode', () => {
    const { result, rerender } = renderMatching(view());
    act(() => result.current.selectAll());
    rerender(view({ selectedCount: 9 }));
    expect(result.current.active).toBe(false);
    // Ticking the row again does not select every matching row again by itself.
    rerender(view());
    expect(result.current.active).toBe(false);
    act(() => result.current.selectAll());
    expect(result.current.active).toBe(true);
    rerender(view({ key: 'status=ISSUED&page=2' }));
    expect(result.current.active).toBe(false);
    rerender(view());
    expect(result.current.active).toBe(false);
  });
});
