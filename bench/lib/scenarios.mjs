// The benchmark's scenarios. Each one measures the gateway and the same upstream calls made directly.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { areaDocument, expectedRows } from './areas.mjs';
import { bulkCancelDocument, detailDocument, listDocument, withTypename } from './documents.mjs';
import { cpuTimeMs } from './processes.mjs';
import {
  graphql,
  httpCall,
  interleave,
  percentile,
  runAutocannon,
  runClosedLoop,
  runSequential,
} from './load.mjs';
import {
  clearRequests,
  dependencyLevels,
  directOp,
  distinctResources,
  recordCalls,
  recordedRequests,
  replayable,
  sequentialOp,
} from './upstream.mjs';

const round = (n, digits = 3) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/**
 * Gateway vs direct for one read operation at each concurrency. `env`: { gatewayUrl, token, stubsUrl,
 * gatewayPid, seconds, log }; `warmUpSeconds` of each path before measuring.
 */
async function compare(env, name, { query, variables, inputIds, concurrencies, seconds, warmUpSeconds = 1 }) {
  const { gatewayUrl, token, stubsUrl, gatewayPid, log } = env;
  const { result: data, calls: recorded } = await recordCalls(stubsUrl, () =>
    graphql(gatewayUrl, token, query, variables),
  );
  const calls = recorded.map((r) => replayable(stubsUrl, r));
  const levels = await dependencyLevels(calls, inputIds);
  log(`  ${name}: ${calls.length} upstream calls per request, ${levels.length} dependency level(s):`);
  levels.forEach((level, i) => level.forEach((call) => log(`    L${i} ${call.label.slice(0, 150)}`)));
  const body = JSON.stringify({ query, variables });
  const headers = { authorization: `Bearer ${token}` };
  const direct = directOp(levels);
  const runs = {};
  // Warm-up of both paths (JIT, keep-alive sockets, caches).
  await runAutocannon({
    url: gatewayUrl,
    headers,
    body,
    connections: Math.max(...concurrencies),
    seconds: warmUpSeconds,
  });
  await runClosedLoop({ op: direct, concurrency: Math.max(...concurrencies), seconds: warmUpSeconds });
  for (const c of concurrencies) {
    // Gateway and direct alternate in 1-second segments (see interleave).
    const { a: gateway, b: directRun } = await interleave(
      Math.max(1, Math.round(seconds)),
      () => runAutocannon({ url: gatewayUrl, headers, body, connections: c, seconds: 1, cpuPid: gatewayPid }),
      () => runClosedLoop({ op: direct, concurrency: c, seconds: 1 }),
    );
    if (gateway.non2xx || gateway.graphqlErrors) {
      throw new Error(
        `${name} ${c}u: ${gateway.non2xx} non-2xx answers, ${gateway.graphqlErrors} with GraphQL errors`,
      );
    }
    if (directRun.failures) throw new Error(`${name} direct ${c}u: ${directRun.failures} failed operations`);
    runs[c] = { gateway, direct: directRun };
    log(
      `  ${name} ${c}u: gateway p50 ${gateway.p50.toFixed(2)} p99 ${gateway.p99.toFixed(2)} ms (${gateway.rps.toFixed(0)} req/s, ` +
        `${gateway.cpuMsPerOp?.toFixed(3)} CPU ms/op) | direct p50 ${directRun.p50.toFixed(2)} p99 ${directRun.p99.toFixed(2)} ms`,
    );
  }
  return { data, calls, levels, runs, distinct: distinctResources(calls) };
}

export async function listScenario(env) {
  const doc = listDocument();
  const query = withTypename(doc.query);
  env.log(`  list: ${doc.source}, variables ${JSON.stringify(doc.variables)}`);
  const result = await compare(env, 'list', {
    query,
    variables: doc.variables,
    inputIds: [],
    concurrencies: [1, 10],
    seconds: env.seconds.list,
  });
  const rows = result.data.payments.rows;
  const named = rows.filter((row) => row.collector?.name).length;
  if (rows.length !== 50 || named !== 50)
    throw new Error(`list: ${rows.length} rows, ${named} with a collector name`);
  const collectorIds = [...new Set(rows.map((row) => row.collector.id))];
  return { ...result, query, variables: doc.variables, source: doc.source, collectorIds };
}

export async function detailScenario(env, id) {
  const doc = detailDocument(id);
  const query = withTypename(doc.query);
  env.log(
    `  detail: ${doc.operationName} from ${doc.source}, payment ${id}, variables ${JSON.stringify(doc.variables)}`,
  );
  const result = await compare(env, 'detail', {
    query,
    variables: doc.variables,
    inputIds: [id],
    concurrencies: [1, 10],
    seconds: env.seconds.detail,
  });
  if (!result.data.payment) throw new Error(`detail: payment ${id} not found`);
  return { ...result, document: doc };
}

/** One of the areas' scenarios (bench/lib/areas.mjs): the web's operation through the gateway vs direct. */
export async function areaScenario(env, scenario) {
  const doc = areaDocument(scenario);
  const query = withTypename(doc.query);
  env.log(
    `  ${scenario.key}: ${doc.operationName} from ${doc.source}, variables ${JSON.stringify(doc.variables)}`,
  );
  const result = await compare(env, scenario.key, {
    query,
    variables: doc.variables,
    inputIds: scenario.inputIds,
    concurrencies: [1, 10],
    seconds: env.seconds.area,
    warmUpSeconds: 0.5,
  });
  const rows = scenario.rowsOf(result.data);
  if ((rows.length === 0 && !scenario.storeOnly) || rows.length !== expectedRows(scenario, result.data)) {
    throw new Error(`${scenario.key}: ${rows.length} rows, ${expectedRows(scenario, result.data)} expected`);
  }
  return { ...result, document: doc, rows: rows.length };
}

/**
 * An area scenario in the sampled form (bench/README.md, "Time budget"): after two warm-up rounds, one gateway
 * request and one direct operation alternate (swapping which goes first) for `env.seconds.sampled` seconds at 1
 * user. CPU per request is the gateway's CPU time over all the rounds (the direct rounds leave it idle) ÷ its
 * requests, so its resolution is one clock tick (10 ms) ÷ the requests made.
 */
export async function sampledAreaScenario(env, scenario) {
  const { gatewayUrl, token, stubsUrl, gatewayPid, log } = env;
  const doc = areaDocument(scenario);
  const query = withTypename(doc.query);
  const { result: data, calls: recorded } = await recordCalls(stubsUrl, () =>
    graphql(gatewayUrl, token, query, doc.variables),
  );
  const rows = scenario.rowsOf(data);
  if ((rows.length === 0 && !scenario.storeOnly) || rows.length !== expectedRows(scenario, data)) {
    throw new Error(`${scenario.key}: ${rows.length} rows, ${expectedRows(scenario, data)} expected`);
  }
  const calls = recorded.map((r) => replayable(stubsUrl, r));
  const levels = await dependencyLevels(calls, scenario.inputIds);
  const direct = directOp(levels);
  const viaGateway = () => graphql(gatewayUrl, token, query, doc.variables);
  const timed = async (op) => {
    const t0 = performance.now();
    await op();
    return performance.now() - t0;
  };
  for (let i = 0; i < 2; i++) await Promise.all([viaGateway(), direct()]);
  // A store-only scenario is the first work of the store's gateway (started when first needed): without a warm-up
  // like the list's and the detail's (1 s), its figure would be that process's start (JIT, the embedded PostgreSQL's
  // WASM compiled on first use: 13.4 CPU ms per request cold against 4.7–8.6 warm), not a request's cost.
  if (scenario.storeOnly) await runClosedLoop({ op: viaGateway, concurrency: 1, seconds: 1 });
  const gateway = [];
  const directMs = [];
  const cpuBefore = cpuTimeMs(gatewayPid);
  const deadline = performance.now() + env.seconds.sampled * 1000;
  for (let round = 0; performance.now() < deadline || round < 4; round++) {
    if (round % 2 === 0) {
      gateway.push(await timed(viaGateway));
      directMs.push(await timed(direct));
    } else {
      directMs.push(await timed(direct));
      gateway.push(await timed(viaGateway));
    }
  }
  const cpuMs = cpuTimeMs(gatewayPid) - cpuBefore;
  const p50 = percentile(gateway, 50);
  const directP50 = percentile(directMs, 50);
  log(
    `  ${scenario.key}: ${doc.operationName}, ${calls.length} upstream call(s) in ${levels.length} level(s), ` +
      `${gateway.length} rounds: gateway p50 ${p50.toFixed(2)} ms (${(cpuMs / gateway.length).toFixed(3)} CPU ms/op) | ` +
      `direct p50 ${directP50.toFixed(2)} ms`,
  );
  return {
    document: doc,
    rows: rows.length,
    calls,
    levels,
    rounds: gateway.length,
    p50,
    directP50,
    cpuMsPerOp: cpuMs / gateway.length,
  };
}

/**
 * Buscar Pagos as a browser without the gateway would load it: the list, then each distinct collector one
 * by one (GET /comercios/{id}), vs one GraphQL request for the same screen, alternately.
 */
export async function waterfallScenario(env, list, times = 9) {
  const listCall = list.levels[0][0];
  const collectorCalls = list.collectorIds.map((cid) => ({
    ...listCall,
    method: 'GET',
    url: `${env.stubsUrl}/collector/comercios/${encodeURIComponent(cid)}`,
    label: `GET /collector/comercios/${cid}`,
  }));
  const calls = [listCall, ...collectorCalls];
  const op = sequentialOp(calls);
  const viaGateway = () => graphql(env.gatewayUrl, env.token, list.query, list.variables);
  await op();
  await viaGateway();
  // Alternate one waterfall and one GraphQL request, `times` rounds.
  const waterfall = [];
  const gateway = [];
  for (let i = 0; i < times; i++) {
    waterfall.push(...(await runSequential(op, 1)));
    gateway.push(...(await runSequential(viaGateway, 1)));
  }
  const waterfallMs = percentile(waterfall, 50);
  const gatewayMs = percentile(gateway, 50);
  env.log(
    `  waterfall: ${calls.length} sequential REST calls p50 ${waterfallMs.toFixed(1)} ms vs one GraphQL request p50 ${gatewayMs.toFixed(1)} ms`,
  );
  return { calls: calls.length, waterfallMs, gatewayMs, win: waterfallMs / gatewayMs };
}

/**
 * The largest number of requests that arrived within `windowMs` of each other. With windowMs just under the
 * upstream latency, a worker of a pool contributes at most one arrival to any window (its next call starts
 * only after the previous answer, which takes the latency), so this is the pool's size.
 */
function peakConcurrency(requests, windowMs) {
  const times = requests.map((r) => Date.parse(r.at)).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/** Puts the stubs back as they started. */
const resetStubs = ({ stubsUrl }) => httpCall('POST', `${stubsUrl}/__admin/reset`, {});

/** The ids of the first `count` cancellable (pending or issued) payments of the stubs. */
async function cancellableIds({ stubsUrl, token }, count) {
  const filters = JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]);
  const { text } = await httpCall(
    'GET',
    `${stubsUrl}/payment/pagos?filters=${encodeURIComponent(filters)}&limit=${count}&sorts=id:asc`,
    { authorization: `Bearer ${token}` },
  );
  const ids = JSON.parse(text).rows.map((row) => row.id);
  if (ids.length < count) throw new Error(`bulk: only ${ids.length} cancellable payments in the stubs`);
  return ids;
}

/** Cancels `ids` in one bulk cancel through the gateway at `url`, and checks that every one succeeded. */
async function bulkCancel({ token }, url, ids) {
  const doc = bulkCancelDocument(ids, 'Prueba de rendimiento');
  const data = await graphql(url, token, withTypename(doc.query), doc.variables);
  const results = data.bulkCancelPayments.results;
  const ok = results.filter((r) => r.outcome === 'SUCCESS').length;
  if (ok !== ids.length) {
    const failed = results.find((r) => r.outcome !== 'SUCCESS');
    throw new Error(`bulk: ${ok}/${ids.length} SUCCESS (${JSON.stringify(failed)})`);
  }
  return doc;
}

/**
 * bulkCancelPayments over 100 cancellable (pending or issued) payments, after resetting the stubs each time.
 * Ideal: ceil(100 / concurrency) x latency, concurrency being the gateway's (BULK_CONCURRENCY, else inferred
 * from the arrival times of the upstream POSTs). Also the same calls made directly at that concurrency.
 */
export async function bulkScenario(env, { latencyMs, times = 5, size = 100 }) {
  const { stubsUrl, gatewayUrl, log } = env;
  const reset = () => resetStubs(env);
  await reset();
  const ids = await cancellableIds(env, size);
  const doc = bulkCancelDocument(ids, 'Prueba de rendimiento');
  const viaGateway = async () => {
    await reset();
    await clearRequests(stubsUrl);
    const t0 = performance.now();
    await bulkCancel(env, gatewayUrl, ids);
    return performance.now() - t0;
  };
  // A first run (also a warm-up) tells which upstream calls a bulk cancel makes and at what concurrency.
  await viaGateway();
  const calls = await recordedRequests(stubsUrl);
  const writes = calls.filter((c) => c.method !== 'GET');
  const reads = calls.filter((c) => c.method === 'GET');
  const configured = Number(process.env.BULK_CONCURRENCY);
  const inferred = peakConcurrency(writes, Math.max(1, latencyMs - 1));
  const concurrency = Number.isInteger(configured) && configured > 0 ? configured : inferred;
  const idealMs = Math.ceil(size / concurrency) * latencyMs;

  // The same calls made directly: the reads in parallel, then the writes by a pool of `concurrency` workers.
  const readReplays = reads.map((r) => replayable(stubsUrl, r));
  const writeReplays = writes.map((r) => replayable(stubsUrl, r));
  let stubCpuMs = 0;
  const direct = async () => {
    await reset();
    const cpu0 = env.stubsPid ? cpuTimeMs(env.stubsPid) : null;
    const t0 = performance.now();
    await Promise.all(readReplays.map((call) => httpCall(call.method, call.url, call.headers, call.body)));
    const queue = [...writeReplays];
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let call = queue.shift(); call; call = queue.shift()) {
          await httpCall(call.method, call.url, call.headers, call.body);
        }
      }),
    );
    const ms = performance.now() - t0;
    if (cpu0 !== null) stubCpuMs += cpuTimeMs(env.stubsPid) - cpu0;
    return ms;
  };
  const wall = [];
  const directTimes = [];
  for (let i = 0; i < times; i++) {
    if (i % 2 === 0) {
      wall.push(await viaGateway());
      directTimes.push(await direct());
    } else {
      directTimes.push(await direct());
      wall.push(await viaGateway());
    }
    await sleep(20);
  }
  await reset();
  const measuredMs = percentile(wall, 50);
  const directMs = percentile(directTimes, 50);
  log(
    `  bulk${size}: ${writes.length} writes + ${reads.length} reads upstream, concurrency ${concurrency} (inferred ${inferred}), ` +
      `p50 ${measuredMs.toFixed(1)} ms vs ideal ${idealMs} ms, direct ${directMs.toFixed(1)} ms`,
  );
  return {
    size,
    source: doc.source,
    writes: writes.length,
    reads: reads.length,
    concurrency,
    inferredConcurrency: inferred,
    measuredMs,
    idealMs,
    directMs,
    ratio: measuredMs / idealMs,
    stubCpuMsPerCall: env.stubsPid ? stubCpuMs / (times * (reads.length + writes.length)) : null,
  };
}

/**
 * What the activity store costs a mutation: cancels through the gateway without a store
 * (`env.gatewayUrl`) and through `storeGateway`, which writes every audit event to its store, in alternated rounds
 * (the order flips each round): `singles` rounds cancelling one payment each (a different one every time, so no
 * reset between them), then `bulks` rounds of a bulk cancel of 100 (the stubs reset before each). Wall time is the
 * mutation's own (p50); CPU is each process's total over its rounds, read once the writer's last batch is written
 * (`settleMs` past its flush delay), so it includes the writes.
 */
export async function storeScenario(env, { storeGateway, singles = 20, bulks = 4, settleMs = 500 }) {
  const { gatewayUrl, gatewayPid, log } = env;
  const gateways = [
    { url: gatewayUrl, pid: gatewayPid },
    { url: storeGateway.url, pid: storeGateway.pid },
  ];
  const measure = async (rounds, once, before = async () => {}) => {
    for (const index of [0, 1]) {
      await before(); // warm-up of each
      await once(gateways[index], index);
    }
    await sleep(settleMs);
    const cpu0 = gateways.map(({ pid }) => cpuTimeMs(pid));
    const wall = [[], []];
    for (let round = 0; round < rounds; round++) {
      for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
        await before();
        const t0 = performance.now();
        await once(gateways[index], 2 + 2 * round + index);
        wall[index].push(performance.now() - t0);
      }
    }
    await sleep(settleMs);
    const [without, withStore] = gateways.map(({ pid }, index) => ({
      p50: percentile(wall[index], 50),
      cpuPerOp: (cpuTimeMs(pid) - cpu0[index]) / rounds,
    }));
    return { without, withStore, ratio: withStore.p50 / without.p50 };
  };
  await resetStubs(env);
  const singleIds = await cancellableIds(env, 2 * singles + 2);
  const single = await measure(singles, ({ url }, call) => bulkCancel(env, url, [singleIds[call]]));
  await resetStubs(env);
  const bulkIds = await cancellableIds(env, 100);
  const bulk = await measure(
    bulks,
    ({ url }) => bulkCancel(env, url, bulkIds),
    () => resetStubs(env),
  );
  await resetStubs(env);
  for (const [name, m] of [
    ['1', single],
    ['100', bulk],
  ]) {
    log(
      `  store, cancel of ${name}: p50 ${m.without.p50.toFixed(1)} ms without, ${m.withStore.p50.toFixed(1)} ms with ` +
        `(×${m.ratio.toFixed(3)}); CPU per mutation ${m.without.cpuPerOp.toFixed(2)} / ${m.withStore.cpuPerOp.toFixed(2)} ms`,
    );
  }
  return { 1: single, 100: bulk };
}

export { round };

/**
 * The floor under the gateway's CPU per request on this machine: the gateway's cheapest operation
 * (`{ me { username } }`: token check, Apollo, no upstream call) and a bare node:http server answering a
 * fixed JSON, both pinned alike and driven at 10 connections.
 */
export async function floorScenario(env, { echoUrl, echoPid, seconds = 2 }) {
  const headers = { authorization: `Bearer ${env.token}` };
  const body = JSON.stringify({ query: '{ me { username } }' });
  await runAutocannon({ url: env.gatewayUrl, headers, body, connections: 10, seconds: 1 });
  const me = await runAutocannon({
    url: env.gatewayUrl,
    headers,
    body,
    connections: 10,
    seconds,
    cpuPid: env.gatewayPid,
  });
  await runAutocannon({ url: echoUrl, headers, body, connections: 10, seconds: 1 });
  const echo = await runAutocannon({
    url: echoUrl,
    headers,
    body,
    connections: 10,
    seconds,
    cpuPid: echoPid,
  });
  env.log(
    `  floor: gateway { me } ${me.cpuMsPerOp?.toFixed(3)} CPU ms/op (p50 ${me.p50.toFixed(2)} ms); ` +
      `bare node:http ${echo.cpuMsPerOp?.toFixed(3)} CPU ms/op (p50 ${echo.p50.toFixed(2)} ms)`,
  );
  return { me, echo };
}

/**
 * A download through `/files`: the AFIP presentation's ZIP (`GET /files/afip/:id/archivo`, a small file
 * streamed as the service writes it) against the same GET made directly to the stubs, 10 connections, alternated
 * 1-second segments. What it shows is the gateway's own cost per file request: routing, CORS, token, rate limit,
 * permission, the upstream call and the streamed answer.
 */
export async function filesScenario(env, { seconds = 2, connections = 10 } = {}) {
  const { gatewayUrl, token, stubsUrl, gatewayPid, log } = env;
  const page = await (await fetch(`${stubsUrl}/afip/formularios?page=1&limit=1`)).json();
  const id = page.rows?.[0]?.id;
  if (id === undefined) throw new Error('files: the stubs list no AFIP presentation');
  const url = gatewayUrl.replace(/\/graphql$/, `/files/afip/${id}/archivo`);
  const directUrl = `${stubsUrl}/afip/formularios/${id}/archivo`;
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(url, { headers });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 200) throw new Error(`files: GET ${url} answered ${probe.status}`);
  const get = (target, cpuPid = null) =>
    runAutocannon({ url: target, method: 'GET', headers, connections, seconds: 1, cpuPid });
  await get(url);
  await get(directUrl);
  const { a: gateway, b: direct } = await interleave(
    Math.max(1, Math.round(seconds)),
    () => get(url, gatewayPid),
    () => get(directUrl),
  );
  if (gateway.non2xx || direct.non2xx) {
    throw new Error(`files: ${gateway.non2xx} non-2xx through the gateway, ${direct.non2xx} directly`);
  }
  log(
    `  files: GET /files/afip/${id}/archivo (${bytes} bytes) gateway p50 ${gateway.p50.toFixed(2)} ms ` +
      `(${gateway.rps.toFixed(0)} req/s, ${gateway.cpuMsPerOp?.toFixed(3)} CPU ms/op) | direct p50 ${direct.p50.toFixed(2)} ms`,
  );
  return { gateway, direct, bytes };
}

/**
 * One operator's heavy use of the store against everyone else. On the store gateway, other operators
 * run `{ me }` and the payment list (closed loops, `concurrency` each) in 1-second segments, alternately quiet and
 * with a noisy operator (`noisy` loops of `{ preferences { key value } }` then one `setPreference`, over `keys`
 * preferences of `valueBytes` each, written before the first segment). Every other preference is numbers
 * (`[5e-324,…]`, which jsonb would keep as 326 digits each, about 47 times the bytes the bound counts), the others
 * text. The others' p99 noisy ÷ quiet is the noisy operator's cost to them: the embedded store's queries must not
 * hold the gateway's event loop, and a value costs what its bytes do whatever it holds.
 */
export async function storeNoisyNeighbourScenario(
  env,
  { tokens, seconds = 4, concurrency = 2, noisy = 2, keys = 200, valueBytes = 5_000 },
) {
  const { gatewayUrl, log } = env;
  // `[5e-324,5e-324,…]`: 7 bytes a number, as many as fit in valueBytes.
  const numbers = Array.from({ length: Math.floor((valueBytes - 1) / 7) }, () => 5e-324);
  const value = (i) => (i % 2 === 1 ? numbers : { note: `${i}`.padEnd(valueBytes - 16, 'x') });
  const SET =
    'mutation($k: String!, $v: JSON) { setPreference(key: $k, value: $v) { outcome preference { key } } }';
  const key = (i) => `bench.ruido.${String(i).padStart(3, '0')}`;
  for (let i = 0; i < keys; i++) {
    const { setPreference } = await graphql(gatewayUrl, tokens.noisy, SET, { k: key(i), v: value(i) });
    if (setPreference.outcome !== 'SUCCESS') throw new Error(`noisy: ${key(i)} not written`);
  }
  const list = listDocument();
  const me = () => graphql(gatewayUrl, tokens.me, '{ me { username } }');
  const payments = () => graphql(gatewayUrl, tokens.list, withTypename(list.query), list.variables);
  const READ = '{ preferences { key value } }';
  // One read parsed and checked whole: every key, and the numbers as they were written.
  const first = (await graphql(gatewayUrl, tokens.noisy, READ)).preferences;
  if (first.length < keys || JSON.stringify(first[1].value) !== JSON.stringify(numbers)) {
    throw new Error(
      `noisy: ${first.length} preferences, the second ${JSON.stringify(first[1]?.value).slice(0, 80)}`,
    );
  }
  const keysIn = (text) => text.split('"key":"bench.ruido.').length - 1;
  let written = 0;
  const noisyOp = async () => {
    // Counted, not parsed: parsing its 1 MB answer here, on the event loop that times the others' requests, was
    // counted as the gateway's cost to them (6-10 ms a read; the noisy operator's browser is another machine).
    const { text } = await httpCall(
      'POST',
      gatewayUrl,
      { authorization: `Bearer ${tokens.noisy}` },
      { query: READ },
    );
    if (keysIn(text) < keys) throw new Error(`noisy: ${keysIn(text)} preferences in ${text.slice(0, 200)}`);
    written += 1;
    await graphql(gatewayUrl, tokens.noisy, SET, { k: key(written % keys), v: value(written) });
  };
  const segment = async (withNoise) => {
    let stop = false;
    let noisyRounds = 0;
    const noise = withNoise
      ? Promise.all(
          Array.from({ length: noisy }, async () => {
            while (!stop) {
              await noisyOp();
              noisyRounds += 1;
            }
          }),
        )
      : Promise.resolve();
    const [meRun, listRun] = await Promise.all([
      runClosedLoop({ op: me, concurrency, seconds: 1 }),
      runClosedLoop({ op: payments, concurrency, seconds: 1 }),
    ]);
    stop = true;
    await noise;
    if (meRun.failures || listRun.failures) {
      throw new Error(`store_noisy: ${meRun.failures} { me } and ${listRun.failures} list requests failed`);
    }
    return { me: meRun.latencies, list: listRun.latencies, noisyRounds };
  };
  await segment(false); // warm-up
  const sides = { quiet: { me: [], list: [], noisyRounds: 0 }, noisy: { me: [], list: [], noisyRounds: 0 } };
  for (let round = 0; round < Math.max(1, Math.round(seconds)); round++) {
    for (const side of round % 2 === 0 ? ['quiet', 'noisy'] : ['noisy', 'quiet']) {
      const run = await segment(side === 'noisy');
      sides[side].me.push(...run.me);
      sides[side].list.push(...run.list);
      sides[side].noisyRounds += run.noisyRounds;
    }
  }
  const summary = ({ me: meMs, list: listMs, noisyRounds }) => ({
    p99: percentile([...meMs, ...listMs], 99),
    meP99: percentile(meMs, 99),
    listP99: percentile(listMs, 99),
    requests: meMs.length + listMs.length,
    noisyRounds,
  });
  const quiet = summary(sides.quiet);
  const loud = summary(sides.noisy);
  log(
    `  store_noisy: others' p99 ${quiet.p99.toFixed(1)} ms quiet, ${loud.p99.toFixed(1)} ms beside the noisy operator ` +
      `(×${(loud.p99 / quiet.p99).toFixed(2)}; { me } ${quiet.meP99.toFixed(1)} → ${loud.meP99.toFixed(1)}, list ` +
      `${quiet.listP99.toFixed(1)} → ${loud.listP99.toFixed(1)}); ${loud.noisyRounds} noisy rounds of ${keys} × ${valueBytes} B (half numbers)`,
  );
  return { quiet, noisy: loud, ratio: loud.p99 / quiet.p99 };
}
