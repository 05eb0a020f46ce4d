import { afterEach, describe, expect, it } from 'vitest';
import { createPresenceBoard, viewersOf, type PresenceBoard, type PresenceChange } from '../presence.js';

/** Presence (presence.ts): declarations replace, viewers one per operator, other replicas' messages, expiry. */
interface Told {
  change: PresenceChange;
  streams: readonly string[];
}

const boards: PresenceBoard[] = [];
afterEach(() => {
  for (const board of boards.splice(0)) board.close();
});

/** Two replicas joined as the store joins them (each message to every other board). */
function replicas(count: number, clock: { now: number }) {
  const told: Told[][] = Array.from({ length: count }, () => []);
  const published: string[] = [];
  const list: PresenceBoard[] = [];
  for (let i = 0; i < count; i++) {
    const board = createPresenceBoard({
      replicaId: `r${i}`,
      publish: (payload) => {
        published.push(payload);
        for (const other of list) other.receive(payload);
      },
      changed: (change, streams) => told[i]!.push({ change, streams }),
      now: () => clock.now,
      ttlMs: 30_000,
      refreshMs: 3_600_000,
    });
    list.push(board);
    boards.push(board);
  }
  return { boards: list, told, published };
}

const ns = { namespace: '', username: 'admin' };

describe('presence', () => {
  it('one viewer per operator, with a dialog one of their streams has open, sorted', () => {
    expect(
      viewersOf([
        { username: 'zoe', dialog: null },
        { username: 'admin', dialog: null },
        { username: 'admin', dialog: 'refund' },
        { username: 'zoe', dialog: null },
      ]),
    ).toEqual([
      { username: 'admin', dialog: 'refund' },
      { username: 'zoe', dialog: null },
    ]);
  });

  it('tells a stream that opens a record its viewers (its own too), and every stream of it when they change', () => {
    const clock = { now: 0 };
    const {
      boards: [board],
      told,
    } = replicas(1, clock);
    board!.declare('s1', ns, [{ area: 'payments', id: '1000018', dialog: null }]);
    expect(told[0]).toEqual([
      {
        change: {
          namespace: '',
          area: 'payments',
          id: '1000018',
          viewers: [{ username: 'admin', dialog: null }],
        },
        streams: ['s1'],
      },
    ]);
    board!.declare('s2', { namespace: '', username: 'operador' }, [
      { area: 'payments', id: '1000018', dialog: 'refund' },
    ]);
    expect(told[0]![1]!.change.viewers).toEqual([
      { username: 'admin', dialog: null },
      { username: 'operador', dialog: 'refund' },
    ]);
    expect(told[0]![1]!.streams).toEqual(['s1', 's2']);
    // The same declaration again changes nothing: nothing sent.
    board!.declare('s2', { namespace: '', username: 'operador' }, [
      { area: 'payments', id: '1000018', dialog: 'refund' },
    ]);
    expect(told[0]).toHaveLength(2);
    // Closing the dialog, then leaving.
    board!.declare('s2', { namespace: '', username: 'operador' }, []);
    expect(told[0]![2]!.change.viewers).toEqual([{ username: 'admin', dialog: null }]);
    expect(told[0]![2]!.streams).toEqual(['s1']);
    expect(board!.entryCount).toBe(1);
  });

  it("another replica's viewers show, and go when it says so, when it stops, or 30 s after it said nothing", () => {
    const clock = { now: 0 };
    const {
      boards: [a, b],
      told,
    } = replicas(2, clock);
    b!.declare('b1', { namespace: '', username: 'operador' }, [{ area: 'payments', id: '7', dialog: null }]);
    a!.declare('a1', ns, [{ area: 'payments', id: '7', dialog: 'cancel' }]);
    expect(told[0]!.at(-1)!.change.viewers).toEqual([
      { username: 'admin', dialog: 'cancel' },
      { username: 'operador', dialog: null },
    ]);
    expect(told[1]!.at(-1)!.change.viewers).toEqual(told[0]!.at(-1)!.change.viewers);
    // b's stream ends: a hears it at once.
    b!.drop('b1');
    expect(told[0]!.at(-1)!.change.viewers).toEqual([{ username: 'admin', dialog: 'cancel' }]);
    // a's entries expire 30 s after its last declaration (b hears it).
    clock.now = 20_000;
    b!.declare('b2', { namespace: '', username: 'operador' }, [{ area: 'payments', id: '7', dialog: null }]);
    clock.now = 30_001;
    return new Promise<void>((resolve) => {
      // a's own expiry runs on its timer (each second): its stream's entry goes, and b's stream is told.
      const wait = setInterval(() => {
        const last = told[1]!.at(-1)!;
        if (a!.entryCount === 0 && last.streams.includes('b2') && last.change.viewers.length === 1) {
          expect(last.change.viewers).toEqual([{ username: 'operador', dialog: null }]);
          clearInterval(wait);
          resolve();
        }
      }, 20);
    });
  });

  it('keeps namespaces apart and splits a long message under the NOTIFY bound', () => {
    const clock = { now: 0 };
    const {
      boards: [a, b],
      published,
    } = replicas(2, clock);
    a!.declare('a1', { namespace: 'ns-1', username: 'admin' }, [{ area: 'payments', id: '1', dialog: null }]);
    expect(b!.viewers('ns-1', 'payments', '1')).toEqual([{ username: 'admin', dialog: null }]);
    expect(b!.viewers('', 'payments', '1')).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => ({
      area: 'payments',
      id: `${'9'.repeat(60)}${i}`,
      dialog: null,
    }));
    for (let s = 0; s < 40; s++)
      a!.declare(`bulk${s}`, { namespace: '', username: `operador-${'x'.repeat(40)}-${s}` }, many);
    expect(Math.max(...published.map((p) => Buffer.byteLength(p)))).toBeLessThan(7_900);
    expect(b!.viewers('', 'payments', many[0]!.id)).toHaveLength(40);
  });
});
