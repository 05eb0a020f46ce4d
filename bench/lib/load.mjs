// Load drivers: autocannon for the gateway (exact per-request latencies from its 'response' event, not its
// 1 ms histogram) and a closed-loop driver for the "direct upstream" operations (several REST calls).
import { Buffer } from 'node:buffer';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { cpuTimeMs } from './processes.mjs';

/** p-th percentile (0..100) of `sorted`, values in ascending order (nearest rank). */
function percentileOfSorted(sorted, p) {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** p-th percentile (0..100) of `values` (nearest rank). */
export function percentile(values, p) {
  return percentileOfSorted(Float64Array.from(values).sort(), p);
}

/**
 * Latency summary of one segment. Sorted once, and no spread into `Math.max`: a fast machine records well over the
 * ~120,000 arguments a call can take (the bare `node:http` floor did, and the whole floor scenario failed).
 */
export function summarize(latencies, durationMs) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    p50: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p99: percentileOfSorted(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN,
    rps: durationMs > 0 ? (sorted.length * 1000) / durationMs : NaN,
  };
}

/**
 * POSTs `body` to `url` (or sends `method` without a body) with autocannon at `connections` for `seconds`. Returns
 * the latency summary (ms, 2xx answers without GraphQL errors only), errors counted apart, and the CPU ms per
 * request of `cpuPid`.
 */
export async function runAutocannon({
  url,
  method = 'POST',
  headers,
  body,
  connections,
  seconds,
  cpuPid = null,
}) {
  const latencies = [];
  let bad = 0;
  let graphqlErrors = 0;
  const cpuBefore = cpuPid ? cpuTimeMs(cpuPid) : null;
  const started = performance.now();
  const instance = autocannon({
    url,
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
    ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    connections,
    duration: seconds,
    setupClient(client) {
      client.on('body', (buffer) => {
        if (buffer.includes('"errors"')) graphqlErrors += 1;
      });
    },
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else bad += 1;
  });
  const result = await instance;
  const elapsed = performance.now() - started;
  const cpuAfter = cpuPid ? cpuTimeMs(cpuPid) : null;
  const requests = latencies.length + bad;
  return {
    ...summarize(latencies, elapsed),
    latencies,
    elapsedMs: elapsed,
    non2xx: bad + result.errors + result.timeouts,
    graphqlErrors,
    cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
    requests,
    cpuMsPerOp:
      cpuBefore !== null && cpuAfter !== null && requests ? (cpuAfter - cpuBefore) / requests : null,
  };
}

/** Closed loop: `concurrency` workers each run `op()` back to back for `seconds`. Latency per op in ms. */
export async function runClosedLoop({ op, concurrency, seconds }) {
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await op();
        latencies.push(performance.now() - t0);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  return { ...summarize(latencies, elapsed), latencies, elapsedMs: elapsed, failures };
}

/**
 * Runs `a()` and `b()` (each a 1-segment measurement returning { latencies, elapsedMs, ... }) alternately for
 * `rounds` rounds, swapping which goes first every round, so background noise on this machine hits both
 * sides alike. Returns both sides merged: { a, b } with summaries over every segment.
 */
export async function interleave(rounds, a, b) {
  const runs = { a: [], b: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
    for (const side of order) runs[side].push(await (side === 'a' ? a() : b()));
  }
  const merge = (segments) => {
    const latencies = segments.flatMap((s) => s.latencies);
    const elapsed = segments.reduce((t, s) => t + s.elapsedMs, 0);
    const cpu = segments.every((s) => s.cpuMs !== null && s.cpuMs !== undefined)
      ? segments.reduce((t, s) => t + s.cpuMs, 0)
      : null;
    const requests = segments.reduce((t, s) => t + (s.requests ?? s.latencies.length), 0);
    return {
      ...summarize(latencies, elapsed),
      non2xx: segments.reduce((t, s) => t + (s.non2xx ?? 0), 0),
      graphqlErrors: segments.reduce((t, s) => t + (s.graphqlErrors ?? 0), 0),
      failures: segments.reduce((t, s) => t + (s.failures ?? 0), 0),
      cpuMsPerOp: cpu !== null && requests ? cpu / requests : null,
    };
  };
  return { a: merge(runs.a), b: merge(runs.b) };
}

/** Runs `op()` `times` times one after the other; returns the latencies (ms). */
export async function runSequential(op, times) {
  const latencies = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await op();
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

// A lean HTTP client for the direct calls (keep-alive, no fetch machinery): the physical path.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** GET/POST `url` with `headers`; resolves to { status, text }; rejects on a network error or a non-2xx. */
export function httpCall(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text =
            chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
          if (res.statusCode < 200 || res.statusCode >= 300) {
            reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)}`));
          } else resolve({ status: res.statusCode, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** POSTs a GraphQL operation; resolves to the parsed body and throws on HTTP or GraphQL errors. */
export async function graphql(url, token, query, variables = {}) {
  const { text } = await httpCall(
    'POST',
    url,
    { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    {
      query,
      variables,
    },
  );
  const body = JSON.parse(text);
  if (body.errors?.length) throw new Error(`GraphQL: ${JSON.stringify(body.errors).slice(0, 500)}`);
  return body.data;
}

export function closeAgent() {
  agent.destroy();
}
