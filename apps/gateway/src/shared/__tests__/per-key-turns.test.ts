import { describe, expect, it } from 'vitest';
import { perKeyTurns, TurnsFull } from '../per-key-turns.js';

/** A call that ends when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    call: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
  };
}

describe('perKeyTurns', () => {
  it('runs one call of a key at a time, the waiting ones in order', async () => {
    const turns = perKeyTurns({ concurrent: 1 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const c = gate(log, 'c');
    const runs = [turns.run('ana', a.call), turns.run('ana', b.call), turns.run('ana', c.call)];
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.open();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['start a', 'end a', 'start b']);
    c.open();
    b.open();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(turns.activeKeys).toBe(0);
  });

  it('never makes one key wait for another', async () => {
    const turns = perKeyTurns({ concurrent: 1 });
    const log: string[] = [];
    const heavy = gate(log, 'heavy');
    const running = turns.run('noisy', heavy.call);
    expect(await turns.run('quiet', async () => 'quiet')).toBe('quiet');
    heavy.open();
    await running;
  });

  it('refuses past its bound of waiting calls, and a failed call gives its turn back', async () => {
    const turns = perKeyTurns({ concurrent: 1, maxWaiting: 1 });
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = turns.run('ana', first.call);
    const waiting = turns.run('ana', async () => {
      throw new Error('store gone');
    });
    await expect(turns.run('ana', async () => 'third')).rejects.toBeInstanceOf(TurnsFull);
    first.open();
    await running;
    await expect(waiting).rejects.toThrow('store gone');
    expect(await turns.run('ana', async () => 'after')).toBe('after');
    expect(turns.activeKeys).toBe(0);
  });
});
