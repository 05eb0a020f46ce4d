/**
 * Upstream faults: the stubs inject 20 % errors and 5 % hangs on the payment and collector services
 * (their seeded fault PRNG) and a small proxy (fault-proxy.ts) loses the answer of 5 % of the writes after the
 * stubs applied them (seeded by FUZZ_SEED), the one fault the stubs cannot make. The gateway's timeouts
 * (LANE_TIMEOUTS) are what a hang costs, so they are short, but with a margin for a loaded 2-core machine: a
 * healthy call that a loaded machine slows down must not time out (it would turn a SUCCESS into a FAILED and
 * break the exact expectations). GraphQL requests run one at a time per stack, so the fault draws and the counts
 * reproduce; the two mutation phases run at once on two stacks.
 *
 * - reads degrade to partial data: a failing collector lookup nulls `collector` with a Spanish error at that
 *   path, a failing holder lookup shows "deconocido", a failing root read is a Spanish error, never a 5xx or
 *   an upstream body;
 * - a few hundred mutations on fresh seeded payments, reconciled with the stubs' final state (faults cleared):
 *   exactly one write per attempted mutation (by x-request-id), 0 SUCCESS that did not commit, 0 duplicate
 *   commits, UNKNOWN ("resultado desconocido") for every timed-out write; a client retry of a money-moving
 *   UNKNOWN with the same idempotency key, or of another after checking the payment, ends in one commit;
 * - idempotency keys through the gateway: same key and payload -> same result, one commit; same key with
 *   another payload -> FAILED with the catalogue's Spanish message, no commit;
 * - answers that do not say whether a write was applied (a load balancer's 502/504, an unreadable 2xx, a 2xx
 *   that breaks the contract) are UNKNOWN, never SUCCESS nor FAILED.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientKeyOf } from '../http-helpers.js';
import { loadConfig } from '../../load-config.js';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../upstream/outcome.js';
import { UNKNOWN_HOLDER } from '../../modules/payments/payments.mappers.js';
import { REASONS } from '../../modules/payments/payments.rules.js';
import {
  GENERIC_ERROR_MESSAGE,
  TIMEOUT_READ_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../../upstream/error-catalogue.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import {
  ENGLISH_MARKERS,
  errorsOf,
  FUZZ_SEED,
  LEAK_MARKERS,
  pool,
  postGraphql,
  startSecurityStack,
  type GraphqlErrorShape,
  type RawResponse,
  type RecordedRequest,
  type SecurityStack,
} from './harness.js';

/** JSON as JSON.parse types it: the shapes are asserted by the expectations. */
type Json = ReturnType<typeof JSON.parse>;

const FAULTS = { latencyMs: 0, errorRate: 0.2, hangRate: 0.05 };
const FAULTED_SERVICES = ['payment', 'collector'] as const;
/** Share of writes whose answer the proxy loses after the stubs committed them. */
const LOST_ANSWER_RATE = 0.05;
const PERMISSIONS = [
  'PAYMENT_CANCEL',
  'PAYMENT_UPDATE',
  'PAYMENT_REFUND',
  'PAYMENT_REVERSE',
  'PAYMENT_CANCEL_OBJECTION',
  'PAYMENT_HOLDER',
];

/**
 * The stubs' injected 500 (`extended_code: injected_fault`, "Falla inyectada..."): a service's 5xx shows neither
 * its codes nor its message, only the generic text and the request id.
 */
const MARKERS = LEAK_MARKERS;
const SERVICE_FAULT = new RegExp(`^${GENERIC_ERROR_MESSAGE}\\. Referencia: [A-Za-z0-9._:-]{1,128}\\.$`);
const READ_ERRORS = {
  texts: new Set([TIMEOUT_READ_MESSAGE, UNAVAILABLE_MESSAGE]),
  has(message: string) {
    return this.texts.has(message) || SERVICE_FAULT.test(message);
  },
};
const IDEMPOTENCY_CONFLICT =
  'La operación ya se envió con otros datos: recargue el pago antes de reintentar - idempotency_key_reused';

let main: Lane;
/** A second stack (own stubs, fault PRNG, proxy, emulator and gateway), so two phases run at once. */
let second: Lane;
const problems: string[] = [];

const counts = {
  reads: 0,
  readsDegraded: 0,
  rootReadFailures: 0,
  holderLookupsDegraded: 0,
  mutations: 0,
  bulkRequests: 0,
  SUCCESS: 0,
  FAILED: 0,
  UNKNOWN: 0,
  unknownCommitted: 0,
  lostAnswers: 0,
  writesRecorded: 0,
  falseSuccesses: 0,
  duplicateCommits: 0,
  failedButCommitted: 0,
  retriedUnknown: 0,
  verifiedUnknown: 0,
  retriesConverged: 0,
};

/**
 * Bulk items run one at a time here: concurrent writes would reach the stubs in any order and take their fault
 * draws in that order (the payments module reads BULK_CONCURRENCY once, on first use, in this file's modules).
 */
const previousBulkConcurrency = process.env.BULK_CONCURRENCY;

beforeAll(async () => {
  process.env.BULK_CONCURRENCY = '1';
  [main, second] = await Promise.all([startLane('a'), startLane('b', true)]);
}, 60_000);

/**
 * Time limit of a test on one stack: a reset of the stubs and a few requests, one or two of them waiting for a
 * gateway timeout, on a machine that may be loaded.
 */
const STACK_TEST_MS = 60_000;

/** Each test reports its own problems. */
beforeEach(() => {
  problems.length = 0;
});

afterAll(async () => {
  if (previousBulkConcurrency === undefined) delete process.env.BULK_CONCURRENCY;
  else process.env.BULK_CONCURRENCY = previousBulkConcurrency;
  await Promise.all([main?.close(), second?.close()]);
});

// --- helpers ------------------------------------------------------------------------------------------

interface Snapshot {
  status: string;
  statusDetail: string;
  version: number;
  history: number;
  refunds: number;
}

/** One stack under test: stubs, Keycloak emulator, the fault proxy and a gateway whose services go through it. */
class Lane {
  constructor(
    readonly name: string,
    readonly stack: SecurityStack,
    readonly proxy: FaultProxy,
    private readonly token: string,
  ) {}

  stubsUrl(path: string): string {
    return `${this.stack.stubs.url}${path}`;
  }

  async admin(method: string, path: string, body?: unknown): Promise<void> {
    const res = await fetch(this.stubsUrl(`/__admin${path}`), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status}`);
  }

  async injectFaults(): Promise<void> {
    for (const service of FAULTED_SERVICES) await this.admin('POST', '/faults', { service, ...FAULTS });
    this.proxy.lostAnswerRate = LOST_ANSWER_RATE;
  }

  async clearFaults(): Promise<void> {
    await this.admin('DELETE', '/faults');
    this.proxy.lostAnswerRate = 0;
  }

  /** Recorded requests of the gateway (by x-request-id prefix), oldest first. */
  async recordedFor(prefix: string): Promise<RecordedRequest[]> {
    const res = await fetch(this.stubsUrl('/__admin/requests?limit=2000'));
    const all = (await res.json()) as RecordedRequest[];
    expect(all.length, 'the stubs keep the last 2,000 requests: a phase must stay below').toBeLessThan(2000);
    return all.filter((r) => String(r.headers['x-request-id'] ?? '').startsWith(prefix));
  }

  /** GET /pagos (straight to the stubs, no faults) with filters, up to 1,000 rows. */
  async stubPayments(filters: unknown[]): Promise<Json[]> {
    const query = `filters=${encodeURIComponent(JSON.stringify(filters))}&limit=1000&sorts=id:asc`;
    const res = await fetch(this.stubsUrl(`/payment/pagos?${query}`));
    expect(res.status).toBe(200);
    return ((await res.json()) as { rows: Json[] }).rows;
  }

  /** The first `n` payments in this status (by id) that `where` accepts. */
  async pick(status: string, n: number, where: (p: Json) => boolean = () => true): Promise<string[]> {
    const ids = (await this.stubPayments([{ field: 'status', operation: 'EQUAL', value: status }]))
      .filter(where)
      .map((p) => String(p.id))
      .slice(0, n);
    expect(ids.length, `${n} ${status} payments`).toBe(n);
    return ids;
  }

  /** The payment and its history as the stubs hold them now. */
  async snapshot(id: string): Promise<Snapshot> {
    const [payment, history] = await Promise.all([
      fetch(this.stubsUrl(`/payment/pagos/${id}`)).then((r) => r.json() as Promise<Json>),
      fetch(this.stubsUrl(`/payment/pagos/${id}/historial`)).then((r) => r.json() as Promise<Json>),
    ]);
    return {
      status: payment.status,
      statusDetail: payment.status_detail,
      version: payment.version,
      history: history.rows.length,
      refunds: payment.refunds.length,
    };
  }

  async snapshots(ids: readonly string[]): Promise<Map<string, Snapshot>> {
    const values = await pool(ids, 8, (id) => this.snapshot(id));
    return new Map(ids.map((id, i) => [id, values[i]!]));
  }

  graphql(query: string, variables: Record<string, unknown>, requestId: string): Promise<RawResponse> {
    return postGraphql(
      this.stack.gateway.graphqlUrl,
      { query, variables },
      { authorization: `Bearer ${this.token}`, 'x-request-id': requestId },
    );
  }

  async close(): Promise<void> {
    await this.stack.close();
    await this.proxy.close();
  }
}

/**
 * The gateway's timeouts on both lanes. Every hang and every lost answer costs one of them (about 25 per lane in
 * the mutation phases), so they stay far below production's 5 s / 15 s; a healthy call through the gateway, the
 * proxy and the stubs takes a few ms, and 300 ms / 600 ms were exceeded on a 2-core machine at load 17, where
 * these run in one process among others: 2 s / 3 s leave a margin of several times that.
 */
const LANE_TIMEOUTS = { upstreamTimeoutMs: 2000, mutationTimeoutMs: 3000 };

/** `ownStubs`: the second lane's stubs are its own (the first takes the worker's shared ones). */
async function startLane(name: string, ownStubs = false): Promise<Lane> {
  const proxy = await startFaultProxy({ seed: FUZZ_SEED });
  const stack = await startSecurityStack({
    ownStubs,
    gateway: {
      ...LANE_TIMEOUTS,
      services: loadConfig({ STUBS_URL: proxy.url }).services,
    },
  });
  proxy.target = stack.stubs.url;
  return new Lane(name, stack, proxy, await stack.tokenWith(PERMISSIONS));
}

/** Commits between two snapshots: new history rows (each change adds exactly one). */
function commitsBetween(before: Snapshot, after: Snapshot, where: string): number {
  const commits = after.history - before.history;
  if (after.version - before.version !== commits) {
    problems.push(`${where}: version moved ${after.version - before.version}, history ${commits}`);
  }
  return commits;
}

/** Transport checks of every answer: never a 5xx, nothing internal, every error Spanish with safe extensions. */
function checkAnswer(res: RawResponse, where: string): GraphqlErrorShape[] {
  if (res.status !== 200) problems.push(`${where}: HTTP ${res.status}`);
  for (const marker of MARKERS) if (marker.test(res.text)) problems.push(`${where}: ${marker} leaked`);
  const errors = errorsOf(res.json);
  for (const error of errors) {
    if (ENGLISH_MARKERS.test(error.message)) problems.push(`${where}: not Spanish: ${error.message}`);
    const extra = Object.keys(error.extensions ?? {}).filter(
      (k) => !['code', 'extendedCode', 'field'].includes(k),
    );
    if (extra.length) problems.push(`${where}: extensions ${extra.join(',')}`);
  }
  return errors;
}

const pathKey = (path: ReadonlyArray<string | number> | undefined) => (path ?? []).join('.');

// --- reads --------------------------------------------------------------------------------------------

const LIST = /* GraphQL */ `
  query List($page: Int!) {
    payments(filter: { status: APPROVED }, page: $page, pageSize: 10) {
      total
      rows {
        id
        status
        collector {
          id
          name
        }
      }
    }
  }
`;

const DETAIL = /* GraphQL */ `
  query Detail($id: ID!) {
    payment(id: $id) {
      id
      status
      finalAmount
      paymentMethods {
        index
        holderName
      }
    }
  }
`;

describe('reads under 20 % errors and 5 % hangs', () => {
  it('degrade to partial data with errors on nullable fields; a failing root read is a Spanish error', async () => {
    await main.stack.resetStubs();
    const cards = (await main.stubPayments([{ field: 'status', operation: 'EQUAL', value: 'approved' }]))
      .filter((p) => p.payment_methods.some((m: Json) => m.first_six_digits || m.last_four_digits))
      .slice(0, 30);
    expect(cards.length).toBe(30);
    // Holder names without faults: what a successful lookup shows.
    const expectedHolders = new Map<string, string[]>();
    for (const payment of cards) {
      const holders = (await (
        await fetch(main.stubsUrl(`/payment/pagos/${payment.id}/titulares`))
      ).json()) as Json[];
      expectedHolders.set(
        payment.id,
        payment.payment_methods.map((m: Json, index: number) =>
          m.first_six_digits || m.last_four_digits
            ? (holders[index]?.holder_name ?? holders[0]?.holder_name ?? UNKNOWN_HOLDER)
            : UNKNOWN_HOLDER,
        ),
      );
    }
    await main.stack.clearUpstreamRequests();
    await main.injectFaults();
    try {
      let listsWithRows = 0;
      for (let page = 1; page <= 30; page++) {
        const where = `list page ${page}`;
        const res = await main.graphql(LIST, { page }, `uf-read-list-${page}`);
        counts.reads++;
        const errors = checkAnswer(res, where);
        const list = (res.json as Json)?.data?.payments;
        if (!list) {
          // The payment service failed: the non-null root is a Spanish error and nothing else.
          counts.rootReadFailures++;
          if (errors.length !== 1 || pathKey(errors[0]!.path) !== 'payments')
            problems.push(`${where}: root failure ${JSON.stringify(errors)}`);
          else if (!READ_ERRORS.has(errors[0]!.message)) problems.push(`${where}: ${errors[0]!.message}`);
          continue;
        }
        listsWithRows++;
        if (list.rows.length !== 10) problems.push(`${where}: ${list.rows.length} rows`);
        const errorPaths = new Map(errors.map((e) => [pathKey(e.path), e.message]));
        let degraded = false;
        list.rows.forEach((row: Json, i: number) => {
          const at = `payments.rows.${i}.collector`;
          if (row.collector === null) {
            degraded = true;
            const message = errorPaths.get(at);
            if (!message) problems.push(`${where}: collector null without an error at ${at}`);
            else if (!READ_ERRORS.has(message)) problems.push(`${where}: ${message}`);
          } else if (errorPaths.has(at) || !row.collector.name) {
            problems.push(
              `${where}: collector ${JSON.stringify(row.collector)} with error ${errorPaths.get(at)}`,
            );
          }
        });
        for (const path of errorPaths.keys())
          if (!/^payments\.rows\.\d+\.collector$/.test(path)) problems.push(`${where}: error at ${path}`);
        if (degraded) counts.readsDegraded++;
      }
      expect(listsWithRows).toBeGreaterThan(15);

      for (const [n, card] of cards.entries()) {
        const where = `detail ${card.id}`;
        const res = await main.graphql(DETAIL, { id: card.id }, `uf-read-detail-${n}`);
        counts.reads++;
        const errors = checkAnswer(res, where);
        const payment = (res.json as Json)?.data?.payment;
        if (!payment) {
          counts.rootReadFailures++;
          if (errors.length !== 1 || pathKey(errors[0]!.path) !== 'payment')
            problems.push(`${where}: root failure ${JSON.stringify(errors)}`);
          else if (!READ_ERRORS.has(errors[0]!.message)) problems.push(`${where}: ${errors[0]!.message}`);
          continue;
        }
        // The payment is shown whatever its lookups did.
        if (payment.id !== card.id || payment.status !== 'APPROVED') problems.push(`${where}: ${payment.id}`);
        let degraded = false;
        if (errors.length) problems.push(`${where}: errors ${JSON.stringify(errors)}`);
        const expected = expectedHolders.get(card.id)!;
        payment.paymentMethods.forEach((method: Json, i: number) => {
          if (method.holderName === expected[i]) return;
          if (method.holderName === UNKNOWN_HOLDER) {
            degraded = true;
            counts.holderLookupsDegraded++;
          } else problems.push(`${where}: holder ${method.holderName} (expected ${expected[i]})`);
        });
        if (degraded) counts.readsDegraded++;
      }
    } finally {
      await main.clearFaults();
    }
    const calls = await main.recordedFor('uf-read-');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    expect(problems).toEqual([]);
    expect(counts.rootReadFailures).toBeGreaterThan(0);
    expect(counts.readsDegraded).toBeGreaterThan(0);
    expect(counts.holderLookupsDegraded).toBeGreaterThan(0);
  }, 240_000);
});

// --- mutations ----------------------------------------------------------------------------------------

type Kind =
  | 'cancel'
  | 'changeMethod'
  | 'cancelObjection'
  | 'retry'
  | 'refund'
  | 'partialRefund'
  | 'reverse'
  | 'bulkCancel';

const PAYLOAD = `outcome message error { message code extendedCode } payment { id status version }`;
const REFUND_PAYLOAD = `${PAYLOAD} refunds { id status }`;

interface KindSpec {
  document: string;
  /** Money-moving: carries an idempotency key. */
  money: boolean;
  variables(ids: string[], key: string): Record<string, unknown>;
  /** The stubs' payment after this action succeeded. */
  committed(after: Snapshot): boolean;
}

const METHOD_INPUT = {
  kind: 'CARD',
  number: '4507990000004905',
  expiration: '12/2099',
  holder: { name: 'Juan Pérez', identification: { number: '30123456' } },
};

const KINDS: Record<Kind, KindSpec> = {
  cancel: {
    document: `mutation($id: ID!, $reason: String!, $key: String!) { r: cancelPayment(id: $id, reason: $reason, idempotencyKey: $key) { ${PAYLOAD} } }`,
    money: true,
    variables: ([id], key) => ({ id, reason: 'Pedido del pagador', key }),
    committed: (s) => s.status === 'rejected' && s.statusDetail === 'cancelled_by_backoffice',
  },
  changeMethod: {
    document: `mutation($id: ID!, $input: PaymentMethodChangeInput!, $key: String!) { r: changePaymentMethod(id: $id, input: $input, idempotencyKey: $key) { ${PAYLOAD} } }`,
    money: false,
    variables: ([id], key) => ({ id, input: METHOD_INPUT, key }),
    committed: (s) => s.status === 'issued' && s.statusDetail === 'payment_method_updated',
  },
  cancelObjection: {
    document: `mutation($id: ID!, $reason: String!, $key: String!) { r: cancelPaymentObjection(id: $id, reason: $reason, idempotencyKey: $key) { ${PAYLOAD} } }`,
    money: true,
    variables: ([id], key) => ({ id, reason: 'Objeción resuelta', key }),
    committed: (s) => s.status === 'approved' && s.statusDetail === 'objection_cancelled',
  },
  retry: {
    document: `mutation($id: ID!, $key: String!) { r: retryPayment(id: $id, mode: MODIFY_METHOD, idempotencyKey: $key) { ${PAYLOAD} } }`,
    money: true,
    variables: ([id], key) => ({ id, key }),
    committed: (s) => s.status === 'issued' && s.statusDetail === 'waiting_payment_method',
  },
  refund: {
    document: `mutation($id: ID!, $reason: String!, $key: String!) { r: refundPayment(id: $id, reason: $reason, idempotencyKey: $key) { ${REFUND_PAYLOAD} } }`,
    money: true,
    variables: ([id], key) => ({ id, reason: 'Devolución solicitada', key }),
    committed: (s) => s.status === 'refunded' && s.statusDetail === 'refunded',
  },
  partialRefund: {
    document: `mutation($id: ID!, $key: String!) { r: partialRefundPayment(id: $id, idempotencyKey: $key) { ${REFUND_PAYLOAD} } }`,
    money: true,
    variables: ([id], key) => ({ id, key }),
    committed: (s) => s.status === 'refunded' && s.statusDetail === 'refunded',
  },
  reverse: {
    document: `mutation($id: ID!, $reason: String!, $key: String!) { r: reversePayment(id: $id, reason: $reason, idempotencyKey: $key) { ${REFUND_PAYLOAD} } }`,
    money: true,
    variables: ([id], key) => ({ id, reason: 'Contracargo', key }),
    committed: (s) => s.status === 'refunded' && s.statusDetail === 'reversed',
  },
  bulkCancel: {
    document: `mutation($ids: [ID!]!, $reason: String!, $key: String!) { r: bulkCancelPayments(ids: $ids, reason: $reason, idempotencyKey: $key) { results { id outcome error { message code extendedCode } payment { id status version } } } }`,
    // A bulk is not sent again whole: its UNKNOWN items are checked first (each item keyed `{key}:{id}`).
    money: false,
    variables: (ids, key) => ({ ids, reason: 'Pedido del pagador', key }),
    committed: (s) => s.status === 'rejected' && s.statusDetail === 'cancelled_by_backoffice',
  },
};

/** One payment touched by one mutation (a bulk request has one per id). */
interface Item {
  kind: Kind;
  id: string;
  requestId: string;
  key: string;
  variables: Record<string, unknown>;
  outcome: 'SUCCESS' | 'FAILED' | 'UNKNOWN';
  error: { message: string; code: string; extendedCode: string | null } | null;
  /** Writes the stubs received for this payment with this request id. */
  writes: number;
  before: Snapshot;
  commits: number;
}

interface PlanEntry {
  kind: Kind;
  ids: string[];
}

const isRetryable = (p: Json) =>
  Date.parse(p.last_due_date) > Date.now() + 3_600_000 &&
  !(p.presets?.actions ?? []).some((a: Json) => a.name === 'retry' && !a.active);

/** Spreads the kinds through the run (so each meets every part of the fault sequence). */
function interleave(groups: PlanEntry[][]): PlanEntry[] {
  const out: PlanEntry[] = [];
  const longest = Math.max(...groups.map((g) => g.length));
  for (let i = 0; i < longest; i++) for (const group of groups) if (group[i]) out.push(group[i]!);
  return out;
}

const single = (kind: Kind, ids: string[]): PlanEntry[] => ids.map((id) => ({ kind, ids: [id] }));

function checkPayload(payload: Json, where: string): void {
  const { outcome, error } = payload;
  if (outcome === 'SUCCESS') {
    if (error !== null || typeof payload.message !== 'string' || !payload.message)
      problems.push(`${where}: SUCCESS with ${JSON.stringify({ error, message: payload.message })}`);
  } else if (outcome === 'UNKNOWN') {
    if (error?.message !== UNKNOWN_OUTCOME_MESSAGE || payload.payment !== null || payload.message)
      problems.push(`${where}: UNKNOWN payload ${JSON.stringify(payload)}`);
    if (!/^Resultado desconocido/.test(error?.message ?? '')) problems.push(`${where}: ${error?.message}`);
  } else if (outcome === 'FAILED') {
    if (!error?.message || payload.message)
      problems.push(`${where}: FAILED payload ${JSON.stringify(payload)}`);
    else if (ENGLISH_MARKERS.test(error.message)) problems.push(`${where}: not Spanish: ${error.message}`);
  } else problems.push(`${where}: outcome ${outcome}`);
}

/** Sends one plan entry; returns its items with the outcome reported. */
async function send(
  lane: Lane,
  entry: PlanEntry,
  requestId: string,
  key: string,
  before: Map<string, Snapshot>,
): Promise<Item[]> {
  const spec = KINDS[entry.kind];
  const variables = spec.variables(entry.ids, key);
  const res = await lane.graphql(spec.document, variables, requestId);
  const errors = checkAnswer(res, requestId);
  const data = (res.json as Json)?.data?.r;
  // Failures are data (the payload's outcome and error), never GraphQL errors.
  for (const error of errors)
    problems.push(`${requestId}: error at ${pathKey(error.path)}: ${error.message}`);
  if (!data) {
    problems.push(`${requestId}: no payload ${res.text.slice(0, 300)}`);
    return [];
  }
  const results: Array<{ id: string; payload: Json }> =
    entry.kind === 'bulkCancel'
      ? data.results.map((r: Json) => ({ id: r.id, payload: r }))
      : [{ id: entry.ids[0]!, payload: data }];
  return results.map(({ id, payload }) => {
    const item: Item = {
      kind: entry.kind,
      id,
      requestId,
      key,
      variables,
      outcome: payload.outcome,
      error: payload.error,
      writes: 0,
      before: before.get(id)!,
      commits: 0,
    };
    if (entry.kind === 'bulkCancel') {
      if (payload.outcome === 'SUCCESS' && payload.error !== null) problems.push(`${requestId}/${id}: error`);
      if (payload.outcome === 'UNKNOWN' && payload.error?.message !== UNKNOWN_OUTCOME_MESSAGE)
        problems.push(`${requestId}/${id}: ${payload.error?.message}`);
    } else checkPayload(payload, requestId);
    return item;
  });
}

/** What the operator looks at before retrying a mutation that has no idempotency key. */
const VERIFY = `query($id: ID!) { payment(id: $id) { id status statusDetail } }`;

const writePath = (kind: Kind, id: string) =>
  `/payment/pagos/${id}/${
    {
      cancel: 'cancelar',
      bulkCancel: 'cancelar',
      changeMethod: 'medio-de-pago',
      cancelObjection: 'cancelar-objecion',
      retry: 'reintentar',
      refund: 'devolver',
      partialRefund: 'devolucion-parcial',
      reverse: 'revertir',
    }[kind]
  }`;

/**
 * Runs a plan on freshly seeded stubs under faults, then reconciles it with the stubs' state (faults cleared)
 * and retries every UNKNOWN once with the same variables (same idempotency key).
 */
async function runPhase(lane: Lane, phase: string, plan: PlanEntry[]): Promise<void> {
  const ids = plan.flatMap((entry) => entry.ids);
  expect(new Set(ids).size, 'one intent per payment').toBe(ids.length);
  const before = await lane.snapshots(ids);
  await lane.stack.clearUpstreamRequests();
  const items: Item[] = [];
  const lostBefore = lane.proxy.lost.length;
  await lane.injectFaults();
  try {
    for (const [n, entry] of plan.entries()) {
      const requestId = `uf-${phase}-${String(n).padStart(4, '0')}`;
      if (entry.kind === 'bulkCancel') counts.bulkRequests++;
      items.push(...(await send(lane, entry, requestId, `key-${requestId}-${FUZZ_SEED}`, before)));
    }
  } finally {
    await lane.clearFaults();
  }
  const lost = lane.proxy.lost.slice(lostBefore);
  counts.lostAnswers += lost.filter((l) => l.status < 300).length;

  // Writes the stubs received, per request id and payment.
  const recorded = (await lane.recordedFor(`uf-${phase}-`)).filter((r) => r.method !== 'GET');
  counts.writesRecorded += recorded.length;
  const writes = new Map<string, RecordedRequest[]>();
  for (const r of recorded) {
    const key = `${String(r.headers['x-request-id'])} ${r.path}`;
    writes.set(key, [...(writes.get(key) ?? []), r]);
  }
  const after = await lane.snapshots(ids);
  for (const item of items) {
    const where = `${item.requestId} ${item.kind} ${item.id} ${item.outcome}`;
    const sent = writes.get(`${item.requestId} ${writePath(item.kind, item.id)}`) ?? [];
    writes.delete(`${item.requestId} ${writePath(item.kind, item.id)}`);
    item.writes = sent.length;
    item.commits = commitsBetween(item.before, after.get(item.id)!, where);
    counts.mutations++;
    counts[item.outcome]++;

    // Never retried automatically: at most one write per attempt; SUCCESS and UNKNOWN did attempt one.
    if (item.writes > 1) problems.push(`${where}: ${item.writes} writes (retried)`);
    if (item.outcome !== 'FAILED' && item.writes !== 1) problems.push(`${where}: ${item.writes} writes`);
    // Money moves with the client's key (a bulk's item with `{key}:{id}`).
    const itemKey = item.kind === 'bulkCancel' ? `${item.key}/${item.id}` : item.key;
    if (KINDS[item.kind].money || item.kind === 'bulkCancel')
      for (const w of sent)
        if (clientKeyOf(w.headers['idempotency-key']) !== itemKey)
          problems.push(`${where}: idempotency-key ${w.headers['idempotency-key']}`);
    // A lost answer was a committed write the gateway never heard back from: UNKNOWN, never SUCCESS.
    const lostAnswer = lost.find(
      (l) => l.requestId === item.requestId && l.path === writePath(item.kind, item.id),
    );
    if (lostAnswer) {
      if (item.outcome !== 'UNKNOWN') problems.push(`${where}: lost answer reported ${item.outcome}`);
      if (lostAnswer.status < 300 && item.commits !== 1)
        problems.push(`${where}: lost 2xx, ${item.commits} commits`);
    }

    if (item.commits > 1) {
      counts.duplicateCommits++;
      problems.push(`${where}: ${item.commits} commits`);
    }
    const state = after.get(item.id)!;
    if (item.outcome === 'SUCCESS' && (item.commits !== 1 || !KINDS[item.kind].committed(state))) {
      counts.falseSuccesses++;
      problems.push(`${where}: SUCCESS but ${item.commits} commits, ${state.status}/${state.statusDetail}`);
    }
    if (item.outcome === 'FAILED' && item.commits !== 0) {
      // Only a refund the card gateway rejected is recorded (as a rejected refund, status unchanged).
      const rejection = ['REFUND_REJECTED', 'REFUND_PARTIAL'].includes(item.error?.code ?? '');
      if (!rejection || state.status !== item.before.status) {
        counts.failedButCommitted++;
        problems.push(`${where}: FAILED (${item.error?.code}) but ${item.commits} commits`);
      }
    }
    if (item.outcome === 'FAILED' && item.writes === 0 && item.commits !== 0)
      problems.push(`${where}: commit without a write`);
    if (item.outcome === 'UNKNOWN' && item.commits === 1) counts.unknownCommitted++;
  }
  for (const [key, rest] of writes) problems.push(`${key}: ${rest.length} writes no mutation accounts for`);

  // The client after an UNKNOWN: money-moving mutations are retried with the same variables (the same
  // idempotency key); the others (a change of method, which carries no key, and a bulk, not sent again whole),
  // the operator first checks the payment, as the UNKNOWN message says, and retries only when the change is not
  // there. Either way: exactly one commit in the end. An attempt
  // that again could not tell (UNKNOWN, or a read that timed out before any write: a loaded machine) is tried
  // again, as the operator would, up to RETRY_ATTEMPTS times.
  for (const item of items.filter((i) => i.outcome === 'UNKNOWN')) {
    if (KINDS[item.kind].money) counts.retriedUnknown++;
    else counts.verifiedUnknown++;
    if (await retryUntilKnown(lane, item, before)) counts.retriesConverged++;
  }
}

const RETRY_ATTEMPTS = 3;
/** Codes of an outcome that says nothing yet: the attempt timed out, or did not reach the service. */
const TRANSIENT_CODES = new Set(['UPSTREAM_TIMEOUT', 'UPSTREAM_UNAVAILABLE']);
const inconclusive = (outcome: Item['outcome'], code: string | undefined) =>
  outcome === 'UNKNOWN' || (outcome === 'FAILED' && TRANSIENT_CODES.has(code ?? ''));

/** The client's retries of one UNKNOWN item (faults cleared); true when it ends in exactly one commit. */
async function retryUntilKnown(lane: Lane, item: Item, before: Map<string, Snapshot>): Promise<boolean> {
  const entry: PlanEntry =
    item.kind === 'bulkCancel' ? { kind: 'cancel', ids: [item.id] } : { kind: item.kind, ids: [item.id] };
  const spec = KINDS[item.kind];
  for (let attempt = 1; attempt <= RETRY_ATTEMPTS; attempt++) {
    const retryId = `${item.requestId}-retry-${item.id}${attempt > 1 ? `-${attempt}` : ''}`;
    const last = attempt === RETRY_ATTEMPTS;
    // Committed by the first write or by an earlier attempt whose answer did not say.
    const committed = commitsBetween(item.before, await lane.snapshot(item.id), retryId) === 1;
    if (!spec.money) {
      const seen = await lane.graphql(VERIFY, { id: item.id }, `${retryId}-check`);
      checkAnswer(seen, retryId);
      const shown = (seen.json as Json)?.data?.payment;
      if (!shown) {
        if (last) problems.push(`${retryId}: the payment could not be read ${seen.text.slice(0, 200)}`);
        continue;
      }
      const applied = spec.committed({
        ...item.before,
        status: String(shown.status).toLowerCase(),
        statusDetail: shown.statusDetail,
      });
      if (applied !== committed) problems.push(`${retryId}: the payment shows applied=${applied}`);
      if (applied) return true;
    }
    const [retried] = await send(lane, entry, retryId, item.key, before);
    const state = await lane.snapshot(item.id);
    const where = `${retryId} (${committed ? 'committed' : 'not committed'} before) ${retried?.outcome} ${retried?.error?.code ?? ''}`;
    const commits = commitsBetween(item.before, state, where);
    if (retried?.outcome === 'SUCCESS' && committed)
      problems.push(`${where}: SUCCESS for a second attempt of a committed change`);
    if (committed && retried?.outcome === 'FAILED' && retried.error?.code === 'ACTION_NOT_ALLOWED') {
      // Refused by the rule before any write: the state already shows the change.
      const retryWrites = (await lane.recordedFor(retryId)).filter((r) => r.method !== 'GET');
      if (retryWrites.length !== 0) problems.push(`${where}: wrote after the rule refused`);
    }
    if (!retried) return false;
    if (inconclusive(retried.outcome, retried.error?.code)) {
      if (commits > 1) problems.push(`${where}: ${commits} commits`);
      if (last) problems.push(`${where}: still unknown after ${RETRY_ATTEMPTS} attempts`);
      continue;
    }
    if (commits !== 1) {
      problems.push(`${where}: ${commits} commits after the retry`);
      return false;
    }
    return true;
  }
  return false;
}

/** Cancel, cancel objection, retry, refund and bulk cancel on fresh seeded payments. */
async function phaseOne(lane: Lane): Promise<void> {
  await lane.stack.resetStubs();
  const pending = await lane.pick('pending', 32);
  const issued = await lane.pick('issued', 60);
  const bulk = [...pending.slice(20), ...issued.slice(20, 35)];
  const plan = interleave([
    single('cancel', [...pending.slice(0, 20), ...issued.slice(0, 20)]),
    single('cancelObjection', await lane.pick('objected', 30)),
    single('retry', await lane.pick('rejected', 30, isRetryable)),
    single('refund', await lane.pick('approved', 50, (p) => p.type === 'online')),
    Array.from({ length: bulk.length / 3 }, (_, i) => ({
      kind: 'bulkCancel' as const,
      ids: bulk.slice(3 * i, 3 * i + 3),
    })),
  ]);
  await runPhase(lane, 'p1', plan);
}

/** Change payment method, reverse and partial refund on fresh seeded payments. */
async function phaseTwo(lane: Lane): Promise<void> {
  await lane.stack.resetStubs();
  const plan = interleave([
    single('changeMethod', await lane.pick('issued', 50)),
    single('reverse', await lane.pick('approved', 50)),
    single(
      'partialRefund',
      await lane.pick(
        'partial',
        40,
        (p) =>
          p.payment_methods.length > 1 &&
          p.payment_methods.some((m: Json) => m.gateway?.status === 'approved'),
      ),
    ),
  ]);
  await runPhase(lane, 'p2', plan);
}

describe('a few hundred mutations under faults, reconciled with the stubs', () => {
  it('exactly one write per attempt, 0 false successes, 0 duplicate commits, UNKNOWN retries converge', async () => {
    // Each phase runs alone on its own stack (its requests one at a time, so its fault draws reproduce).
    await Promise.all([phaseOne(main), phaseTwo(second)]);
    expect(problems).toEqual([]);
    expect(counts.mutations).toBeGreaterThanOrEqual(300);
    for (const outcome of ['SUCCESS', 'FAILED', 'UNKNOWN'] as const)
      expect(counts[outcome]).toBeGreaterThan(0);
    expect(counts.lostAnswers).toBeGreaterThan(0);
    expect(counts.unknownCommitted).toBeGreaterThan(0);
    expect(counts.unknownCommitted).toBeLessThan(counts.UNKNOWN); // hangs before the handler did not commit
    expect(counts.falseSuccesses).toBe(0);
    expect(counts.duplicateCommits).toBe(0);
    expect(counts.failedButCommitted).toBe(0);
    expect(counts.retriedUnknown).toBeGreaterThan(0);
    expect(counts.retriesConverged).toBe(counts.retriedUnknown + counts.verifiedUnknown);
  }, 400_000);
});

// --- idempotency keys through the gateway ---------------------------------------------------------------

const REFUND = KINDS.refund.document;
const REVERSE = KINDS.reverse.document;

describe('idempotency keys the stubs honour', { timeout: STACK_TEST_MS }, () => {
  it('same key and payload: same result, one commit; same key, other payload: FAILED in Spanish, no commit', async () => {
    await main.stack.resetStubs();
    // 1000002 rejects refunds (its collector lacks funds): the payment stays approved, so it can be asked again.
    const start = await main.snapshot('1000002');
    const first = await main.graphql(
      REFUND,
      { id: '1000002', reason: 'Devolución solicitada', key: 'key-idem-0001' },
      'uf-idem-1',
    );
    const again = await main.graphql(
      REFUND,
      { id: '1000002', reason: 'Devolución solicitada', key: 'key-idem-0001' },
      'uf-idem-2',
    );
    const a = (first.json as Json).data.r;
    const b = (again.json as Json).data.r;
    expect(a).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'REFUND_REJECTED', extendedCode: 'insufficient_funds_in_collector_account' },
      refunds: [{ status: 'REJECTED' }],
    });
    expect(b.outcome).toBe(a.outcome);
    expect(b.error).toEqual(a.error);
    expect(b.refunds).toEqual(a.refunds); // the same refund, replayed
    const once = await main.snapshot('1000002');
    expect(commitsBetween(start, once, '1000002')).toBe(1);
    expect(once.refunds - start.refunds).toBe(1);

    // Same key, another reason: 409 idempotency_key_reused, mapped to Spanish; nothing new recorded.
    const other = await main.graphql(
      REFUND,
      { id: '1000002', reason: 'Otro motivo', key: 'key-idem-0001' },
      'uf-idem-3',
    );
    expect((other.json as Json).data.r).toMatchObject({
      outcome: 'FAILED',
      message: null,
      error: {
        message: IDEMPOTENCY_CONFLICT,
        code: 'IDEMPOTENCY_KEY_REUSED',
        extendedCode: 'idempotency_key_reused',
      },
    });
    expect(commitsBetween(start, await main.snapshot('1000002'), '1000002')).toBe(1);

    // Same key on another payment and action: the same refusal, and 1000001 is untouched.
    const before1 = await main.snapshot('1000001');
    const elsewhere = await main.graphql(
      REVERSE,
      { id: '1000001', reason: 'Contracargo', key: 'key-idem-0001' },
      'uf-idem-4',
    );
    expect((elsewhere.json as Json).data.r).toMatchObject({
      outcome: 'FAILED',
      error: { message: IDEMPOTENCY_CONFLICT },
    });
    expect(commitsBetween(before1, await main.snapshot('1000001'), '1000001')).toBe(0);

    const writes = (await main.recordedFor('uf-idem-')).filter((r) => r.method !== 'GET');
    expect(writes.map((w) => [w.headers['x-request-id'], clientKeyOf(w.headers['idempotency-key'])])).toEqual(
      [
        ['uf-idem-1', 'key-idem-0001'],
        ['uf-idem-2', 'key-idem-0001'],
        ['uf-idem-3', 'key-idem-0001'],
        ['uf-idem-4', 'key-idem-0001'],
      ],
    );
  });

  it('an UNKNOWN retried with the same key converges to one commit, whether the first write committed or not', async () => {
    await main.stack.resetStubs();
    // The stubs committed the refund, the answer was lost: UNKNOWN; the retry finds it refunded and writes nothing.
    const start = await main.snapshot('1000001');
    main.proxy.loseNext();
    const lostRes = await main.graphql(
      REFUND,
      { id: '1000001', reason: 'Devolución', key: 'key-lost-0001' },
      'uf-lost-1',
    );
    expect((lostRes.json as Json).data.r).toMatchObject({
      outcome: 'UNKNOWN',
      payment: null,
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_TIMEOUT' },
    });
    expect(await main.snapshot('1000001')).toMatchObject({
      status: 'refunded',
      history: start.history + 1,
    });
    const retry = await main.graphql(
      REFUND,
      { id: '1000001', reason: 'Devolución', key: 'key-lost-0001' },
      'uf-lost-2',
    );
    expect((retry.json as Json).data.r).toMatchObject({
      outcome: 'FAILED',
      error: { message: REASONS.refundState, code: 'ACTION_NOT_ALLOWED' },
      payment: { status: 'REFUNDED' },
    });
    expect(commitsBetween(start, await main.snapshot('1000001'), '1000001')).toBe(1);

    // The write never reached the stubs: UNKNOWN; the retry with the same key commits it once.
    const start21 = await main.snapshot('1000021');
    main.proxy.hangNext();
    const held = await main.graphql(
      REFUND,
      { id: '1000021', reason: 'Devolución', key: 'key-held-0001' },
      'uf-held-1',
    );
    expect((held.json as Json).data.r).toMatchObject({
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE },
    });
    expect(main.proxy.held.at(-1)).toMatchObject({
      requestId: 'uf-held-1',
      path: '/payment/pagos/1000021/devolver',
    });
    expect(commitsBetween(start21, await main.snapshot('1000021'), '1000021')).toBe(0);
    const retried = await main.graphql(
      REFUND,
      { id: '1000021', reason: 'Devolución', key: 'key-held-0001' },
      'uf-held-2',
    );
    expect((retried.json as Json).data.r).toMatchObject({
      outcome: 'SUCCESS',
      payment: { status: 'REFUNDED' },
    });
    expect(commitsBetween(start21, await main.snapshot('1000021'), '1000021')).toBe(1);

    // One write per attempt, never repeated by the gateway.
    const writes = (await main.recordedFor('uf-')).filter((r) => r.method !== 'GET');
    expect(writes.map((w) => w.headers['x-request-id'])).toEqual(['uf-lost-1', 'uf-held-2']);
  });
});

describe('answers that do not say whether a write was applied', { timeout: STACK_TEST_MS }, () => {
  const answers = [
    {
      name: "a load balancer's 504",
      answer: {
        status: 504,
        contentType: 'text/html',
        body: '<html><body>504 Gateway Time-out</body></html>',
      },
    },
    {
      name: "a load balancer's 502",
      answer: { status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' },
    },
    {
      name: 'a 200 whose body cannot be read',
      answer: { status: 200, contentType: 'application/json', body: '{"status":"approved","refu' },
    },
  ];
  it.each(answers)(
    '$name after the stubs applied a refund is UNKNOWN, never SUCCESS nor FAILED',
    async ({ answer }) => {
      await main.stack.resetStubs();
      const start = await main.snapshot('1000001');
      main.proxy.replaceNextAnswer(answer);
      const res = await main.graphql(
        REFUND,
        { id: '1000001', reason: 'Devolución', key: `key-lb-${answer.status}` },
        'uf-lb-1',
      );
      expect(checkAnswer(res, 'uf-lb-1')).toEqual([]);
      expect((res.json as Json).data.r).toMatchObject({
        outcome: 'UNKNOWN',
        message: null,
        payment: null,
        error: { message: UNKNOWN_OUTCOME_MESSAGE },
      });
      expect(await main.snapshot('1000001')).toMatchObject({
        status: 'refunded',
        history: start.history + 1,
      });
      const writes = (await main.recordedFor('uf-lb-')).filter((r) => r.method !== 'GET');
      expect(writes).toHaveLength(1);
    },
  );
});

describe('a 2xx write answer that breaks the contract', { timeout: STACK_TEST_MS }, () => {
  const garbled = { status: 200, contentType: 'application/json', body: '{"unexpected":true}' };

  it('is UNKNOWN for a single action (the stubs applied it)', async () => {
    await main.stack.resetStubs();
    const start = await main.snapshot('1000005');
    main.proxy.replaceNextAnswer(garbled);
    const res = await main.graphql(
      KINDS.cancel.document,
      KINDS.cancel.variables(['1000005'], 'key-contract-cancel'),
      'uf-contract-1',
    );
    expect(checkAnswer(res, 'uf-contract-1')).toEqual([]);
    expect((res.json as Json).data.r).toMatchObject({
      outcome: 'UNKNOWN',
      payment: null,
      error: { message: UNKNOWN_OUTCOME_MESSAGE },
    });
    expect(await main.snapshot('1000005')).toMatchObject({
      status: 'rejected',
      history: start.history + 1,
    });
  });

  it('is UNKNOWN for a refund, not "rejected" (the stubs approved it)', async () => {
    await main.stack.resetStubs();
    const start = await main.snapshot('1000001');
    main.proxy.replaceNextAnswer(garbled);
    const res = await main.graphql(
      REFUND,
      { id: '1000001', reason: 'Devolución', key: 'key-contract-1' },
      'uf-contract-3',
    );
    expect(checkAnswer(res, 'uf-contract-3')).toEqual([]);
    expect((res.json as Json).data.r).toMatchObject({
      outcome: 'UNKNOWN',
      payment: null,
      refunds: [],
      error: { message: UNKNOWN_OUTCOME_MESSAGE },
    });
    expect(await main.snapshot('1000001')).toMatchObject({
      status: 'refunded',
      history: start.history + 1,
    });
  });

  it('is UNKNOWN for that item of a bulk action; the other items keep their results', async () => {
    await main.stack.resetStubs();
    const ids = await main.pick('pending', 3);
    main.proxy.replaceNextAnswer(garbled);
    const res = await main.graphql(
      KINDS.bulkCancel.document,
      KINDS.bulkCancel.variables(ids, 'key-contract-bulk'),
      'uf-contract-2',
    );
    expect(checkAnswer(res, 'uf-contract-2')).toEqual([]);
    const outcomes = (res.json as Json).data.r.results.map((r: Json) => r.outcome).sort();
    expect(outcomes).toEqual(['SUCCESS', 'SUCCESS', 'UNKNOWN']);
    for (const id of ids) expect((await main.snapshot(id)).status).toBe('rejected');
  });
});

afterAll(() => {
  console.log(
    `[upstream-faults] errors ${FAULTS.errorRate * 100} % + hangs ${FAULTS.hangRate * 100} % on ${FAULTED_SERVICES.join(', ')}, ` +
      `lost answers ${LOST_ANSWER_RATE * 100} % of writes (seed ${FUZZ_SEED}): ` +
      `reads ${counts.reads} (degraded to partial data ${counts.readsDegraded}, holder lookups degraded ` +
      `${counts.holderLookupsDegraded}, root read failures ${counts.rootReadFailures}); ` +
      `mutations tried ${counts.mutations} (${counts.bulkRequests} bulk requests), writes received ${counts.writesRecorded}, ` +
      `SUCCESS ${counts.SUCCESS} / FAILED ${counts.FAILED} / UNKNOWN ${counts.UNKNOWN} ` +
      `(${counts.unknownCommitted} committed, ${counts.lostAnswers} lost answers), ` +
      `false successes ${counts.falseSuccesses}, duplicate commits ${counts.duplicateCommits}, ` +
      `FAILED but committed ${counts.failedButCommitted}; UNKNOWN money-moving retried with the same key ` +
      `${counts.retriedUnknown}, others checked before retrying ${counts.verifiedUnknown}, converged to one commit ` +
      `${counts.retriesConverged}`,
  );
});
