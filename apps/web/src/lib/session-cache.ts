/**
 * Lists keep their last state (page, filters, sort) in the browser's session storage (spec 000 §1, §9),
 * one key per list ('payments.list', 'subscriptions.list', ...).
 * Everything here is tolerant: no storage, a full quota, or a corrupt value never breaks a screen.
 */
import { browserSessionStorage, readJson, removeKey, writeJson, type KeyValueStorage } from './web-storage';

/** Turns an unknown parsed value into a T, or undefined when it does not fit. */
export type CacheDecoder<T> = (value: unknown) => T | undefined;

export interface SessionCache<T> {
  readonly key: string;
  /** The stored value, or undefined when absent, corrupt or rejected by the decoder. */
  read(): T | undefined;
  /** Stores the value; returns false when the storage refused it. */
  write(value: T): boolean;
  clear(): void;
}

/**
 * A typed cache for one list. The decoder validates what comes back, so a value written by an older
 * version of the app or edited by hand is dropped (and removed) instead of reaching the screen.
 */
export function createSessionCache<T>(
  key: string,
  decode: CacheDecoder<T>,
  storage: () => KeyValueStorage | undefined = browserSessionStorage,
): SessionCache<T> {
  return {
    key,
    read() {
      const target = storage();
      const value = readJson(target, key);
      let decoded: T | undefined;
      try {
        decoded = value === undefined ? undefined : decode(value);
      } catch {
        decoded = undefined; // the decoder threw
      }
      // Absent, not JSON, or not what the decoder accepts: a stale or hand-edited value goes (absent: a no-op).
      if (decoded === undefined) removeKey(target, key);
      return decoded;
    },
    write(value) {
      return writeJson(storage(), key, value);
    },
    clear() {
      removeKey(storage(), key);
    },
  };
}

/** Decoder helpers for the common shapes. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cache whose value is a plain string (for instance a list's URL query string). */
export function decodeString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
