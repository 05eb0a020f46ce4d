import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { UpstreamError, UpstreamTimeout } from '../../upstream/errors.js';
import { notFoundFailure, UNKNOWN_OUTCOME_MESSAGE } from '../../upstream/outcome.js';
import { checkBulkIds, loadBulkSettings, mapWithConcurrency, runBulk, type BulkRun } from '../bulk.js';
import { emptyMoveSlot } from '../../money/scope.js';

/** A request running no money move. */
const NO_MOVE = { moveSlot: emptyMoveSlot() };

interface Doc {
  id: string;
  status: 'open' | 'closed';
}

const NOT_FOUND = notFoundFailure('subscription', 'subscription_not_found');

function run(overrides: Partial<BulkRun<Doc, string>> = {}): BulkRun<Doc, string> {
  const docs = new Map<string, Doc>([
    ['1', { id: '1', status: 'open' }],
    ['2', { id: '2', status: 'open' }],
    ['3', { id: '3', status: 'open' }],
  ]);
  return {
    ids: ['1', '2', '3'],
    readAll: async (ids) => new Map(ids.flatMap((id) => (docs.has(id) ? [[id, docs.get(id)!]] : []))),
    itemReason: (doc) => (doc.status === 'open' ? null : 'Solo se pueden cerrar documentos abiertos.'),
    itemLabel: (id) => `Documento ${id}`,
    notFound: NOT_FOUND,
    write: async (id) => ({ id, status: 'closed' }),
    deadline: undefined,
    present: (doc) => `${doc.id}:${doc.status}`,
    concurrency: 2,
    ...overrides,
  };
}

describe('checkBulkIds', () => {
  it('checks each id, drops duplicates keeping the first, keeps the order', () => {
    expect(checkBulkIds([' 3', '1', '3', '2'], 'pagos', 10)).toEqual(['3', '1', '2']);
  });

  it('refuses more ids than the limit, naming the noun', () => {
    const error = (() => {
      try {
        checkBulkIds(['1', '2', '3'], 'suscripciones', 2);
      } catch (e) {
        return e as GraphQLError;
      }
      return null;
    })();
    expect(error?.message).toBe('Se pueden procesar hasta 2 suscripciones por vez (ids).');
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids' });
  });

  it('names the bad id by its position', () => {
    expect(() => checkBulkIds(['1', 'a b'], 'pagos', 10)).toThrow('El identificador (ids[1]) no es válido.');
  });
});

describe('loadBulkSettings', () => {
  it('defaults to 8 at once and 500 ids, and reads the environment', () => {
    expect(loadBulkSettings({})).toEqual({ concurrency: 8, maxItems: 500 });
    expect(loadBulkSettings({ BULK_CONCURRENCY: '3', BULK_MAX_ITEMS: '50' })).toEqual({
      concurrency: 3,
      maxItems: 50,
    });
  });

  it('fails the start on a value out of range', () => {
    expect(() => loadBulkSettings({ BULK_CONCURRENCY: '0' })).toThrow(/BULK_CONCURRENCY/);
    expect(() => loadBulkSettings({ BULK_MAX_ITEMS: '1.5' })).toThrow(/BULK_MAX_ITEMS/);
  });
});

describe('mapWithConcurrency', () => {
  it('never runs more than the limit at once and keeps the input order', async () => {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 12 }, (_, i) => i);
    const results = await mapWithConcurrency(items, 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      // Later items finish first: the order must still be the input's.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (n % 2) await new Promise<void>((resolve) => setImmediate(resolve));
      running--;
      return n * 10;
    });
    expect(results).toEqual(items.map((n) => n * 10));
    expect(peak).toBe(3);
  });

  it('handles an empty list and a limit below one', async () => {
    expect(await mapWithConcurrency([], 4, async (n: number) => n)).toEqual([]);
    expect(await mapWithConcurrency([1, 2], 0, async (n) => n + 1)).toEqual([2, 3]);
  });
});

describe('runBulk', () => {
  it('writes every item and answers one SUCCESS per id, in order', async () => {
    expect(await runBulk(NO_MOVE, run())).toEqual([
      { id: '1', outcome: 'SUCCESS', error: null, item: '1:closed' },
      { id: '2', outcome: 'SUCCESS', error: null, item: '2:closed' },
      { id: '3', outcome: 'SUCCESS', error: null, item: '3:closed' },
    ]);
  });

  it('answers nothing for no ids, without reading', async () => {
    let reads = 0;
    const readAll = async () => {
      reads++;
      return new Map<string, Doc>();
    };
    expect(await runBulk(NO_MOVE, run({ ids: [], readAll }))).toEqual([]);
    expect(reads).toBe(0);
  });

  it('an item the rule refuses fails alone, named, unwritten; the eligible ones are written', async () => {
    const written: string[] = [];
    const docs = new Map<string, Doc>([
      ['1', { id: '1', status: 'open' }],
      ['2', { id: '2', status: 'closed' }],
      ['3', { id: '3', status: 'open' }],
    ]);
    const results = await runBulk(
      NO_MOVE,
      run({
        ids: ['1', '2', '3', '9'],
        readAll: async (ids) => new Map(ids.flatMap((id) => (docs.has(id) ? [[id, docs.get(id)!]] : []))),
        write: async (id) => {
          written.push(id);
          return { id, status: 'closed' };
        },
      }),
    );
    expect(written.sort()).toEqual(['1', '3']);
    expect(results).toEqual([
      { id: '1', outcome: 'SUCCESS', error: null, item: '1:closed' },
      {
        id: '2',
        outcome: 'FAILED',
        error: {
          message: 'Documento 2: Solo se pueden cerrar documentos abiertos.',
          code: 'ACTION_NOT_ALLOWED',
          extendedCode: null,
        },
        item: '2:closed',
      },
      { id: '3', outcome: 'SUCCESS', error: null, item: '3:closed' },
      { id: '9', ...NOT_FOUND, item: null },
    ]);
  });

  it('when no item is eligible, every item fails with its own reason and nothing is written', async () => {
    let writes = 0;
    const results = await runBulk(
      NO_MOVE,
      run({
        ids: ['1', '2'],
        itemReason: () => 'No disponible.',
        write: async (id) => {
          writes++;
          return { id, status: 'closed' };
        },
      }),
    );
    expect(writes).toBe(0);
    expect(results.map((r) => [r.outcome, r.error?.message])).toEqual([
      ['FAILED', 'Documento 1: No disponible.'],
      ['FAILED', 'Documento 2: No disponible.'],
    ]);
  });

  it('a failed read of the selection is FAILED for every item (nothing was written)', async () => {
    const results = await runBulk(
      NO_MOVE,
      run({
        readAll: async () => {
          throw new UpstreamTimeout('subscription', 'GET', '/suscripciones', 10);
        },
      }),
    );
    expect(results.map((r) => r.outcome)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    expect(results.every((r) => r.item === null)).toBe(true);
  });

  it('reports each failed write: FAILED keeps the document, UNKNOWN shows none; missing ids are not found', async () => {
    const results = await runBulk(
      NO_MOVE,
      run({
        ids: ['1', '2', '3', '4'],
        write: async (id) => {
          if (id === '1') throw new UpstreamError('subscription', 409, 'invalid_status', 'already_cancelled');
          if (id === '2') throw new UpstreamTimeout('subscription', 'POST', '/x', 10);
          return { id, status: 'closed' };
        },
      }),
    );
    expect(results.map((r) => [r.id, r.outcome, r.item])).toEqual([
      ['1', 'FAILED', '1:open'],
      ['2', 'UNKNOWN', null],
      ['3', 'SUCCESS', '3:closed'],
      ['4', 'FAILED', null],
    ]);
    expect(results[0]!.error?.extendedCode).toBe('already_cancelled');
    expect(results[1]!.error?.message).toBe(UNKNOWN_OUTCOME_MESSAGE);
    expect(results[3]!.error).toEqual(NOT_FOUND.error);
  });

  it('runs at most `concurrency` writes at once', async () => {
    let running = 0;
    let peak = 0;
    const ids = ['1', '2', '3'];
    await runBulk(
      NO_MOVE,
      run({
        ids,
        concurrency: 1,
        write: async (id) => {
          running++;
          peak = Math.max(peak, running);
          await new Promise<void>((resolve) => setImmediate(resolve));
          running--;
          return { id, status: 'closed' };
        },
      }),
    );
    expect(peak).toBe(1);
  });
});

describe('runBulk at the drain deadline of a stopping gateway', () => {
  /** A write that waits until released; records what was sent. */
  function gatedWrites() {
    const sent: string[] = [];
    const gates = new Map<string, () => void>();
    const write = (id: string) => {
      sent.push(id);
      return new Promise<Doc>((resolve) => gates.set(id, () => resolve({ id, status: 'closed' })));
    };
    return { sent, gates, write };
  }

  it('answers at once: done items as they are, in-flight UNKNOWN, never-sent FAILED (retry safe), nothing written twice', async () => {
    const deadline = new AbortController();
    const { sent, gates, write } = gatedWrites();
    const ids = ['1', '2', '3', '4', '5'];
    const docs = new Map(ids.map((id) => [id, { id, status: 'open' as const }]));
    const bulk = runBulk(
      NO_MOVE,
      run({ ids, readAll: async () => docs, write, concurrency: 2, deadline: deadline.signal }),
    );
    await vi.waitFor(() => expect(sent).toEqual(['1', '2']), { timeout: 15_000, interval: 50 });
    gates.get('1')!();
    await vi.waitFor(() => expect(sent).toEqual(['1', '2', '3']), { timeout: 15_000, interval: 50 });
    deadline.abort();
    const results = await bulk;
    expect(results.map((r) => [r.id, r.outcome, r.error?.code ?? null, r.item])).toEqual([
      ['1', 'SUCCESS', null, '1:closed'],
      ['2', 'UNKNOWN', 'SERVER_RESTARTING', null],
      ['3', 'UNKNOWN', 'SERVER_RESTARTING', null],
      ['4', 'FAILED', 'SERVER_RESTARTING', null],
      ['5', 'FAILED', 'SERVER_RESTARTING', null],
    ]);
    expect(results[1]!.error!.message).toBe(
      'Documento 2: el servidor se reinició mientras se enviaba; no se pudo confirmar el resultado. Verifique el estado antes de reintentar.',
    );
    expect(results[3]!.error!.message).toBe(
      'Documento 4: no se envió porque el servidor se estaba reiniciando. Puede reintentarlo sin riesgo.',
    );
    // the in-flight writes landing later change nothing, and no item is sent again
    gates.get('2')!();
    gates.get('3')!();
    await Promise.resolve();
    expect(sent).toEqual(['1', '2', '3']);
  });

  it('a deadline during the read: every item FAILED as not sent, nothing written', async () => {
    const deadline = new AbortController();
    const write = vi.fn(async (id: string): Promise<Doc> => ({ id, status: 'closed' }));
    let reading = false;
    const bulk = runBulk(
      NO_MOVE,
      run({
        readAll: () => {
          reading = true;
          return new Promise(() => undefined);
        },
        write,
        deadline: deadline.signal,
      }),
    );
    await vi.waitFor(() => expect(reading).toBe(true), { timeout: 15_000, interval: 50 });
    deadline.abort();
    const results = await bulk;
    expect(results.map((r) => [r.id, r.outcome, r.error?.code])).toEqual([
      ['1', 'FAILED', 'SERVER_RESTARTING'],
      ['2', 'FAILED', 'SERVER_RESTARTING'],
      ['3', 'FAILED', 'SERVER_RESTARTING'],
    ]);
    expect(write).not.toHaveBeenCalled();
  });
});
