// The gateway's resident memory under the bench's mixed load: `operators` operators, each with
// a token of its own, paced together at about `rps` requests a second for `seconds`: the payment list (pages 1-5 of
// 50 rows, as Buscar Pagos asks for them), payment details, and a few uploads of an import file. VmRSS of the
// gateway's process is read from /proc after the load (and its peak, VmHWM, over the process's life). The
// Kubernetes manifest's memory request and limit follow from this figure (infra/k8s/base/gateway.yaml).
import { Blob } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { detailDocument, listDocument, withTypename } from './documents.mjs';
import { graphql, percentile } from './load.mjs';

const MIB = 1024 * 1024;

/** VmRSS and VmHWM of process `pid` in MiB, from /proc/<pid>/status; nulls when unavailable. */
export function residentMib(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return { rss: null, peak: null };
  }
}

/**
 * The gateway container's memory request and limit in MiB, as the Deployment in infra/k8s/base/gateway.yaml sets
 * them (`resources.requests.memory`, `resources.limits.memory`, in Mi or Gi).
 */
export function manifestMemoryMib(
  file = fileURLToPath(new URL('../../infra/k8s/base/gateway.yaml', import.meta.url)),
) {
  const text = readFileSync(file, 'utf8');
  const of = (block) => {
    const match = new RegExp(`${block}:\\s*\\n(?:\\s+cpu:.*\\n)?\\s+memory:\\s*'?(\\d+)(Mi|Gi)`).exec(text);
    return match ? Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1) : null;
  };
  return { request: of('requests'), limit: of('limits') };
}

/**
 * The `node` flags the gateway's container runs with (`args` of infra/k8s/base/gateway.yaml, the image's CMD too):
 * V8's heap sizing, which the memory figures depend on.
 */
export function manifestNodeArgs(
  file = fileURLToPath(new URL('../../infra/k8s/base/gateway.yaml', import.meta.url)),
) {
  const args = /^\s+args:\s*\[(.*)\]\s*$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...args.matchAll(/'(--[^']+)'/g)].map((match) => match[1]);
}

/**
 * The PostgreSQL server a replica's store runs on, as in production: BENCH_DATABASE_URL's, else a throw-away one of
 * this machine (.ci/postgres.sh: Debian's package, a temporary folder), stopped by `stop()`.
 */
export function benchPostgres(given = process.env.BENCH_DATABASE_URL) {
  if (given) return { url: given, stop() {} };
  const script = fileURLToPath(new URL('../../.ci/postgres.sh', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const url = execFileSync('bash', [script, 'start', dir], { encoding: 'utf8' }).trim();
  return {
    url,
    stop() {
      execFileSync('bash', [script, 'stop', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * On a loaded host the stubs took more than the production 15 s (MUTATION_TIMEOUT_MS) to answer eight imports of
 * 9.5 MiB at once, and the uploads failed 504: the memory figures need the uploads through, not the deadline.
 */
const SLOW_HOST = { MUTATION_TIMEOUT_MS: '120000' };

/**
 * The memory scenario on a replica of each store, each started for it and stopped after: on PostgreSQL with the
 * container's `node` flags (production's; `gateway_rss_mib`, `gateway_rss_uploads_mib`) and on the embedded store in a
 * folder with none (`npm start`'s). `startGateway(name, env, nodeArgs)`: the bench's gateway child.
 */
export async function memoryOnStores(env, { startGateway, tokens, seconds }) {
  const measure = async (name, storeEnv, nodeArgs = []) => {
    const child = await startGateway(name, storeEnv, nodeArgs);
    try {
      env.log(`  ${name}${nodeArgs.length ? ` (node ${nodeArgs.join(' ')})` : ''}:`);
      return await memoryScenario(
        { ...env, gatewayUrl: `${child.info.url}/graphql`, gatewayPid: child.pid },
        { tokens, seconds },
      );
    } finally {
      await child.stop();
    }
  };
  const server = benchPostgres();
  let postgres;
  try {
    // Production refuses to start on PostgreSQL without the activity chain's secret.
    postgres = await measure(
      'gateway-postgres',
      { ...SLOW_HOST, DATABASE_URL: server.url, ACTIVITY_CHAIN_SECRET: randomBytes(48).toString('base64') },
      manifestNodeArgs(),
    );
  } finally {
    server.stop();
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
  try {
    return { postgres, embedded: await measure('gateway-embedded', { ...SLOW_HOST, STORE_DATA_DIR: dir }) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An import file the stubs accept (IMPORT_COLUMNS, at most 5,000 rows), about `bytes` long. */
function importCsv(bytes, rows = 4_000) {
  const header = 'external_transaction_id,concept_id,concept_description,amount,payer_email';
  const pad = 'x'.repeat(Math.max(0, Math.floor(bytes / rows) - 60));
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    lines.push(`BENCH-${i},C${i % 97},Cuota ${i} ${pad},${(i % 900) + 100}.50,pagador${i}@example.com.ar`);
  }
  return lines.join('\n');
}

/**
 * `env`: the bench's (gatewayUrl, gatewayPid, log); `tokens`: one per operator. Each operator runs its own loop,
 * one request at a time, started every `operators / rps` seconds (a slow answer delays only its operator's next
 * request). One request in `uploadEvery` is an upload of `uploadBytes`.
 */
export async function memoryScenario(
  env,
  { tokens, rps = 80, seconds = 8, uploadEvery = 40, uploadBytes = 1 * MIB, largeUploadBytes = 9.5 * MIB },
) {
  const { gatewayUrl, gatewayPid, log } = env;
  const list = listDocument();
  const listQuery = withTypename(list.query);
  const firstPage = await graphql(gatewayUrl, tokens[0], listQuery, list.variables);
  const ids = firstPage.payments.rows.map((row) => row.id);
  const collectorId = firstPage.payments.rows[0].collector.id;
  const detail = detailDocument(ids[0]);
  const detailQuery = withTypename(detail.query);
  const uploadUrl = gatewayUrl.replace(/\/graphql$/, '/files/importaciones');
  const csv = importCsv(uploadBytes);
  const counts = { list: 0, detail: 0, upload: 0, failed: 0 };
  const failures = [];
  const latencies = [];
  let n = 0;

  const upload = async (token, content, name) => {
    const form = new globalThis.FormData();
    form.append('collector_id', collectorId);
    form.append('file', new Blob([content], { type: 'text/csv' }), name);
    const response = await fetch(uploadUrl, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`upload ${response.status} ${text.slice(0, 200)}`);
  };
  const request = async (token) => {
    const i = n++;
    if (i % uploadEvery === uploadEvery - 1) {
      await upload(token, csv, `bench-${i}.csv`);
      counts.upload += 1;
    } else if (i % 2 === 0) {
      const page = (Math.floor(i / 2) % 5) + 1;
      await graphql(gatewayUrl, token, listQuery, { ...list.variables, page });
      counts.list += 1;
    } else {
      await graphql(gatewayUrl, token, detailQuery, { ...detail.variables, id: ids[i % ids.length] });
      counts.detail += 1;
    }
  };

  const before = residentMib(gatewayPid);
  const interval = (tokens.length / rps) * 1000;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, operator) => {
      // Operators start spread over one interval, not all at once.
      let next = started + (operator * interval) / tokens.length;
      while (next < deadline) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        const t0 = performance.now();
        try {
          await request(token);
          latencies.push(performance.now() - t0);
        } catch (error) {
          counts.failed += 1;
          if (failures.length < 3) failures.push(String(error?.message ?? error).slice(0, 300));
        }
        // A late operator skips the slots it missed rather than bursting to catch up, and none starts past the end.
        next = Math.max(next + interval, performance.now());
      }
    }),
  );
  const elapsed = performance.now() - started;
  const after = residentMib(gatewayPid);
  const total = counts.list + counts.detail + counts.upload;
  if (counts.failed) throw new Error(`memory: ${counts.failed} requests failed: ${failures.join(' | ')}`);

  // Then the uploads a replica holds at most at once (UPLOAD_MAX_IN_FLIGHT 8, two per operator): eight files just
  // under the imports' 10 MiB, sent together by four operators, the gateway's VmRSS sampled every 20 ms meanwhile.
  const big = importCsv(largeUploadBytes);
  let uploadsPeak = after.rss;
  let sending = true;
  const sampler = (async () => {
    while (sending) {
      uploadsPeak = Math.max(uploadsPeak, residentMib(gatewayPid).rss ?? 0);
      await sleep(20);
    }
  })();
  try {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(tokens[i % 4], big, `bench-grande-${i}.csv`)),
    );
  } finally {
    sending = false;
    await sampler;
  }
  const result = {
    before,
    after,
    uploadsPeak,
    largeUploadBytes,
    rps: (total * 1000) / elapsed,
    counts,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    operators: tokens.length,
  };
  log(
    `  memory: ${tokens.length} operators, ${total} requests in ${(elapsed / 1000).toFixed(1)} s ` +
      `(${result.rps.toFixed(0)} req/s: ${counts.list} lists, ${counts.detail} details, ${counts.upload} uploads of ` +
      `${(uploadBytes / MIB).toFixed(1)} MiB; p50 ${result.p50.toFixed(0)} p99 ${result.p99.toFixed(0)} ms); gateway RSS ` +
      `${before.rss?.toFixed(0)} MiB before, ${after.rss?.toFixed(0)} MiB after, peak ${after.peak?.toFixed(0)} MiB; ` +
      `${uploadsPeak.toFixed(0)} MiB at most with 8 uploads of ${(largeUploadBytes / MIB).toFixed(1)} MiB in flight`,
  );
  return result;
}
