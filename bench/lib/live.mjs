// Live streams (docs/live.md) on the gateway with a store (the embedded PostgreSQL, as `npm start`):
// - `live_idle_streams_500_rss_mib`: the growth of the gateway's resident memory (VmRSS, /proc) while it holds 500
//   idle `GET /live` streams (125 operators of 4 streams each, the per-operator bound), after they settled;
// - `live_event_fanout_50_ms`: one cancel's event sent to 50 streams: the median time from the mutation's send to
//   the 50th stream's receipt of its `change` (with `_after_answer_ms`, from the mutation's answer), and
//   `live_event_fanout_50_cpu_ms`: the gateway's CPU per cancel with the 50 streams open less the same cancels with
//   none open (rounds of each, one after the other, each after a warm-up).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { graphql, httpCall, percentile } from './load.mjs';
import { cpuTimeMs } from './processes.mjs';

const rssMib = (pid) => {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
};

/** An open `/live` stream of this process: its `change` events' ids as they arrive. */
function openStream(baseUrl, token) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/live`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET /live answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        const stream = { req, res, onChange: null, close: () => req.destroy() };
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: hello') && !stream.ready) {
              stream.ready = true;
              resolve(stream);
            }
            const change = /^event: change\ndata: (.*)$/m.exec(block);
            if (change) stream.onChange?.(JSON.parse(change[1]));
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
  });
}

const CANCEL = `mutation BenchLiveCancel($id: ID!, $key: String!) {
  cancelPayment(id: $id, reason: "Prueba de rendimiento", idempotencyKey: $key) { outcome }
}`;

async function cancellable({ stubsUrl, token }, count) {
  const filters = JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]);
  const { text } = await httpCall(
    'GET',
    `${stubsUrl}/payment/pagos?filters=${encodeURIComponent(filters)}&limit=${count}&sorts=id:asc`,
    { authorization: `Bearer ${token}` },
  );
  return JSON.parse(text).rows.map((row) => String(row.id));
}

/**
 * `env`: the bench's environment pointed at the gateway with a store; `tokenFor(i)`: a token (or its promise) of
 * operator i, each its own subject.
 */
export async function liveScenario(
  env,
  { tokenFor, idle = 500, fanout = 50, rounds = 20, settleMs = 1_500 },
) {
  const { gatewayUrl, gatewayPid, log } = env;
  const baseUrl = gatewayUrl.replace(/\/graphql$/, '');
  const tokens = new Map();
  const token = (i) => {
    if (!tokens.has(i)) tokens.set(i, Promise.resolve(tokenFor(i)));
    return tokens.get(i);
  };
  await httpCall('POST', `${env.stubsUrl}/__admin/reset`, {});

  // Idle streams: the memory they hold.
  await sleep(settleMs);
  const before = rssMib(gatewayPid);
  const streams = [];
  for (let i = 0; i < idle; i += 25) {
    const batch = Array.from({ length: Math.min(25, idle - i) }, async (_, j) =>
      openStream(baseUrl, await token(Math.floor((i + j) / 4))),
    );
    streams.push(...(await Promise.all(batch)));
  }
  await sleep(settleMs);
  const held = rssMib(gatewayPid);
  for (const stream of streams.splice(0)) stream.close();
  await sleep(settleMs);

  // One event to `fanout` streams, against the same cancels with none open: half of those before, half after, so
  // that a drift of the process (its JIT warming, the store growing) weighs on both sides alike.
  const ids = await cancellable(env, 2 * rounds + 4);
  let next = 0;
  const cancel = () =>
    graphql(gatewayUrl, env.token, CANCEL, { id: ids[next++], key: `bench-live-${Date.now()}-${next}` });
  let open = [];
  const toAll = [];
  const afterAnswer = [];
  let cpuWith = 0;
  let cpuWithout = 0;
  const withStreams = async (counted) => {
    const id = ids[next];
    let received = 0;
    let lastAt = 0;
    const all = new Promise((resolve) => {
      for (const stream of open) {
        stream.onChange = (change) => {
          if (!change.ids.includes(id)) return;
          lastAt = performance.now();
          if (++received === fanout) resolve();
        };
      }
    });
    const cpu0 = cpuTimeMs(gatewayPid);
    const t0 = performance.now();
    await cancel();
    const answered = performance.now();
    await all;
    await sleep(100);
    if (!counted) return;
    cpuWith += cpuTimeMs(gatewayPid) - cpu0;
    toAll.push(lastAt - t0);
    afterAnswer.push(lastAt - answered);
  };
  const alone = async (counted) => {
    const cpu0 = cpuTimeMs(gatewayPid);
    await cancel();
    await sleep(100);
    if (counted) cpuWithout += cpuTimeMs(gatewayPid) - cpu0;
  };
  await alone(false);
  for (let round = 0; round < rounds / 2; round++) await alone(true);
  open = await Promise.all(
    Array.from({ length: fanout }, async (_, i) =>
      openStream(baseUrl, await token(10_000 + Math.floor(i / 4))),
    ),
  );
  await withStreams(false);
  for (let round = 0; round < rounds; round++) await withStreams(true);
  for (const stream of open) stream.close();
  await sleep(settleMs);
  for (let round = 0; round < rounds / 2; round++) await alone(true);
  await httpCall('POST', `${env.stubsUrl}/__admin/reset`, {});

  const result = {
    live_idle_streams_500_rss_mib: held - before,
    live_event_fanout_50_ms: percentile(toAll, 50),
    live_event_fanout_50_after_answer_ms: percentile(afterAnswer, 50),
    live_event_fanout_50_cpu_ms: (cpuWith - cpuWithout) / rounds,
  };
  log(
    `  live: ${idle} idle streams +${result.live_idle_streams_500_rss_mib.toFixed(1)} MiB RSS (${before.toFixed(0)} -> ${held.toFixed(0)}); ` +
      `an event to ${fanout} streams ${result.live_event_fanout_50_ms.toFixed(1)} ms from the send ` +
      `(${result.live_event_fanout_50_after_answer_ms.toFixed(1)} after the answer), ` +
      `${result.live_event_fanout_50_cpu_ms.toFixed(2)} ms of the gateway's CPU`,
  );
  return result;
}

/** The scenario as `npm run bench` runs it (key `live`): on the store gateway, each operator a token of its own. */
export const liveBench = async (env, emulator) =>
  liveScenario(env, {
    tokenFor: (i) =>
      emulator.accessTokenFor('admin', {
        ttlSeconds: 3600,
        claims: { sub: `bench-live-${i}`, preferred_username: `operador${i}` },
      }),
  });
