/**
 * This replica's live streams (docs/live.md): each an open `GET /live` answer written as Server-Sent
 * Events, bounded per operator and per replica, kept alive by one heartbeat timer for all. A change is formatted once
 * and written to every stream of its namespace whose operator may read its area (area-access.ts); a stream being
 * replayed holds what arrives meanwhile and sends it after, skipping what the replay already sent. A client too slow
 * to read (its unsent bytes past a bound) is cut, and so is the stream with the most unsent bytes when all the
 * replica's streams together pass theirs (what the memory limit leaves them); a stream whose token expires is
 * ended: the client reconnects with its Last-Event-ID (and a refreshed token) and loses nothing.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@backoffice/store';
import { liveMetrics } from './metrics.js';
import type { PresenceChange } from './presence.js';

/** Unsent bytes a stream may hold before it is cut (a client that does not read). */
const MAX_UNSENT_BYTES = 1024 * 1024;
/** A replay's next page waits until its client has read the previous one down to this. */
const REPLAY_UNSENT_BYTES = 256 * 1024;
/** Events a replayed stream holds while its replay is read; more, and it is cut (its client reconnects and replays). */
const MAX_HELD = 10_000;

/** Why a stream was cut: its own unsent bytes, or the replica's streams' together. */
export type CutBound = 'stream' | 'replica';

/**
 * The unsent bytes of all the replica's streams against one bound. Each stream's share is its answer's
 * `writableLength` when it last wrote: the connection only lowers it meanwhile, so the sum is never below the truth.
 * Past the bound the shares are read again (one pass over the streams), and while the truth is still past it the
 * stream with the most unsent bytes is cut.
 */
class ReplicaUnsent {
  private total = 0;

  constructor(
    private readonly max: number,
    private readonly streams: () => Iterable<LiveStream>,
  ) {}

  /** A stream's share changed from `before` to `now` (an ended stream's is counted until the next pass). */
  moved(before: number, now: number): void {
    this.total += now - before;
    if (this.total <= this.max) return;
    this.total = 0;
    for (const stream of this.streams()) this.total += stream.refreshUnsent();
    while (this.total > this.max) {
      let largest: LiveStream | null = null;
      for (const stream of this.streams()) {
        if (stream.open && stream.unsent > (largest?.unsent ?? 0)) largest = stream;
      }
      if (!largest) return;
      this.total -= largest.unsent;
      largest.cut('replica');
    }
  }
}

export interface StreamOwner {
  /** The token's subject: the per-operator bound counts it. */
  subject: string;
  username: string;
  /** The request's test namespace ('' but with the test profile). */
  namespace: string;
  /** The areas the token's permissions read: the only ones whose changes and presence the stream gets. */
  reads: ReadonlySet<string>;
  /** The token's permissions, as one string: a later token of the operator with others ends the stream. */
  grants: string;
  /** When the token expires (epoch ms): the stream ends then. */
  expiresAt: number;
}

/** The longest a timer waits (setTimeout's bound); a token is never near it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An event as its stream's text: `id`, `event`, `data` lines and the blank line. */
export const sseEvent = (event: string, data: unknown, id?: string): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const changeText = (event: LiveEvent): string =>
  sseEvent('change', { area: event.area, ids: event.ids, version: event.version }, event.id);

export class LiveStream {
  /** `<replica id>.<random>`: a replica that gets a presence POST for it knows whose it is (index.ts). */
  readonly id: string;
  /** The last event id sent; null while a replay runs (what arrives meanwhile waits in `held`). */
  private floor: bigint | null = null;
  private held: LiveEvent[] = [];
  private ended = false;
  /**
   * Its answer's head is written: before that, a ping or a presence would send a head of its own (status 200, no
   * event-stream type) and the stream's own head would then fail.
   */
  private begun = false;
  private readonly expiry: NodeJS.Timeout;
  /** Its share of the replica's unsent bytes (ReplicaUnsent). */
  unsent = 0;

  constructor(
    readonly owner: StreamOwner,
    private readonly res: ServerResponse,
    replicaId: string,
    private readonly replica: ReplicaUnsent | null = null,
  ) {
    this.id = `${replicaId}.${randomBytes(16).toString('base64url')}`;
    // A token's permissions and session hold until it expires, not longer: past it, the client must show a new one.
    this.expiry = setTimeout(
      () => this.end(),
      Math.min(MAX_TIMER_MS, Math.max(0, owner.expiresAt - Date.now())),
    );
    this.expiry.unref();
  }

  get open(): boolean {
    return !this.ended;
  }

  /** Writes the answer's head: the heartbeat's pings and the presence reach the stream from then on. */
  begin(headers: Record<string, string>): void {
    if (this.ended) return;
    this.res.writeHead(200, headers);
    this.begun = true;
  }

  /** A comment line, once the stream has begun. */
  ping(): void {
    if (this.begun) this.write(': ping\n\n');
  }

  write(text: string): void {
    if (this.ended) return;
    this.res.write(text);
    if (this.res.writableLength > MAX_UNSENT_BYTES) {
      this.cut('stream');
      return;
    }
    const before = this.unsent;
    this.replica?.moved(before, this.refreshUnsent());
  }

  /** Reads its unsent bytes again (what the connection took meanwhile is no longer counted). */
  refreshUnsent(): number {
    return (this.unsent = this.ended ? 0 : this.res.writableLength);
  }

  /**
   * Ends the stream over a bound, its unsent bytes dropped with its connection (an ended answer would keep them until
   * the client read them): the client reconnects with the last id it received and is replayed the rest.
   */
  cut(bound: CutBound): void {
    if (this.ended) return;
    liveMetrics.cut(bound);
    this.end();
    this.res.destroy();
  }

  /** A change of the stream's namespace (`text`: the event formatted once for every stream). */
  change(event: LiveEvent, text: string): void {
    if (!this.owner.reads.has(event.area)) return;
    if (this.floor === null) {
      this.held.push(event);
      if (this.held.length > MAX_HELD) this.cut('stream');
      return;
    }
    if (BigInt(event.id) <= this.floor) return;
    this.floor = BigInt(event.id);
    this.write(text);
    liveMetrics.sent('change');
  }

  /** A page of its replay (events after the last id its client had, in id order), while what arrives live is held. */
  replayed(events: readonly LiveEvent[]): void {
    for (const event of events) {
      if (!this.owner.reads.has(event.area)) continue;
      this.write(changeText(event));
      liveMetrics.sent('change');
    }
  }

  /**
   * Resolves true once its client has read the stream down to REPLAY_UNSENT_BYTES (at once when it has), false when
   * the stream ended meanwhile: a replay reads its next page only then.
   */
  drained(): Promise<boolean> {
    if (this.ended) return Promise.resolve(false);
    if (this.res.writableLength <= REPLAY_UNSENT_BYTES) return Promise.resolve(true);
    return new Promise((resolve) => {
      const settle = () => {
        this.res.off('drain', settle);
        this.res.off('close', settle);
        resolve(!this.ended);
      };
      this.res.once('drain', settle);
      this.res.once('close', settle);
    });
  }

  /** Live from `after` on (the last event its replay sent, or the id it started from): what was held first. */
  live(after: string): void {
    this.floor = BigInt(after);
    const held = this.held;
    this.held = [];
    for (const event of held) this.change(event, changeText(event));
  }

  presence(change: PresenceChange): void {
    if (!this.begun || !this.owner.reads.has(change.area)) return;
    this.write(sseEvent('presence', { area: change.area, id: change.id, viewers: change.viewers }));
    liveMetrics.sent('presence');
  }

  reset(): void {
    this.write(sseEvent('reset', {}));
    liveMetrics.sent('reset');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.expiry);
    this.unsent = 0;
    this.res.end();
  }
}

export interface StreamBounds {
  /** Streams one operator may hold on this replica (default 4: a browser holds one). */
  maxPerOperator: number;
  /** Streams this replica holds at most (default 2 000). */
  max: number;
  /** Unsent bytes of all this replica's streams together (default 32 MiB); 0: no bound but each stream's. */
  maxUnsentBytes?: number;
}

export type Opened = { stream: LiveStream } | { refused: 'operator' | 'replica' };

export interface LiveStreams {
  /** A new stream for `owner` on `res`, within the bounds. */
  open(owner: StreamOwner, res: ServerResponse): Opened;
  /** Forgets a stream (its connection closed). */
  remove(stream: LiveStream): void;
  get(id: string): LiveStream | undefined;
  /** Every stream of this replica. */
  all(): Iterable<LiveStream>;
  /** A change to every stream of its namespace. */
  deliver(event: LiveEvent): void;
  readonly size: number;
  /** Ends every stream (the replica's stop): clients reconnect elsewhere. */
  endAll(): void;
}

export function createLiveStreams(bounds: StreamBounds, heartbeatMs: number, replicaId: string): LiveStreams {
  const streams = new Map<string, LiveStream>();
  const byNamespace = new Map<string, Set<LiveStream>>();
  const perOperator = new Map<string, number>();
  const replica = bounds.maxUnsentBytes
    ? new ReplicaUnsent(bounds.maxUnsentBytes, () => streams.values())
    : null;

  // One timer for every stream: a comment line keeps proxies and the client's idle timers from closing it.
  const heartbeat = setInterval(() => {
    for (const stream of streams.values()) stream.ping();
  }, heartbeatMs);
  heartbeat.unref();

  return {
    open(owner, res) {
      if (streams.size >= bounds.max) return { refused: 'replica' };
      const held = perOperator.get(owner.subject) ?? 0;
      if (held >= bounds.maxPerOperator) return { refused: 'operator' };
      const stream = new LiveStream(owner, res, replicaId, replica);
      streams.set(stream.id, stream);
      perOperator.set(owner.subject, held + 1);
      let namespace = byNamespace.get(owner.namespace);
      if (!namespace) byNamespace.set(owner.namespace, (namespace = new Set()));
      namespace.add(stream);
      liveMetrics.streams(1);
      return { stream };
    },
    remove(stream) {
      if (!streams.delete(stream.id)) return;
      const held = (perOperator.get(stream.owner.subject) ?? 1) - 1;
      if (held > 0) perOperator.set(stream.owner.subject, held);
      else perOperator.delete(stream.owner.subject);
      const namespace = byNamespace.get(stream.owner.namespace);
      namespace?.delete(stream);
      if (namespace && !namespace.size) byNamespace.delete(stream.owner.namespace);
      liveMetrics.streams(-1);
    },
    get: (id) => streams.get(id),
    all: () => streams.values(),
    deliver(event) {
      const namespace = byNamespace.get(event.namespace);
      if (!namespace) return;
      const text = changeText(event);
      for (const stream of namespace) stream.change(event, text);
    },
    get size() {
      return streams.size;
    },
    endAll() {
      clearInterval(heartbeat);
      for (const stream of [...streams.values()]) stream.end();
    },
  };
}
