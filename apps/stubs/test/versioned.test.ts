import { describe, expect, it } from 'vitest';
import { VersionedCollection, type VersionEntry } from '../src/lib/versioned.js';

interface Doc {
  id: string;
  status: 'open' | 'closed';
  version: number;
  last_modified: boolean;
  last_update_date: string;
  amount: number;
  tags: string[];
}

const doc = (id: string, amount: number): Doc => ({
  id,
  status: 'open',
  version: 1,
  last_modified: true,
  last_update_date: '2025-01-01T00:00:00.000Z',
  amount,
  tags: [],
});

function collection(): VersionedCollection<Doc> {
  const a = doc('1', 10);
  const b = { ...doc('2', 20), version: 2, last_update_date: '2025-01-02T00:00:00.000Z' };
  const bFirst: Doc = { ...b, version: 1, amount: 15, last_update_date: '2025-01-01T00:00:00.000Z' };
  const versions: [string, VersionEntry<Doc>[]][] = [
    ['1', [{ version: 1, status: 'open', last_update_date: a.last_update_date, materialize: () => a }]],
    [
      '2',
      [
        { version: 1, status: 'open', last_update_date: bFirst.last_update_date, materialize: () => bFirst },
        { version: 2, status: 'open', last_update_date: b.last_update_date, materialize: () => b },
      ],
    ],
  ];
  return new VersionedCollection([a, b], versions, {
    defaultSorts: [{ field: 'amount', direction: 'desc' }],
  });
}

describe('VersionedCollection', () => {
  it('lists the current documents with the default sort', () => {
    const docs = collection();
    const list = JSON.parse(docs.documents.listJson({}));
    expect(list.rows.map((row: Doc) => row.id)).toEqual(['2', '1']);
    expect(list.size).toBe(2);
  });

  it('answers the history newest first and old versions as not current', () => {
    const docs = collection();
    expect(docs.history('2')).toEqual([
      { version: 2, last_update_date: '2025-01-02T00:00:00.000Z', id: '2', status: 'open' },
      { version: 1, last_update_date: '2025-01-01T00:00:00.000Z', id: '2', status: 'open' },
    ]);
    expect(docs.version('2', 1)).toMatchObject({ version: 1, amount: 15, last_modified: false });
    expect(docs.version('2', 2)).toBe(docs.get('2'));
    expect(docs.version('2', 3)).toBeUndefined();
    expect(docs.version('9', 1)).toBeUndefined();
    expect(docs.history('9')).toEqual([]);
  });

  it('change makes a new version, keeps the old one readable and leaves the old object untouched', () => {
    const docs = collection();
    const before = docs.get('1');
    const changed = docs.change('1', '2025-02-01T10:00:00.000Z', (draft) => {
      draft.status = 'closed';
      draft.tags.push('cerrado');
    });
    expect(changed).toMatchObject({
      id: '1',
      status: 'closed',
      version: 2,
      last_modified: true,
      last_update_date: '2025-02-01T10:00:00.000Z',
      tags: ['cerrado'],
    });
    expect(docs.get('1')).toBe(changed);
    expect(before).toMatchObject({ status: 'open', version: 1, tags: [] });
    expect(docs.version('1', 1)).toMatchObject({ status: 'open', last_modified: false, tags: [] });
    expect(docs.history('1').map((row) => [row.version, row.status])).toEqual([
      [2, 'closed'],
      [1, 'open'],
    ]);
    // The list sees the change (its cache is dropped).
    const list = JSON.parse(
      docs.documents.listJson({
        filters: JSON.stringify([{ field: 'status', operation: 'EQUAL', value: 'closed' }]),
      }),
    );
    expect(list.rows.map((row: Doc) => row.id)).toEqual(['1']);
  });

  it('a second change marks the previous current snapshot as not current', () => {
    const docs = collection();
    docs.change('1', '2025-02-01T10:00:00.000Z', (draft) => {
      draft.amount = 11;
    });
    docs.change('1', '2025-02-02T10:00:00.000Z', (draft) => {
      draft.amount = 12;
    });
    expect(docs.get('1')).toMatchObject({ version: 3, amount: 12, last_modified: true });
    expect(docs.version('1', 2)).toMatchObject({
      version: 2,
      amount: 11,
      last_modified: false,
      last_update_date: '2025-02-01T10:00:00.000Z',
    });
    expect(docs.version('1', 1)).toMatchObject({ version: 1, amount: 10 });
  });

  it('touch changes the current document without a new version', () => {
    const docs = collection();
    const touched = docs.touch('2', (draft) => {
      draft.tags.push('avisado');
    });
    expect(touched).toMatchObject({ version: 2, tags: ['avisado'] });
    expect(docs.history('2')).toHaveLength(2);
    expect(docs.version('2', 2)).toBe(touched);
  });

  it('refuses to change an unknown document', () => {
    const docs = collection();
    expect(() => docs.change('9', '2025-01-01T00:00:00.000Z', () => undefined)).toThrow(/9/);
    expect(() => docs.touch('9', () => undefined)).toThrow(/9/);
  });
});
