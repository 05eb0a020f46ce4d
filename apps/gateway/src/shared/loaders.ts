/**
 * Per-request loaders (DataLoader): within one GraphQL request each key is fetched at most once, however many
 * fields ask for it. For services without a batch read: one call per key, no batching.
 */
import DataLoader from 'dataloader';
import { UpstreamError } from '../upstream/errors.js';

export const isNotFound = (error: unknown): boolean => error instanceof UpstreamError && error.status === 404;

/** One upstream call per key, cached for the request; a failure is that key's error (others still load). */
export function perKeyLoader<V>(load: (key: string) => Promise<V>): DataLoader<string, V> {
  return new DataLoader<string, V>(
    (keys) => Promise.all(keys.map((key) => load(key).catch((error: unknown) => error as Error))),
    { batch: false },
  );
}

/** perKeyLoader where an upstream 404 is null (the document does not exist) instead of an error. */
export function perKeyLoaderOrNull<V>(load: (key: string) => Promise<V>): DataLoader<string, V | null> {
  return perKeyLoader<V | null>(async (key) => {
    try {
      return await load(key);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  });
}

/** The key of one version of a document ("id@version"), and back. */
export const versionKey = (id: string, version: number): string => `${id}@${version}`;

export function parseVersionKey(key: string): { id: string; version: number } {
  const at = key.lastIndexOf('@');
  return { id: key.slice(0, at), version: Number(key.slice(at + 1)) };
}
