import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import {
  collectionCalls,
  resolveBulkSelection,
  selectionReader,
  UPSTREAM_MAX_LIMIT,
  type BulkSelectionSpec,
} from '../bulk-selection.js';

interface Doc {
  id: string;
}

const NOUN = { one: 'pago', many: 'pagos' };

/** A list of `total` items ('1'..'total') paged as the upstream pages; `filter` must be 'ok'. */
function lister(total: number) {
  const all = Array.from({ length: total }, (_, i) => ({ id: String(i + 1) }));
  return vi.fn(async (filter: string | null | undefined, page: number, limit: number) => {
    if (filter !== 'ok')
      throw new GraphQLError('Filtro inválido (filter).', { extensions: { code: 'BAD_USER_INPUT' } });
    return { rows: all.slice((page - 1) * limit, page * limit), size: all.length };
  });
}

const spec = (
  list: BulkSelectionSpec<string, Doc>['list'],
  extra: Partial<BulkSelectionSpec<string, Doc>> = {},
): BulkSelectionSpec<string, Doc> => ({ noun: NOUN, list, idOf: (doc) => doc.id, maxItems: 500, ...extra });

/** The BAD_USER_INPUT a call throws: [message, field]. */
async function refusal(promise: Promise<unknown>): Promise<[string, unknown]> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GraphQLError);
  const graphqlError = error as GraphQLError;
  expect(graphqlError.extensions.code).toBe('BAD_USER_INPUT');
  return [graphqlError.message, graphqlError.extensions.field];
}

describe('resolveBulkSelection', () => {
  it('checks ticked ids as always, without listing', async () => {
    const list = lister(3);
    const result = await resolveBulkSelection({ ids: ['3', '1', '3'] }, spec(list));
    expect(result).toEqual({ ids: ['3', '1'], docs: null });
    expect(list).not.toHaveBeenCalled();
  });

  it('collects every matching item page by page when the count is the confirmed one', async () => {
    const list = lister(25);
    const result = await resolveBulkSelection(
      { matching: { filter: 'ok', expectedCount: 25 } },
      spec(list, { pageSize: 10 }),
    );
    expect(result.ids).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    expect([...result.docs!.values()]).toHaveLength(25);
    expect(list.mock.calls).toEqual([
      ['ok', 1, 10],
      ['ok', 2, 10],
      ['ok', 3, 10],
    ]);
  });

  it('asks the upstream for its largest page by default: one call up to 1000 items', async () => {
    const list = lister(500);
    await resolveBulkSelection({ matching: { filter: 'ok', expectedCount: 500 } }, spec(list));
    expect(list.mock.calls).toEqual([['ok', 1, UPSTREAM_MAX_LIMIT]]);
    expect(collectionCalls(500)).toBe(1);
    expect(collectionCalls(1001)).toBe(2);
    expect(collectionCalls(0)).toBe(1);
  });

  it('refuses a count that changed after one read, before anything else', async () => {
    const list = lister(12);
    expect(
      await refusal(resolveBulkSelection({ matching: { filter: 'ok', expectedCount: 11 } }, spec(list))),
    ).toEqual([
      'La búsqueda ahora devuelve 12 pagos, no 11: revísela y vuelva a confirmar.',
      'matching.expectedCount',
    ]);
    expect(list).toHaveBeenCalledTimes(1);
    expect(
      (
        await refusal(resolveBulkSelection({ matching: { filter: 'ok', expectedCount: 2 } }, spec(lister(1))))
      )[0],
    ).toBe('La búsqueda ahora devuelve 1 pago, no 2: revísela y vuelva a confirmar.');
  });

  it('refuses a list that moves while it is paged', async () => {
    // Page 2 answers rows already seen on page 1 (an item was removed in between): 19 distinct, 20 confirmed.
    const list = vi.fn(async (_filter: string | null | undefined, page: number) => ({
      rows: Array.from({ length: 10 }, (_, i) => ({ id: String(page === 1 ? i + 1 : i + 10) })),
      size: 20,
    }));
    expect(
      (
        await refusal(
          resolveBulkSelection(
            { matching: { filter: 'ok', expectedCount: 20 } },
            spec(list, { pageSize: 10 }),
          ),
        )
      )[0],
    ).toBe('La búsqueda ahora devuelve 19 pagos, no 20: revísela y vuelva a confirmar.');
  });

  it('refuses over the maximum: a confirmed count without listing, a grown list after one read', async () => {
    const list = lister(600);
    expect(
      await refusal(resolveBulkSelection({ matching: { filter: 'ok', expectedCount: 501 } }, spec(list))),
    ).toEqual(['Se pueden procesar hasta 500 pagos por vez; refine la búsqueda.', 'matching.expectedCount']);
    expect(list).not.toHaveBeenCalled();
    expect(
      (
        await refusal(resolveBulkSelection({ matching: { filter: 'ok', expectedCount: 500 } }, spec(list)))
      )[0],
    ).toBe('Se pueden procesar hasta 500 pagos por vez; refine la búsqueda.');
    expect(list).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ ids: ['1'], matching: { filter: 'ok', expectedCount: 1 } }, 'matching'],
    [{}, 'ids'],
    [{ ids: null, matching: null }, 'ids'],
    [{ matching: { filter: 'ok', expectedCount: 0 } }, 'matching.expectedCount'],
    [{ matching: { filter: 'ok', expectedCount: 2.5 } }, 'matching.expectedCount'],
  ])('refuses %j without listing (field %s)', async (args, field) => {
    const list = lister(3);
    const [message, refused] = await refusal(resolveBulkSelection(args, spec(list)));
    expect(refused).toBe(field);
    expect(message).toMatch(/^[A-Z]\S* .*[.]$/u);
    expect(list).not.toHaveBeenCalled();
  });

  it("lets the area's lister refuse an invalid filter", async () => {
    const list = lister(3);
    await expect(
      resolveBulkSelection({ matching: { filter: 'bad', expectedCount: 3 } }, spec(list)),
    ).rejects.toThrow('Filtro inválido (filter).');
  });
});

describe('selectionReader', () => {
  it('reuses the items read while collecting; ticked ids are read', async () => {
    const readIds = vi.fn(async () => new Map([['9', { id: '9' }]]));
    const collected = new Map([['1', { id: '1' }]]);
    expect(await selectionReader({ ids: ['1'], docs: collected }, readIds)(['1'])).toBe(collected);
    expect(readIds).not.toHaveBeenCalled();
    expect(await selectionReader({ ids: ['9'], docs: null }, readIds)(['9'])).toEqual(
      new Map([['9', { id: '9' }]]),
    );
  });
});
