import type { LiveEvent, LiveHandlers, Store } from '@backoffice/store';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createLiveBus, MAX_REPLAY, MAX_REPLAY_READS, REPLAY_PAGE, type LiveBus } from '../bus.js';

/** The bus (bus.ts) on a fake store: order, a lost listener, a store opened anew, replays. */
function fakeStore(start: LiveEvent[] = []) {
  const events = [...start];
  const listeners = new Set<LiveHandlers>();
  let listens = 0;
  const store = {
    live: {
      async listen(handlers: LiveHandlers) {
        listens++;
        listeners.add(handlers);
        return { close: async () => void listeners.delete(handlers) };
      },
      async publishPresence(payload: string) {
        for (const l of listeners) l.presence(payload);
      },
      async readEvents(afterId: string, limit: number, namespace?: string) {
        return events
          .filter(
            (e) => BigInt(e.id) > BigInt(afterId) && (namespace === undefined || e.namespace === namespace),
          )
          .slice(0, limit);
      },
      async kept(id: string) {
        return events.some((e) => e.id === id);
      },
      async lastId() {
        return events.at(-1)?.id ?? '0';
      },
      async prune() {
        return 0;
      },
    },
  } as unknown as Store;
  return {
    store,
    events,
    listeners,
    listens: () => listens,
    /** A committed event, notified to the listeners. */
    commit(id: number, namespace = '') {
      events.push({ id: String(id), namespace, area: 'payments', ids: [String(id)], version: null });
      for (const l of listeners) l.event(String(id));
    },
  };
}

const buses: LiveBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
});

function busOn(current: () => Store | null, hasStreams: () => boolean = () => true) {
  const delivered: string[] = [];
  const bus = createLiveBus({
    store: current,
    logger: createLogger('silent'),
    deliver: (event) => delivered.push(event.id),
    presence: () => undefined,
    hasStreams,
    checkMs: 10,
  });
  buses.push(bus);
  return { bus, delivered };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const event = (id: number): LiveEvent => ({
  id: String(id),
  namespace: '',
  area: 'payments',
  ids: [],
  version: null,
});

describe('the live bus', () => {
  it('delivers what is committed after it started, in id order, once each', async () => {
    const fake = fakeStore([event(1), event(2)]);
    const { bus, delivered } = busOn(() => fake.store);
    await until(() => bus.connected);
    expect(bus.cursor).toBe('2');
    fake.commit(3);
    fake.commit(4);
    fake.commit(4);
    // A later event, then: once it is delivered, everything before it has been, duplicates included.
    fake.commit(5);
    await until(() => delivered.includes('5'));
    expect(delivered).toEqual(['3', '4', '5']);
  });

  it('reads nothing while this replica has no stream; the first stream opened starts from the newest', async () => {
    const fake = fakeStore([event(1)]);
    let reads = 0;
    const readEvents = fake.store.live.readEvents.bind(fake.store.live);
    (fake.store.live as { readEvents: typeof readEvents }).readEvents = async (...args) => {
      reads++;
      return readEvents(...args);
    };
    let streams = 0;
    const { bus, delivered } = busOn(
      () => fake.store,
      () => streams > 0,
    );
    await until(() => bus.connected);
    const before = reads;
    fake.commit(2);
    fake.commit(3);
    await bus.wake();
    expect(reads).toBe(before);
    streams = 1;
    await bus.wake();
    expect(bus.cursor).toBe('3');
    fake.commit(4);
    await until(() => delivered.includes('4'));
    expect(delivered).toEqual(['4']);
  });

  it('listens again after losing its connection, and reads what was committed meanwhile', async () => {
    const fake = fakeStore();
    const { bus, delivered } = busOn(() => fake.store);
    await until(() => bus.connected);
    for (const l of [...fake.listeners]) l.lost(new Error('gone'));
    fake.listeners.clear();
    // Committed while nobody listens: no notification reaches the bus.
    fake.events.push(event(1));
    await until(() => delivered.includes('1'));
    expect(fake.listens()).toBeGreaterThanOrEqual(2);
  });

  it('reads a store opened anew (its ids lower) from its own newest', async () => {
    let fake = fakeStore([event(50)]);
    const { bus, delivered } = busOn(() => fake.store);
    await until(() => bus.connected);
    fake = fakeStore([event(1)]);
    await until(() => fake.listens() === 1 && bus.cursor === '1');
    fake.commit(2);
    await until(() => delivered.includes('2'));
  });

  it('a store that cannot be listened to is tried again each check, logged once, and read once it can', async () => {
    const fake = fakeStore();
    let refusals = 5;
    const listen = fake.store.live.listen.bind(fake.store.live);
    (fake.store.live as { listen: typeof listen }).listen = async (handlers) => {
      if (refusals-- > 0) throw new Error('connection refused');
      return listen(handlers);
    };
    const lines: string[] = [];
    const delivered: string[] = [];
    const bus = createLiveBus({
      store: () => fake.store,
      logger: createLogger('info', (line) => lines.push(line)),
      deliver: (event) => delivered.push(event.id),
      presence: () => undefined,
      hasStreams: () => true,
      checkMs: 10,
    });
    buses.push(bus);
    await until(() => bus.connected);
    fake.commit(1);
    await until(() => delivered.includes('1'));
    expect(lines.filter((line) => line.includes('live listening not started'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('live listening again'))).toHaveLength(1);
  });

  /** Replays after `lastId`, collecting the pages it hands over. */
  const replayed = async (bus: LiveBus, lastId: string, goOn = () => true) => {
    const pages: string[][] = [];
    const end = await bus.replay(lastId, '', async (events) => {
      pages.push(events.map((e) => e.id));
      return goOn();
    });
    return { end, pages };
  };

  it("replays a kept id's namespace, and resets an unknown, malformed or too old one", async () => {
    const fake = fakeStore([event(1), { ...event(2), namespace: 'ns' }, event(3)]);
    const { bus } = busOn(() => fake.store);
    await until(() => bus.connected);
    expect(await replayed(bus, '1')).toEqual({ end: { reset: false, lastId: '3' }, pages: [['3']] });
    expect(await replayed(bus, '3')).toEqual({ end: { reset: false, lastId: '3' }, pages: [] });
    expect(await replayed(bus, '9')).toEqual({ end: { reset: true }, pages: [] });
    expect(await replayed(bus, '1; drop table')).toEqual({ end: { reset: true }, pages: [] });
    for (let id = 4; id <= MAX_REPLAY + 5; id++) fake.events.push(event(id));
    expect((await replayed(bus, '3')).end).toEqual({ reset: true });
  });

  it('reads a replay a page at a time, the next only once the stream took the last, and stops with the stream', async () => {
    const fake = fakeStore(Array.from({ length: 2 * REPLAY_PAGE + 30 }, (_, i) => event(i + 1)));
    const limits: number[] = [];
    const read = fake.store.live.readEvents.bind(fake.store.live);
    fake.store.live.readEvents = async (afterId, limit, namespace) => {
      limits.push(limit);
      return read(afterId, limit, namespace);
    };
    const { bus } = busOn(() => fake.store);
    await until(() => bus.connected);
    limits.length = 0;
    const { end, pages } = await replayed(bus, '1');
    expect(pages.map((page) => page.length)).toEqual([REPLAY_PAGE, REPLAY_PAGE, 29]);
    expect(pages.flat()).toEqual(Array.from({ length: 2 * REPLAY_PAGE + 29 }, (_, i) => String(i + 2)));
    expect(end).toEqual({ reset: false, lastId: String(2 * REPLAY_PAGE + 30) });
    expect(Math.max(...limits)).toBe(REPLAY_PAGE);
    // The stream ended after its first page: nothing more is read.
    limits.length = 0;
    expect((await replayed(bus, '1', () => false)).pages).toHaveLength(1);
    expect(limits).toHaveLength(1);
  });

  it('lets MAX_REPLAY_READS replays read at once on the replica; the others wait their turn', async () => {
    const fake = fakeStore([event(1), event(2)]);
    const { bus } = busOn(() => fake.store);
    await until(() => bus.connected);
    let reading = 0;
    let most = 0;
    const read = fake.store.live.readEvents.bind(fake.store.live);
    fake.store.live.readEvents = async (afterId, limit, namespace) => {
      most = Math.max(most, ++reading);
      // A read that takes a while: every replay asks for its page before the first is answered.
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading--;
      return read(afterId, limit, namespace);
    };
    const replays = await Promise.all(Array.from({ length: MAX_REPLAY_READS + 3 }, () => replayed(bus, '1')));
    for (const replay of replays)
      expect(replay).toEqual({ end: { reset: false, lastId: '2' }, pages: [['2']] });
    expect(most).toBe(MAX_REPLAY_READS);
  });
});
