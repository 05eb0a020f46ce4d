// The fault drill of money moves (docs/operations.md "Fault drill"): N gateway replicas on one PostgreSQL server
// behind a round-robin proxy, an operator cancelling payments while the server stops and comes back, a replica killed
// mid-bulk and the bulk retried under its key, retries with the same and another operator's key, two-field
// documents, a replica stopped (SIGSTOP) mid-bulk past its lease while the operator's retry completes the bulk
// elsewhere, a replica whose store connection is black-holed, a retry after an unknown outcome racing another
// operator's change, and a key reused for another selection. At the end, for every payment the services were asked
// to change: what they did, whether the gateway has its record and what the operator was told. Exits 1 on any write
// without a record, any answer that contradicts what the services did, or any of the later phases' checks failing.
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
import { blackHolingProxy } from '../packages/store/test/black-hole-proxy.ts';
import { processExists } from '../packages/test-stack/src/processes.mjs';
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

/** The last lines each gateway process printed (warnings and errors at LOG_LEVEL warn), said when the drill fails. */
const TAIL_LINES = 60;
const tails = new Map();
const keepOutput = (name) => (line) => {
  const tail = tails.get(name) ?? [];
  tail.push(line);
  if (tail.length > TAIL_LINES) tail.shift();
  tails.set(name, tail);
};
// Whatever ends a failed drill (a failed check, a hang, a throw), the gateways' last lines are said.
process.once('exit', (code) => {
  if (code === 0) return;
  for (const [name, tail] of tails) {
    say(`--- ${name}'s last ${tail.length} lines`);
    for (const line of tail) console.log(`  ${line}`);
  }
});
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
const stack = await startStack({ web: false, gatewayEnv, log: keepOutput('r0') });
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
  replicas.push(await startGatewayProcess(replicaEnv(await freePort()), keepOutput(`r${i}`)));
const proxy = await startRoundRobinProxy(replicas.map((r, i) => ({ name: `r${i}`, url: r.url })));
say(`${replicas.length} replicas behind ${proxy.url}`);

const tokens = {};
const tokenFor = async (user) => (tokens[user] ??= await stack.keycloak.accessTokenFor(user));
async function graphql(url, user, query, variables, timeoutMs = 120_000) {
  try {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenFor(user)}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(timeoutMs),
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
      late = startGatewayProcess(replicaEnv(latePort), keepOutput('the late replica'));
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

/** The payment service's writes answered 100 ms late (a bulk in flight long enough to stop its replica), and back. */
const slowCancels = () =>
  fetch(`${stack.stubs.url}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ service: 'payment', method: 'POST', latencyMs: 100 }),
  });
const noFaults = () => fetch(`${stack.stubs.url}/__admin/faults`, { method: 'DELETE' });

// --- 2. a replica killed mid-bulk, the bulk retried under its key through the others ------------------------------
say(`2. a bulk cancel of ${BULK} sent to one replica, killed with SIGKILL once some cancels landed`);
await slowCancels();
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
await noFaults();
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

/** The later phases' checks that failed, each named. */
const failedChecks = [];
const check = (ok, text) => {
  say(`   ${ok ? 'ok ' : 'MAL'} ${text}`);
  if (!ok) failedChecks.push(text);
};
const bulkPosts = async (ids) =>
  (await (await fetch(`${stack.stubs.url}/__admin/requests?service=payment`)).json()).filter(
    (r) => r.method === 'POST' && ids.some((id) => r.path.endsWith(`/${id}/cancelar`)),
  );

// --- 5. a replica stopped mid-bulk past its lease: the retry completes it elsewhere; woken, it sends nothing ---------
say(
  `5. a bulk cancel of ${BULK} sent to one replica, stopped (SIGSTOP) past its lease once some cancels landed`,
);
{
  const live = replicas.filter((r) => r.pid !== victim.pid);
  const stalled = live[live.length - 1];
  check(processExists(stalled.pid), `the replica to stop (pid ${stalled.pid}) is running as step 5 begins`);
  await slowCancels();
  const ids = take(BULK);
  const key = randomUUID();
  const answered = graphql(stalled.url, 'operador', BULK_CANCEL, { ids, key });
  // Bounded, so that a bulk that never gets there (refused, stuck) fails the drill saying so rather than holding it.
  const reachBy = Date.now() + 120_000;
  while ((await bulkPosts(ids)).length < 3 && Date.now() < reachBy) await sleep(20);
  const reached = (await bulkPosts(ids)).length;
  check(
    reached >= 3,
    `${reached} of the bulk's cancels reached the service before the stop (3 awaited, 120 s at most)`,
  );
  process.kill(stalled.pid, 'SIGSTOP');
  proxy.remove(`r${replicas.indexOf(stalled)}`);
  const atStop = (await bulkPosts(ids)).length;
  await noFaults();
  let results = [];
  for (let attempt = 1; attempt <= 40; attempt++) {
    await sleep(500);
    const answer = await graphql(proxy.url, 'operador', BULK_CANCEL, { ids, key });
    results = answer.data?.bulkCancelPayments?.results ?? [];
    if (!results.some((r) => r.error?.code === 'MOVE_IN_PROGRESS')) break;
  }
  for (const r of results) tell(r.id, r.outcome, r.error?.code);
  const afterRetry = (await bulkPosts(ids)).length;
  process.kill(stalled.pid, 'SIGCONT');
  const late = await answered;
  const lateResults = late.data?.bulkCancelPayments?.results ?? [];
  await sleep(1_000);
  const sentLate = (await bulkPosts(ids)).length - afterRetry;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const [move] = (await client.query(`select items from activity where idempotency_key = $1`, [key])).rows;
  await client.end();
  const stored = (move?.items ?? []).filter((item) => item.result === 'success').length;
  const succeeded = results.filter((r) => r.outcome === 'SUCCESS').length;
  say(
    `   sent ${atStop} before the stop, ${afterRetry} after the retry (${succeeded} SUCCESS answered), ${sentLate} by the woken replica; stored ${stored} SUCCESS; the woken replica answered ${lateResults.filter((r) => r.outcome === 'SUCCESS').length} SUCCESS / ${lateResults.filter((r) => r.outcome === 'UNKNOWN').length} UNKNOWN`,
  );
  check(sentLate === 0, `the replica that lost its hold sent ${sentLate} cancels after it woke`);
  check(
    stored === succeeded && succeeded === ids.length,
    `the record kept the retry's ${succeeded} SUCCESS (${stored} stored)`,
  );
  replicas.splice(replicas.indexOf(stalled), 1);
  await stalled.close().catch(() => {});
}

// --- 6. a replica whose store connection hangs: the operator is answered within 10 s, nothing sent ------------------
say('6. a replica whose PostgreSQL connection is black-holed: a cancel through it');
{
  const hole = await blackHolingProxy(new URL(databaseUrl));
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(hole.port);
  const port = await freePort();
  const hung = await startGatewayProcess(
    { ...replicaEnv(port), DATABASE_URL: through.toString() },
    keepOutput('the black-holed replica'),
  );
  // A cancel first, so that the replica's pool holds open connections when they go silent.
  const [warm, id] = take(2);
  const warmed = (await graphql(hung.url, 'operador', CANCEL, { id: warm, key: randomUUID() })).data
    ?.cancelPayment;
  tell(warm, warmed?.outcome ?? 'NO_ANSWER', warmed?.error?.code);
  hole.hole(true);
  const started = Date.now();
  // The drill waits 30 s at most: past it the operator was held without bound.
  const answer = (await graphql(hung.url, 'operador', CANCEL, { id, key: randomUUID() }, 30_000)).data
    ?.cancelPayment;
  const waited = Date.now() - started;
  tell(id, answer?.outcome ?? 'NO_ANSWER', answer?.error?.code);
  const sent = (await bulkPosts([id])).length;
  say(
    `   answered ${answer?.outcome} ${answer?.error?.code ?? ''} after ${waited} ms; ${sent} cancel(s) sent`,
  );
  check(waited <= 10_000, `the operator waited ${waited} ms on a hung store (at most 10 000)`);
  check(
    answer?.outcome === 'FAILED' && answer?.error?.code === 'STORE_UNAVAILABLE' && sent === 0,
    'answered STORE_UNAVAILABLE, nothing sent',
  );
  hole.hole(false);
  // A replica whose connections stay silent may never close them: it is stopped after 10 s.
  await Promise.race([hung.close().catch(() => {}), sleep(10_000)]);
  try {
    process.kill(hung.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await hole.close();
}

// --- 7. a retry after an unknown outcome, another operator's change in between ----------------------------------
say(
  '7. an amount change answered 504 (not applied), another operator changes the amount, the first retries its key',
);
{
  const AMOUNT = `mutation($id: ID!, $amount: Decimal!, $key: String!, $version: Int) {
    updateSubscriptionAmount(id: $id, amount: $amount, idempotencyKey: $key, expectedVersion: $version) {
      outcome error { code } } }`;
  const page = await graphql(
    proxy.url,
    'admin',
    '{ subscriptions(page: 1, pageSize: 50) { rows { id version actions { kind enabled } } } }',
  );
  const row = page.data.subscriptions.rows.find((r) =>
    r.actions.some((a) => a.kind === 'UPDATE_AMOUNT' && a.enabled),
  );
  const puts = async () =>
    (await (await fetch(`${stack.stubs.url}/__admin/requests?service=subscription`)).json()).filter(
      (r) => r.method === 'PUT' && r.path.endsWith(`/${row.id}/importe`),
    ).length;
  await fetch(`${stack.stubs.url}/__admin/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      service: 'subscription',
      method: 'PUT',
      path: `/subscription/suscripciones/${row.id}/importe`,
      status: 504,
      code: 'gateway_timeout',
      times: 1,
    }),
  });
  const mine = { id: row.id, amount: '1111.11', key: randomUUID(), version: row.version };
  const first = (await graphql(proxy.url, 'operador', AMOUNT, mine)).data?.updateSubscriptionAmount;
  const theirs = (
    await graphql(proxy.url, 'admin', AMOUNT, { ...mine, amount: '2222.22', key: randomUUID() })
  ).data?.updateSubscriptionAmount;
  const before = await puts();
  const retry = (await graphql(proxy.url, 'operador', AMOUNT, mine)).data?.updateSubscriptionAmount;
  const after = await puts();
  const amount = (await (await fetch(`${stack.stubs.url}/subscription/suscripciones/${row.id}`)).json())
    .amount;
  say(
    `   first ${first?.outcome}, the other operator ${theirs?.outcome}, the retry ${retry?.outcome} ${retry?.error?.code ?? ''}; ${after - before} sent by the retry; amount now ${amount}`,
  );
  check(
    retry?.outcome === 'FAILED' &&
      retry?.error?.code === 'VERSION_CONFLICT' &&
      after === before &&
      Number(amount) === 2222.22,
    "the retry sent nothing over the other operator's change",
  );
}

// --- 8. a key reused for another selection -------------------------------------------------------------------------
say("8. a bulk over one collector's payments, then the same key over another collector's");
{
  const MATCHING = `mutation($m: PaymentsMatching, $key: String!) {
    bulkCancelPayments(matching: $m, reason: "Simulacro de fallas", idempotencyKey: $key) {
      outcome error { code } results { id outcome error { code } } } }`;
  const pendingFilter = encodeURIComponent(
    JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending'] }]),
  );
  const pending = (
    await (await fetch(`${stack.stubs.url}/payment/pagos?filters=${pendingFilter}&limit=1000`)).json()
  ).rows;
  const collectors = [...new Set(pending.map((r) => String(r.collector_id)))];
  const count = async (filter) =>
    (
      await graphql(proxy.url, 'operador', 'query($f: PaymentFilter) { payments(filter: $f) { total } }', {
        f: filter,
      })
    ).data.payments.total;
  const [a, b] = collectors.slice(0, 2).map((collectorId) => ({ collectorId, status: 'PENDING' }));
  const [totalA, totalB] = [await count(a), await count(b)];
  const idsB = pending.filter((r) => String(r.collector_id) === b.collectorId).map((r) => String(r.id));
  const key = randomUUID();
  const first = (
    await graphql(proxy.url, 'operador', MATCHING, { m: { filter: a, expectedCount: totalA }, key })
  ).data?.bulkCancelPayments;
  for (const r of first?.results ?? []) tell(r.id, r.outcome, r.error?.code);
  const other = (
    await graphql(proxy.url, 'operador', MATCHING, { m: { filter: b, expectedCount: totalB }, key })
  ).data?.bulkCancelPayments;
  const sentB = (await bulkPosts(idsB)).length;
  say(
    `   collector ${a.collectorId}: ${first?.results?.length ?? 0} answered; collector ${b.collectorId} under the same key: ${other?.outcome} ${other?.error?.code ?? ''}, ${other?.results?.length ?? 0} results, ${sentB} sent`,
  );
  check(
    other?.error?.code === 'IDEMPOTENCY_KEY_REUSED' && sentB === 0,
    'the other selection was refused, nothing sent',
  );
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
  if (move.items) for (const item of move.items) recordOf.set(`${scoped}/${item.id}`, item.result);
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
if (failedChecks.length) say(`${failedChecks.length} CHECK(S) FAILED: ${failedChecks.join('; ')}`);

// --- the end -------------------------------------------------------------------------------------------------------
await proxy.close();
for (const replica of replicas.slice(1)) await replica.close().catch(() => {});
await stack.close();
process.exit(problems || failedChecks.length ? 1 : 0);
