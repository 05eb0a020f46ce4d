import { describe, expect, it } from 'vitest';
import { type LiveEvent, type MoveIntent, type Store } from '../src/index.js';
import { BACKENDS, storesPerTest } from './backends.js';

/** Live events (live.ts): written with a move's outcome, told to listeners, replayed, pruned. */
const T0 = new Date('2026-11-27T15:00:00Z');

const intent = (over: Partial<MoveIntent> = {}): MoveIntent => ({
  at: T0,
  username: 'operador',
  permission: 'PAYMENT_CANCEL',
  area: 'payments',
  operation: 'cancelPayment',
  operation_name: 'Cancel',
  target_ids: ['1000018'],
  target_count: 1,
  result: 'pending',
  error_code: null,
  reason: null,
  items: null,
  request_id: 'req-1',
  trace_id: null,
  idempotency_key: null,
  request_hash: 'hash-a',
  lease_until: new Date(T0.getTime() + 30_000),
  holder: 'gateway-a',
  ...over,
});

async function begun(store: Store, over: Partial<MoveIntent> = {}): Promise<string> {
  const move = await store.beginMove(intent(over));
  if (!move.begun) throw new Error('not begun');
  return move.id;
}

/** Resolves with the first `count` event ids the store tells a listener. */
function told(store: Store, count: number) {
  const ids: string[] = [];
  const presence: string[] = [];
  let listener: { close(): Promise<void> } | undefined;
  const ready = store.live.listen({
    event: (id) => ids.push(id),
    presence: (payload) => presence.push(payload),
    lost: () => undefined,
  });
  void ready.then((l) => (listener = l));
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return {
    ready,
    ids,
    presence,
    events: () => until(() => ids.length >= count),
    presences: (n: number) => until(() => presence.length >= n),
    close: () => listener?.close(),
  };
}

for (const backend of BACKENDS) {
  describe(`live events on ${backend.name}`, () => {
    const { open, cleanups } = storesPerTest(backend);

    it('a SUCCESS or UNKNOWN outcome writes an event with its ids and version; a FAILED one none', async () => {
      const store = await open();
      const before = await store.live.lastId();
      const ok = await begun(store);
      const failed = await begun(store, { target_ids: ['1000019'] });
      const unknown = await begun(store, { target_ids: ['1000020'], area: 'withdrawals' });
      const first = await store.completeMove(
        ok,
        { result: 'success', error_code: null, items: null, answer: {}, version: '7' },
        T0,
      );
      expect(
        await store.completeMove(failed, { result: 'failed', error_code: 'X', items: null, answer: {} }, T0),
      ).toBe(null);
      const last = await store.completeMove(
        unknown,
        { result: 'unknown', error_code: 'TIMEOUT', items: null, answer: {} },
        T0,
      );
      expect(BigInt(first!)).toBeGreaterThan(BigInt(before));
      expect(BigInt(last!)).toBeGreaterThan(BigInt(first!));
      const events = await store.live.readEvents(before, 10);
      expect(events.map(({ area, ids, version, namespace }) => ({ area, ids, version, namespace }))).toEqual([
        { area: 'payments', ids: ['1000018'], version: '7', namespace: '' },
        { area: 'withdrawals', ids: ['1000020'], version: null, namespace: '' },
      ]);
      expect(events.map((e) => e.id)).toEqual([first, last]);
      expect(await store.live.lastId()).toBe(last);
      expect(await store.live.kept(first!)).toBe(true);
      expect(await store.live.kept(String(BigInt(last!) + 1000n))).toBe(false);
    });

    it("a bulk's items that did not fail, 500 ids an event, in their namespace", async () => {
      const store = await open();
      const before = await store.live.lastId();
      const ids = Array.from({ length: 1203 }, (_, i) => String(2_000_000 + i));
      const move = await begun(store, {
        namespace: 'ns-a',
        operation: 'bulkCancelPayments',
        target_ids: ids.slice(0, 10),
      });
      const items = ids.map((id, i) => ({ id, result: i === 0 ? 'failed' : i % 2 ? 'success' : 'unknown' }));
      await store.completeMove(move, { result: 'failed', error_code: null, items, answer: {} }, T0);
      const events: LiveEvent[] = await store.live.readEvents(before, 10);
      expect(events.map((e) => e.ids.length)).toEqual([500, 500, 202]);
      expect(events.flatMap((e) => e.ids)).toEqual(ids.slice(1));
      expect(new Set(events.map((e) => e.namespace))).toEqual(new Set(['ns-a']));
      expect(await store.live.readEvents(before, 10, '')).toEqual([]);
    });

    it('tells its listeners of events and presence; prunes old events', async () => {
      const store = await open();
      const listener = told(store, 1);
      cleanups.push(async () => void (await listener.close()));
      await listener.ready;
      const move = await begun(store);
      const id = await store.completeMove(
        move,
        { result: 'success', error_code: null, items: null, answer: {} },
        T0,
      );
      await listener.events();
      expect(listener.ids).toEqual([id]);
      await store.live.publishPresence('{"r":"x"}');
      await listener.presences(1);
      expect(listener.presence).toEqual(['{"r":"x"}']);
      // Nothing is older than an hour; everything is older than 0 ms.
      expect(await store.live.prune(3_600_000)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await store.live.prune(0)).toBeGreaterThan(0);
      expect(await store.live.kept(id!)).toBe(false);
    });
  });
}
