// The fault drill of money moves (issue 60, docs/operations.md "Fault drill"): N gateway replicas on one PostgreSQL
// server behind a round-robin proxy, an operator cancelling payments while the server stops and comes back, a
// replica killed mid-bulk and the bulk retried under its key, retries with the same and another operator's key, and
// two-field documents. At the end, for every payment the services were asked to change: what they did, whether the
// gateway has its record and what the operator was told. Exits 1 on any write without a record or any answer that
// contradicts what the services did.
//
//   npm run build && node --import tsx scripts/fault-drill.mjs [--short] [--replicas N] [--database-url URL]
//
// Without --database-url it starts its own throw-away PostgreSQL server (.ci/postgres.sh: Debian's package, a
// temporary folder), which it can stop and start; with one it cannot stop that server and skips the outage.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { operatorScopedKey } from '../apps/gateway/dist/upstream/rest-client.js';
import { startRoundRobinProxy } from '../apps/gateway/src/__tests__/replicas/round-robin-proxy.ts';
import { freePort, startGatewayProcess, startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    replicas: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
  },
});
const SHORT = args.short;
const REPLICAS = Math.max(2, Number(args.replicas));
const CANCELS = SHORT ? 12 : 37;
const BULK = SHORT ? 12 : 50;
const root = new URL('..', import.meta.url).pathname;

const say = (text) => console.log(`[drill] ${text}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- PostgreSQL ---------------------------------------------------------------------------------------------------
let pgDir = null;
let databaseUrl = args['database-url'];
const postgres = (action) =>
  execFileSync('bash', [join(root, '.ci/postgres.sh'), action, pgDir], { encoding: 'utf8' }).trim();
if (!databaseUrl) {
  pgDir = mkdtempSync(join(tmpdir(), 'fault-drill-pg.'));
  databaseUrl = postgres('start');
  // Whatever ends the drill, its server goes with it (the gateways go with this process: scripts/stack.mjs).
  process.once('exit', () => {
    try {
      postgres('stop');
    } catch {
      /* already stopped */
    }
    rmSync(pgDir, { recursive: true, force: true });
  });
}
// A drill that hangs is a failed drill.
setTimeout(() => {
  say('the drill did not end within 10 minutes');
  process.exit(2);
}, 600_000).unref();
say(`PostgreSQL: ${databaseUrl}${pgDir ? ' (its own, stoppable)' : ' (given: no outage phase)'}`);

// --- the stack: stubs, emulator, N replicas behind a proxy ---------------------------------------------------------
const gatewayEnv = {
  DATABASE_URL: databaseUrl,
  MOVE_LEASE_MS: '3000',
  MOVE_RECOVER_EVERY_MS: '500',
  BULK_CONCURRENCY: '2',
  LOG_LEVEL: 'warn',
  SHUTDOWN_READINESS_DRAIN_MS: '0',
};
const stack = await startStack({ web: false, gatewayEnv, log: () => {} });
const replicaEnv = (port) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  STUBS_URL: stack.stubs.url,
  KEYCLOAK_ISSUER: stack.keycloak.issuer,
  KEYCLOAK_JWKS_URL: stack.keycloak.jwksUrl,
  ...gatewayEnv,
});
const replicas = [stack.gateway];
for (let i = 1; i < REPLICAS; i++)
  replicas.push(await startGatewayProcess(replicaEnv(await freePort()), () => {}));
const proxy = await startRoundRobinProxy(replicas.map((r, i) => ({ name: `r${i}`, url: r.url })));
say(`${replicas.length} replicas behind ${proxy.url}`);

const tokens = {};
const tokenFor = async (user) => (tokens[user] ??= await stack.keycloak.accessTokenFor(user));
async function graphql(url, user, query, variables) {
  try {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenFor(user)}` },
      body: JSON.stringify({ query, variables }),
    });
    return await response.json();
  } catch (error) {
    return { lost: String(error) };
  }
}
const CANCEL = `mutation Cancel($id: ID!, $key: String!) {
  cancelPayment(id: $id, reason: "Simulacro de fallas", idempotencyKey: $key) { outcome error { code message } } }`;
const BULK_CANCEL = `mutation Bulk($ids: [ID!], $key: String!) {
  bulkCancelPayments(ids: $ids, reason: "Simulacro de fallas", idempotencyKey: $key) {
    results { id outcome error { code } } } }`;

/** What the operator was last told about each payment: SUCCESS, FAILED (code), UNKNOWN (code), or nothing. */
const told = new Map();
const tell = (id, outcome, code) => told.set(id, code ? `${outcome} ${code}` : outcome);

const filters = encodeURIComponent(
  JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
);
const cancellable = (
  await (await fetch(`${stack.stubs.url}/payment/pagos?filters=${filters}&limit=1000`)).json()
).rows.map((row) => String(row.id));
const take = (n) => cancellable.splice(0, n);

// --- 1. the store stops while an operator cancels ------------------------------------------------------------------
if (pgDir) {
  say(
    `1. ${CANCELS} cancels, one every 300 ms; PostgreSQL stops after a quarter of them and comes back at three quarters`,
  );
  let late = null;
  let latePort = 0;
  let resumed = 0;
  for (let i = 0; i < CANCELS; i++) {
    if (i === Math.floor(CANCELS / 4)) {
      postgres('stop');
      // A replica started during the outage: it serves at once but says it is not ready until its store is open
      // (and prints its ready line only then, so it is not awaited here).
      latePort = await freePort();
      late = startGatewayProcess(replicaEnv(latePort), () => {});
      say('   PostgreSQL stopped; a replica starts during the outage');
    }
    if (i === Math.floor((CANCELS * 3) / 4)) {
      // Its process takes a moment to listen; then it answers, not ready.
      let ready = 'not listening';
      for (let wait = 0; wait < 100 && ready === 'not listening'; wait++) {
        ready = await fetch(`http://127.0.0.1:${latePort}/readyz`).then(
          (r) => r.status,
          () => 'not listening',
        );
        if (ready === 'not listening') await sleep(100);
      }
      say(`   the late replica's /readyz during the outage: ${ready}`);
      postgres('resume');
      resumed = Date.now();
      say('   PostgreSQL is back');
    }
    const [id] = take(1);
    const answer = await graphql(proxy.url, 'operador', CANCEL, { id, key: randomUUID() });
    const payload = answer.data?.cancelPayment;
    tell(id, payload?.outcome ?? 'NO_ANSWER', payload?.error?.code);
    await sleep(300);
  }
  const lateReplica = await late;
  const ready = await fetch(`${lateReplica.url}/readyz`);
  say(
    `   the late replica ready (/readyz ${ready.status}) ${Date.now() - resumed} ms after the server came back`,
  );
  replicas.push(lateReplica);
}

// --- 2. a replica killed mid-bulk, the bulk retried under its key through the others ------------------------------
say(`2. a bulk cancel of ${BULK} sent to one replica, killed with SIGKILL once some cancels landed`);
await fetch(`${stack.stubs.url}/__admin/faults`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ service: 'payment', method: 'POST', latencyMs: 100 }),
});
const bulkIds = take(BULK);
const bulkKey = randomUUID();
const victim = replicas[replicas.length - 1];
const posts = async () =>
  (await (await fetch(`${stack.stubs.url}/__admin/requests?service=payment`)).json()).filter(
    (r) => r.method === 'POST' && bulkIds.some((id) => r.path.endsWith(`/${id}/cancelar`)),
  ).length;
const inFlight = graphql(victim.url, 'operador', BULK_CANCEL, { ids: bulkIds, key: bulkKey });
while ((await posts()) < 3) await sleep(20);
process.kill(victim.pid, 'SIGKILL');
await inFlight;
proxy.remove(`r${replicas.length - 1}`);
say(`   killed after ${await posts()} of ${BULK} cancels reached the service; retrying under the same key`);
await fetch(`${stack.stubs.url}/__admin/faults`, { method: 'DELETE' });
for (let attempt = 1; ; attempt++) {
  const answer = await graphql(proxy.url, 'operador', BULK_CANCEL, { ids: bulkIds, key: bulkKey });
  const results = answer.data?.bulkCancelPayments?.results ?? [];
  for (const r of results) tell(r.id, r.outcome, r.error?.code);
  const inProgress = results.filter((r) => r.error?.code === 'MOVE_IN_PROGRESS').length;
  if (!inProgress || attempt > 30) {
    say(
      `   retry ${attempt}: ${results.filter((r) => r.outcome === 'SUCCESS').length} SUCCESS of ${results.length}`,
    );
    break;
  }
  await sleep(1_000);
}

// --- 3. the same key again, and another operator's same key ---------------------------------------------------------
say('3. a cancel retried under its key through another replica; another operator sending the same key');
{
  const [id] = take(1);
  const key = randomUUID();
  const first = (await graphql(proxy.url, 'operador', CANCEL, { id, key })).data?.cancelPayment;
  const again = (await graphql(proxy.url, 'operador', CANCEL, { id, key })).data?.cancelPayment;
  const other = (await graphql(proxy.url, 'admin', CANCEL, { id, key })).data?.cancelPayment;
  tell(id, again?.outcome ?? 'NO_ANSWER', again?.error?.code);
  say(
    `   first ${first?.outcome}, retry ${again?.outcome}, admin with the same key ${other?.outcome} ${other?.error?.code ?? ''}`,
  );
}

// --- 4. two money mutations in one document, the first refused -----------------------------------------------------
say(
  '4. two cancels in one document, the first with a bad id, sent twice (the compiled executor from the second)',
);
for (let i = 0; i < 2; i++) {
  const [id] = take(1);
  const answer = await graphql(
    proxy.url,
    'operador',
    `mutation Two($id: ID!, $key: String!) {
    bad: cancelPayment(id: "no es un id!", reason: "x", idempotencyKey: "${randomUUID()}") { outcome }
    good: cancelPayment(id: $id, reason: "Simulacro de fallas", idempotencyKey: $key) { outcome error { code } } }`,
    {
      id,
      key: randomUUID(),
    },
  );
  tell(id, answer.data?.good?.outcome ?? 'NOT_RUN', answer.data?.good?.error?.code);
}

// --- the reconciliation ---------------------------------------------------------------------------------------------
await sleep(4_000); // the recoveries' period and the lease
const writes = (await (await fetch(`${stack.stubs.url}/__admin/requests?service=payment`)).json()).filter(
  (r) => r.method === 'POST' && /\/pagos\/[^/]+\/cancelar$/.test(r.path),
);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const moves = (
  await client.query(
    `select username, operation, target_ids, items, result, state, idempotency_key from activity
     where state is not null`,
  )
).rows;
await client.end();
const recordOf = new Map();
for (const move of moves) {
  if (!move.idempotency_key) continue;
  const scoped = operatorScopedKey(move.username, move.idempotency_key);
  if (move.items) for (const item of move.items) recordOf.set(`${scoped}:${item.id}`, item.result);
  else recordOf.set(scoped, move.result);
}

const byPayment = new Map();
for (const write of writes) {
  const id = write.path.split('/').at(-2);
  const entry = byPayment.get(id) ?? { writes: 0, records: new Set() };
  entry.writes++;
  entry.records.add(recordOf.get(write.headers['idempotency-key']) ?? 'SIN REGISTRO');
  byPayment.set(id, entry);
}
let problems = 0;
const rows = [];
for (const [id, entry] of byPayment) {
  const status = (await (await fetch(`${stack.stubs.url}/payment/pagos/${id}`)).json()).status;
  const done = status === 'rejected';
  const answer = told.get(id) ?? 'nada';
  const recorded = [...entry.records].join('/');
  const ok =
    !entry.records.has('SIN REGISTRO') &&
    !(done && answer.startsWith('FAILED')) &&
    !(!done && answer.startsWith('SUCCESS'));
  if (!ok) problems++;
  rows.push(
    `${ok ? 'ok ' : 'MAL'} pago ${id}: ${entry.writes} escritura(s), ${done ? 'cancelado' : `sin cambio (${status})`}, registro ${recorded}, operador: ${answer}`,
  );
}
const refusedUnsent = [...told].filter(
  ([id, answer]) => !byPayment.has(id) && answer.includes('STORE_UNAVAILABLE'),
);
console.log(rows.join('\n'));
say(
  `${byPayment.size} payments written; ${refusedUnsent.length} cancels refused during the outage with nothing sent`,
);
say(
  problems
    ? `${problems} PROBLEM(S): a write without a record or an answer that contradicts the services`
    : 'every write recorded, every answer true',
);

// --- the end -------------------------------------------------------------------------------------------------------
await proxy.close();
for (const replica of replicas.slice(1)) await replica.close().catch(() => {});
await stack.close();
process.exit(problems ? 1 : 0);
