/**
 * Apollo's store of parsed documents (one DocumentNode per query text, reused by every request with that text; the
 * compiled executor and the cost estimates hang on it in WeakMaps), bounded by what it holds in memory.
 *
 * Apollo's own store counts a document as the length of its JSON, 30 MiB in all; a parsed document keeps every token
 * of its text with its location, which JSON leaves out: the web's 123 documents hold 5.6 MiB of heap for 1.5 MiB of
 * JSON (3.8 times), so that store could keep about 114 MiB of documents any client may send (the sandbox, other
 * teams' clients, any text differing by a space). Here a document counts by its text's length times what a byte of
 * text costs parsed, and the least recently used go past DOCUMENT_CACHE_MAX_BYTES. Cheaper to count too: no
 * JSON.stringify of every new document.
 */
import type { ApolloServerOptions, BaseContext } from '@apollo/server';
import type { DocumentNode } from 'graphql';

type DocumentStore = NonNullable<ApolloServerOptions<BaseContext>['documentStore']>;

/**
 * Heap bytes of a parsed document per byte of its text: 41 for the web's 123 documents (5.6 MiB of heap for 139 KiB
 * of text, each parsed as Apollo parses it, tokens and locations kept).
 */
export const HEAP_BYTES_PER_TEXT_BYTE = 41;

/** The memory a parsed document is counted for: its text's length (its location's end) times the measured cost. */
export const documentBytes = (document: DocumentNode): number =>
  (document.loc?.end ?? JSON.stringify(document).length) * HEAP_BYTES_PER_TEXT_BYTE;

/** A least-recently-used store of parsed documents holding at most `maxBytes` (documentBytes); 0 keeps none. */
export function documentCache(
  maxBytes: number,
): DocumentStore & { readonly bytes: number; readonly size: number } {
  const entries = new Map<string, { document: DocumentNode; bytes: number }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.bytes;
  };
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Most recently used last: the oldest go first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.document;
    },
    async set(key, document) {
      drop(key);
      const bytes = documentBytes(document);
      // One document past the whole bound is parsed again each time rather than emptying the store for it.
      if (bytes > maxBytes) return;
      entries.set(key, { document, bytes });
      total += bytes;
      for (const oldest of entries.keys()) {
        if (total <= maxBytes) break;
        drop(oldest);
      }
    },
    async delete(key) {
      drop(key);
      return true;
    },
    get bytes() {
      return total;
    },
    get size() {
      return entries.size;
    },
  };
}
