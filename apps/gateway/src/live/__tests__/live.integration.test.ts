import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createScratchDatabase } from '@backoffice/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../../config.js';
import type { RunningGateway } from '../../index.js';
import { freshTokens, gql } from '../../__tests__/http-helpers.js';
import { startLocalGateway } from '../../__tests__/local-gateway.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../../__tests__/shared-stack.js';
import { EMBEDDED_TESTED } from '../../__tests__/store-backends.js';
import { openLive, postPresence, type LiveClient, type SseEvent } from './sse-client.js';

/**
 * Live changes and presence (docs/live.md) through real gateways: two replicas on one PostgreSQL server
 * (TEST_DATABASE_URL, or one started here with .ci/postgres.sh), and one on the embedded store.
 */
const run = promisify(execFile);
const PG_SCRIPT = fileURLToPath(new URL('../../../../../.ci/postgres.sh', import.meta.url));

/** A fresh database on the given server, or a server of this file's own. */
async function postgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const { databaseUrl, drop } = await createScratchDatabase(given, 'live_test');
    return { url: databaseUrl, stop: drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'live-pg-'));
  const { stdout } = await run('bash', [PG_SCRIPT, 'start', dir]);
  return { url: stdout.trim(), stop: () => run('bash', [PG_SCRIPT, 'stop', dir]).then(() => undefined) };
}

const CANCEL = /* GraphQL */ `
  mutation Cancel($id: ID!, $key: String!) {
    cancelPayment(id: $id, reason: "Pedido del pagador", idempotencyKey: $key) {
      outcome
      error {
        code
        message
      }
    }
  }
`;

let stubs: SharedStubs;
let emulator: SharedEmulator;
let tokenFor: (username: string) => Promise<string>;
const taken = new Set<string>();

/** A payment the stubs would cancel now, not used before in this file. */
async function cancellable(): Promise<string> {
  const filters = encodeURIComponent(
    JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
  );
  const page = (await (await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=1000`)).json()) as {
    rows: Array<{ id: string | number }>;
  };
  const id = page.rows.map((row) => String(row.id)).find((candidate) => !taken.has(candidate));
  if (!id) throw new Error('no cancellable payment left');
  taken.add(id);
  return id;
}

/** Cancels a payment through `gateway`; resolves when its answer arrived (the outcome is stored before it). */
async function cancelThrough(gateway: RunningGateway, id: string): Promise<void> {
  const answer = await gql<{ cancelPayment: { outcome: string } }>(gateway.graphqlUrl, CANCEL, {
    token: await tokenFor('admin'),
    variables: { id, key: randomUUID() },
  });
  expect(answer.body.data?.cancelPayment.outcome, answer.text).toBe('SUCCESS');
}

const BIN_MOVE = /* GraphQL */ `
  mutation BinMove($input: CardBinInput!, $ids: [ID!]!, $create: String!, $delete: String!) {
    createCardBin(input: $input, idempotencyKey: $create) {
      outcome
    }
    deleteCardBins(ids: $ids, idempotencyKey: $delete) {
      outcome
    }
  }
`;

/** Creates and deletes the BIN `bin` through `gateway` (admin): a move of an area `consulta` may not read. */
async function binMoveThrough(gateway: RunningGateway, bin: string): Promise<void> {
  const answer = await gql<{ createCardBin: { outcome: string }; deleteCardBins: { outcome: string } }>(
    gateway.graphqlUrl,
    BIN_MOVE,
    {
      token: await tokenFor('admin'),
      variables: {
        input: { bin, brandId: '1', typeId: '1', mediaPaymentId: 9, accreditationDays: '2' },
        ids: [bin],
        create: randomUUID(),
        delete: randomUUID(),
      },
    },
  );
  expect(answer.body.data, answer.text).toEqual({
    createCardBin: { outcome: 'SUCCESS' },
    deleteCardBins: { outcome: 'SUCCESS' },
  });
}

const isChangeOf = (id: string) => (event: SseEvent) =>
  event.event === 'change' && (event.data as { ids: string[] }).ids.includes(id);
const ofArea = (area: string) => (event: SseEvent) =>
  (event.event === 'change' || event.event === 'presence') && (event.data as { area: string }).area === area;

/** The token's expiry (epoch ms). */
const expiryOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp * 1000;

/** Settles when `client`'s stream ended; rejects after `ms` (a stream that outlives its token never ends). */
const endedWithin = (client: LiveClient, ms: number) =>
  Promise.race([
    client.ended,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms).unref(),
    ),
  ]);

const clients: LiveClient[] = [];
async function live(gateway: RunningGateway, user: string, options: Parameters<typeof openLive>[2] = {}) {
  const client = await openLive(gateway.url, await tokenFor(user), options);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  tokenFor = freshTokens((username) => emulator.accessTokenFor(username));
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

const start = (overrides: Partial<GatewayConfig>) => startLocalGateway(stubs.url, emulator, overrides);

describe('live on two replicas of one PostgreSQL server', { timeout: 120_000 }, () => {
  let server: { url: string; stop(): Promise<void> };
  let a: RunningGateway;
  let b: RunningGateway;

  beforeAll(async () => {
    server = await postgres();
    a = await start({ store: { databaseUrl: server.url } });
    b = await start({ store: { databaseUrl: server.url } });
    await Promise.all([a.store!.ready(), b.store!.ready()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await server?.stop();
  });

  /** A stream of `gateway`, once its replica listens on the store (a 503 while it starts). */
  async function ready(gateway: RunningGateway, user: string, options: Parameters<typeof openLive>[2] = {}) {
    let client = await live(gateway, user, options);
    while (client.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      client = await live(gateway, user, options);
    }
    expect(client.status).toBe(200);
    return client;
  }

  /** Every message of the store's presence channel while `body` runs (a listener of its own on the server). */
  async function channelDuring(body: (heard: readonly string[]) => Promise<void>): Promise<string[]> {
    const heard: string[] = [];
    const spy = await a.store!.current()!.live.listen({
      event: () => undefined,
      presence: (payload) => void heard.push(payload),
      lost: () => undefined,
    });
    try {
      await body(heard);
    } finally {
      await spy.close();
    }
    return heard;
  }

  // How soon is the bench's (live_event_fanout_50_ms); a timed test would fail on a loaded machine, not on a defect.
  it('a change made through replica A reaches a stream on replica B, ids only', async () => {
    const onB = await ready(b, 'operador');
    expect(onB.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(onB.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(onB.headers.get('x-accel-buffering')).toBe('no');
    const hello = await onB.next((e) => e.event === 'hello');
    expect(hello.data).toEqual({ streamId: expect.any(String), heartbeatMs: 15_000 });
    const id = await cancellable();
    await cancelThrough(a, id);
    const change = await onB.next(isChangeOf(id));
    // The payload showed the payment's new version: the event carries it.
    expect(change.data).toEqual({ area: 'payments', ids: [id], version: expect.stringMatching(/^\d+$/) });
    expect(change.id).toMatch(/^\d+$/);
  });

  it("presence declared on A shows on B's stream of the same record, and goes when A's stream leaves", async () => {
    const onA = await ready(a, 'operador');
    const onB = await ready(b, 'admin');
    const record = { area: 'payments', id: '1000018' };
    expect(
      await postPresence(a.url, await tokenFor('operador'), {
        streamId: await onA.streamId(),
        open: [{ ...record, dialog: 'refund' }],
      }),
    ).toEqual({ status: 204, body: null });
    const from = onB.events.length;
    expect(
      (
        await postPresence(b.url, await tokenFor('admin'), {
          streamId: await onB.streamId(),
          open: [{ ...record, dialog: null }],
        })
      ).status,
    ).toBe(204);
    const both = [
      { username: 'admin', dialog: null },
      { username: 'operador', dialog: 'refund' },
    ];
    const seen = await onB.next(
      (e) =>
        e.event === 'presence' &&
        JSON.stringify((e.data as { viewers: unknown }).viewers) === JSON.stringify(both),
      { from },
    );
    expect(seen.data).toEqual({ ...record, viewers: both });
    // A's operator sees both too.
    await onA.next((e) => e.event === 'presence' && (e.data as { viewers: unknown[] }).viewers.length === 2);
    // A's stream leaves the record: B's stream hears it.
    const before = onB.events.length;
    await postPresence(a.url, await tokenFor('operador'), { streamId: await onA.streamId(), open: [] });
    const left = await onB.next((e) => e.event === 'presence', { from: before });
    expect(left.data).toEqual({ ...record, viewers: [{ username: 'admin', dialog: null }] });
  });

  it("a presence POST that reaches the other replica (the balancer's choice) is handed to the stream's replica", async () => {
    const onB = await ready(b, 'supervisor');
    const streamId = await onB.streamId();
    const record = { area: 'withdrawals', id: '77' };
    const viaA = await postPresence(a.url, await tokenFor('supervisor'), {
      streamId,
      open: [{ ...record, dialog: 'authorize' }],
    });
    expect(viaA.status).toBe(204);
    const seen = await onB.next((e) => e.event === 'presence');
    expect(seen.data).toEqual({ ...record, viewers: [{ username: 'supervisor', dialog: 'authorize' }] });
    // Another operator cannot declare for it, through either replica: a third stream with the record open never
    // sees the supervisor leave.
    const watcher = await ready(b, 'tesoreria');
    await postPresence(b.url, await tokenFor('tesoreria'), {
      streamId: await watcher.streamId(),
      open: [record],
    });
    await watcher.next(
      (e) => e.event === 'presence' && (e.data as { viewers: unknown[] }).viewers.length === 2,
    );
    await postPresence(a.url, await tokenFor('admin'), { streamId, open: [] });
    expect((await postPresence(b.url, await tokenFor('admin'), { streamId, open: [] })).status).toBe(404);
    await postPresence(b.url, await tokenFor('supervisor'), {
      streamId,
      open: [{ ...record, dialog: null }],
    });
    await watcher.next(
      (e) =>
        e.event === 'presence' &&
        JSON.stringify((e.data as { viewers: unknown }).viewers) ===
          JSON.stringify([
            { username: 'supervisor', dialog: null },
            { username: 'tesoreria', dialog: null },
          ]),
    );
    const sets = watcher.events
      .filter((e) => e.event === 'presence')
      .map((e) => (e.data as { viewers: Array<{ username: string }> }).viewers.map((v) => v.username));
    expect(sets.every((names) => names.includes('supervisor'))).toBe(true);
  });

  it('sends each stream only the areas its operator may read, live and replayed, on one replica and across two', async () => {
    const consultaA = await ready(a, 'consulta');
    const consultaB = await ready(b, 'consulta');
    const adminA = await ready(a, 'admin');
    const impuestosB = await ready(b, 'impuestos');
    const first = await cancellable();
    await cancelThrough(a, first);
    const start = await consultaB.next(isChangeOf(first));
    await binMoveThrough(a, '423457');
    const after = await cancellable();
    await cancelThrough(a, after);
    // BIN_* reads bins: their moves reach admin's and impuestos' streams, on either replica.
    for (const stream of [adminA, impuestosB]) await stream.next(isChangeOf('423457'));
    // Every signed-in operator reads payments (the detail asks no permission): consulta hears the next one, and
    // events come in id order, so a BIN's change would have come before it.
    for (const stream of [consultaA, consultaB]) {
      await stream.next(isChangeOf(after));
      expect(stream.events.filter(ofArea('bins'))).toEqual([]);
    }
    // A reconnect's replay is filtered the same way.
    const replayed = await ready(b, 'consulta', { lastEventId: start.id! });
    await replayed.next(isChangeOf(after));
    expect(replayed.events.filter(ofArea('bins'))).toEqual([]);
    const adminReplay = await ready(b, 'admin', { lastEventId: start.id! });
    await adminReplay.next(isChangeOf('423457'));
  });

  it('refuses (403) a presence of an area the operator may not read, on its replica and through the other, and says it nowhere', async () => {
    const heard = await channelDuring(async () => {
      const record = { area: 'bins', id: '450799' };
      const watcher = await ready(a, 'impuestos');
      const watcherId = await watcher.streamId();
      await postPresence(a.url, await tokenFor('impuestos'), { streamId: watcherId, open: [record] });
      await watcher.next((e) => e.event === 'presence');
      const intruder = await ready(b, 'consulta');
      const streamId = await intruder.streamId();
      const token = await tokenFor('consulta');
      const refused = {
        status: 403,
        body: { message: expect.stringContaining('No tiene permisos'), code: 'FORBIDDEN' },
      };
      for (const via of [b, a]) {
        expect(
          await postPresence(via.url, token, { streamId, open: [{ ...record, dialog: 'edit' }] }),
        ).toEqual(refused);
      }
      // With a record it may read beside it: the whole declaration is refused.
      const mixed = [{ area: 'payments', id: '1000018', dialog: null }, record];
      expect(await postPresence(b.url, token, { streamId, open: mixed })).toEqual(refused);
      // Consulta reads payments but makes no move on them: a refund dialog of theirs would warn others for nothing.
      const payment = { area: 'payments', id: '1000018' };
      expect(
        await postPresence(a.url, token, { streamId, open: [{ ...payment, dialog: 'refund' }] }),
      ).toEqual(refused);
      // The stream is still the operator's: a payment's presence is declared.
      expect((await postPresence(a.url, token, { streamId, open: [mixed[0]] })).status).toBe(204);
      await intruder.next((e) => e.event === 'presence');
      // An operator who reads BINs opens it on B: the watcher hears both of them, never consulta.
      const admin = await ready(b, 'admin');
      await postPresence(b.url, await tokenFor('admin'), {
        streamId: await admin.streamId(),
        open: [record],
      });
      const both = [
        { username: 'admin', dialog: null },
        { username: 'impuestos', dialog: null },
      ];
      await watcher.next(
        (e) =>
          e.event === 'presence' &&
          JSON.stringify((e.data as { viewers: unknown }).viewers) === JSON.stringify(both),
      );
      const named = watcher.events
        .filter((e) => e.event === 'presence')
        .flatMap((e) => (e.data as { viewers: Array<{ username: string }> }).viewers.map((v) => v.username));
      expect(named).not.toContain('consulta');
      expect(intruder.events.filter(ofArea('bins'))).toEqual([]);
    });
    // Nothing of consulta's declarations went on the channel: neither handed over nor said as a viewer.
    expect(
      heard.filter(
        (payload) =>
          payload.includes('"bins"') && (payload.startsWith('{"f":') || payload.includes('consulta')),
      ),
    ).toEqual([]);
  });

  it('ends a stream when a presence of its operator comes with other permissions, through either replica', async () => {
    for (const via of [b, a]) {
      const stream = await ready(b, 'operador');
      const streamId = await stream.streamId();
      // The same operator, its roles changed since the stream's token: none left.
      const changed = await emulator.accessTokenFor('operador', { claims: { resource_access: {} } });
      const answer = await postPresence(via.url, changed, { streamId, open: [] });
      expect(answer.status).toBe(via === b ? 404 : 204);
      await endedWithin(stream, 60_000);
    }
  });

  it('answers 404 to a presence POST for a stream no replica holds, or another operator holds, and sends it nowhere', async () => {
    const heard = await channelDuring(async (heard) => {
      const onB = await ready(b, 'admin');
      const real = await onB.streamId();
      const madeUp = `${real.split('.')[0]!}.${'x'.repeat(22)}`;
      const open = [{ area: 'payments', id: '1000018', dialog: 'refund' }];
      for (const streamId of [madeUp, real, 'no-such-replica.stream']) {
        expect(await postPresence(a.url, await tokenFor('operador'), { streamId, open })).toEqual({
          status: 404,
          body: { message: expect.stringContaining('vuelva a conectarse'), code: 'UNKNOWN_STREAM' },
        });
      }
      // Its own operator's POST through A is handed over as before: its message comes after the refused ones'.
      const own = [{ area: 'payments', id: '1000019', dialog: null }];
      expect((await postPresence(a.url, await tokenFor('admin'), { streamId: real, open: own })).status).toBe(
        204,
      );
      await onB.next((e) => e.event === 'presence' && (e.data as { id: string }).id === '1000019');
      await expect.poll(() => heard.some((p) => p.startsWith('{"f":') && p.includes('1000019'))).toBe(true);
    });
    expect(heard.filter((payload) => payload.includes('1000018'))).toEqual([]);
  });

  it('a reconnect to B with Last-Event-ID replays what was missed; an unknown or pruned id gets reset', async () => {
    const first = await ready(b, 'operador');
    const seenId = await cancellable();
    await cancelThrough(a, seenId);
    const seen = await first.next(isChangeOf(seenId));
    first.close();
    const missedId = await cancellable();
    await cancelThrough(a, missedId);

    const again = await ready(b, 'operador', { lastEventId: seen.id! });
    const replayed = await again.next(isChangeOf(missedId));
    expect(BigInt(replayed.id!)).toBeGreaterThan(BigInt(seen.id!));
    expect(again.events.some((e) => e.event === 'reset')).toBe(false);
    expect(again.events.filter(isChangeOf(seenId))).toEqual([]);

    // The query parameter, for a client that cannot send the header.
    const byQuery = await ready(b, 'operador', { query: `?lastEventId=${seen.id!}` });
    await byQuery.next(isChangeOf(missedId));

    const unknown = await ready(b, 'operador', { lastEventId: '999999999999' });
    await unknown.next((e) => e.event === 'reset');
    expect(unknown.events.find((e) => e.event === 'reset')!.data).toEqual({});

    // Past the 5 minutes kept (pruned): reset.
    await b.store!.current()!.live.prune(0);
    const old = await ready(b, 'operador', { lastEventId: seen.id! });
    await old.next((e) => e.event === 'reset');
  });
});

describe.runIf(EMBEDDED_TESTED)('live on the embedded store', { timeout: 120_000 }, () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await start({
      store: { dataDir: 'memory://' },
      testNamespaces: true,
      live: {
        heartbeatMs: 1_000,
        maxStreamsPerOperator: 4,
        maxStreams: 2_000,
        maxUnsentBytes: 32 * 1024 * 1024,
      },
      metricsPort: 0,
      metricsHost: '127.0.0.1',
    });
    await gateway.store!.ready();
    // The bus listens within its first check after the store opened.
    for (;;) {
      const probe = await openLive(gateway.url, await tokenFor('admin'));
      probe.close();
      if (probe.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it("sends its own replica's change, in its namespace only, and a ping each heartbeat", async () => {
    const plain = await live(gateway, 'operador');
    const other = await live(gateway, 'operador', { headers: { 'x-test-namespace': 'live-ns' } });
    const id = await cancellable();
    await cancelThrough(gateway, id);
    await plain.next(isChangeOf(id));
    await plain.next((e) => e.event === ':');
    // The other namespace's stream got its heartbeat but not the change.
    await other.next((e) => e.event === ':');
    expect(other.events.filter((e) => e.event === 'change')).toEqual([]);

    // A change in the test namespace reaches its stream only: the next default change is the plain stream's next.
    const nsHeaders = { 'x-test-namespace': 'live-ns' };
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
    );
    const page = (await (
      await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=5`, { headers: nsHeaders })
    ).json()) as { rows: Array<{ id: string | number }> };
    const nsId = String(page.rows[0]!.id);
    const before = plain.events.length;
    const inNamespace = await gql<{ cancelPayment: { outcome: string } }>(gateway.graphqlUrl, CANCEL, {
      token: await tokenFor('admin'),
      variables: { id: nsId, key: randomUUID() },
      headers: nsHeaders,
    });
    expect(inNamespace.body.data?.cancelPayment.outcome, inNamespace.text).toBe('SUCCESS');
    await other.next(isChangeOf(nsId));
    const next = await cancellable();
    await cancelThrough(gateway, next);
    await plain.next(isChangeOf(next), { from: before });
    expect(plain.events.slice(before).filter((e) => e.event === 'change')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ ids: [next] }) }),
    ]);
  });

  it('refuses a request without a valid token (401) and a 5th stream of one operator (429, Spanish, Retry-After)', async () => {
    const anonymous = await openLive(gateway.url, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
    const four = await Promise.all(Array.from({ length: 4 }, () => live(gateway, 'consulta')));
    expect(four.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const fifth = await live(gateway, 'consulta');
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(fifth.body).toEqual({
      message: expect.stringContaining('demasiadas conexiones'),
      code: 'TOO_MANY_STREAMS',
    });
    // One closed: a place again (the server sees the close).
    four[0]!.close();
    await expect
      .poll(async () => {
        const retry = await live(gateway, 'consulta');
        retry.close();
        return retry.status;
      })
      .toBe(200);
  });

  it('answers a bad presence 400 and an unknown or foreign stream 404, in Spanish', async () => {
    const mine = await live(gateway, 'operador');
    const token = await tokenFor('operador');
    const bad = await postPresence(gateway.url, token, { streamId: await mine.streamId(), open: 'todo' });
    expect(bad).toEqual({
      status: 400,
      body: { message: expect.stringContaining('no es válida'), code: 'BAD_REQUEST' },
    });
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ area: 'payments', id: String(i), dialog: null }));
    expect(
      (await postPresence(gateway.url, token, { streamId: await mine.streamId(), open: tooMany })).status,
    ).toBe(400);
    const unknown = await postPresence(gateway.url, token, { streamId: 'no-such-stream', open: [] });
    expect(unknown).toEqual({
      status: 404,
      body: { message: expect.stringContaining('vuelva a conectarse'), code: 'UNKNOWN_STREAM' },
    });
    // Another operator's stream is as unknown as a closed one.
    const foreign = await postPresence(gateway.url, await tokenFor('admin'), {
      streamId: await mine.streamId(),
      open: [],
    });
    expect(foreign.status).toBe(404);
  });

  it('counts open streams, events sent and presence entries on the metrics port', async () => {
    // The registry is this process's: other files' gateways count there too, so the test reads differences.
    const metric = async (name: string, labels = '') => {
      const text = await (await fetch(`${gateway.metricsUrl!}/metrics`)).text();
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`${name}${labels} `) || l.startsWith(`${name}${labels}{`));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const open = await metric('gateway_live_streams_open');
    const changes = await metric('gateway_live_events_sent_total', '{event="change"}');
    const entries = await metric('gateway_live_presence_entries');
    const streams = [await live(gateway, 'tesoreria'), await live(gateway, 'tesoreria')];
    expect(await metric('gateway_live_streams_open')).toBe(open + 2);
    const id = await cancellable();
    await cancelThrough(gateway, id);
    await Promise.all(streams.map((s) => s.next(isChangeOf(id))));
    expect(await metric('gateway_live_events_sent_total', '{event="change"}')).toBe(changes + 2);
    const token = await tokenFor('tesoreria');
    await postPresence(gateway.url, token, {
      streamId: await streams[0]!.streamId(),
      open: [
        { area: 'payments', id, dialog: null },
        { area: 'payments', id: '1', dialog: null },
      ],
    });
    expect(await metric('gateway_live_presence_entries')).toBe(entries + 2);
    for (const s of streams) s.close();
    await expect.poll(() => metric('gateway_live_streams_open')).toBe(open);
    expect(await metric('gateway_live_presence_entries')).toBe(entries);
  });

  it('ends a stream when its token expires; a reconnect with a new token and the last id loses nothing', async () => {
    const short = await emulator.accessTokenFor('operador', { ttlSeconds: 4 });
    const stream = await openLive(gateway.url, short);
    clients.push(stream);
    expect(stream.status).toBe(200);
    const seenId = await cancellable();
    await cancelThrough(gateway, seenId);
    const seen = await stream.next(isChangeOf(seenId));
    await endedWithin(stream, 60_000);
    expect(Date.now()).toBeGreaterThanOrEqual(expiryOf(short) - 50);
    // The gate tolerates a few seconds of clock skew; a stream of an expired token is refused all the same.
    const expired = await openLive(gateway.url, short);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
    const missedId = await cancellable();
    await cancelThrough(gateway, missedId);
    const again = await live(gateway, 'operador', { lastEventId: seen.id! });
    await again.next(isChangeOf(missedId));
    expect(again.events.filter(isChangeOf(seenId))).toEqual([]);
  });

  it('ends a stream when a presence of its operator comes with a token of other permissions', async () => {
    const stream = await live(gateway, 'tesoreria');
    const streamId = await stream.streamId();
    // Its own token's permissions: declared as before.
    expect(
      (await postPresence(gateway.url, await tokenFor('tesoreria'), { streamId, open: [] })).status,
    ).toBe(204);
    const changed = await emulator.accessTokenFor('tesoreria', { claims: { resource_access: {} } });
    expect(await postPresence(gateway.url, changed, { streamId, open: [] })).toEqual({
      status: 404,
      body: { message: expect.stringContaining('vuelva a conectarse'), code: 'UNKNOWN_STREAM' },
    });
    await endedWithin(stream, 60_000);
  });

  it("the gateway's stop ends its streams", async () => {
    const stream = await live(gateway, 'operador');
    expect(stream.status).toBe(200);
    await gateway.close();
    await stream.ended;
    expect(stream.events[0]!.event).toBe('hello');
  });
});
