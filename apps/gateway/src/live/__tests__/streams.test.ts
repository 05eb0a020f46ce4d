import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@backoffice/store';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveStreams, type LiveStreams } from '../streams.js';

/** The replica's streams (streams.ts): bounds, namespaces, a replay merged with what arrives meanwhile, heartbeat. */
function response() {
  const written: string[] = [];
  let ended = false;
  const res = {
    write: (text: string) => void written.push(text),
    end: () => void (ended = true),
    writableLength: 0,
  } as unknown as ServerResponse;
  return { res, written, ended: () => ended };
}

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
const streamsOf = (max: number, perOperator: number, heartbeatMs = 3_600_000) => {
  const streams = createLiveStreams({ max, maxPerOperator: perOperator }, heartbeatMs, 'r1');
  made.push(streams);
  return streams;
};

const admin = { subject: 'sub-admin', username: 'admin', namespace: '' };

describe('live streams', () => {
  it('refuses a 5th stream of one operator and a stream past the replica bound; a closed one frees its place', () => {
    const streams = streamsOf(6, 4);
    const opened = Array.from({ length: 4 }, () => streams.open(admin, response().res));
    expect(opened.every((o) => 'stream' in o)).toBe(true);
    expect(streams.open(admin, response().res)).toEqual({ refused: 'operator' });
    const other = { subject: 'sub-op', username: 'operador', namespace: '' };
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
    opened.stream.live('10', [event(11), event(12)]);
    streams.deliver(event(13));
    streams.deliver(event(14));
    expect(r.written.map((text) => /^id: (\d+)/.exec(text)?.[1])).toEqual(['11', '12', '13', '14']);
  });

  it('writes a ping to every stream each heartbeat and ends them all at the stop', async () => {
    const streams = streamsOf(10, 4, 20);
    const r = response();
    const opened = streams.open(admin, r.res);
    if (!('stream' in opened)) throw new Error('refused');
    while (!r.written.includes(': ping\n\n')) await new Promise((resolve) => setTimeout(resolve, 5));
    streams.endAll();
    expect(r.ended()).toBe(true);
  });
});
