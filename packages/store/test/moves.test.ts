import { describe, expect, it } from 'vitest';
import { MoveFencedOut, type MoveIntent } from '../src/index.js';
import { BACKENDS, storesPerTest } from './backends.js';

/** Money moves in the store (moves.ts): an intent per operator and key, completion, leases, recovery. */
const T0 = new Date('2026-11-27T15:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

const intent = (over: Partial<MoveIntent> = {}): MoveIntent => ({
  at: T0,
  username: 'operador',
  permission: 'PAYMENT_CANCEL',
  area: 'payments',
  operation: 'bulkCancelPayments',
  operation_name: 'BulkCancel',
  target_ids: ['p1', 'p2'],
  target_count: 2,
  result: 'pending',
  error_code: null,
  reason: 'pedido',
  items: JSON.stringify([
    { id: 'p1', result: 'pending' },
    { id: 'p2', result: 'pending' },
  ]),
  request_id: 'req-1',
  trace_id: null,
  idempotency_key: 'key-0001',
  request_hash: 'hash-a',
  lease_until: later(30_000),
  holder: 'gateway-a',
  ...over,
});

for (const backend of BACKENDS) {
  describe(`money moves on ${backend.name}`, () => {
    const { open } = storesPerTest(backend);

    it('stores one move per operator and key; a second intent under it gets the first', async () => {
      const store = await open();
      const first = await store.beginMove(intent());
      expect(first.begun).toBe(true);
      const again = await store.beginMove(intent({ request_id: 'req-2' }));
      expect(again).toMatchObject({ begun: false, existing: { request_id: 'req-1', state: 'pending' } });
      // Another operator's same key is another move; no key at all never conflicts.
      expect((await store.beginMove(intent({ username: 'admin' }))).begun).toBe(true);
      expect((await store.beginMove(intent({ idempotency_key: null }))).begun).toBe(true);
      expect((await store.beginMove(intent({ idempotency_key: null }))).begun).toBe(true);
      expect(await store.findMove('operador', 'key-0001')).toMatchObject({ request_hash: 'hash-a' });
      expect(await store.findMove('consulta', 'key-0001')).toBeNull();
    });

    it('finds a key only in its own test namespace: the same key in another is another move', async () => {
      const store = await open();
      expect((await store.beginMove(intent({ namespace: 'suite-a', request_id: 'req-a' }))).begun).toBe(true);
      expect(await store.findMove('operador', 'key-0001')).toBeNull();
      expect(await store.findMove('operador', 'key-0001', 'suite-b')).toBeNull();
      expect(await store.findMove('operador', 'key-0001', 'suite-a')).toMatchObject({ request_id: 'req-a' });
      // The same key in the normal case and in another namespace: each begun; again in its own: the first.
      expect((await store.beginMove(intent())).begun).toBe(true);
      expect((await store.beginMove(intent({ namespace: 'suite-b', request_id: 'req-b' }))).begun).toBe(true);
      expect(await store.beginMove(intent({ namespace: 'suite-a', request_id: 'req-a2' }))).toMatchObject({
        begun: false,
        existing: { request_id: 'req-a' },
      });
      expect(await store.findMove('operador', 'key-0001')).toMatchObject({ request_id: 'req-1' });
      // A retry taking over claims its own namespace's move only.
      const claimed = await store.claimStaleMoves(later(40_000), later(70_000), 10, {
        username: 'operador',
        key: 'key-0001',
        namespace: 'suite-b',
      });
      expect(claimed.map((move) => move.request_id)).toEqual(['req-b']);
      expect(await store.clearNamespace('suite-a')).toEqual({ activity: 1, preferences: 0 });
      expect(await store.findMove('operador', 'key-0001', 'suite-a')).toBeNull();
    });

    it('records progress and the outcome; a pending move is listed as such and never purged', async () => {
      const store = await open();
      const begun = await store.beginMove(intent());
      if (!begun.begun) throw new Error('not begun');
      await store.progressMove(
        begun.id,
        [
          { id: 'p1', result: 'success' },
          { id: 'p2', result: 'pending' },
        ],
        later(60_000),
      );
      const listed = await store.queryActivity({ filter: { recordId: 'p1' }, page: 1, pageSize: 5 });
      expect(listed.rows).toEqual([expect.objectContaining({ state: 'pending', result: 'pending' })]);
      expect(await store.purgeActivity(later(365 * 86_400_000))).toBe(0);

      await store.completeMove(
        begun.id,
        {
          result: 'success',
          error_code: null,
          items: [
            { id: 'p1', result: 'success' },
            { id: 'p2', result: 'success' },
          ],
          answer: { results: [{ id: 'p1', outcome: 'SUCCESS' }] },
        },
        later(1_000),
      );
      const done = await store.findMove('operador', 'key-0001');
      expect(done).toMatchObject({ state: 'done', result: 'success', lease_until: null });
      expect(done!.answer).toEqual({ results: [{ id: 'p1', outcome: 'SUCCESS' }] });
      expect(await store.purgeActivity(later(365 * 86_400_000))).toBe(1);
    });

    it('hands a move whose lease ran out to one claimer only, and a held one to none', async () => {
      const store = await open();
      await store.beginMove(intent({ idempotency_key: 'key-held', lease_until: later(60_000) }));
      await store.beginMove(intent({ idempotency_key: 'key-lost', lease_until: later(1_000) }));
      const [a, b] = await Promise.all([
        store.claimStaleMoves(later(5_000), later(35_000), 10),
        store.claimStaleMoves(later(5_000), later(35_000), 10),
      ]);
      const claimed = [...a, ...b];
      expect(claimed.map((move) => move.idempotency_key)).toEqual(['key-lost']);
      // Claimed: held again, so a later recovery does not claim it twice.
      expect(await store.claimStaleMoves(later(6_000), later(36_000), 10)).toEqual([]);
    });

    it('takes a done move back to resend it, once; a pending one only after its lease', async () => {
      const store = await open();
      const begun = await store.beginMove(intent({ lease_until: later(10_000) }));
      if (!begun.begun) throw new Error('not begun');
      expect(await store.takeMove(begun.id, later(5_000), later(40_000))).toBeNull();
      expect(await store.takeMove(begun.id, later(11_000), later(40_000))).toMatchObject({
        state: 'pending',
      });
      await store.completeMove(
        begun.id,
        { result: 'unknown', error_code: 'UPSTREAM_TIMEOUT', items: null, answer: null },
        later(12_000),
      );
      expect(await store.takeMove(begun.id, later(13_000), later(43_000))).toMatchObject({
        state: 'pending',
      });
      expect(await store.takeMove(begun.id, later(14_000), later(44_000))).toBeNull();
      await store.discardMove(begun.id);
      expect(await store.findMove('operador', 'key-0001')).toBeNull();
    });

    it('fences a holder that lost its move: its progress and outcome are refused once another took it', async () => {
      const store = await open();
      const begun = await store.beginMove(intent({ lease_until: later(10_000) }));
      if (!begun.begun) throw new Error('not begun');
      const first = { holder: 'gateway-a', generation: begun.generation };
      expect(await store.progressMove(begun.id, null, later(20_000), first)).toBe(true);
      // Another gateway takes it once the lease ran out (a retry): generation 2, its holder named.
      const taken = await store.takeMove(begun.id, later(21_000), later(50_000), 'gateway-b');
      expect(taken).toMatchObject({ holder: 'gateway-b', generation: 2 });
      const second = { holder: 'gateway-b', generation: 2 };
      // The first holder wakes: its progress and its late outcome are refused, the taker's are written.
      expect(
        await store.progressMove(begun.id, [{ id: 'p1', result: 'unknown' }], later(60_000), first),
      ).toBe(false);
      const late = { result: 'unknown', error_code: 'X', items: null, answer: { outcome: 'UNKNOWN' } };
      await expect(store.completeMove(begun.id, late, later(22_000), first)).rejects.toThrow(MoveFencedOut);
      await store.completeMove(
        begun.id,
        { ...late, result: 'success', answer: { outcome: 'SUCCESS' } },
        later(23_000),
        second,
      );
      await expect(store.completeMove(begun.id, late, later(24_000), first)).rejects.toThrow(MoveFencedOut);
      expect(await store.findMove('operador', 'key-0001')).toMatchObject({
        result: 'success',
        state: 'done',
      });
      // Recovery claims in the next generation too.
      const stale = await store.beginMove(
        intent({ idempotency_key: 'key-stale', lease_until: later(1_000) }),
      );
      if (!stale.begun) throw new Error('not begun');
      const [claimed] = await store.claimStaleMoves(later(5_000), later(35_000), 10, undefined, 'gateway-c');
      expect(claimed).toMatchObject({ idempotency_key: 'key-stale', holder: 'gateway-c', generation: 2 });
    });
  });
}
