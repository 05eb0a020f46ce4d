/**
 * The browser's storages (Web Storage), read and written tolerantly: no storage, a full quota or a corrupt value
 * is an absent value or a refused write, never an exception. The start-up reads through this module (the kept
 * styles), so it imports nothing.
 */

/** The part of the Web Storage API used here (sessionStorage, localStorage, or a fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage whose keys can be listed (the Web Storage API's `length` and `key`). */
export interface ListableStorage extends KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
}

/** The browser's sessionStorage, or undefined when unavailable (server, privacy mode, sandboxed frame). */
export function browserSessionStorage(): ListableStorage | undefined {
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

/** The keys a storage holds (none when it cannot be read). */
export function storageKeys(storage: ListableStorage | undefined): string[] {
  if (!storage) return [];
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/** Removes every key `remove` says so of, ignoring storage errors. */
export function removeKeys(storage: ListableStorage | undefined, remove: (key: string) => boolean): void {
  for (const key of storageKeys(storage)) if (remove(key)) removeKey(storage, key);
}
