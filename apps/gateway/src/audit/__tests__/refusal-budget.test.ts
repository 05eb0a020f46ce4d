import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger.js';
import { registry } from '../../telemetry/metrics.js';
import { createRefusalBudget, type RefusalBudget } from '../refusal-budget.js';

const suppressed = async (): Promise<number> =>
  (await registry.getSingleMetric('gateway_activity_refusals_suppressed_total')?.get())?.values[0]?.value ??
  0;

describe('refusal budget', () => {
  const budgets: RefusalBudget[] = [];
  afterEach(() => {
    budgets.splice(0).forEach((b) => b.close());
    vi.useRealTimers();
  });
  const start = (perHour: number, maxOperators?: number) => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger('error', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const budget = createRefusalBudget({ perHour, logger, ...(maxOperators ? { maxOperators } : {}) });
    budgets.push(budget);
    return { budget, lines };
  };

  it("admits an operator's first refusals of the hour, then counts the rest and sums them up once", async () => {
    const { budget, lines } = start(2);
    const before = await suppressed();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await budget.admit('consulta'));
    expect(answers).toEqual([true, true, false, false, false]);
    // Another operator has a budget of their own.
    expect(await budget.admit('operador')).toBe(true);
    expect(await suppressed()).toBe(before + 3);
    expect(lines).toEqual([]);
    budget.summarise();
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'audit', event: 'refusals_suppressed', user: 'consulta', count: 3 }),
    ]);
    // Summed once: nothing more until new refusals are counted.
    budget.summarise();
    expect(lines).toHaveLength(1);
  });

  it('gives an operator a new budget in the next hour', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    const { budget } = start(1);
    expect(await budget.admit('consulta')).toBe(true);
    expect(await budget.admit('consulta')).toBe(false);
    vi.setSystemTime(new Date('2026-11-25T11:00:01Z'));
    expect(await budget.admit('consulta')).toBe(true);
  });

  it('writes its summaries each minute by itself', async () => {
    vi.useFakeTimers();
    const { budget, lines } = start(1);
    await budget.admit('consulta');
    await budget.admit('consulta');
    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual([expect.objectContaining({ user: 'consulta', count: 1 })]);
  });

  it('holds the counts of at most maxOperators operators; the others are summed as one line', async () => {
    const { budget, lines } = start(0, 2);
    for (const user of ['a', 'b', 'c', 'd', 'a']) expect(await budget.admit(user)).toBe(false);
    budget.summarise();
    expect(lines.map((l) => [l.user, l.count])).toEqual([
      ['a', 2],
      ['b', 1],
      [null, 2],
    ]);
  });
});
