import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operatorRateLimit } from '../rate-limit.js';

/**
 * The per-operator limit holds over ANY span of its window (a fixed window let 640 requests through in 15.7 s with
 * a limit of 600 a minute). The clock is vitest's fake one: no real waiting.
 */

const WINDOW_MS = 60_000;

/** The headers a request's answer got. */
function answer() {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, value),
  } as unknown as ServerResponse;
  return { res, headers };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('operatorRateLimit', () => {
  it('refuses past max across a window boundary: no 60 s span holds more than max', async () => {
    const max = 10;
    const limit = operatorRateLimit({ max, windowMs: WINDOW_MS });
    const passed: number[] = [];
    const send = async () => {
      const { res, headers } = answer();
      const ok = await limit('ana', res);
      if (ok) passed.push(performance.now());
      return { ok, headers };
    };
    // The first request opens the operator's count; max - 1 more come at the end of its minute...
    expect((await send()).ok).toBe(true);
    vi.advanceTimersByTime(WINDOW_MS - 1_000);
    for (let i = 1; i < max; i++) expect((await send()).ok).toBe(true);
    // ...and right after the boundary a fixed window starts again: here only the first request has left.
    vi.advanceTimersByTime(1_500);
    expect((await send()).ok).toBe(true);
    const refused = await send();
    expect(refused.ok).toBe(false);
    // A place frees when the oldest of the window leaves it: 58.5 s from now.
    expect(refused.headers.get('retry-after')).toBe('59');
    expect(refused.headers.get('ratelimit')).toBe('"operador"; r=0; t=59');
    // A steady stream for three minutes, one request every 250 ms: whatever passes, no span of 60 s holds > max.
    for (let i = 0; i < 720; i++) {
      vi.advanceTimersByTime(250);
      await send();
    }
    for (let i = 0; i < passed.length; i++) {
      const inSpan = passed.filter((t) => t >= passed[i]! && t < passed[i]! + WINDOW_MS).length;
      expect(inSpan).toBeLessThanOrEqual(max);
    }
    // It still lets max through per window: the limit is a bound, not a trickle.
    expect(passed.length).toBeGreaterThanOrEqual(max * 3);
  });

  it('counts each operator on its own and forgets those with nothing left in the window', async () => {
    const limit = operatorRateLimit({ max: 2, windowMs: WINDOW_MS });
    for (let i = 0; i < 1_000; i++) expect(await limit(`op-${i}`, answer().res)).toBe(true);
    expect(await limit('op-1', answer().res)).toBe(true);
    expect(await limit('op-1', answer().res)).toBe(false);
    expect(await limit('op-2', answer().res)).toBe(true);
    expect(limit.operators()).toBe(1_000);
    // A window later, with only one operator still sending: the others are forgotten.
    vi.advanceTimersByTime(WINDOW_MS + 1);
    expect(await limit('op-1', answer().res)).toBe(true);
    expect(limit.operators()).toBe(1);
  });

  it('max 0 turns it off', async () => {
    const limit = operatorRateLimit({ max: 0, windowMs: WINDOW_MS });
    for (let i = 0; i < 50; i++) expect(await limit('ana', answer().res)).toBe(true);
  });

  it('tells what is left of an operator’s limit without counting a request (extensions.rateLimit)', async () => {
    const limit = operatorRateLimit({ max: 3, windowMs: WINDOW_MS });
    expect(limit.left('ana')).toEqual({ limit: 3, remaining: 3, windowSeconds: 60, resetAt: null });
    const start = Date.now();
    await limit('ana', answer().res);
    vi.advanceTimersByTime(10_000);
    await limit('ana', answer().res);
    // The oldest request leaves the window 60 s after it came: a place frees up then.
    expect(limit.left('ana')).toEqual({
      limit: 3,
      remaining: 1,
      windowSeconds: 60,
      resetAt: new Date(start + WINDOW_MS).toISOString(),
    });
    expect(limit.left('ana')!.remaining).toBe(1);
    expect(limit.left('bruno')!.remaining).toBe(3);
    expect(operatorRateLimit({ max: 0, windowMs: WINDOW_MS }).left('ana')).toBeNull();
  });
});
