/**
 * Who has a record open (docs/live.md): each stream of this replica declares what it has open
 * (`declare`, replacing its previous declaration; expired `ttlMs` after its last one or when the stream ends), and
 * the other replicas' viewers arrive as presence messages through the store (a NOTIFY on a server, in-process with
 * the embedded store). A record's viewers are the union of this replica's and what each other replica last said of
 * it; a replica repeats what it holds every `refreshMs`, and what it said expires `ttlMs` after, so a replica killed
 * without a word is forgotten within `ttlMs`.
 *
 * A viewer is one per operator: two tabs or browsers of one operator on a record are one viewer, with the dialog
 * one of them has open (docs/live.md).
 */
import { Buffer } from 'node:buffer';

export interface Viewer {
  username: string;
  dialog: string | null;
}

export interface OpenEntry {
  area: string;
  id: string;
  dialog: string | null;
}

/** A record's viewers, as they are sent to the streams that have it open. */
export interface PresenceChange {
  namespace: string;
  area: string;
  id: string;
  viewers: Viewer[];
}

/** What a replica says of its viewers: one record's set each (an empty set: none of its streams has it open). */
interface PresenceMessage {
  /** The replica that says it. */
  r: string;
  /** Records: [namespace, area, id, viewers as [username, dialog] pairs]. */
  s: Array<[string, string, string, Array<[string, string | null]>]>;
}

export interface PresenceBoardOptions {
  /** This replica's id (its messages come back to it on a server: ignored). */
  replicaId: string;
  /** Sends a message to every replica (the store's presence channel); at most `maxMessageBytes`. */
  publish(payload: string): void;
  /** A record's viewers changed: tell the streams of this replica that have it open. */
  changed(change: PresenceChange, streamIds: readonly string[]): void;
  /** Default 30 s (docs/live.md). */
  ttlMs?: number;
  /** Default 10 s. */
  refreshMs?: number;
  maxMessageBytes?: number;
  now?: () => number;
}

interface LocalStream {
  namespace: string;
  username: string;
  entries: OpenEntry[];
  expiresAt: number;
}

const SEP = '\u0000';
const recordKey = (namespace: string, area: string, id: string) => `${namespace}${SEP}${area}${SEP}${id}`;
const splitKey = (key: string) => key.split(SEP) as [string, string, string];

/** One viewer an operator, the dialog one of their streams has open, sorted by username. */
export function viewersOf(all: Iterable<Viewer>): Viewer[] {
  const byUser = new Map<string, string | null>();
  for (const { username, dialog } of all) {
    const held = byUser.get(username);
    if (
      held === undefined ||
      (held === null && dialog !== null) ||
      (dialog !== null && held !== null && dialog < held)
    )
      byUser.set(username, dialog);
  }
  return [...byUser]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([username, dialog]) => ({ username, dialog }));
}

const sameViewers = (a: readonly Viewer[], b: readonly Viewer[]) =>
  a.length === b.length && a.every((v, i) => v.username === b[i]!.username && v.dialog === b[i]!.dialog);

/** What a replica says of `records` (each its viewers, none: gone), in messages of at most `maxBytes` of UTF-8. */
function presenceMessages(
  replicaId: string,
  records: ReadonlyArray<readonly [string, readonly Viewer[]]>,
  maxBytes: number,
): string[] {
  const messages: string[] = [];
  let message: PresenceMessage = { r: replicaId, s: [] };
  let bytes = 0;
  const flush = () => {
    if (message.s.length) messages.push(JSON.stringify(message));
    message = { r: replicaId, s: [] };
    bytes = 0;
  };
  for (const [key, viewers] of records) {
    const [namespace, area, id] = splitKey(key);
    const record: PresenceMessage['s'][number] = [
      namespace,
      area,
      id,
      viewers.map((v) => [v.username, v.dialog]),
    ];
    const size = Buffer.byteLength(JSON.stringify(record)) + 1;
    if (bytes + size > maxBytes - 40) flush();
    message.s.push(record);
    bytes += size;
  }
  flush();
  return messages;
}

/** A presence message of another replica, or null when the payload is not one. */
function parseMessage(payload: string): PresenceMessage | null {
  try {
    const message = JSON.parse(payload) as PresenceMessage;
    return message && typeof message.r === 'string' && Array.isArray(message.s) ? message : null;
  } catch {
    return null;
  }
}

/** Record → replica → its viewers and until when they hold. */
type RemoteViewers = Map<string, Map<string, { viewers: Viewer[]; expiresAt: number }>>;

/** Keeps what another replica said of its viewers until `expiresAt` (none: forgotten); the records it named. */
function keepRemote(remote: RemoteViewers, message: PresenceMessage, expiresAt: number): string[] {
  const keys: string[] = [];
  for (const [namespace, area, id, viewers] of message.s) {
    const key = recordKey(namespace, area, id);
    keys.push(key);
    let replicas = remote.get(key);
    if (!viewers.length) {
      replicas?.delete(message.r);
      if (replicas && !replicas.size) remote.delete(key);
      continue;
    }
    if (!replicas) remote.set(key, (replicas = new Map()));
    replicas.set(message.r, {
      viewers: viewers.map(([username, dialog]) => ({ username, dialog })),
      expiresAt,
    });
  }
  return keys;
}

export interface PresenceBoard {
  /** Replaces what the stream has open (it stays `ttlMs` unless declared again). */
  declare(
    streamId: string,
    stream: { namespace: string; username: string },
    entries: readonly OpenEntry[],
  ): void;
  /** The stream ended: its entries go at once. */
  drop(streamId: string): void;
  /** A message of the presence channel (another replica's, or this one's own: ignored). */
  receive(payload: string): void;
  /** Entries of this replica's streams (the metrics' gauge). */
  readonly entryCount: number;
  /** A record's viewers now. */
  viewers(namespace: string, area: string, id: string): Viewer[];
  /** Says that this replica's viewers are gone (its stop), and stops the timers. */
  close(): void;
}

export function createPresenceBoard(options: PresenceBoardOptions): PresenceBoard {
  const ttlMs = options.ttlMs ?? 30_000;
  const refreshMs = options.refreshMs ?? 10_000;
  const maxBytes = options.maxMessageBytes ?? 7_900;
  const now = options.now ?? Date.now;
  const streams = new Map<string, LocalStream>();
  /** Record → the streams of this replica that have it open. */
  const openBy = new Map<string, Set<string>>();
  const remote: RemoteViewers = new Map();
  /** Record → the viewers last sent to this replica's streams. */
  const sent = new Map<string, Viewer[]>();
  /** Record → this replica's viewers last said to the others. */
  const said = new Map<string, Viewer[]>();
  let entryCount = 0;

  const localViewers = (key: string): Viewer[] => {
    const ids = openBy.get(key);
    if (!ids) return [];
    const [, area, id] = splitKey(key);
    const all: Viewer[] = [];
    for (const streamId of ids) {
      const stream = streams.get(streamId)!;
      for (const entry of stream.entries) {
        if (entry.area === area && entry.id === id)
          all.push({ username: stream.username, dialog: entry.dialog });
      }
    }
    return viewersOf(all);
  };

  const combined = (key: string): Viewer[] => {
    const all = [...localViewers(key)];
    const t = now();
    for (const said of remote.get(key)?.values() ?? []) if (said.expiresAt > t) all.push(...said.viewers);
    return viewersOf(all);
  };

  /** Sends the record's viewers to its streams when they changed (or to `also`, streams that just opened it). */
  const tell = (key: string, also: readonly string[] = []) => {
    const viewers = combined(key);
    const ids = [...(openBy.get(key) ?? [])];
    const before = sent.get(key);
    const changed = !before || !sameViewers(before, viewers);
    if (ids.length) sent.set(key, viewers);
    else sent.delete(key);
    const to = changed ? ids : ids.filter((id) => also.includes(id));
    if (!to.length) return;
    const [namespace, area, id] = splitKey(key);
    options.changed({ namespace, area, id, viewers }, to);
  };

  const publish = (keys: Iterable<string>) => {
    const records = [...keys].map((key) => [key, said.get(key) ?? []] as const);
    for (const message of presenceMessages(options.replicaId, records, maxBytes)) options.publish(message);
  };

  /** After this replica's viewers of `keys` may have changed: the others told, this replica's streams too. */
  const update = (keys: Iterable<string>, opened: ReadonlyMap<string, string[]> = new Map()) => {
    const toSay: string[] = [];
    for (const key of keys) {
      const mine = localViewers(key);
      const before = said.get(key) ?? [];
      if (!sameViewers(before, mine)) {
        toSay.push(key);
        if (mine.length) said.set(key, mine);
        else said.delete(key);
      }
      tell(key, opened.get(key));
    }
    if (toSay.length) publish(toSay);
  };

  const remove = (streamId: string): string[] => {
    const stream = streams.get(streamId);
    if (!stream) return [];
    streams.delete(streamId);
    entryCount -= stream.entries.length;
    const keys = stream.entries.map((e) => recordKey(stream.namespace, e.area, e.id));
    for (const key of keys) {
      const ids = openBy.get(key);
      ids?.delete(streamId);
      if (ids && !ids.size) openBy.delete(key);
    }
    return keys;
  };

  const expire = () => {
    const t = now();
    const keys = new Set<string>();
    for (const [streamId, stream] of streams) {
      if (stream.expiresAt <= t) for (const key of remove(streamId)) keys.add(key);
    }
    for (const [key, replicas] of remote) {
      for (const [replica, said] of replicas) {
        if (said.expiresAt <= t) {
          replicas.delete(replica);
          keys.add(key);
        }
      }
      if (!replicas.size) remote.delete(key);
    }
    if (keys.size) update(keys);
  };
  const expiry = setInterval(expire, Math.min(1_000, ttlMs));
  expiry.unref();
  // What this replica holds, said again: the others keep it, a replica started since learns it.
  const refresh = setInterval(() => publish([...said.keys()]), refreshMs);
  refresh.unref();

  return {
    declare(streamId, stream, entries) {
      const before = new Set(remove(streamId));
      const unique = new Map<string, OpenEntry>();
      for (const entry of entries) unique.set(recordKey(stream.namespace, entry.area, entry.id), entry);
      streams.set(streamId, { ...stream, entries: [...unique.values()], expiresAt: now() + ttlMs });
      entryCount += unique.size;
      const opened = new Map<string, string[]>();
      for (const key of unique.keys()) {
        let ids = openBy.get(key);
        if (!ids) openBy.set(key, (ids = new Set()));
        ids.add(streamId);
        // A record this stream opens now gets its viewers even when they stay the same (its own operator's).
        if (!before.has(key)) opened.set(key, [streamId]);
      }
      update(new Set([...before, ...unique.keys()]), opened);
    },
    drop(streamId) {
      const keys = remove(streamId);
      if (keys.length) update(keys);
    },
    receive(payload) {
      const message = parseMessage(payload);
      if (!message || message.r === options.replicaId) return;
      for (const key of keepRemote(remote, message, now() + ttlMs)) if (openBy.has(key)) tell(key);
    },
    get entryCount() {
      return entryCount;
    },
    viewers: (namespace, area, id) => combined(recordKey(namespace, area, id)),
    close() {
      clearInterval(expiry);
      clearInterval(refresh);
      const keys = [...said.keys()];
      said.clear();
      publish(keys);
    },
  };
}
