import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@backoffice/store';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registry } from '../../telemetry/metrics.js';
import { createLiveStreams, type LiveStreams } from '../streams.js';

/** The replica's streams (streams.ts): bounds, namespaces, a replay merged with what arrives meanwhile, heartbeat. */
function response() {
  const written: string[] = [];
  let ended = false;
  let destroyed = false;
  const res = {
    write: (text: string) => void written.push(text),
    writeHead: () => undefined,
    end: () => void (ended = true),
    destroy: () => void (destroyed = true),
    writableLength: 0,
  } as unknown as ServerResponse;
  return { res, written, ended: () => ended, destroyed: () => destroyed };
}

/** A client that reads nothing: every byte written stays unsent, until `read()` takes them all. */
function unreadResponse() {
  const r = response();
  let unsent = 0;
  const write = r.res.write.bind(r.res);
  Object.assign(r.res, {
    write: (text: string) => {
      unsent += Buffer.byteLength(text);
      return write(text);
    },
  });
  Object.defineProperty(r.res, 'writableLength', { get: () => unsent });
  return { ...r, read: () => void (unsent = 0) };
}

const cutCount = async (bound: 'stream' | 'replica') =>
  (await registry.getSingleMetric('gateway_live_streams_cut_total')!.get()).values.find(
    (value) => value.labels.bound === bound,
  )?.value ?? 0;

const event = (id: number, namespace = ''): LiveEvent => ({
  id: String(id),
  namespace,
  area: 'payments',
  ids: [String(1_000_000 + id)],
  version: null,
});

const made: LiveStreams[] = [];
afterEach(() => {
  for (const streams of made.splice(0)) streams.endAll();
});
const streamsOf = (max: number, perOperator: number, heartbeatMs = 3_600_000, maxUnsentBytes = 0) => {
  const streams = createLiveStreams({ max, maxPerOperator: perOperator, maxUnsentBytes }, heartbeatMs, 'r1');
  made.push(streams);
  return streams;
};

const HOUR = 3_600_000;
const admin = {
  subject: 'sub-admin',
  username: 'admin',
  namespace: '',
  reads: new Set(['payments', 'bins', 'imports']),
  grants: 'BIN_CREATE,IMPORT_REQUEST',
  expiresAt: Date.now() + HOUR,
};

describe('live streams', () => {
  it('refuses a 5th stream of one operator and a stream past the replica bound; a closed one frees its place', () => {
    const streams = streamsOf(6, 4);
    const opened = Array.from({ length: 4 }, () => streams.open(admin, response().res));
    expect(opened.every((o) => 'stream' in o)).toBe(true);
    expect(streams.open(admin, response().res)).toEqual({ refused: 'operator' });
    const other = { ...admin, subject: 'sub-op', username: 'operador' };
    expect('stream' in streams.open(other, response().res)).toBe(true);
    expect('stream' in streams.open(other, response().res)).toBe(true);
    expect(streams.open(other, response().res)).toEqual({ refused: 'replica' });
    const first = opened[0]!;
    if ('stream' in first) streams.remove(first.stream);
    expect('stream' in streams.open(admin, response().res)).toBe(true);
  });

  it("sends a change to its namespace's streams only, formatted as the contract says", () => {
    const streams = streamsOf(10, 4);
    const a = response();
    const b = response();
    const sa = streams.open(admin, a.res);
    const sb = streams.open({ ...admin, namespace: 'ns-b' }, b.res);
    if (!('stream' in sa) || !('stream' in sb)) throw new Error('refused');
    sa.stream.live('0');
    sb.stream.live('0');
    streams.deliver({ ...event(5), version: '3' });
    expect(a.written).toEqual([
      'id: 5\nevent: change\ndata: {"area":"payments","ids":["1000005"],"version":"3"}\n\n',
    ]);
    expect(b.written).toEqual([]);
  });

  it('a replayed stream sends the replay, then what arrived meanwhile, each event once and in order', () => {
    const streams = streamsOf(10, 4);
    const r = response();
    const opened = streams.open(admin, r.res);
    if (!('stream' in opened)) throw new Error('refused');
    // Arrive while the replay is read.
    streams.deliver(event(12));
    streams.deliver(event(13));
    opened.stream.replayed([event(11), event(12)]);
    opened.stream.live('12');
    streams.deliver(event(13));
    streams.deliver(event(14));
    expect(r.written.map((text) => /^id: (\d+)/.exec(text)?.[1])).toEqual(['11', '12', '13', '14']);
  });

  it("lets a replay's next page wait until its client read the last, and cuts a stream holding too much meanwhile", async () => {
    const streams = streamsOf(10, 4);
    const r = unreadResponse();
    const events = new EventEmitter();
    Object.assign(r.res, { once: events.once.bind(events), off: events.off.bind(events) });
    const opened = streams.open(admin, r.res);
    if (!('stream' in opened)) throw new Error('refused');
    const { stream } = opened;
    stream.replayed([event(11)]);
    await expect(stream.drained()).resolves.toBe(true);
    // A page of large changes the client has not read yet: the next page waits for it.
    const large = (id: number): LiveEvent => ({
      ...event(id),
      ids: Array.from({ length: 500 }, (_, i) => `${id}-${i}`.padEnd(64, 'x')),
    });
    stream.replayed([large(12), large(13), large(14), large(15), large(16), large(17), large(18), large(19)]);
    let drained: boolean | undefined;
    void stream.drained().then((value) => (drained = value));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(drained).toBeUndefined();
    r.read();
    events.emit('drain');
    await vi.waitFor(() => expect(drained).toBe(true));
    // Live events held while the replay runs are bounded too.
    for (let id = 100; id <= 10_100; id++) streams.deliver(event(id));
    expect(r.destroyed()).toBe(true);
    await expect(stream.drained()).resolves.toBe(false);
  });

  it('writes a ping to every stream each heartbeat once its head is written, and ends them all at the stop', async () => {
    const streams = streamsOf(10, 4, 20);
    const r = response();
    const opened = streams.open(admin, r.res);
    if (!('stream' in opened)) throw new Error('refused');
    // A stream still opening (its replica asking the store) gets neither a ping nor a presence: either would send a
    // head before its own.
    const opening = response();
    const second = streams.open(admin, opening.res);
    if (!('stream' in second)) throw new Error('refused');
    opened.stream.begin({});
    while (!r.written.includes(': ping\n\n')) await new Promise((resolve) => setTimeout(resolve, 5));
    second.stream.presence({ namespace: '', area: 'payments', id: '1000018', viewers: [] });
    expect(opening.written).toEqual([]);
    streams.endAll();
    expect(r.ended()).toBe(true);
  });

  it("sends a stream only its operator's areas: live, replayed, held during the replay, and presence", () => {
    const streams = streamsOf(10, 4);
    const r = response();
    const consulta = {
      ...admin,
      subject: 'sub-consulta',
      username: 'consulta',
      reads: new Set(['payments']),
    };
    const opened = streams.open(consulta, r.res);
    if (!('stream' in opened)) throw new Error('refused');
    opened.stream.begin({});
    const of = (id: number, area: string): LiveEvent => ({ ...event(id), area });
    streams.deliver(of(12, 'bins'));
    streams.deliver(of(13, 'payments'));
    opened.stream.replayed([of(11, 'imports'), of(12, 'bins')]);
    opened.stream.live('12');
    streams.deliver(of(14, 'imports'));
    streams.deliver(of(15, 'payments'));
    expect(r.written.map((text) => /^id: (\d+)/.exec(text)?.[1])).toEqual(['13', '15']);
    opened.stream.presence({ namespace: '', area: 'bins', id: '45', viewers: [] });
    opened.stream.presence({ namespace: '', area: 'payments', id: '1000018', viewers: [] });
    expect(r.written.filter((text) => text.startsWith('event: presence'))).toEqual([
      'event: presence\ndata: {"area":"payments","id":"1000018","viewers":[]}\n\n',
    ]);
  });

  it("ends a stream when its token expires, and frees nothing else's", async () => {
    const streams = streamsOf(10, 4);
    const soon = response();
    const later = response();
    const short = streams.open({ ...admin, expiresAt: Date.now() + 50 }, soon.res);
    const long = streams.open(admin, later.res);
    if (!('stream' in short) || !('stream' in long)) throw new Error('refused');
    await expect.poll(() => soon.ended(), { timeout: 30_000 }).toBe(true);
    expect(short.stream.open).toBe(false);
    expect(long.stream.open).toBe(true);
    expect(later.ended()).toBe(false);
  });

  it("cuts the stream with the most unsent bytes once the replica's streams together pass their bound, and counts it", async () => {
    // 20 KiB for all: each stream's own bound (1 MiB) is far, so only the replica's can cut.
    const streams = streamsOf(10, 4, HOUR, 20 * 1024);
    const clients = Array.from({ length: 3 }, () => unreadResponse());
    const opened = clients.map((client, i) => streams.open({ ...admin, subject: `sub-${i}` }, client.res));
    const [a, b, c] = opened.map((o) => {
      if (!('stream' in o)) throw new Error('refused');
      o.stream.begin({});
      o.stream.live('0');
      return o.stream;
    });
    const before = await cutCount('replica');
    // A reads nothing (about 26 KiB of presence), B falls at most 1.3 KiB behind, C keeps up.
    const presence = (n: number) => ({ namespace: '', area: 'payments', id: String(n), viewers: [] });
    for (let n = 0; n < 400; n++) {
      a!.presence(presence(n));
      if (n % 2 === 0) b!.presence(presence(n));
      c!.presence(presence(n));
      clients[2]!.read();
      if (n % 40 === 0) clients[1]!.read();
    }
    expect(clients[0]!.destroyed()).toBe(true);
    expect(a!.open).toBe(false);
    expect(b!.open && c!.open).toBe(true);
    expect(clients[1]!.destroyed() || clients[2]!.destroyed()).toBe(false);
    expect(await cutCount('replica')).toBe(before + 1);
  });

  it('cuts no stream while the unsent bytes together stay under the bound, however much is written', async () => {
    const streams = streamsOf(10, 4, HOUR, 20 * 1024);
    const clients = Array.from({ length: 3 }, () => unreadResponse());
    const before = await cutCount('replica');
    for (const [i, client] of clients.entries()) {
      const o = streams.open({ ...admin, subject: `sub-${i}` }, client.res);
      if (!('stream' in o)) throw new Error('refused');
      for (let n = 0; n < 200; n++) {
        o.stream.presence({ namespace: '', area: 'payments', id: String(n), viewers: [] });
        if (n % 30 === 0) client.read();
      }
    }
    expect(clients.some((client) => client.destroyed())).toBe(false);
    expect(await cutCount('replica')).toBe(before);
  });
});
