import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshTokens, gql, injectLatency, type GqlResponse, clientKeyOf } from '../../../__tests__/http-helpers.js';
import {
  startSecurityStack,
  type RecordedRequest,
  type SecurityStack,
} from '../../../__tests__/security/harness.js';
import { enumValues } from '@backoffice/schema';
import { startGateway, type RunningGateway } from '../../../index.js';
import { createLogger } from '../../../logger.js';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../../upstream/outcome.js';
import { SUBSCRIPTION_REASONS } from '../subscriptions.rules.js';
import { freshKey } from '../../../__tests__/http-helpers.js';

/**
 * Subscriptions over HTTP against the real stubs (subscription fixtures 4000001-4000009 of
 * docs/upstream-contract.md) and the Keycloak emulator, on the security suites' stack: exact upstream calls of
 * the list and the detail, every mutation landing in the stubs, the rules refusing without a write, and
 * `consulta` refused without any upstream call.
 */

type Json = ReturnType<typeof JSON.parse>;

let stack: SecurityStack;
/** The same stubs behind a gateway whose writes time out after 250 ms (UNKNOWN outcomes). */
let impatient: RunningGateway;

beforeAll(async () => {
  stack = await startSecurityStack();
  impatient = await startGateway(
    { ...stack.config, port: 0, mutationTimeoutMs: 250 },
    { logger: createLogger('silent') },
  );
});
afterAll(async () => {
  await impatient?.close();
  await stack?.close();
});
beforeEach(async () => {
  await stack.resetStubs();
  await fetch(`${stack.stubs.url}/__admin/failures`, { method: 'DELETE' });
  await fetch(`${stack.stubs.url}/__admin/faults`, { method: 'DELETE' });
  await stack.clearUpstreamRequests();
});

/** The emulator's demo user's access token, minted once per user. */
const tokenFor = freshTokens((username) => stack.emulator.accessTokenFor(username));

const recorded = (): Promise<RecordedRequest[]> => stack.upstreamRequests();
const writes = async () => (await recorded()).filter((r) => r.method !== 'GET');
const lines = (calls: RecordedRequest[]) => calls.map((c) => `${c.method} ${c.path}`);
const stubSubscription = async (id: string) =>
  (await (await fetch(`${stack.stubs.url}/subscription/suscripciones/${id}`)).json()) as Record<string, Json>;
const forceFailure = (rule: Record<string, unknown>) =>
  fetch(`${stack.stubs.url}/__admin/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ service: 'subscription', ...rule }),
  });

const run = async (query: string, variables: Record<string, unknown> = {}, user = 'operador') =>
  gql<Json>(stack.gateway.graphqlUrl, query, { token: await tokenFor(user), variables });

async function data(
  query: string,
  variables: Record<string, unknown> = {},
  user = 'operador',
): Promise<Json> {
  const res: GqlResponse<Json> = await run(query, variables, user);
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data;
}

/** Runs after clearing the request log; returns data and the upstream calls it caused. */
async function withCalls(query: string, variables: Record<string, unknown> = {}) {
  await stack.clearUpstreamRequests();
  const result = await data(query, variables);
  return { data: result, calls: await recorded() };
}

const ROW = /* GraphQL */ `
  id
  type
  status
  amount
  requestDate
  detail { conceptId conceptDescription }
  payer { name email }
  paymentMethod { mediaPaymentId lastFourDigits }
  collectorId
  collector { id name }
  actions { kind enabled permitted reason }
  bulkActions { kind enabled permitted reason }
`;

const LIST = /* GraphQL */ `
  query List($filter: SubscriptionFilter, $page: Int, $pageSize: Int, $sort: SubscriptionSort) {
    subscriptions(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
      rows { ${ROW} }
      total page pageSize
    }
  }
`;

const DETAIL = /* GraphQL */ `
  query Detail($id: ID!) {
    subscription(id: $id) {
      ${ROW}
      statusDetail currencyId periods review validation dueDay createdPayments recurrence
      notificationUrl backUrl returnUrl lastUpdateDate cancelDate subscribedDate rejectedDate
      reviewValidationDate payerValidationDate payerDeferredDate startDate finishedDate cancelReason
      detail { externalReference }
      metadata { key value }
      notifications { id date type action }
      source { id name type }
      paymentsPeriods { period paymentId }
      version
      isCurrentVersion
      formUrl
    }
  }
`;

const PAYLOAD = /* GraphQL */ `
  outcome
  message
  error { message code extendedCode }
  subscription { id status amount cancelReason version paymentMethod { mediaPaymentId lastFourDigits } }
`;

const BULK_RESULTS = /* GraphQL */ `results { id outcome error { message code extendedCode } subscription { id status amount } }`;

const CARD_INPUT = {
  kind: 'CARD',
  number: '4509953566233704',
  expiration: `12/${new Date().getFullYear() + 3}`,
  holder: { name: 'Sofía Benítez', identification: { number: '31456123' } },
};

const actionOf = (subscription: Json, kind: string) =>
  (subscription.actions as Json[]).find((a) => a.kind === kind);

describe('Buscar Suscripciones', () => {
  it('a page with collector names costs exactly 2 upstream calls (list, one batched collector lookup)', async () => {
    const { data: result, calls } = await withCalls(LIST, { pageSize: 50 });
    const rows = result.subscriptions.rows as Json[];
    expect(rows.length).toBeGreaterThan(9);
    expect(rows.every((r: Json) => r.collector?.id === r.collectorId && r.collector.name)).toBe(true);
    expect(lines(calls)).toEqual(['GET /subscription/suscripciones', 'GET /collector/comercios']);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '50', sorts: 'request_date:desc' });
    // Newest request first.
    const dates = rows.map((r: Json) => Date.parse(r.requestDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('filters by payer e-mail (the pagador parameter), collector and status', async () => {
    const result = await data(LIST, { filter: { payerEmail: 'Sofia.Benitez@gmail.com' }, pageSize: 100 });
    const ids = (result.subscriptions.rows as Json[]).map((r) => r.id).sort();
    expect(ids).toEqual(expect.arrayContaining(['4000001', '4000002', '4000008', '4000009']));
    expect(
      (result.subscriptions.rows as Json[]).every((r) => r.payer.email === 'sofia.benitez@gmail.com'),
    ).toBe(true);
    expect(result.subscriptions.total).toBe(ids.length);

    const narrowed = await data(LIST, {
      filter: { payerEmail: 'sofia.benitez@gmail.com', collectorId: '10001', status: 'ACTIVE' },
    });
    expect((narrowed.subscriptions.rows as Json[]).map((r) => r.id).sort()).toEqual(['4000001', '4000008']);
  });

  it('payment type DEBIT keeps only CBU debits; the id search finds one subscription', async () => {
    const debit = await data(LIST, { filter: { paymentType: 'DEBIT' }, pageSize: 100 });
    const rows = debit.subscriptions.rows as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.paymentMethod?.mediaPaymentId === 1)).toBe(true);
    const sofia = await data(LIST, {
      filter: { paymentType: 'DEBIT', payerEmail: 'sofia.benitez@gmail.com' },
    });
    expect((sofia.subscriptions.rows as Json[]).map((r) => r.id)).toEqual(['4000002']);

    const card = await data(LIST, { filter: { paymentType: 'CARD', payerEmail: 'sofia.benitez@gmail.com' } });
    expect((card.subscriptions.rows as Json[]).map((r) => r.id).sort()).toEqual(['4000001', '4000008']);

    const byId = await data(LIST, { filter: { search: '4000003' } });
    expect((byId.subscriptions.rows as Json[]).map((r) => r.id)).toEqual(['4000003']);
  });

  it('sorts by amount ascending', async () => {
    const result = await data(LIST, { sort: { field: 'AMOUNT', direction: 'ASC' }, pageSize: 50 });
    const cents = (result.subscriptions.rows as Json[]).map((r) => BigInt(String(r.amount).replace('.', '')));
    expect(cents.every((c, i) => i === 0 || cents[i - 1]! <= c)).toBe(true);
  });

  it.each(enumValues('SubscriptionSortField'))(
    'the service accepts the sort by %s in both directions',
    async (field) => {
      for (const direction of ['ASC', 'DESC']) {
        const result = await data(LIST, { sort: { field, direction }, pageSize: 5 });
        expect(result.subscriptions.rows).toHaveLength(5);
      }
    },
  );

  it('rows say which multi-select actions they may join', async () => {
    const result = await data(LIST, { filter: { payerEmail: 'sofia.benitez@gmail.com' }, pageSize: 100 });
    const byId = new Map((result.subscriptions.rows as Json[]).map((r) => [r.id, r]));
    const bulk = (id: string, kind: string) =>
      (byId.get(id).bulkActions as Json[]).find((a) => a.kind === kind);
    expect(bulk('4000002', 'UPDATE_AMOUNT')).toMatchObject({ enabled: true });
    expect(bulk('4000001', 'UPDATE_AMOUNT')).toMatchObject({
      enabled: false,
      reason: SUBSCRIPTION_REASONS.bulkAmountType,
    });
    expect(bulk('4000001', 'CANCEL')).toMatchObject({ enabled: true });
  });
  it('a row answers only the action kinds it asks for, in the toolbar order', async () => {
    const result = await data(/* GraphQL */ `
      {
        subscriptions(pageSize: 5) {
          rows {
            all: actions {
              kind
              enabled
              permitted
              reason
            }
            menu: actions(kinds: [UPDATE_AMOUNT, CANCEL, CHANGE_PAYMENT_METHOD]) {
              kind
              enabled
              permitted
              reason
            }
          }
        }
      }
    `);
    const rows = result.subscriptions.rows as { all: Json[]; menu: Json[] }[];
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.all).toHaveLength(8);
      expect(row.menu.map((a) => a.kind)).toEqual(['CANCEL', 'CHANGE_PAYMENT_METHOD', 'UPDATE_AMOUNT']);
      expect(row.menu).toEqual(row.all.filter((a) => row.menu.some((m) => m.kind === a.kind)));
    }
  });
});

describe('subscription detail', () => {
  it('maps every field; periods newest first and linked to real payments; exactly 2 upstream calls', async () => {
    const { data: result, calls } = await withCalls(DETAIL, { id: '4000005' });
    const s = result.subscription;
    expect(s).toMatchObject({
      id: '4000005',
      type: 'SUBSCRIPTION',
      status: 'ACTIVE',
      collectorId: '10004',
      isCurrentVersion: true,
      payer: { name: 'Valentina Romero', email: 'valentina.romero@yahoo.com.ar' },
      paymentMethod: { mediaPaymentId: 5 },
      dueDay: 8,
    });
    expect(s.amount).toMatch(/^\d+\.\d{2}$/);
    expect(s.formUrl).toMatch(/\/v2\/suscripciones\/4000005$/);
    const periods = (s.paymentsPeriods as Json[]).map((p) => p.period);
    expect(periods).toHaveLength(14);
    expect(periods).toEqual([...periods].sort().reverse());
    expect(lines(calls).sort()).toEqual(
      ['GET /collector/comercios', 'GET /subscription/suscripciones/4000005'].sort(),
    );

    const newest = (s.paymentsPeriods as Json[])[0];
    const payment = await data(`query($id: ID!) { payment(id: $id) { id subscriptionId } }`, {
      id: newest.paymentId,
    });
    expect(payment.payment).toEqual({ id: newest.paymentId, subscriptionId: '4000005' });
  });

  it('detail and history in one request fetch each resource once (3 calls)', async () => {
    const query = /* GraphQL */ `
      query DetailWithHistory($id: ID!) {
        subscription(id: $id) {
          id
          collector {
            name
          }
          actions {
            kind
            enabled
          }
        }
        subscriptionHistory(id: $id) {
          version
          status
          lastUpdateDate
          id
        }
      }
    `;
    const { data: result, calls } = await withCalls(query, { id: '4000008' });
    expect(lines(calls).sort()).toEqual(
      [
        'GET /collector/comercios',
        'GET /subscription/suscripciones/4000008',
        'GET /subscription/suscripciones/4000008/historial',
      ].sort(),
    );
    const versions = (result.subscriptionHistory as Json[]).map((h) => h.version);
    expect(versions.length).toBeGreaterThan(1);
  });

  it('an older version is not current and offers no action', async () => {
    const result = await data(
      `query($id: ID!, $v: Int!) { subscriptionVersion(id: $id, version: $v) { id version isCurrentVersion actions { kind enabled reason } } }`,
      { id: '4000008', v: 1 },
    );
    expect(result.subscriptionVersion).toMatchObject({ id: '4000008', version: 1, isCurrentVersion: false });
    for (const action of result.subscriptionVersion.actions as Json[]) {
      expect(action).toMatchObject({ enabled: false, reason: SUBSCRIPTION_REASONS.oldVersion });
    }
  });

  it('an unknown subscription is null', async () => {
    expect((await data(DETAIL, { id: '4999999' })).subscription).toBeNull();
  });
});

describe('subscription mutations land in the service', () => {
  it('cancel with a reason (idempotency key forwarded)', async () => {
    const result = await data(
      `mutation($id: ID!, $reason: String!, $key: String!) { cancelSubscription(id: $id, reason: $reason, idempotencyKey: $key) { ${PAYLOAD} } }`,
      { id: '4000001', reason: '  Pedido del pagador  ', key: 'cancel-4000001-abc' },
    );
    expect(result.cancelSubscription).toMatchObject({
      outcome: 'SUCCESS',
      message: 'La suscripción se canceló correctamente.',
      error: null,
      subscription: { id: '4000001', status: 'CANCELLED', cancelReason: 'Pedido del pagador' },
    });
    const [write] = await writes();
    expect(write).toMatchObject({
      method: 'POST',
      path: '/subscription/suscripciones/4000001/cancelar',
      body: { reason: 'Pedido del pagador' },
    });
    expect(clientKeyOf(write!.headers['idempotency-key'])).toBe('cancel-4000001-abc');
    expect(await stubSubscription('4000001')).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Pedido del pagador',
    });
  });

  it('change the payment method (same payload as payments)', async () => {
    const result = await data(
      `mutation($id: ID!, $input: PaymentMethodChangeInput!) { changeSubscriptionPaymentMethod(id: $id, input: $input, idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`,
      { id: '4000007', input: CARD_INPUT },
    );
    expect(result.changeSubscriptionPaymentMethod).toMatchObject({
      outcome: 'SUCCESS',
      subscription: { paymentMethod: { lastFourDigits: '3704' } },
    });
    const [write] = await writes();
    expect(write).toMatchObject({ method: 'PUT', path: '/subscription/suscripciones/4000007/medio-de-pago' });
    expect(write!.body).toMatchObject({
      number: '4509953566233704',
      holder: {
        name: 'Sofía Benítez',
        identification: { type: 'DNI_ARG', number: '31456123', country: 'ARG' },
      },
    });
    expect((await stubSubscription('4000007')).payment_method).toMatchObject({ last_four_digits: '3704' });
  });

  it('remove the payment method', async () => {
    const result = await data(
      `mutation($id: ID!) { removeSubscriptionPaymentMethod(id: $id, idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`,
      { id: '4000001' },
    );
    expect(result.removeSubscriptionPaymentMethod).toMatchObject({
      outcome: 'SUCCESS',
      subscription: { paymentMethod: null },
    });
    expect(lines(await writes())).toEqual(['DELETE /subscription/suscripciones/4000001/medio-de-pago']);
    expect((await stubSubscription('4000001')).payment_method).toBeNull();
  });

  it('update the amount of a subscription (Decimal in, JSON number with 2 decimals upstream)', async () => {
    const result = await data(
      `mutation($id: ID!, $amount: Decimal!) { updateSubscriptionAmount(id: $id, amount: $amount, idempotencyKey: "k46-subscription-386") { ${PAYLOAD} } }`,
      { id: '4000001', amount: '1234,5' },
    );
    expect(result.updateSubscriptionAmount).toMatchObject({
      outcome: 'SUCCESS',
      message: 'El importe de la suscripción se actualizó correctamente.',
      subscription: { amount: '1234.50' },
    });
    const [write] = await writes();
    expect(write).toMatchObject({
      method: 'PUT',
      path: '/subscription/suscripciones/4000001/importe',
      body: { amount: 1234.5 },
    });
    expect((await stubSubscription('4000001')).amount).toBe(1234.5);
  });

  it('a repeated idempotency key answers the first result, and the service writes once', async () => {
    const before = Number((await stubSubscription('4000001')).version);
    const mutation = `mutation($key: String!) { updateSubscriptionAmount(id: "4000001", amount: "1500", idempotencyKey: $key) { ${PAYLOAD} } }`;
    const first = await data(mutation, { key: 'importe-4000001-a' });
    expect(first.updateSubscriptionAmount).toMatchObject({
      outcome: 'SUCCESS',
      subscription: { amount: '1500.00' },
    });
    expect(Number((await stubSubscription('4000001')).version)).toBe(before + 1);
    // The operator retries the same intent (e.g. after an UNKNOWN): same key, same answer, no second change.
    const again = await data(mutation, { key: 'importe-4000001-a' });
    expect(again.updateSubscriptionAmount).toEqual(first.updateSubscriptionAmount);
    expect(Number((await stubSubscription('4000001')).version)).toBe(before + 1);
    const keys = (await writes()).map((w) => clientKeyOf(w.headers['idempotency-key']));
    expect(keys).toEqual(['importe-4000001-a', 'importe-4000001-a']);
    // Another intent (another key) is another change.
    await data(mutation, { key: 'importe-4000001-b' });
    expect(Number((await stubSubscription('4000001')).version)).toBe(before + 2);
  });

  it('send the e-mail to the payer', async () => {
    const before = (await stubSubscription('4000006')).notifications as Json[];
    const result = await data(
      `mutation($id: ID!) { sendSubscriptionEmail(id: $id, idempotencyKey: "${freshKey()}") { outcome message error { message } notification { id action } subscription { id notifications { id } } } }`,
      { id: '4000006' },
    );
    expect(result.sendSubscriptionEmail).toMatchObject({ outcome: 'SUCCESS', error: null });
    expect(result.sendSubscriptionEmail.notification.id).toBeTruthy();
    expect(result.sendSubscriptionEmail.subscription.notifications).toHaveLength(before.length + 1);
    expect(lines(await writes())).toEqual(['POST /subscription/suscripciones/4000006/notificar']);
  });

  it('refresh', async () => {
    const result = await data(`mutation($id: ID!) { refreshSubscription(id: $id, idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`, {
      id: '4000002',
    });
    expect(result.refreshSubscription).toMatchObject({ outcome: 'SUCCESS', subscription: { id: '4000002' } });
    expect(lines(await writes())).toEqual(['POST /subscription/suscripciones/4000002/refrescar']);
  });

  it.each([
    [
      'cancel a cancelled one',
      `cancelSubscription(id: "4000004", reason: "x", idempotencyKey: "k46-subscription-426")`,
      SUBSCRIPTION_REASONS.cancelled,
    ],
    [
      'remove a missing method',
      `removeSubscriptionPaymentMethod(id: "4000007", idempotencyKey: "${freshKey()}")`,
      SUBSCRIPTION_REASONS.noPaymentMethod,
    ],
    [
      'edit the amount of an adhesion',
      `updateSubscriptionAmount(id: "4000002", amount: "10", idempotencyKey: "k46-subscription-436")`,
      SUBSCRIPTION_REASONS.amountType,
    ],
    ['e-mail a cancelled one', `sendSubscriptionEmail(id: "4000004", idempotencyKey: "${freshKey()}")`, SUBSCRIPTION_REASONS.sendEmailStatus],
  ])('the rules refuse to %s without writing', async (_why, call, reason) => {
    const result = await data(`mutation { result: ${call} { outcome error { message code } } }`);
    expect(result.result).toEqual({
      outcome: 'FAILED',
      error: { message: reason, code: 'ACTION_NOT_ALLOWED' },
    });
    expect(await writes()).toEqual([]);
  });

  it('a zero amount is bad input, with no upstream call', async () => {
    const res = await run(
      `mutation { updateSubscriptionAmount(id: "4000001", amount: "0", idempotencyKey: "k46-subscription-450") { outcome error { code field } } }`,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.updateSubscriptionAmount).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_INPUT', field: ['amount'] },
    });
    expect(await recorded()).toEqual([]);
  });

  it('a service refusal is FAILED with the catalogue text and extended code', async () => {
    await forceFailure({ operation: 'cancelar', ids: ['4000002'], extended_code: 'subscription_cancelled' });
    const result = await data(
      `mutation { cancelSubscription(id: "4000002", reason: "x", idempotencyKey: "k46-subscription-457") { ${PAYLOAD} } }`,
    );
    expect(result.cancelSubscription).toMatchObject({
      outcome: 'FAILED',
      error: {
        message: 'La suscripción está cancelada - subscription_cancelled',
        code: 'INVALID_STATE',
        extendedCode: 'subscription_cancelled',
      },
      subscription: { id: '4000002', status: 'ACTIVE' },
    });
  });
});

describe('a write that does not answer in time', () => {
  it('is UNKNOWN ("resultado desconocido"), never SUCCESS, and the service may still apply it', async () => {
    await injectLatency(stack.stubs.url, 'subscription', 1000);
    const res = await gql<Json>(
      impatient.graphqlUrl,
      `mutation { cancelSubscription(id: "4000002", reason: "Sin respuesta", idempotencyKey: "k46-subscription-475") { ${PAYLOAD} } }`,
      { token: await tokenFor('operador') },
    );
    expect(res.body.errors, res.text).toBeUndefined();
    expect(res.body.data.cancelSubscription).toEqual({
      outcome: 'UNKNOWN',
      message: null,
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_TIMEOUT', extendedCode: null },
      subscription: null,
    });
    await expect
      .poll(async () => (await stubSubscription('4000002')).status, { timeout: 10_000 })
      .toBe('cancelled');
  });
});

describe('subscription multi-select', () => {
  it('bulk cancel: one result per id, each written', async () => {
    const result = await data(
      `mutation($ids: [ID!]!) { bulkCancelSubscriptions(ids: $ids, reason: "Baja masiva", idempotencyKey: "k46-subscription-494") { ${BULK_RESULTS} } }`,
      { ids: ['4000001', '4000002', '4000003'] },
    );
    expect(
      (result.bulkCancelSubscriptions.results as Json[]).map((r) => [r.id, r.outcome, r.subscription.status]),
    ).toEqual([
      ['4000001', 'SUCCESS', 'CANCELLED'],
      ['4000002', 'SUCCESS', 'CANCELLED'],
      ['4000003', 'SUCCESS', 'CANCELLED'],
    ]);
    expect(lines(await writes()).sort()).toEqual(
      ['4000001', '4000002', '4000003'].map((id) => `POST /subscription/suscripciones/${id}/cancelar`),
    );
  });

  it('a cancelled subscription in the selection fails alone, naming it; the others are written', async () => {
    const result = await data(
      `mutation($ids: [ID!]!) { bulkCancelSubscriptions(ids: $ids, reason: "x", idempotencyKey: "k46-subscription-511") { ${BULK_RESULTS} } }`,
      { ids: ['4000001', '4000004'] },
    );
    const [ok, refused] = result.bulkCancelSubscriptions.results as Json[];
    expect(ok).toMatchObject({ id: '4000001', outcome: 'SUCCESS', subscription: { status: 'CANCELLED' } });
    expect(refused).toMatchObject({
      id: '4000004',
      outcome: 'FAILED',
      error: {
        message: `Suscripción 4000004: ${SUBSCRIPTION_REASONS.cancelled}`,
        code: 'ACTION_NOT_ALLOWED',
        extendedCode: null,
      },
    });
    expect(lines(await writes())).toEqual(['POST /subscription/suscripciones/4000001/cancelar']);
  });

  it('a subscription cancelled elsewhere after it was selected fails alone; the other is cancelled', async () => {
    // Two active subscriptions selected, one cancelled directly in the service in between.
    const direct = await fetch(`${stack.stubs.url}/subscription/suscripciones/4000002/cancelar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Cancelada por otro operador' }),
    });
    expect(direct.ok).toBe(true);
    await stack.clearUpstreamRequests();
    const result = await data(
      `mutation($ids: [ID!]!) { bulkCancelSubscriptions(ids: $ids, reason: "Baja masiva", idempotencyKey: "k46-subscription-538") { ${BULK_RESULTS} } }`,
      { ids: ['4000001', '4000002'] },
    );
    expect(
      (result.bulkCancelSubscriptions.results as Json[]).map((r) => [
        r.id,
        r.outcome,
        r.error?.message ?? null,
      ]),
    ).toEqual([
      ['4000001', 'SUCCESS', null],
      ['4000002', 'FAILED', `Suscripción 4000002: ${SUBSCRIPTION_REASONS.cancelled}`],
    ]);
    expect(lines(await writes())).toEqual(['POST /subscription/suscripciones/4000001/cancelar']);
    expect((await stubSubscription('4000001')).status).toBe('cancelled');
  });

  it('bulk edit amount: every adhesion is written; a non-adhesion fails alone, unwritten', async () => {
    const mixed = await data(
      `mutation($ids: [ID!]!) { bulkUpdateSubscriptionAmount(ids: $ids, amount: "999.99", idempotencyKey: "bulk-amount-0") { ${BULK_RESULTS} } }`,
      { ids: ['4000002', '4000001'] },
    );
    expect(
      (mixed.bulkUpdateSubscriptionAmount.results as Json[]).map((r) => [
        r.outcome,
        r.error?.message ?? null,
      ]),
    ).toEqual([
      ['SUCCESS', null],
      ['FAILED', `Suscripción 4000001: ${SUBSCRIPTION_REASONS.bulkAmountType}`],
    ]);
    expect(lines(await writes())).toEqual(['PUT /subscription/suscripciones/4000002/importe']);
    await stack.clearUpstreamRequests();

    const done = await data(
      `mutation($ids: [ID!]!) { bulkUpdateSubscriptionAmount(ids: $ids, amount: "999.99", idempotencyKey: "bulk-amount-1") { ${BULK_RESULTS} } }`,
      { ids: ['4000002', '4000008'] },
    );
    expect(
      (done.bulkUpdateSubscriptionAmount.results as Json[]).map((r) => [r.outcome, r.subscription.amount]),
    ).toEqual([
      ['SUCCESS', '999.99'],
      ['SUCCESS', '999.99'],
    ]);
    const keys = (await writes()).map((w) => clientKeyOf(w.headers['idempotency-key'])).sort();
    expect(keys).toEqual(['bulk-amount-1/4000002', 'bulk-amount-1/4000008']);
  });

  it('bulk change method with a forced failure reports each item; only the failed one is not written', async () => {
    await forceFailure({ operation: 'medio-de-pago', ids: ['4000008'] });
    const result = await data(
      `mutation($ids: [ID!]!, $input: PaymentMethodChangeInput!) { bulkChangeSubscriptionPaymentMethod(ids: $ids, input: $input, idempotencyKey: "${freshKey()}") { ${BULK_RESULTS} } }`,
      { ids: ['4000002', '4000008'], input: CARD_INPUT },
    );
    const [ok, failed] = result.bulkChangeSubscriptionPaymentMethod.results as Json[];
    expect(ok).toMatchObject({ id: '4000002', outcome: 'SUCCESS' });
    expect(failed).toMatchObject({
      id: '4000008',
      outcome: 'FAILED',
      error: { extendedCode: 'forced_failure' },
    });
    expect(failed.error.message).toMatch(/ - forced_failure$/);
    expect((await stubSubscription('4000002')).payment_method).toMatchObject({ last_four_digits: '3704' });
    expect((await stubSubscription('4000008')).payment_method).not.toMatchObject({
      last_four_digits: '3704',
    });
  });
});

describe('consulta (no permission)', () => {
  const MUTATIONS = [
    `cancelSubscription(id: "4000001", reason: "x", idempotencyKey: "k46-subscription-609") { outcome }`,
    `changeSubscriptionPaymentMethod(id: "4000001", input: $input, idempotencyKey: "${freshKey()}") { outcome }`,
    `removeSubscriptionPaymentMethod(id: "4000001", idempotencyKey: "${freshKey()}") { outcome }`,
    `updateSubscriptionAmount(id: "4000001", amount: "10", idempotencyKey: "k46-subscription-612") { outcome }`,
    `sendSubscriptionEmail(id: "4000001", idempotencyKey: "${freshKey()}") { outcome }`,
    `refreshSubscription(id: "4000001", idempotencyKey: "${freshKey()}") { outcome }`,
    `bulkCancelSubscriptions(ids: ["4000001"], reason: "x", idempotencyKey: "k46-subscription-615") { results { id } }`,
    `bulkChangeSubscriptionPaymentMethod(ids: ["4000001"], input: $input, idempotencyKey: "${freshKey()}") { results { id } }`,
    `bulkUpdateSubscriptionAmount(ids: ["4000002"], amount: "10", idempotencyKey: "k46-subscription-617") { results { id } }`,
  ];

  it.each(MUTATIONS)('%s is refused with no upstream call', async (call) => {
    const usesInput = call.includes('$input');
    const res = await run(
      `mutation${usesInput ? '($input: PaymentMethodChangeInput!)' : ''} { ${call} }`,
      usesInput ? { input: CARD_INPUT } : {},
      'consulta',
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await recorded()).toEqual([]);
  });

  it('cannot search subscriptions, may open one and is offered only the form link and reload', async () => {
    const list = await run(LIST, {}, 'consulta');
    expect(list.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const detail = await data(DETAIL, { id: '4000001' }, 'consulta');
    const permitted = (detail.subscription.actions as Json[]).filter((a) => a.permitted).map((a) => a.kind);
    expect(permitted).toEqual(['FORM_LINK', 'RELOAD']);
    expect(actionOf(detail.subscription, 'CANCEL')).toMatchObject({ enabled: false, permitted: false });
  });
});
