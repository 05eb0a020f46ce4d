import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewApprovalPolicy } from '../src/index.js';
import { BACKENDS, storesPerTest } from './backends.js';

/** A rule of its own namespace (the embedded store is shared by the file's tests). */
const rule = (namespace: string, requestId: string): NewApprovalPolicy => ({
  namespace,
  action: 'refundPayment',
  min_amount_cents: 100_000_00n,
  daily_amount_cents: null,
  approvals: 2,
  proposed_by: 'admin',
  approved_by: 'admin2',
  request_id: requestId,
  added_at: new Date('2026-11-20T12:00:00Z'),
});

let requests = 0;
const nextRequest = () => String(Date.now() * 10 + (requests++ % 10));

for (const backend of BACKENDS) {
  describe(`approval policies added in the app on ${backend.name}`, () => {
    const { open } = storesPerTest(backend);

    it('a rule is stored once per request, listed in its namespace only, in cents', async () => {
      const store = await open();
      const namespace = randomUUID();
      const request = nextRequest();
      const first = await store.approvals.addPolicy(rule(namespace, request));
      const again = await store.approvals.addPolicy({ ...rule(namespace, request), approved_by: 'otro' });
      expect(first.created).toBe(true);
      expect(again).toEqual({ created: false, row: first.row });
      expect(first.row).toMatchObject({
        action: 'refundPayment',
        min_amount_cents: '10000000',
        daily_amount_cents: null,
        approvals: 2,
        proposed_by: 'admin',
        approved_by: 'admin2',
        request_id: request,
        removed_at: null,
      });
      expect((await store.approvals.policies(namespace)).map((row) => row.id)).toEqual([first.row.id]);
      expect(await store.approvals.policies(randomUUID())).toEqual([]);
      expect((await store.approvals.policies()).map((row) => row.id)).toContain(first.row.id);
      expect(await store.approvals.findPolicy(first.row.id, randomUUID())).toBeNull();
    });

    it('a removal takes the rule out of force once; the same request again answers it, another finds none', async () => {
      const store = await open();
      const namespace = randomUUID();
      const { row } = await store.approvals.addPolicy(rule(namespace, nextRequest()));
      const removal = { id: row.id, namespace, removedBy: 'admin', requestId: nextRequest(), at: new Date() };
      const removed = await store.approvals.removePolicy(removal);
      expect(removed).toMatchObject({ id: row.id, removed_by: 'admin' });
      expect(removed?.removed_at).toBeInstanceOf(Date);
      expect(await store.approvals.removePolicy({ ...removal, at: new Date(0) })).toEqual(removed);
      expect(await store.approvals.removePolicy({ ...removal, requestId: nextRequest() })).toBeNull();
      expect(await store.approvals.policies(namespace)).toEqual([]);
      expect(await store.approvals.findPolicy(row.id, namespace)).toBeNull();
    });

    it("a day's total so far: 0 before any move, then what addDailyAmount added", async () => {
      const store = await open();
      const entry = {
        namespace: randomUUID(),
        username: 'operador',
        action: 'refundPayment',
        day: '2026-11-20',
      };
      expect(await store.approvals.dailyAmount(entry)).toBe(0n);
      await store.approvals.addDailyAmount({ ...entry, cents: 150n, limitCents: 1_000n });
      await store.approvals.addDailyAmount({ ...entry, cents: 2_000n, limitCents: 1_000n });
      expect(await store.approvals.dailyAmount(entry)).toBe(150n);
    });
  });
}
