import { openStore, type MoveIntent, type Store } from '@backoffice/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createMoveJournal, GATEWAY_STOPPED, MoveNotRecorded } from '../journal.js';

/**
 * The gateway's side of the money moves on the embedded store: what a gateway that died left pending is
 * closed by another after its lease, an outcome the store could not take is written when it can, and an intent
 * the store cannot take stops the write.
 */
let store: Store;
beforeAll(async () => {
  store = await openStore();
});
afterAll(async () => {
  await store?.close();
});

const intent = (key: string, items: Array<{ id: string; result: string }> | null = null) =>
  ({
    at: new Date(),
    username: 'operador',
    permission: 'PAYMENT_CANCEL',
    area: 'payments',
    operation: items ? 'bulkCancelPayments' : 'cancelPayment',
    operation_name: null,
    target_ids: items?.map((i) => i.id) ?? ['p1'],
    target_count: items?.length ?? 1,
    result: 'pending',
    error_code: null,
    reason: 'pedido',
    items: items ? JSON.stringify(items) : null,
    request_id: `req-${key}`,
    trace_id: null,
    idempotency_key: key,
    request_hash: 'h',
  }) satisfies Omit<MoveIntent, 'lease_until' | 'holder'>;

function journalAt(clock: { now: Date }, lines: string[] = [], current: () => Store | null = () => store) {
  return createMoveJournal({
    store: current,
    logger: createLogger('info', (line) => lines.push(line)),
    leaseMs: 10_000,
    recoverEveryMs: 3_600_000,
    now: () => clock.now,
  });
}

describe('move journal', () => {
  it("closes a stopped gateway's move after its lease: items without an outcome unknown, the outcome's audit line written", async () => {
    const clock = { now: new Date() };
    const dead = journalAt(clock);
    const begun = await dead.begin(
      intent('k-dead', [
        { id: 'p1', result: 'pending' },
        { id: 'p2', result: 'pending' },
      ]),
    );
    if (!begun.begun) throw new Error('not begun');
    await dead.progress(
      begun.id,
      [
        { id: 'p1', result: 'success' },
        { id: 'p2', result: 'pending' },
      ],
      { holder: dead.holder, generation: begun.generation },
    );
    await dead.close(); // the gateway is gone: nothing completes its move

    const lines: string[] = [];
    const other = journalAt(clock, lines);
    expect(await other.recover()).toBe(0); // still held
    // Past its lease but within the margin a holder alive and slow has to renew: not claimed yet.
    clock.now = new Date(clock.now.getTime() + 11_000);
    expect(await other.recover()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 10_000);
    expect(await other.recover()).toBe(1);
    const move = await store.findMove('operador', 'k-dead');
    expect(move).toMatchObject({ state: 'done', result: 'unknown', error_code: GATEWAY_STOPPED });
    expect(move!.items).toEqual([
      { id: 'p1', result: 'success' },
      { id: 'p2', result: 'unknown' },
    ]);
    expect(move!.answer).toMatchObject({
      outcome: 'UNKNOWN',
      results: [
        { id: 'p1', outcome: 'SUCCESS', error: null },
        { id: 'p2', outcome: 'UNKNOWN', error: { code: GATEWAY_STOPPED } },
      ],
    });
    const audit = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'audit');
    expect(audit).toEqual([
      expect.objectContaining({ result: 'unknown', recovered: true, user: 'operador' }),
    ]);
    await other.close();
  });

  it('writes an outcome the store could not take once it can, and keeps the move held meanwhile', async () => {
    const clock = { now: new Date() };
    let available = true;
    const journal = journalAt(clock, [], () => (available ? store : null));
    const begun = await journal.begin(intent('k-late'));
    if (!begun.begun) throw new Error('not begun');
    available = false;
    await journal.complete(
      begun.id,
      { result: 'success', error_code: null, items: null, answer: { outcome: 'SUCCESS' } },
      { holder: journal.holder, generation: begun.generation },
      50,
    );
    expect(await store.findMove('operador', 'k-late')).toMatchObject({ state: 'pending' });
    available = true;
    await expect
      .poll(async () => (await store.findMove('operador', 'k-late'))?.state, { timeout: 10_000 })
      .toBe('done');
    expect(await store.findMove('operador', 'k-late')).toMatchObject({ result: 'success' });
    await journal.close();
  });

  it('fences a holder that stalled past its lease: its hold is lost, its late outcome refused and logged', async () => {
    const clock = { now: new Date() };
    const lines: string[] = [];
    const stalled = journalAt(clock, lines);
    const begun = await stalled.begin(intent('k-stalled', [{ id: 'p1', result: 'pending' }]));
    if (!begun.begun) throw new Error('not begun');
    const fence = { holder: stalled.holder, generation: begun.generation };
    expect(await stalled.progress(begun.id, null, fence)).toBe('held');
    // Stopped past its lease and the margin: another gateway recovers the move.
    clock.now = new Date(clock.now.getTime() + 25_000);
    const other = journalAt(clock);
    expect(await other.recover()).toBe(1);
    // It wakes: its hold is gone, and its outcome does not replace the recovery's.
    expect(await stalled.progress(begun.id, [{ id: 'p1', result: 'success' }], fence)).toBe('lost');
    await stalled.complete(
      begun.id,
      { result: 'success', error_code: null, items: [{ id: 'p1', result: 'success' }], answer: {} },
      fence,
    );
    expect(await store.findMove('operador', 'k-stalled')).toMatchObject({
      result: 'unknown',
      error_code: GATEWAY_STOPPED,
      holder: other.holder,
    });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).map((l) => l.msg);
    expect(logged).toContain(
      'move hold lost: another gateway took the move, this one sends nothing more for it',
    );
    expect(logged).toContain('late move outcome refused: another gateway holds the move now');
    await stalled.close();
    await other.close();
  });

  it('refuses an intent the store cannot take (MoveNotRecorded): the write is not sent', async () => {
    const journal = journalAt({ now: new Date() }, [], () => null);
    await expect(journal.begin(intent('k-none'))).rejects.toBeInstanceOf(MoveNotRecorded);
    await journal.close();
  });
});
