import { afterEach, describe, expect, it } from 'vitest';
import { createLineBudget, type LineBudget } from '../line-budget.js';

describe('line budget', () => {
  const budgets: LineBudget[] = [];
  afterEach(() => budgets.splice(0).forEach((b) => b.close()));

  /** A budget on a clock the test moves; its summaries as [source, count]. */
  const start = (perWindow: number, maxSources?: number) => {
    const clock = { at: 0 };
    const summaries: Array<[string | null, number]> = [];
    const budget = createLineBudget({
      perWindow,
      windowMs: 60_000,
      summary: (source, count) => summaries.push([source, count]),
      now: () => clock.at,
      ...(maxSources ? { maxSources } : {}),
    });
    budgets.push(budget);
    return { budget, summaries, clock };
  };

  it("writes a source's first lines of the window, counts the rest, and a new window starts anew", () => {
    const { budget, summaries, clock } = start(3);
    const admitted = Array.from({ length: 700 }, () => budget.admit('10.0.0.9'));
    expect(admitted.filter(Boolean)).toHaveLength(3);
    expect(admitted.slice(0, 3)).toEqual([true, true, true]);
    // Another source has a budget of its own.
    expect(budget.admit('10.0.0.7')).toBe(true);
    budget.summarise();
    expect(summaries).toEqual([['10.0.0.9', 697]]);
    clock.at = 59_999;
    expect(budget.admit('10.0.0.9')).toBe(false);
    clock.at = 60_000;
    expect(budget.admit('10.0.0.9')).toBe(true);
    budget.summarise();
    expect(summaries).toEqual([
      ['10.0.0.9', 697],
      ['10.0.0.9', 1],
    ]);
  });

  it('follows the windows of at most maxSources sources; the lines of the others are counted', () => {
    const { budget, summaries, clock } = start(1, 2);
    expect(['a', 'b', 'c', 'd', null].map((source) => budget.admit(source))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    budget.summarise();
    expect(summaries).toEqual([
      ['c', 1],
      ['d', 1],
      [null, 1],
    ]);
    // Expired windows go at the summary: room for new sources again.
    clock.at = 60_000;
    budget.summarise();
    expect(budget.admit('c')).toBe(true);
  });
});
