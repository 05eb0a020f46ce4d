import { describe, expect, it } from 'vitest';
import { addRecentSearch, readRecentSearches, RECENT_SEARCHES_MAX } from '../search/recent-searches';

describe('recent searches', () => {
  it('keeps the newest first, once each whatever the case, at most 10', () => {
    let recent: string[] = [];
    for (let i = 1; i <= 12; i += 1) recent = addRecentSearch(recent, `busqueda ${i}`);
    expect(recent).toHaveLength(RECENT_SEARCHES_MAX);
    expect(recent[0]).toBe('busqueda 12');
    expect(addRecentSearch(['Maria@x.com', 'otro'], ' maria@X.com ')).toEqual(['maria@X.com', 'otro']);
    expect(addRecentSearch(['a'], '   ')).toEqual(['a']);
  });

  it('reads a damaged preference as no history', () => {
    expect(readRecentSearches('x')).toEqual([]);
    expect(readRecentSearches(['a', 3, null, 'b'])).toEqual(['a', 'b']);
  });
});
