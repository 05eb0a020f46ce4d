import { describe, expect, it } from 'vitest';
import { newsAmong, noteOwnChanges, OWN_CHANGE_MS, OWN_CHANGES_MAX } from '../own-changes';

describe("a tab's own changes", () => {
  it('takes each own id once, and only within its minute', () => {
    noteOwnChanges(['a1', 'a2'], 1_000);
    expect(newsAmong(['a1', 'b1'], 2_000)).toEqual(['b1']);
    expect(newsAmong(['a1'], 2_000)).toEqual(['a1']);
    expect(newsAmong(['a2'], 1_000 + OWN_CHANGE_MS + 1)).toEqual(['a2']);
  });

  it('remembers a bounded number of ids, dropping the oldest', () => {
    const ids = Array.from({ length: OWN_CHANGES_MAX + 1 }, (_, i) => `c${i}`);
    noteOwnChanges(ids, 1_000);
    expect(newsAmong(['c0', 'c1', `c${OWN_CHANGES_MAX}`], 2_000)).toEqual(['c0']);
  });
});
