/**
 * Lists keep their last state (page, filters, sort) in the browser's session storage (spec 000 §1, §9),
 * one key per list ('payments.list', 'subscriptions.list', ...).
 * Everything here is tolerant: no storage, a full quota, or a corrupt value never breaks a screen.
 */

/** The part of the Web Storage API the cache uses (sessionStorage, or a fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

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

/** The browser's sessionStorage, or undefined when unavailable (server, privacy mode, sandboxed frame). */
export function browserSessionStorage(): KeyValueStorage | undefined {
  try {
    return typeof window !== 'undefined' && window.sessionStorage ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's localStorage (what outlives the tab), or undefined when unavailable (privacy mode, a sandboxed frame). */
export function browserLocalStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : undefined;
  } catch {
    return undefined; // storage refused by the browser's settings
  }
}

/** Reads and JSON-parses a key; undefined when absent, unreadable or not JSON. */
export function readJson(storage: KeyValueStorage | undefined, key: string): unknown {
  if (!storage) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON-serialises and stores a value; false when it cannot be serialised or the storage refuses it. */
export function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): boolean {
  if (!storage) return false;
  let raw: string | undefined;
  try {
    raw = JSON.stringify(value);
  } catch {
    return false; // cycles, BigInt
  }
  if (raw === undefined) return false; // functions, undefined
  try {
    storage.setItem(key, raw);
    return true;
  } catch {
    return false; // quota exceeded, storage disabled
  }
}

/** Removes a key, ignoring storage errors. */
export function removeKey(storage: KeyValueStorage | undefined, key: string): void {
  if (!storage) return;
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: the value simply stays.
  }
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
      if (!target) return undefined;
      let raw: string | null;
      try {
        raw = target.getItem(key);
      } catch {
        return undefined;
      }
      if (raw === null) return undefined;
      let decoded: T | undefined;
      try {
        decoded = decode(JSON.parse(raw) as unknown);
      } catch {
        decoded = undefined; // not JSON, or the decoder threw
      }
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
