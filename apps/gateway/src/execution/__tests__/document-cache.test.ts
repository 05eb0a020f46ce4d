import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { WEB_DOCUMENTS } from '../../generated/web-documents.js';
import { documentBytes, documentCache, HEAP_BYTES_PER_TEXT_BYTE } from '../document-cache.js';

/** The parsed documents' store (document-cache.ts): counted by what they hold, least recently used out first. */
const query = (n: number, fields = 1) =>
  parse(`query Q${n} { ${Array.from({ length: fields }, (_, i) => `f${i}: me { username }`).join(' ')} }`);

describe('document cache', () => {
  it('counts a document by its text times the measured heap of a parsed byte', () => {
    const document = query(1);
    expect(documentBytes(document)).toBe(document.loc!.end * HEAP_BYTES_PER_TEXT_BYTE);
  });

  it('keeps what fits its bound, the least recently used going first', async () => {
    const documents = [query(1), query(2), query(3)];
    const cache = documentCache(documentBytes(documents[0]!) * 2 + documentBytes(documents[0]!) / 2);
    await cache.set('a', documents[0]!);
    await cache.set('b', documents[1]!);
    // Read: 'a' is now the most recently used, so 'b' goes when 'c' comes.
    expect(await cache.get('a')).toBe(documents[0]);
    await cache.set('c', documents[2]!);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(documents[0]);
    expect(await cache.get('c')).toBe(documents[2]);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(documentBytes(documents[0]!) * 2.5);
    await cache.delete('a');
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(documentBytes(documents[2]!));
  });

  it('does not empty itself for one document past the whole bound, nor count a document set twice twice', async () => {
    const small = query(1);
    const cache = documentCache(documentBytes(small) * 3);
    await cache.set('small', small);
    await cache.set('huge', query(2, 40));
    expect(await cache.get('huge')).toBeUndefined();
    expect(await cache.get('small')).toBe(small);
    await cache.set('small', small);
    expect(cache.bytes).toBe(documentBytes(small));
  });

  it("holds every one of the web's trusted documents within the default bound, with room for others", () => {
    const total = [...WEB_DOCUMENTS.values()].reduce((sum, text) => sum + documentBytes(parse(text)), 0);
    expect(total).toBeLessThan((16 * 1024 * 1024) / 2);
  });
});
