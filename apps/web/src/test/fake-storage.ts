import type { ListableStorage } from '../lib/web-storage';

/** A Web Storage stand-in over a Map, with switches for a storage that refuses (privacy settings, a full quota). */
export class FakeStorage implements ListableStorage {
  readonly values = new Map<string, string>();
  failWrites = false;
  failReads = false;
  getItem(key: string): string | null {
    if (this.failReads) throw new Error('SecurityError');
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new Error('QuotaExceededError');
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
  get length(): number {
    return this.values.size;
  }
  key(index: number): string | null {
    return [...this.values.keys()][index] ?? null;
  }
}
