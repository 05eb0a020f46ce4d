// `npm run soak`: the gateway under mixed GraphQL load for SOAK_SECONDS, reporting heap growth per hour.
// Not part of `npm test`. Needs the built apps (`npm run build`): it imports their dist/ entry points.
//
// The stubs and the Keycloak emulator run in a child process (their state grows with the mutations and must
// not be mistaken for a gateway leak); the gateway and the load generator run here, and this process's heap is
// sampled (after a full GC when started with --expose-gc, as the npm script does).
//
// Environment:
//   SOAK_SECONDS        load duration (default 60)
//   SOAK_CONCURRENCY    requests in flight (default 8)
//   SOAK_SAMPLE_MS      heap sampling period (default 1000)
//   SOAK_WARMUP_SECONDS samples ignored by the regression at the start (default: 20% of the run, at most 300)
//   SOAK_MUTATIONS      share of mutations in the mix, 0..1 (default 0.1; 0 turns them off)
//   SOAK_MAX_MB_PER_HOUR  exit 1 when the heap grows faster than this (default: no limit)
//   SOAK_SEED           seed of the request mix (default 1)
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;

const env = (name, fallback, { min = -Infinity, max = Infinity, float = false } = {}) => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (!float && !Number.isInteger(value))) {
    throw new Error(`${name} debe ser un número entre ${min} y ${max} (se recibió "${raw}")`);
  }
  return value;
};

// ---------------------------------------------------------------------------------------------------------------
// Child process: the stubs and the Keycloak emulator, answering token requests over IPC.

if (process.argv.includes('--upstreams')) {
  const { startStubs } = await import('@backoffice/stubs');
  const { startEmulator } = await import('@backoffice/keycloak-emulator');
  const [stubs, emulator] = await Promise.all([startStubs({ port: 0 }), startEmulator({ keyFile: null })]);
  process.on('message', async (message) => {
    if (message?.type === 'token') {
      const token = await emulator.accessTokenFor(message.username, { ttlSeconds: 3600 });
      process.send({ type: 'token', id: message.id, token });
    } else if (message?.type === 'close') {
      await Promise.all([stubs.close(), emulator.close()]);
      process.exit(0);
    }
  });
  process.send({ type: 'ready', stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl });
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const seconds = env('SOAK_SECONDS', 60, { min: 1 });
  const concurrency = env('SOAK_CONCURRENCY', 8, { min: 1, max: 256 });
  const sampleMs = env('SOAK_SAMPLE_MS', 1000, { min: 50 });
  const warmupSeconds = env('SOAK_WARMUP_SECONDS', Math.min(300, Math.round(seconds * 0.2)), { min: 0 });
  const mutationShare = env('SOAK_MUTATIONS', 0.1, { min: 0, max: 1, float: true });
  const maxGrowth = process.env.SOAK_MAX_MB_PER_HOUR
    ? env('SOAK_MAX_MB_PER_HOUR', 0, { min: 0, float: true })
    : null;
  let seed = env('SOAK_SEED', 1);

  let gatewayModule;
  let graphql;
  try {
    gatewayModule = await import('@backoffice/gateway');
    graphql = await import('graphql');
  } catch (error) {
    console.error(
      `No se pudo cargar el gateway compilado (${error.message}). Ejecutá "npm run build" primero.`,
    );
    process.exit(1);
  }
  const { startGateway, loadConfig, buildSchema, listFieldPermissions } = gatewayModule;

  // Upstreams in a child process.
  const child = fork(fileURLToPath(import.meta.url), ['--upstreams'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`el proceso de stubs/emulador terminó (${code})`)));
  });
  const pendingTokens = new Map();
  child.on('message', (message) => {
    if (message?.type === 'token') pendingTokens.get(message.id)?.(message.token);
  });
  const tokenFor = (username) =>
    new Promise((resolve) => {
      const id = randomUUID();
      pendingTokens.set(id, resolve);
      child.send({ type: 'token', id, username });
    });

  // The gateway, with a logger that counts instead of printing (audit events included).
  const logCounts = { audit: 0, warn: 0, error: 0 };
  const firstProblems = [];
  const logger = {
    debug() {},
    info() {},
    warn(msg) {
      logCounts.warn++;
      if (firstProblems.length < 5) firstProblems.push(`warn ${msg}`);
    },
    error(msg, fields) {
      logCounts.error++;
      if (firstProblems.length < 5)
        firstProblems.push(`error ${msg} ${JSON.stringify(fields ?? {}).slice(0, 300)}`);
    },
    audit() {
      logCounts.audit++;
    },
  };
  const config = {
    ...loadConfig({ STUBS_URL: ready.stubsUrl }),
    port: 0,
    host: '127.0.0.1',
    keycloakIssuer: ready.issuer,
    keycloakJwksUrl: ready.jwksUrl,
    logLevel: 'warn',
    // The soak's operators send far more than a person would: the per-operator limit stays off here.
    rateLimitMax: 0,
  };
  const gateway = await startGateway(config, { logger });

  let tokens = { admin: await tokenFor('admin'), consulta: await tokenFor('consulta') };
  const tokenRefresh = setInterval(
    async () => {
      tokens = { admin: await tokenFor('admin'), consulta: await tokenFor('consulta') };
    },
    45 * 60 * 1000,
  );

  // ---- the request mix, from the schema the gateway serves
  const schema = buildSchema();
  const queryFields = schema.getQueryType().getFields();
  const mutationFields = schema.getMutationType()?.getFields() ?? {};
  const guarded = new Set(
    listFieldPermissions(schema)
      .filter((f) => f.requirements.length)
      .map((f) => f.coordinate),
  );
  const {
    getNamedType,
    isLeafType,
    isObjectType,
    isNonNullType,
    isListType,
    getNullableType,
    isEnumType,
    isInputObjectType,
  } = graphql;

  const random = () => {
    // mulberry32: a reproducible mix
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (items) => items[Math.floor(random() * items.length)];

  const selection = (type, depth, skipGuarded) => {
    if (isLeafType(type)) return '';
    if (!isObjectType(type) || depth <= 0) return '{ __typename }';
    const parts = ['__typename'];
    for (const field of Object.values(type.getFields())) {
      if (skipGuarded && guarded.has(`${type.name}.${field.name}`)) continue;
      if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
      const named = getNamedType(field.type);
      if (isLeafType(named)) parts.push(field.name);
      else if (depth > 1) parts.push(`${field.name} ${selection(named, depth - 1, skipGuarded)}`);
    }
    return `{ ${parts.join(' ')} }`;
  };

  // Ids from the first pages of the payments list.
  const harvest = await post(
    '{ payments(pageSize: 100) { rows { id status payer { name email } collectorId } } }',
    {},
    tokens.admin,
  );
  const rows = harvest.body?.data?.payments?.rows ?? [];
  if (!rows.length) throw new Error('La lista de pagos vino vacía: ¿están corriendo los stubs?');
  const paymentIds = rows.map((r) => r.id);
  const collectorIds = [...new Set(rows.map((r) => r.collectorId))];
  const searches = rows.flatMap((r) => [r.payer?.email, r.payer?.name?.split(' ')[0], r.id]).filter(Boolean);

  const VALID = {
    reason: () => 'Prueba de carga',
    idempotencyKey: () => randomUUID(),
    addressee: () => 'pagador@example.com.ar',
    expiration: () => `12/${new Date().getFullYear() + 3}`,
    name: () => 'Juana Pérez',
    country: () => 'ARG',
  };
  const sample = (type, name) => {
    const nullable = getNullableType(type);
    if (isListType(nullable)) return [sample(nullable.ofType, name)];
    const named = getNamedType(type);
    if (VALID[name] && named.name === 'String') return VALID[name]();
    if (isEnumType(named)) return pick(named.getValues()).name;
    if (isInputObjectType(named)) {
      const fields = Object.values(named.getFields());
      // A payment-method change: a card, with the valid values below.
      const out = fields.some((f) => f.name === 'kind') ? { kind: 'CARD' } : {};
      for (const f of fields) {
        if (f.name in out) continue;
        if (!isNonNullType(f.type) && !VALID[f.name]) continue;
        out[f.name] =
          f.name === 'number' && named.name.includes('Identification')
            ? '30123456'
            : f.name === 'number'
              ? '4509953566233704'
              : sample(f.type, f.name);
      }
      return out;
    }
    switch (named.name) {
      case 'ID':
        return pick(paymentIds);
      case 'Int':
        return 1;
      case 'Boolean':
        return false;
      case 'Decimal':
        return '10.00';
      case 'DateTime':
        return new Date().toISOString();
      default:
        return 'prueba';
    }
  };
  const operationOf = (kind, field, skipGuarded) => {
    const args = field.args.filter((a) => isNonNullType(a.type));
    const vars = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
    const query = `${kind} Soak_${field.name}${vars ? `(${vars})` : ''} { ${field.name}${call} ${selection(getNamedType(field.type), kind === 'mutation' ? 2 : 3, skipGuarded)} }`;
    return () => ({
      query,
      variables: Object.fromEntries(args.map((a) => [a.name, sample(a.type, a.name)])),
    });
  };

  const PAYMENTS_LIST = `query SoakPayments($filter: PaymentFilter, $page: Int, $pageSize: Int, $sort: PaymentSort) {
    payments(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
      total page pageSize
      rows { id status requestDate finalAmount currencyId conceptId payer { name email } paymentMethods { mediaPaymentId mediaPaymentName installments } collectorId collector { id name } isCurrentVersion }
    }
  }`;
  const statuses =
    schema
      .getType('PaymentStatus')
      ?.getValues()
      .map((v) => v.name) ?? [];
  const sortFields =
    schema
      .getType('PaymentSortField')
      ?.getValues()
      .map((v) => v.name) ?? [];
  const listVariables = () => {
    const filter = {};
    const r = random();
    if (r < 0.2 && statuses.length) filter.status = pick(statuses);
    else if (r < 0.35) filter.search = pick(searches);
    else if (r < 0.5) filter.collectorId = pick(collectorIds);
    else if (r < 0.6) {
      const to = Date.now() - Math.floor(random() * 30) * 86_400_000;
      filter.from = new Date(to - 30 * 86_400_000).toISOString();
      filter.to = new Date(to).toISOString();
    }
    return {
      filter,
      page: 1 + Math.floor(random() * 4),
      pageSize: pick([25, 25, 50, 100]),
      ...(sortFields.length && random() < 0.5
        ? { sort: { field: pick(sortFields), direction: pick(['ASC', 'DESC']) } }
        : {}),
    };
  };

  const mix = [
    {
      name: 'payments',
      weight: 35,
      token: 'admin',
      make: () => ({ query: PAYMENTS_LIST, variables: listVariables() }),
    },
    {
      name: 'payments (consulta)',
      weight: 8,
      token: 'consulta',
      make: () => ({ query: PAYMENTS_LIST, variables: listVariables() }),
    },
    {
      name: 'me',
      weight: 10,
      token: 'admin',
      make: () => ({ query: '{ me { username name email permissions } }', variables: {} }),
    },
  ];
  if (queryFields.collectors) {
    mix.push({
      name: 'collectors',
      weight: 5,
      token: 'admin',
      make: () => ({ query: '{ collectors(pageSize: 20) { total rows { id name } } }', variables: {} }),
    });
  }
  for (const name of ['payment', 'paymentHistory', 'paymentVersion', 'notification']) {
    if (!queryFields[name]) continue;
    mix.push({
      name,
      weight: name === 'payment' ? 20 : 3,
      token: 'admin',
      make: operationOf('query', queryFields[name], false),
    });
  }
  if (queryFields.payment) {
    mix.push({
      name: 'payment (consulta)',
      weight: 4,
      token: 'consulta',
      make: operationOf('query', queryFields.payment, true),
    });
  }
  const mutations = Object.values(mutationFields).filter((f) => f.name !== '_empty');
  if (mutationShare > 0 && mutations.length) {
    const others = mix.reduce((sum, m) => sum + m.weight, 0);
    const each = (others * mutationShare) / (1 - Math.min(mutationShare, 0.99)) / mutations.length;
    for (const field of mutations)
      mix.push({
        name: field.name,
        weight: each,
        token: 'admin',
        make: operationOf('mutation', field, false),
      });
  }
  const totalWeight = mix.reduce((sum, m) => sum + m.weight, 0);
  const choose = () => {
    let r = random() * totalWeight;
    for (const m of mix) if ((r -= m.weight) <= 0) return m;
    return mix[0];
  };

  async function post(query, variables, token) {
    const started = performance.now();
    try {
      const response = await fetch(gatewayUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const text = await response.text();
      let body = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, body, ms: performance.now() - started };
    } catch (error) {
      return { status: 0, body: null, ms: performance.now() - started, error: String(error) };
    }
  }
  function gatewayUrl() {
    return gateway.graphqlUrl;
  }

  // ---- load and sampling
  // Fixed-size structures only, so that the load generator's own memory does not grow with the run.
  const RESERVOIR = 4096;
  const stats = new Map(
    mix.map((m) => [
      m.name,
      { requests: 0, failures: 0, expectedErrors: 0, latencies: new Float64Array(RESERVOIR) },
    ]),
  );
  const maxSamples = Math.ceil((seconds * 1000) / sampleMs) + 16;
  const sampleT = new Float64Array(maxSamples);
  const sampleHeap = new Float64Array(maxSamples);
  const sampleRss = new Float64Array(maxSamples);
  let sampleCount = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const takeSample = () => {
    if (sampleCount >= maxSamples) return;
    globalThis.gc?.();
    const memory = process.memoryUsage();
    sampleT[sampleCount] = (performance.now() - started) / 1000;
    sampleHeap[sampleCount] = memory.heapUsed;
    sampleRss[sampleCount] = memory.rss;
    sampleCount++;
  };
  takeSample();
  const sampler = setInterval(takeSample, sampleMs);
  const progress = setInterval(
    () => {
      const done = [...stats.values()].reduce((s, x) => s + x.requests, 0);
      process.stdout.write(
        `  ${Math.round((performance.now() - started) / 1000)} s · ${done} solicitudes · heap ${(sampleHeap[sampleCount - 1] / MiB).toFixed(1)} MiB\n`,
      );
    },
    Math.max(10_000, Math.min(60_000, (seconds * 1000) / 6)),
  );

  const worker = async () => {
    while (performance.now() < deadline) {
      const op = choose();
      const { query, variables } = op.make();
      const res = await post(query, variables, tokens[op.token]);
      const s = stats.get(op.name);
      s.requests++;
      // Reservoir sampling: a uniform sample of the latencies in constant memory.
      if (s.requests <= RESERVOIR) s.latencies[s.requests - 1] = res.ms;
      else {
        const slot = Math.floor(random() * s.requests);
        if (slot < RESERVOIR) s.latencies[slot] = res.ms;
      }
      const codes = (res.body?.errors ?? []).map((e) => e.extensions?.code);
      if (res.status !== 200 || !res.body || codes.includes('INTERNAL_SERVER_ERROR')) {
        s.failures++;
        if (firstProblems.length < 5)
          firstProblems.push(
            `${op.name}: HTTP ${res.status} ${JSON.stringify(res.body?.errors ?? res.error ?? '').slice(0, 200)}`,
          );
      } else if (codes.length) s.expectedErrors++;
    }
  };
  console.log(
    `Soak: ${seconds} s, ${concurrency} en paralelo, ${mix.length} operaciones en la mezcla${globalThis.gc ? '' : ' (sin --expose-gc: el heap se mide sin forzar GC)'}`,
  );
  await Promise.all(Array.from({ length: concurrency }, worker));
  clearInterval(sampler);
  clearInterval(progress);
  clearInterval(tokenRefresh);
  takeSample();

  await gateway.close();
  child.send({ type: 'close' });

  // ---- report
  const elapsed = (performance.now() - started) / 1000;
  const samples = Array.from({ length: sampleCount }, (_, i) => ({
    t: sampleT[i],
    heap: sampleHeap[i],
    rss: sampleRss[i],
  }));
  const usable = samples.filter((s) => s.t >= warmupSeconds);
  const regression = (points) => {
    const n = points.length;
    if (n < 3) return { slope: NaN, r2: NaN };
    const mx = points.reduce((a, p) => a + p.t, 0) / n;
    const my = points.reduce((a, p) => a + p.heap, 0) / n;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (const p of points) {
      sxy += (p.t - mx) * (p.heap - my);
      sxx += (p.t - mx) ** 2;
      syy += (p.heap - my) ** 2;
    }
    const slope = sxx ? sxy / sxx : NaN;
    return { slope, r2: sxx && syy ? (sxy * sxy) / (sxx * syy) : 0 };
  };
  const all = regression(samples);
  const steady = regression(usable);
  const perHour = (slope) => (slope * 3600) / MiB;
  const pct = (values, p) => {
    if (!values.length) return NaN;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  };
  const totals = [...stats.values()].reduce(
    (acc, s) => ({
      requests: acc.requests + s.requests,
      failures: acc.failures + s.failures,
      expected: acc.expected + s.expectedErrors,
    }),
    { requests: 0, failures: 0, expected: 0 },
  );
  const heaps = samples.map((s) => s.heap / MiB);
  console.log(
    '\nOperación                         solicitudes  fallas  errores esperados   p50 ms   p95 ms   p99 ms',
  );
  for (const [name, s] of stats) {
    if (!s.requests) continue;
    console.log(
      `${name.padEnd(32)} ${String(s.requests).padStart(12)} ${String(s.failures).padStart(7)} ${String(s.expectedErrors).padStart(18)} ${[
        50, 95, 99,
      ]
        .map((p) =>
          pct([...s.latencies.subarray(0, Math.min(s.requests, RESERVOIR))], p)
            .toFixed(1)
            .padStart(8),
        )
        .join(' ')}`,
    );
  }
  console.log(`
Duración: ${elapsed.toFixed(1)} s · ${totals.requests} solicitudes (${(totals.requests / elapsed).toFixed(1)}/s) · fallas (HTTP != 200 o INTERNAL_SERVER_ERROR): ${totals.failures} · con errores esperados (validación, negocio): ${totals.expected}
Logs del gateway: ${logCounts.audit} eventos de auditoría, ${logCounts.warn} warn, ${logCounts.error} error
Heap (${samples.length} muestras cada ${sampleMs} ms${globalThis.gc ? ', tras GC' : ''}): inicio ${heaps[0].toFixed(1)} MiB, fin ${heaps.at(-1).toFixed(1)} MiB, mín ${Math.min(...heaps).toFixed(1)}, máx ${Math.max(...heaps).toFixed(1)}; RSS fin ${(samples.at(-1).rss / MiB).toFixed(1)} MiB
Crecimiento del heap: ${perHour(steady.slope).toFixed(2)} MiB/hora tras ${warmupSeconds} s de calentamiento (R² ${steady.r2.toFixed(2)}, ${usable.length} muestras); ${perHour(all.slope).toFixed(2)} MiB/hora con todas las muestras`);
  if (firstProblems.length) console.log(`Primeros problemas:\n  ${firstProblems.join('\n  ')}`);
  const failed = totals.failures > 0 || (maxGrowth !== null && perHour(steady.slope) > maxGrowth);
  if (maxGrowth !== null)
    console.log(
      `Límite SOAK_MAX_MB_PER_HOUR=${maxGrowth}: ${perHour(steady.slope) > maxGrowth ? 'SUPERADO' : 'ok'}`,
    );
  process.exit(failed ? 1 : 0);
}
