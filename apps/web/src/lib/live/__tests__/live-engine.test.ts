import { afterEach, describe, expect, it } from 'vitest';
import { startLiveEngine, type LiveEngine } from '../live-engine';
import { createLiveTab } from '../live-tab';
import type { LiveEvent } from '../protocol';
import { fakeGateway, FakeLocks, until } from './fakes';

const engines: LiveEngine[] = [];
afterEach(() => engines.splice(0).forEach((engine) => engine.stop()));

/** Two tabs of one browser (one lock manager, one BroadcastChannel namespace) against one gateway. */
function browser(now: () => number = Date.now) {
  const gateway = fakeGateway();
  const locks = new FakeLocks();
  const username = `operador-${Math.random().toString(36).slice(2)}`;
  const tab = (tabId: string) => {
    const live = createLiveTab();
    const heard: LiveEvent[] = [];
    live.listen((event) => heard.push(event));
    const engine = startLiveEngine({
      gatewayUrl: 'http://gw/graphql',
      getToken: async () => 'token',
      username,
      tab: live,
      locks,
      fetch: gateway.fetch,
      tabId,
      minDelayMs: 1,
      now,
    });
    engines.push(engine);
    return { live, heard, engine };
  };
  return { gateway, tab };
}

const CHANGE = 'event: change\nid: 5\ndata: {"area":"payments","ids":["1000018"],"version":3}\n\n';

describe('startLiveEngine', () => {
  it('opens one stream for two tabs, relays its events, and sends the tabs’ records as one presence', async () => {
    const { gateway, tab } = browser();
    const connected = gateway.next();
    const a = tab('a');
    const b = tab('b');
    const stream = await connected;
    stream.write('event: hello\ndata: {"streamId":"s1","heartbeatMs":15000}\n\n');
    stream.write(CHANGE);
    await until(() => a.heard.length === 1 && b.heard.length === 1, 'the change in both tabs');
    expect(b.heard[0]).toEqual({ type: 'change', id: '5', area: 'payments', ids: ['1000018'], version: 3 });
    expect(gateway.requests).toHaveLength(1);
    expect(a.engine.leader).toBe(true);
    expect(b.engine.leader).toBe(false);

    const closeDetail = b.live.declare({ area: 'payments', id: '1000018', dialog: null });
    a.live.declare({ area: 'payments', id: '7', dialog: null });
    const closeDialog = b.live.declare({ area: 'payments', id: '1000018', dialog: 'refund' });
    await until(
      () =>
        JSON.stringify(gateway.presence.at(-1)?.open ?? []).includes('refund') &&
        gateway.presence.at(-1)!.open.length === 2,
      'one presence of both tabs',
    );
    expect(gateway.presence.at(-1)).toEqual({
      streamId: 's1',
      open: expect.arrayContaining([
        { area: 'payments', id: '1000018', dialog: 'refund' },
        { area: 'payments', id: '7', dialog: null },
      ]),
    });
    closeDialog();
    closeDetail();
    await until(() => gateway.presence.at(-1)!.open.length === 1, 'the record gone from the presence');
  });

  it('hands the stream to another tab when the leader goes; it resumes from the last event relayed', async () => {
    const { gateway, tab } = browser();
    const connected = gateway.next();
    const a = tab('a');
    const b = tab('b');
    const first = await connected;
    first.write('event: hello\ndata: {"streamId":"s1","heartbeatMs":15000}\n\n');
    first.write(CHANGE);
    await until(() => b.heard.length === 1, 'the change relayed');
    const reconnected = gateway.next();
    a.engine.stop();
    const second = await reconnected;
    expect(second.headers['last-event-id']).toBe('5');
    expect(b.engine.leader).toBe(true);
  });

  it('connects again when the gateway no longer knows the stream (presence answered 404)', async () => {
    const { gateway, tab } = browser();
    const connected = gateway.next();
    const a = tab('a');
    (await connected).write('event: hello\ndata: {"streamId":"s1","heartbeatMs":15000}\n\n');
    await until(() => gateway.presence.length === 1, 'the first presence');
    gateway.forgetStream();
    const reconnected = gateway.next();
    a.live.declare({ area: 'payments', id: '1', dialog: null });
    await reconnected;
    expect(gateway.requests).toHaveLength(2);
  });

  it('ends every tab’s part at sign-out', async () => {
    const { gateway, tab } = browser();
    const connected = gateway.next();
    const a = tab('a');
    const b = tab('b');
    await connected;
    b.engine.signOut();
    await until(() => !a.engine.leader, 'the leader to stop');
    expect(gateway.requests).toHaveLength(1);
  });

  it('sends the presence again when a tab repeats its records 10 s after the last POST (a hidden leader is throttled)', async () => {
    let clock = 1_000_000;
    const { gateway, tab } = browser(() => clock);
    const connected = gateway.next();
    tab('a');
    const b = tab('b');
    (await connected).write('event: hello\ndata: {"streamId":"s1","heartbeatMs":15000}\n\n');
    b.live.declare({ area: 'payments', id: '1', dialog: null });
    await until(() => gateway.presence.at(-1)?.open.length === 1, 'the record in the presence');
    const sent = gateway.presence.length;
    b.live.declare({ area: 'payments', id: '1', dialog: null }); // the same records again, at once: nothing sent
    clock += 10_000;
    b.live.declare({ area: 'payments', id: '1', dialog: null }); // 10 s later: sent again
    await until(() => gateway.presence.length === sent + 1, 'the presence sent again');
  });
});
