import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_LINK,
  chainKey,
  contentHash,
  hmac,
  stampActivity,
  verifyExportLines,
  type MoveIntent,
  type NewActivity,
  type Store,
} from '../src/index.js';
import { BACKENDS, storesPerTest } from './backends.js';

/** The activity's keyed chain (chain.ts) and its verification (verify.ts): every fault found, naming its row. */
const SECRET = 'secreto-de-prueba-de-la-cadena-0123456789';
const T0 = new Date('2026-12-01T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A cancel the gateway wrote (stamped with its secret). */
const event = (over: Partial<NewActivity> = {}): NewActivity =>
  stampActivity(SECRET, {
    ...{ at: T0, username: 'operador', permission: 'PAYMENT_CANCEL', area: 'payments' },
    ...{ operation: 'cancelPayment', operation_name: 'Cancel', target_ids: ['p1'], target_count: 1 },
    ...{ result: 'success', error_code: null, reason: 'pedido del pagador', items: null },
    ...{ request_id: 'req-1', trace_id: null, origin: '10.0.0.7' },
    ...over,
  });

const intent = (over: Partial<MoveIntent> = {}): MoveIntent => ({
  ...(event({ result: 'pending', request_id: 'req-move' }) as MoveIntent),
  idempotency_key: 'key-0001',
  request_hash: 'hash-a',
  lease_until: at(1),
  holder: 'gateway-a',
  ...over,
});

const ids = async (store: Store) =>
  (await sql<{ id: string }>`select id::text from activity order by activity.id`.execute(store.db)).rows.map(
    (r) => r.id,
  );

const seals = async (store: Store) =>
  (
    await sql<{ namespace: string; seq: string; activity_id: string; generation: number }>`
      select namespace, seq::text, activity_id::text, generation from activity_seal
      order by activity_seal.namespace, activity_seal.seq`.execute(store.db)
  ).rows;

const verify = (store: Store, digests = {}) => store.verifyActivity({ secret: SECRET, ...digests });

for (const backend of BACKENDS) {
  describe(`the activity's chain on ${backend.name}`, () => {
    const { open } = storesPerTest(backend);

    it('seals final rows in id order per namespace, a move once it is done; the chain verifies', async () => {
      const store = await open();
      await store.insertActivity([
        event({ request_id: 'a' }),
        event({ request_id: 'b', namespace: 'suite' }),
      ]);
      const move = await store.beginMove(intent());
      if (!move.begun) throw new Error('not begun');
      await store.insertActivity([event({ request_id: 'c' })]);
      const [a, b, , c] = await ids(store);
      expect((await store.sealActivity(SECRET)).sealed).toBe(3);
      // The pending move waits; the rows after it are chained meanwhile.
      expect(await seals(store)).toEqual([
        { namespace: '', seq: '1', activity_id: a, generation: 0 },
        { namespace: '', seq: '2', activity_id: c, generation: 0 },
        { namespace: 'suite', seq: '1', activity_id: b, generation: 0 },
      ]);
      expect(await verify(store)).toMatchObject({ ok: true, entries: 3, pending: 1, unsealed: 0 });
      await store.completeMove(
        move.id,
        { result: 'success', error_code: null, items: null, answer: { ok: true } },
        at(1),
      );
      expect(await verify(store)).toMatchObject({ ok: true, entries: 3, pending: 0, unsealed: 1 });
      expect((await store.sealActivity(SECRET)).sealed).toBe(1);
      expect((await seals(store)).map((s) => s.activity_id)).toEqual([a, c, move.id, b]);
      expect(await verify(store)).toMatchObject({ ok: true, entries: 4, unsealed: 0, problems: [] });
      // Another secret does not verify it.
      expect((await store.verifyActivity({ secret: 'otro-secreto' })).ok).toBe(false);
    });

    it('appends past seq 9 in order, in rounds of a few rows (seq compared as numbers, not as text)', async () => {
      const store = await open();
      await store.insertActivity(Array.from({ length: 23 }, (_, n) => event({ request_id: `r${n}` })));
      for (let round = 0; round < 5; round++) await store.sealActivity(SECRET, { limit: 5 });
      expect((await seals(store)).map((s) => s.seq)).toEqual(
        Array.from({ length: 23 }, (_, n) => String(n + 1)),
      );
      expect((await store.writeDigests(SECRET))[0]).toMatchObject({ seq: '23' });
      expect(await verify(store)).toMatchObject({ ok: true, entries: 23 });
      // A purge of the first rows leaves its anchor at seq 11: the next seals follow it.
      await sql`update activity set at = ${at(-600)} where id in (select activity_id from activity_seal where seq <= 11)`.execute(
        store.db,
      );
      expect(await store.purgeActivity(at(-300), SECRET)).toBe(11);
      await store.insertActivity([event({ request_id: 'after' })]);
      await store.sealActivity(SECRET);
      expect((await seals(store)).map((s) => s.seq).at(-1)).toBe('24');
      expect(await verify(store)).toMatchObject({ ok: true, entries: 13 });
    });

    it("computes the chain's HMAC as createHmac does (RFC 2104)", () => {
      const key = chainKey(SECRET, 'suite');
      const raw = createHmac('sha256', SECRET).update('activity-chain\0suite').digest();
      for (const text of ['', 'fila', 'ñ'.repeat(100)])
        expect(hmac(key, text)).toBe(createHmac('sha256', raw).update(text).digest('hex'));
    });

    it('finds a row altered by hand, naming it', async () => {
      const store = await open();
      await store.insertActivity([
        event({ request_id: 'a' }),
        event({ request_id: 'b' }),
        event({ request_id: 'c' }),
      ]);
      const [, b] = await ids(store);
      await store.sealActivity(SECRET);
      await sql`update activity set result = 'failed' where id = ${b}`.execute(store.db);
      const report = await verify(store);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([
        expect.objectContaining({
          kind: 'altered',
          activityId: b,
          message: expect.stringContaining(`Fila ${b} alterada`),
        }),
      ]);
    });

    it('finds a row removed by hand, and one removed with its seal, naming them', async () => {
      const store = await open();
      await store.insertActivity([1, 2, 3, 4, 5].map((n) => event({ request_id: `r${n}` })));
      const [, b, c, d] = await ids(store);
      await store.sealActivity(SECRET);
      await sql`delete from activity where id = ${b}`.execute(store.db);
      expect((await verify(store)).problems).toEqual([
        expect.objectContaining({
          kind: 'removed',
          activityId: b,
          message: expect.stringContaining(`Fila ${b} quitada`),
        }),
      ]);
      await sql`delete from activity where id = ${c}`.execute(store.db);
      await sql`delete from activity_seal where activity_id = ${c}`.execute(store.db);
      const report = await verify(store);
      expect(report.problems[1]).toMatchObject({ kind: 'removed', activityId: d });
      expect(report.problems[1]!.message).toContain(`antes de la fila ${d}, después de la fila ${b}`);
    });

    it('finds a row inserted by hand (no stamp of the gateway), which the sealer leaves out', async () => {
      const store = await open();
      await store.insertActivity([event({ request_id: 'a' })]);
      await store.sealActivity(SECRET);
      const { rows } = await sql<{
        id: string;
      }>`insert into activity (at, username, operation, result, request_id)
        values (now(), 'intruso', 'refundPayment', 'success', 'forged') returning id::text`.execute(store.db);
      const forged = rows[0]!.id;
      // A copy of a real row's stamp over other values is no better.
      await store.insertActivity([{ ...event({ request_id: 'b' }), username: 'otro' }]);
      const copied = (await ids(store)).at(-1)!;
      const sealed = await store.sealActivity(SECRET);
      expect(sealed).toMatchObject({ sealed: 0, rejected: [{ id: forged }, { id: copied }] });
      const report = await verify(store);
      expect(report.problems.map((p) => [p.kind, p.activityId])).toEqual([
        ['inserted', forged],
        ['inserted', copied],
      ]);
      expect(report.problems[0]!.message).toContain(`Fila ${forged} insertada`);
      // Found again later: the sealer does not take it on another run.
      expect((await store.sealActivity(SECRET)).rejected).toEqual([]);
      expect((await verify(store)).problems).toHaveLength(2);
    });

    it('finds a cut at the end against the last digest, in the store or in the log', async () => {
      const store = await open();
      await store.insertActivity([1, 2, 3, 4].map((n) => event({ request_id: `r${n}` })));
      const [, b, c, d] = await ids(store);
      await store.sealActivity(SECRET);
      const digests = await store.writeDigests(SECRET, at(60));
      expect(digests).toEqual([expect.objectContaining({ namespace: '', seq: '4', activityId: d })]);
      // The last rows and their seals removed: the chain that is left is sound, but shorter than its digest.
      await sql`delete from activity where id >= ${c}`.execute(store.db);
      await sql`delete from activity_seal where activity_id >= ${c}`.execute(store.db);
      const report = await verify(store);
      expect(report.problems).toEqual([expect.objectContaining({ kind: 'cut', activityId: d })]);
      expect(report.problems[0]!.message).toContain(`termina en la fila ${b}`);
      // The digests removed from the store too: the log's copy still finds it.
      await sql`delete from activity_digest`.execute(store.db);
      expect((await verify(store)).ok).toBe(true);
      expect((await verify(store, { digests })).problems).toEqual([
        expect.objectContaining({ kind: 'cut', activityId: d }),
      ]);
      // A digest with a forged head is refused for its signature.
      const forged = { ...digests[0]!, seq: '2', activityId: b };
      expect((await verify(store, { digests: [forged] })).problems).toEqual([
        expect.objectContaining({ kind: 'digest' }),
      ]);
    });

    it('seals again a move a retry changed; the purge leaves a signed start', async () => {
      const store = await open();
      const move = await store.beginMove(intent());
      if (!move.begun) throw new Error('not begun');
      const unknown = { result: 'unknown', error_code: 'UPSTREAM_TIMEOUT', items: null, answer: null };
      await store.completeMove(move.id, unknown, at(1));
      await store.insertActivity([event({ request_id: 'later', at: at(2) })]);
      await store.sealActivity(SECRET);
      // The retry takes the move again and completes it: a later entry of the same row.
      await store.takeMove(move.id, at(3), at(4), 'gateway-b');
      expect((await verify(store)).ok).toBe(true);
      await store.completeMove(move.id, { ...unknown, result: 'success', error_code: null }, at(3));
      expect(await verify(store)).toMatchObject({ ok: true, awaitingReseal: 1 });
      const resealed = await store.sealActivity(SECRET);
      expect(resealed.resealed).toEqual([{ id: move.id, namespace: '', generation: 2 }]);
      expect(await verify(store)).toMatchObject({ ok: true, entries: 3, awaitingReseal: 0 });
      await store.insertActivity([event({ request_id: 'newer', at: at(600) })]);
      await store.sealActivity(SECRET);
      // Purged up to the newer row: the chain starts at the anchor and still verifies.
      expect(await store.purgeActivity(at(300), SECRET)).toBe(2);
      expect(await verify(store)).toMatchObject({ ok: true, entries: 1 });
      // The anchor removed: the start of the chain is missing.
      await sql`delete from activity_digest where kind = 'purge'`.execute(store.db);
      expect((await verify(store)).problems).toEqual([expect.objectContaining({ kind: 'removed' })]);
    });

    it("reads a namespace's chain from a cursor for an export, verifiable offline", async () => {
      const store = await open();
      await store.insertActivity([1, 2, 3].map((n) => event({ request_id: `r${n}`, namespace: 'suite' })));
      await store.sealActivity(SECRET);
      const all = await store.readChain({ namespace: 'suite', afterSeq: '0', limit: 10 });
      expect(all.map((e) => e.seq)).toEqual(['1', '2', '3']);
      expect(all[0]!.previous).toBe(GENESIS_LINK);
      expect(all[1]!.previous).toBe(all[0]!.link);
      expect(contentHash(all[2]!.row!)).toBe(all[2]!.hash);
      const tail = await store.readChain({ namespace: 'suite', afterSeq: '1', limit: 10 });
      expect(tail[0]!.previous).toBe(all[0]!.link);
      const lines = all.map((e) => ({
        id: e.activityId,
        record: e.row,
        chain: {
          namespace: 'suite',
          seq: e.seq,
          generation: e.generation,
          hash: e.hash,
          link: e.link,
          previous: e.previous,
        },
      }));
      expect(verifyExportLines(SECRET, lines)).toEqual([]);
      const edited = lines.map((l, i) =>
        i === 1 ? { ...l, record: { ...l.record!, result: 'failed' } } : l,
      );
      expect(verifyExportLines(SECRET, edited)).toEqual([
        expect.objectContaining({ kind: 'altered', activityId: lines[1]!.id }),
      ]);
      expect(verifyExportLines(SECRET, [lines[0]!, lines[2]!])).toEqual([
        expect.objectContaining({ kind: 'removed', activityId: lines[2]!.id }),
      ]);
    });
  });
}
