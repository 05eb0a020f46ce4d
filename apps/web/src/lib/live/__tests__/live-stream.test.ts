import { afterEach, describe, expect, it } from 'vitest';
import { openLiveStream, type LiveStream } from '../live-stream';
import type { LiveEvent } from '../protocol';
import { fakeGateway, until } from './fakes';

let stream: LiveStream | undefined;
afterEach(() => stream?.stop());

/** A stream whose events nobody reads (the test watches its requests). */
const quietStream = (gateway: ReturnType<typeof fakeGateway>) =>
  openLiveStream({
    url: 'http://gw/live',
    getToken: async () => 't',
    onEvent: () => undefined,
    onStream: () => undefined,
    fetch: gateway.fetch,
    minDelayMs: 1,
  });

describe('openLiveStream', () => {
  it('sends the token, hands over the events and reconnects with Last-Event-ID after the connection ends', async () => {
    const gateway = fakeGateway();
    const events: LiveEvent[] = [];
    const streams: (string | null)[] = [];
    let token = 't1';
    const first = gateway.next();
    stream = openLiveStream({
      url: 'http://gw/live',
      getToken: async () => token,
      onEvent: (event) => events.push(event),
      onStream: (id) => streams.push(id),
      fetch: gateway.fetch,
      minDelayMs: 1,
    });
    const one = await first;
    expect(one.headers.authorization).toBe('Bearer t1');
    expect(one.headers['last-event-id']).toBeUndefined();
    one.write('event: hello\ndata: {"streamId":"s1","heartbeatMs":15000}\n\n');
    one.write('event: change\nid: 17\ndata: {"area":"payments","ids":["1000018"],"version":null}\n\n');
    one.write(
      'event: presence\ndata: {"area":"payments","id":"1000018","viewers":[{"username":"admin","dialog":"refund"}]}\n\n',
    );
    await until(() => events.length === 2);
    token = 't2'; // refreshed meanwhile, as keycloak does
    const second = gateway.next();
    one.end();
    const two = await second;
    expect(two.headers.authorization).toBe('Bearer t2');
    expect(two.headers['last-event-id']).toBe('17');
    expect(events).toEqual([
      { type: 'change', id: '17', area: 'payments', ids: ['1000018'], version: null },
      {
        type: 'presence',
        area: 'payments',
        id: '1000018',
        viewers: [{ username: 'admin', dialog: 'refund' }],
      },
    ]);
    expect(streams).toEqual(['s1', null]);
    expect(stream.lastEventId).toBe('17');
  });

  it.each([429, 503])('waits what a %i says in Retry-After before connecting again', async (status) => {
    const gateway = fakeGateway();
    gateway.refuseNext(status, '1');
    const started = Date.now();
    const retried = gateway.next();
    stream = quietStream(gateway);
    await retried;
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(gateway.requests).toHaveLength(2);
  });

  it('drops a connection that stays silent for its heartbeats, and reconnects', async () => {
    const gateway = fakeGateway();
    const first = gateway.next();
    stream = quietStream(gateway);
    (await first).write('event: hello\ndata: {"streamId":"s1","heartbeatMs":20}\n\n');
    await gateway.next(); // 2.5 heartbeats of silence later
    expect(gateway.requests).toHaveLength(2);
  });
});
