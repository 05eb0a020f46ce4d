/**
 * A collection of versioned documents (payments, subscriptions...): the current document of each id in a
 * `Collection` (lists, filters, sorts), plus every version it went through. A change never edits in place:
 * it stores a new current document whose `version` grows by one and whose `last_update_date` is the time of
 * the change, and keeps the previous one readable as a snapshot with `last_modified: false`.
 */
import { Collection, type CollectionOptions } from './collection.js';

/** What a versioned document must have (snake_case, as the services answer it). */
export interface VersionedDocument {
  id: string;
  status: string;
  version: number;
  /** False on a snapshot that is not the current version. */
  last_modified: boolean;
  last_update_date: string;
}

/** One version of a document; `materialize` builds it lazily (seeds derive old versions from the current). */
export interface VersionEntry<T extends VersionedDocument> {
  version: number;
  status: T['status'];
  last_update_date: string;
  materialize(): T;
}

/** A row of `GET .../historial`. */
export interface HistoryRow<T extends VersionedDocument> {
  version: number;
  last_update_date: string;
  id: string;
  status: T['status'];
}

export class VersionedCollection<T extends VersionedDocument> {
  /** The current version of every document. */
  readonly documents: Collection<T>;
  private readonly versions = new Map<string, VersionEntry<T>[]>();

  /** `versions`: every version of each document, oldest first (the last one is the current document). */
  constructor(
    rows: readonly T[],
    versions: Iterable<readonly [string, VersionEntry<T>[]]>,
    options: CollectionOptions = {},
  ) {
    this.documents = new Collection(rows, options);
    for (const [id, entries] of versions) this.versions.set(id, entries);
  }

  get(id: string): T | undefined {
    return this.documents.get(id);
  }

  all(): readonly T[] {
    return this.documents.all();
  }

  /** Newest first. */
  history(id: string): HistoryRow<T>[] {
    const entries = this.versions.get(id) ?? [];
    return entries
      .map((entry) => ({
        version: entry.version,
        last_update_date: entry.last_update_date,
        id,
        status: entry.status,
      }))
      .reverse();
  }

  /** The document as it was in `version` (`last_modified: false` unless it is the current one). */
  version(id: string, version: number): T | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    if (current.version === version) return current;
    const entry = this.versions.get(id)?.find((candidate) => candidate.version === version);
    if (!entry) return undefined;
    return { ...entry.materialize(), version, last_modified: false };
  }

  /** Adds a new document as its version 1 (throws if the id exists). */
  add(document: T): T {
    if (this.get(document.id)) throw new Error(`Document ${document.id} already exists`);
    this.documents.put(document);
    this.versions.set(document.id, [
      {
        version: document.version,
        status: document.status,
        last_update_date: document.last_update_date,
        materialize: () => document,
      },
    ]);
    return document;
  }

  /**
   * Applies a change as a new version: the previous one stays retrievable (marked `last_modified: false`),
   * `version` grows by one, `last_update_date` becomes `now`. Answers the new current document.
   */
  change(id: string, now: string, mutate: (draft: T) => void): T {
    const current = this.get(id);
    if (!current) throw new Error(`Document ${id} does not exist`);
    const draft = structuredClone(current);
    mutate(draft);
    draft.version = current.version + 1;
    draft.last_modified = true;
    draft.last_update_date = now;
    this.documents.put(draft);
    const entries = this.versions.get(id) ?? [];
    const previous = entries[entries.length - 1];
    if (previous && previous.version === current.version) {
      const old: T = { ...current, last_modified: false };
      entries[entries.length - 1] = { ...previous, materialize: () => old };
    }
    entries.push({
      version: draft.version,
      status: draft.status,
      last_update_date: now,
      materialize: () => draft,
    });
    this.versions.set(id, entries);
    return draft;
  }

  /** A change that does not make a new version (bookkeeping such as a sent notification). */
  touch(id: string, mutate: (draft: T) => void): T {
    const current = this.get(id);
    if (!current) throw new Error(`Document ${id} does not exist`);
    const draft = structuredClone(current);
    mutate(draft);
    this.documents.put(draft);
    const entries = this.versions.get(id);
    const last = entries?.[entries.length - 1];
    if (entries && last && last.version === draft.version) {
      entries[entries.length - 1] = { ...last, materialize: () => draft };
    }
    return draft;
  }
}
