import { describe, expect, it } from 'vitest';
import {
  applyBulkResults,
  failRunning,
  failedIds,
  initialBulkItems,
  markRunning,
  MISSING_RESULT_MESSAGE,
  summarizeBulk,
  UNKNOWN_RESULT_MESSAGE,
  type BulkResultLike,
} from '../bulk-progress';

const ids = Array.from({ length: 10 }, (_, i) => String(1000100 + i));
const OK = 'Pago cancelado correctamente';

describe('bulk progress', () => {
  it('cancels 10 with 3 failures, then retries only the 3 failed', () => {
    let items = initialBulkItems(ids.map((id) => ({ id })));
    items = markRunning(items, ids);
    expect(summarizeBulk(items)).toMatchObject({ total: 10, running: 10, done: false });

    const failing = new Set([ids[1], ids[4], ids[8]]);
    const results: BulkResultLike[] = ids.map((id) =>
      failing.has(id)
        ? {
            id,
            outcome: 'FAILED',
            error: { message: 'El pago no se puede cancelar en su estado actual - payment_not_cancellable' },
          }
        : { id, outcome: 'SUCCESS' },
    );
    items = applyBulkResults(items, results, OK);
    expect(summarizeBulk(items)).toMatchObject({ success: 7, error: 3, unknown: 0, done: true });
    expect(items.find((i) => i.id === ids[0])!.message).toBe(OK);
    expect(items.find((i) => i.id === ids[1])!.message).toBe(
      'El pago no se puede cancelar en su estado actual - payment_not_cancellable',
    );

    const retry = failedIds(items);
    expect(retry).toEqual([ids[1], ids[4], ids[8]]);
    items = markRunning(items, retry);
    expect(items.filter((i) => i.state === 'running').map((i) => i.id)).toEqual(retry);
    expect(items.filter((i) => i.state === 'success')).toHaveLength(7);
    items = applyBulkResults(
      items,
      retry.map((id) => ({ id, outcome: 'SUCCESS' as const })),
      OK,
    );
    expect(summarizeBulk(items)).toMatchObject({ success: 10, error: 0, done: true });
    expect(items.find((i) => i.id === ids[1])!.attempts).toBe(2);
    expect(items.find((i) => i.id === ids[0])!.attempts).toBe(1);
  });

  it('never reports a timed-out item as a success, and never retries it blindly', () => {
    let items = markRunning(initialBulkItems([{ id: 'a' }, { id: 'b' }, { id: 'c' }]), ['a', 'b', 'c']);
    items = applyBulkResults(
      items,
      [
        { id: 'a', outcome: 'UNKNOWN', error: null },
        { id: 'b', outcome: 'SUCCESS' },
      ],
      OK,
    );
    expect(items.map((i) => i.state)).toEqual(['unknown', 'success', 'unknown']);
    expect(items[0]!.message).toBe(UNKNOWN_RESULT_MESSAGE);
    expect(items[2]!.message).toBe(MISSING_RESULT_MESSAGE);
    expect(failedIds(items)).toEqual([]);
    expect(summarizeBulk(items)).toMatchObject({ success: 1, unknown: 2, done: true });
  });

  it('a failed request fails every running item with its message (they can be retried)', () => {
    let items = markRunning(initialBulkItems([{ id: 'a' }, { id: 'b' }]), ['b']);
    items = failRunning(items, 'No se pudo conectar con el servidor.');
    expect(items.map((i) => i.state)).toEqual(['pending', 'error']);
    expect(failedIds(items)).toEqual(['b']);
  });

  it('a failed item shows the catalogue message, " - " and the extended code (spec 000 §8)', () => {
    let items = markRunning(initialBulkItems([{ id: 'a' }, { id: 'b' }, { id: 'c' }]), ['a', 'b', 'c']);
    items = applyBulkResults(
      items,
      [
        {
          id: 'a',
          outcome: 'FAILED',
          error: {
            message: 'El pago no se puede cancelar en su estado actual',
            extendedCode: 'payment_not_cancellable',
          },
        },
        {
          id: 'b',
          outcome: 'FAILED',
          error: { message: 'Fondos insuficientes - insufficient_funds', extendedCode: 'insufficient_funds' },
        },
        {
          id: 'c',
          outcome: 'FAILED',
          error: { message: 'No tiene permisos para cancelar pagos.', code: 'FORBIDDEN' },
        },
      ],
      OK,
    );
    expect(items.map((i) => i.message)).toEqual([
      'El pago no se puede cancelar en su estado actual - payment_not_cancellable',
      'Fondos insuficientes - insufficient_funds',
      'No tiene permisos para cancelar pagos.',
    ]);
  });

  it('ignores repeated ids in the selection', () => {
    expect(initialBulkItems([{ id: 'a' }, { id: 'a' }, { id: 'b' }]).map((i) => i.id)).toEqual(['a', 'b']);
  });
});
