import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDrain, drainDeadlineMs, raceDeadline } from '../drain.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('drainDeadlineMs', () => {
  it('keeps a quarter of the grace period, at most 5 s, to send the answers', () => {
    expect(drainDeadlineMs(120_000)).toBe(115_000);
    expect(drainDeadlineMs(2_000)).toBe(1_500);
    expect(drainDeadlineMs(0)).toBe(0);
  });
});

describe('createDrain', () => {
  it('fires once the deadline after the stop started, not before', () => {
    vi.useFakeTimers();
    const drain = createDrain();
    drain.begin(2_000);
    drain.begin(60_000);
    vi.advanceTimersByTime(1_499);
    expect(drain.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(drain.signal.aborted).toBe(true);
  });

  it('fires at once without a grace period, and never once disposed', () => {
    const now = createDrain();
    now.begin(0);
    expect(now.signal.aborted).toBe(true);
    vi.useFakeTimers();
    const stopped = createDrain();
    stopped.begin(2_000);
    stopped.dispose();
    vi.advanceTimersByTime(10_000);
    expect(stopped.signal.aborted).toBe(false);
  });
});

describe('raceDeadline', () => {
  it('settles like the work while the deadline has not fired', async () => {
    const deadline = new AbortController();
    await expect(raceDeadline(Promise.resolve('done'), deadline.signal, () => 'late')).resolves.toBe('done');
    await expect(raceDeadline(Promise.reject(new Error('x')), deadline.signal, () => 'late')).rejects.toThrow(
      'x',
    );
    await expect(raceDeadline(Promise.resolve('done'), undefined, () => 'late')).resolves.toBe('done');
  });

  it('settles with the fallback when the deadline fires first, or has already fired', async () => {
    const deadline = new AbortController();
    const pending = raceDeadline(new Promise<string>(() => undefined), deadline.signal, () => 'late');
    deadline.abort();
    await expect(pending).resolves.toBe('late');
    await expect(raceDeadline(Promise.reject(new Error('x')), deadline.signal, () => 'late')).resolves.toBe(
      'late',
    );
  });
});
