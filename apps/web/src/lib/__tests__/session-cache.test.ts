import { describe, expect, it } from 'vitest';
import { createSessionCache, decodeString, isRecord } from '../session-cache';
import { readJson, removeKey, writeJson } from '../web-storage';
import { FakeStorage } from '../../test/fake-storage';

interface ListState {
  page: number;
  search: string;
}

function decodeListState(value: unknown): ListState | undefined {
  if (!isRecord(value)) return undefined;
  const { page, search } = value;
  if (typeof page !== 'number' || typeof search !== 'string') return undefined;
  return { page, search };
}

describe('createSessionCache', () => {
  it('round-trips a value under its own key', () => {
    const storage = new FakeStorage();
    const cache = createSessionCache('payments.list', decodeListState, () => storage);
    expect(cache.read()).toBeUndefined();
    expect(cache.write({ page: 3, search: 'ana@example.com' })).toBe(true);
    expect(storage.values.get('payments.list')).toBe('{"page":3,"search":"ana@example.com"}');
    expect(cache.read()).toEqual({ page: 3, search: 'ana@example.com' });
  });

  it('keeps lists apart by key', () => {
    const storage = new FakeStorage();
    const payments = createSessionCache('payments.list', decodeListState, () => storage);
    const payers = createSessionCache('payers.list', decodeListState, () => storage);
    payments.write({ page: 2, search: 'a' });
    payers.write({ page: 7, search: 'b' });
    expect(payments.read()).toEqual({ page: 2, search: 'a' });
    expect(payers.read()).toEqual({ page: 7, search: 'b' });
    payments.clear();
    expect(payments.read()).toBeUndefined();
    expect(payers.read()).toEqual({ page: 7, search: 'b' });
  });

  it('drops and removes a value that is not JSON', () => {
    const storage = new FakeStorage();
    storage.values.set('payments.list', '{not json');
    const cache = createSessionCache('payments.list', decodeListState, () => storage);
    expect(cache.read()).toBeUndefined();
    expect(storage.values.has('payments.list')).toBe(false);
  });

  it('drops and removes a value the decoder rejects', () => {
    const storage = new FakeStorage();
    storage.values.set('payments.list', JSON.stringify({ page: 'two', search: 1 }));
    const cache = createSessionCache('payments.list', decodeListState, () => storage);
    expect(cache.read()).toBeUndefined();
    expect(storage.values.has('payments.list')).toBe(false);
  });

  it('treats a throwing decoder as a corrupt value', () => {
    const storage = new FakeStorage();
    storage.values.set('k', '1');
    const cache = createSessionCache<number>(
      'k',
      () => {
        throw new Error('boom');
      },
      () => storage,
    );
    expect(cache.read()).toBeUndefined();
  });

  it('survives a storage that refuses reads and writes', () => {
    const storage = new FakeStorage();
    storage.failWrites = true;
    const cache = createSessionCache('payments.list', decodeListState, () => storage);
    expect(cache.write({ page: 1, search: '' })).toBe(false);
    storage.failReads = true;
    expect(cache.read()).toBeUndefined();
  });

  it('works without any storage', () => {
    const cache = createSessionCache('payments.list', decodeListState, () => undefined);
    expect(cache.write({ page: 1, search: '' })).toBe(false);
    expect(cache.read()).toBeUndefined();
    expect(() => cache.clear()).not.toThrow();
  });

  it('stores strings with decodeString', () => {
    const storage = new FakeStorage();
    const cache = createSessionCache('payments.list', decodeString, () => storage);
    cache.write('?status=approved&page=2');
    expect(cache.read()).toBe('?status=approved&page=2');
    storage.values.set('payments.list', '42');
    expect(cache.read()).toBeUndefined();
  });
});

describe('readJson / writeJson / removeKey', () => {
  it('refuses values JSON cannot hold', () => {
    const storage = new FakeStorage();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(writeJson(storage, 'a', cyclic)).toBe(false);
    expect(writeJson(storage, 'b', 10n)).toBe(false);
    expect(writeJson(storage, 'c', undefined)).toBe(false);
    expect(storage.values.size).toBe(0);
  });

  it('reads what it wrote and nothing else', () => {
    const storage = new FakeStorage();
    expect(writeJson(storage, 'x', { a: [1, 'dos', null] })).toBe(true);
    expect(readJson(storage, 'x')).toEqual({ a: [1, 'dos', null] });
    expect(readJson(storage, 'missing')).toBeUndefined();
    storage.values.set('bad', 'undefined');
    expect(readJson(storage, 'bad')).toBeUndefined();
    removeKey(storage, 'x');
    expect(readJson(storage, 'x')).toBeUndefined();
    expect(readJson(undefined, 'x')).toBeUndefined();
  });
});
