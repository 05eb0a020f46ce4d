/**
 * Which streams the other replicas hold (docs/live.md): a presence POST may reach another replica than its stream's
 * (the balancer's choice), which hands it over through the store's presence channel only when the stream's replica
 * said it holds that stream, for that operator and namespace. A made-up stream id, a closed stream or another
 * operator's is answered 404 and sent nowhere.
 *
 * Each replica says its streams on the presence channel as they open (before their `hello`, so that a POST right
 * after it finds them) and end, and all of them again every `refreshMs`; what another replica said is kept `ttlMs`,
 * so that a replica killed without a word is forgotten. A POST that arrives before its stream's announcement waits
 * for it a little (`find`).
 */
import { Buffer } from 'node:buffer';

/** A stream as its replica says it: its operator's subject and its namespace. */
export interface StreamEntry {
  subject: string;
  namespace: string;
}

/** A directory message: `d` its replica, `o` streams opened or still open ([id, subject, namespace]), `c` ended. */
interface DirectoryMessage {
  d: string;
  o?: Array<[string, string, string]>;
  c?: string[];
}
export const DIRECTORY = '{"d":';

export interface StreamDirectoryOptions {
  replicaId: string;
  /** Sends a message to every replica (the store's presence channel); settles once sent (never rejects). */
  publish(payload: string): Promise<void>;
  /** This replica's open streams, said again every `refreshMs`. */
  local(): Iterable<{ id: string; owner: StreamEntry }>;
  /** Default 30 s, as presence. */
  ttlMs?: number;
  /** Default 10 s. */
  refreshMs?: number;
  maxMessageBytes?: number;
}

export interface StreamDirectory {
  /** One of this replica's streams opened: said to the others (settles once sent). */
  opened(id: string, owner: StreamEntry): Promise<void>;
  /** One of this replica's streams ended. */
  ended(id: string): void;
  /** Another replica's stream, as its replica said it; waits up to `waitMs` for a stream not said yet. */
  find(id: string, waitMs: number): Promise<StreamEntry | null>;
  /** A directory message of the channel (this replica's own: ignored). */
  receive(payload: string): void;
  close(): void;
}

export function createStreamDirectory(options: StreamDirectoryOptions): StreamDirectory {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxBytes = options.maxMessageBytes ?? 7_900;
  const known = new Map<string, StreamEntry & { expiresAt: number }>();
  const waiting = new Map<string, Set<() => void>>();
  /** Streams ended since the last message: said together (a replica's stop ends all of them at once). */
  let ending: string[] = [];

  /** The messages that say `open` streams and `closed` ones, each at most `maxBytes` of UTF-8. */
  const say = (open: Array<[string, string, string]>, closed: string[]): Promise<void> => {
    const sent: Array<Promise<void>> = [];
    let message: DirectoryMessage = { d: options.replicaId };
    let bytes = 0;
    const flush = () => {
      if (message.o || message.c) sent.push(options.publish(JSON.stringify(message)));
      message = { d: options.replicaId };
      bytes = 0;
    };
    const add = (key: 'o' | 'c', item: [string, string, string] | string) => {
      const size = Buffer.byteLength(JSON.stringify(item)) + 1;
      if (bytes + size > maxBytes - 60) flush();
      ((message[key] ??= []) as unknown[]).push(item);
      bytes += size;
    };
    for (const entry of open) add('o', entry);
    for (const id of closed) add('c', id);
    flush();
    return Promise.all(sent).then(() => undefined);
  };

  const refresh = setInterval(() => {
    const now = Date.now();
    for (const [id, entry] of known) if (entry.expiresAt <= now) known.delete(id);
    const open = [...options.local()].map(
      ({ id, owner }) => [id, owner.subject, owner.namespace] as [string, string, string],
    );
    if (open.length) void say(open, []);
  }, options.refreshMs ?? 10_000);
  refresh.unref();

  return {
    opened: (id, owner) => say([[id, owner.subject, owner.namespace]], []),
    ended(id) {
      if (ending.push(id) > 1) return;
      setImmediate(() => {
        const closed = ending;
        ending = [];
        void say([], closed);
      });
    },
    find(id, waitMs) {
      const entry = known.get(id);
      if (entry && entry.expiresAt > Date.now()) return Promise.resolve(entry);
      if (waitMs <= 0) return Promise.resolve(null);
      return new Promise((resolve) => {
        let ids = waiting.get(id);
        if (!ids) waiting.set(id, (ids = new Set()));
        const done = () => {
          clearTimeout(timer);
          ids.delete(done);
          if (!ids.size && waiting.get(id) === ids) waiting.delete(id);
          resolve(known.get(id) ?? null);
        };
        const timer = setTimeout(done, waitMs);
        ids.add(done);
      });
    },
    receive(payload) {
      let message: DirectoryMessage;
      try {
        message = JSON.parse(payload) as DirectoryMessage;
      } catch {
        return;
      }
      if (typeof message.d !== 'string' || message.d === options.replicaId) return;
      const expiresAt = Date.now() + ttlMs;
      for (const id of Array.isArray(message.c) ? message.c : []) known.delete(id);
      for (const entry of Array.isArray(message.o) ? message.o : []) {
        const [id, subject, namespace] = entry;
        // A replica speaks of its own streams only.
        if (typeof id !== 'string' || !id.startsWith(`${message.d}.`)) continue;
        known.set(id, { subject: String(subject), namespace: String(namespace), expiresAt });
        for (const done of [...(waiting.get(id) ?? [])]) done();
      }
    },
    close() {
      clearInterval(refresh);
    },
  };
}
