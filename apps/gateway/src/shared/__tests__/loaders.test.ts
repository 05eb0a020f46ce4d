import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../upstream/errors.js';
import { parseVersionKey, perKeyLoader, perKeyLoaderOrNull, versionKey } from '../loaders.js';

describe('perKeyLoader', () => {
  it('calls once per distinct key per loader, one key per call', async () => {
    const calls: string[] = [];
    const loader = perKeyLoader(async (key) => {
      calls.push(key);
      return `value of ${key}`;
    });
    const values = await Promise.all([loader.load('a'), loader.load('b'), loader.load('a')]);
    expect(values).toEqual(['value of a', 'value of b', 'value of a']);
    expect(await loader.load('b')).toBe('value of b');
    expect(calls.sort()).toEqual(['a', 'b']);
  });

  it("rejects only the failing key's load", async () => {
    const loader = perKeyLoader(async (key) => {
      if (key === 'bad') throw new UpstreamError('payment', 500, 'internal_error', null);
      return key;
    });
    const [good, bad] = await Promise.allSettled([loader.load('good'), loader.load('bad')]);
    expect(good).toEqual({ status: 'fulfilled', value: 'good' });
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamError);
  });
});

describe('perKeyLoaderOrNull', () => {
  it('turns an upstream 404 into null and keeps other errors', async () => {
    const loader = perKeyLoaderOrNull(async (key) => {
      if (key === 'missing') throw new UpstreamError('subscription', 404, 'not_found', null);
      if (key === 'down') throw new UpstreamError('subscription', 503, 'service_unavailable', null);
      return { id: key };
    });
    expect(await loader.load('1')).toEqual({ id: '1' });
    expect(await loader.load('missing')).toBeNull();
    await expect(loader.load('down')).rejects.toMatchObject({ status: 503 });
  });
});

describe('version keys', () => {
  it('round-trip, ids with @ included', () => {
    expect(versionKey('123', 4)).toBe('123@4');
    expect(parseVersionKey(versionKey('123', 4))).toEqual({ id: '123', version: 4 });
    expect(parseVersionKey(versionKey('a@b', 12))).toEqual({ id: 'a@b', version: 12 });
  });
});
