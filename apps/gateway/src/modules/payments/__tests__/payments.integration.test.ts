import { buildCuit, REFUND_AMOUNT_MESSAGES, subMoney, toDecimalString } from '@backoffice/validators';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../../../__tests__/shared-stack.js';
import { freshTokens, gql, type GqlResponse, clientKeyOf } from '../../../__tests__/http-helpers.js';
import { loadConfig } from '../../../load-config.js';
import { startGateway, type RunningGateway } from '../../../index.js';
import { createLogger } from '../../../logger.js';
import { UNKNOWN_OUTCOME_MESSAGE } from '../../../upstream/outcome.js';
import { REASONS } from '../payments.rules.js';
import { freshKey } from '../../../__tests__/http-helpers.js';

/**
 * Payment detail and every payment action over HTTP, against the real stubs and the Keycloak emulator.
 * The stubs are re-seeded before each test (fixtures of docs/upstream-contract.md §7).
 */

interface Recorded {
  service: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway;
/** Same stubs, a short write timeout (UNKNOWN outcome tests). */
let impatient: RunningGateway;
/**
 * The impatient gateway's timeouts. A write that does not hang must still beat MUTATION_TIMEOUT_MS on a loaded 2-core
 * machine (250 ms did not), and the slow write's latency sits between the two timeouts: its read answers, its write
 * outlives the mutation timeout.
 */
const IMPATIENT = { upstreamTimeoutMs: 6000, mutationTimeoutMs: 2000 };
const SLOW_WRITE_LATENCY_MS = 4000;

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  const base = loadConfig({});
  const config = {
    port: 0,
    host: '127.0.0.1',
    keycloakIssuer: emulator.issuer,
    keycloakJwksUrl: emulator.jwksUrl,
    services: {
      ...base.services,
      payment: `${stubs.url}/payment`,
      collector: `${stubs.url}/collector`,
      notification: `${stubs.url}/notification`,
    },
  };
  const logger = createLogger('silent');
  [gateway, impatient] = await Promise.all([
    startGateway({ ...config, upstreamTimeoutMs: 5000, mutationTimeoutMs: 5000 }, { logger }),
    startGateway({ ...config, ...IMPATIENT }, { logger }),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway?.close(), impatient?.close()]);
});
beforeEach(async () => {
  await fetch(`${stubs.url}/__admin/reset`, { method: 'POST' });
  await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
  await clearRequests();
});

const tokenFor = freshTokens((username) => emulator.accessTokenFor(username));

const clearRequests = () => fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
const recorded = async (service?: string): Promise<Recorded[]> =>
  (
    await fetch(`${stubs.url}/__admin/requests?limit=2000${service ? `&service=${service}` : ''}`)
  ).json() as Promise<Recorded[]>;
/**
 * Answers are read as untyped JSON (the shapes are asserted by the expectations themselves), typed the way
 * JSON.parse types its result.
 */
type Json = ReturnType<typeof JSON.parse>;

const writes = async () => (await recorded()).filter((r) => r.method !== 'GET');
/** The payment as the stubs hold it now (a direct read, not through the gateway). */
const stubPayment = async (id: string) =>
  (await (await fetch(`${stubs.url}/payment/pagos/${id}`)).json()) as Record<string, Json>;

async function run<T = Json>(
  query: string,
  variables: Record<string, unknown> = {},
  user = 'operador',
  target: RunningGateway = gateway,
): Promise<GqlResponse<T>> {
  return gql<T>(target.graphqlUrl, query, { token: await tokenFor(user), variables });
}

/** Runs and expects no GraphQL error; returns data. */
async function data<T = Json>(
  query: string,
  variables: Record<string, unknown> = {},
  user = 'operador',
): Promise<T> {
  const res = await run<T>(query, variables, user);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}

const PAYLOAD = `outcome message error { message code serviceCode extendedCode } payment { id status statusDetail version actions { kind enabled reason } }`;

const DETAIL = /* GraphQL */ `
  query Detail($id: ID!) {
    payment(id: $id) {
      id
      status
      statusDetail
      type
      requestDate
      processDate
      paidDate
      accreditationDate
      finalAmount
      currencyId
      review
      validation
      notificationUrl
      backUrl
      chargeDelay
      rate
      version
      isCurrentVersion
      reference
      details {
        conceptId
        conceptDescription
        amount
        externalReference
      }
      relateds {
        type
        paymentId
      }
      paymentMethods {
        index
        mediaPaymentId
        mediaPaymentName
        cardMasked
        installments
        holderName
        isToken
        currencyConversionInfo {
          conversionFactor
          originalCurrency
          destinationCurrency
          originalAmount
          convertedAmount
        }
        gateway {
          batchNumber
          ticketNumber
          transactionId
          status
          statusDetail
          pptOwner
        }
      }
      payer {
        id
        name
        email
        identification {
          type
          number
          country
        }
      }
      collectorId
      collector {
        id
        name
      }
      refunds {
        id
        status
        statusDetail
        statusDetailMessage
        amount
      }
      subscriptionId
      metadata {
        key
        value
        statusCode
        subscriptionId
        message
        linksToSubscription
      }
      notifications {
        id
        date
        type
        action
      }
      collectorNotifications {
        url
        status
        statusDetail
        retryCount
      }
      source {
        id
        name
        type
      }
      presets {
        actions {
          name
          active
        }
      }
      checkoutUrl
      actions {
        kind
        enabled
        permitted
        reason
      }
    }
  }
`;

const actionOf = (
  payment: { actions: Array<{ kind: string; enabled: boolean; reason: string | null }> },
  kind: string,
) => payment.actions.find((a) => a.kind === kind)!;

// -----------------------------------------------------------------------------------------------------------

describe('payment detail', () => {
  it('returns every section of §3 for operador, costing one upstream call per distinct resource', async () => {
    const { payment } = await data(DETAIL, { id: '1000001' });
    expect(payment).toMatchObject({
      id: '1000001',
      status: 'APPROVED',
      type: 'ONLINE',
      isCurrentVersion: true,
      collectorId: '10001',
      collector: { id: '10001' },
      payer: { id: '700001', name: 'María González', email: 'maria.gonzalez@gmail.com' },
      checkoutUrl: 'http://localhost:5173/formulario/1000001/checkout/ticket',
    });
    const [visa] = payment.paymentMethods;
    expect(visa.cardMasked).toMatch(/^\d{6}\*{6}\d{4}$/);
    expect(visa.installments).toBeGreaterThanOrEqual(1);
    expect(visa.holderName).not.toBe('');
    expect(actionOf(payment, 'REFUND')).toMatchObject({ enabled: true, reason: null });
    expect(actionOf(payment, 'CANCEL')).toMatchObject({
      enabled: false,
      reason: 'Solo se pueden cancelar pagos pendientes o emitidos.',
    });
    const calls = (await recorded()).map((r) => `${r.method} ${r.path}`).sort();
    expect(calls).toEqual([
      'GET /collector/comercios',
      'GET /payment/pagos/1000001',
      'GET /payment/pagos/1000001/titulares',
    ]);
  });

  it('never fetches a resource twice in one request (aliases, history, version)', async () => {
    await data(
      `query($id: ID!) {
        a: payment(id: $id) { id paymentMethods { holderName } collector { name } }
        b: payment(id: $id) { status paymentMethods { holderName } collector { id } }
        h1: paymentHistory(id: $id) { version }
        h2: paymentHistory(id: $id) { status }
        v1: paymentVersion(id: $id, version: 1) { status }
        v2: paymentVersion(id: $id, version: 1) { id }
        holders: paymentCardHolders(id: $id) { holderName }
      }`,
      { id: '1000012' },
    );
    const calls = (await recorded()).map((r) => `${r.method} ${r.path}`).sort();
    expect(calls).toEqual([
      'GET /collector/comercios',
      'GET /payment/pagos/1000012',
      'GET /payment/pagos/1000012/historial',
      'GET /payment/pagos/1000012/titulares',
      'GET /payment/pagos/1000012/versiones/1',
    ]);
  });

  it('shows fees and the batch to users who may see them, and refuses those fields to consulta', async () => {
    const query = `query($id: ID!) { payment(id: $id) { id subscriptionId feeDetails { type rate amount } batchWithdrawal { id status } } }`;
    const admin = await data(query, { id: '1000018' }, 'admin');
    expect(admin.payment.subscriptionId).toBeTruthy();
    expect(admin.payment.feeDetails.length).toBeGreaterThan(0);
    expect(admin.payment.batchWithdrawal.id).toBeTruthy();

    const res = await run(query, { id: '1000018' }, 'consulta');
    expect(res.body.data?.payment).toMatchObject({ id: '1000018', feeDetails: null, batchWithdrawal: null });
    const forbidden = (res.body.errors ?? [])
      .filter((e) => e.extensions?.code === 'FORBIDDEN')
      .map((e) => e.path);
    expect(forbidden).toEqual(
      expect.arrayContaining([
        ['payment', 'feeDetails'],
        ['payment', 'batchWithdrawal'],
      ]),
    );

    // @include lets the web ask only for what the user may see
    const guarded = await data(
      `query($id: ID!, $fees: Boolean!) { payment(id: $id) { id feeDetails @include(if: $fees) { type } } }`,
      { id: '1000018', fees: false },
      'consulta',
    );
    expect(guarded.payment).toEqual({ id: '1000018' });
  });

  it('shows a token payment with its currency conversion', async () => {
    const { payment } = await data(DETAIL, { id: '1000017' });
    const token = payment.paymentMethods.find((m: Json) => m.mediaPaymentId === 92);
    expect(token).toMatchObject({ isToken: true, mediaPaymentName: 'Tokens' });
    expect(token.currencyConversionInfo).toMatchObject({
      originalCurrency: 'USD',
      destinationCurrency: 'ARS',
    });
    expect(token.currencyConversionInfo.convertedAmount).toMatch(/^\d+\.\d{2}$/);
  });

  it('reads subscription_request metadata with Spanish messages and the link rule', async () => {
    const { payment } = await data(DETAIL, { id: '1000019' });
    const requests = payment.metadata.filter((m: Json) => m.key === 'subscription_request');
    expect(requests.map((m: Json) => m.statusCode)).toEqual(expect.arrayContaining([409, 500]));
    for (const entry of requests) {
      expect(entry.linksToSubscription).toBe(entry.statusCode === 200 && entry.subscriptionId !== null);
      expect(entry.message).toMatch(/suscripci/i);
    }
  });

  it('lists related payments, notifications, collector notifications, source and presets', async () => {
    const { payment } = await data(DETAIL, { id: '1000022' });
    expect(payment.relateds).toEqual(
      expect.arrayContaining([expect.objectContaining({ paymentId: '1000009' })]),
    );
    expect(payment.notifications.length).toBeGreaterThan(0);
    expect(payment.collectorNotifications.length).toBeGreaterThan(0);
    expect(payment.source).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(payment.presets.actions.length).toBeGreaterThan(0);
  });

  it('answers null for an unknown payment and BAD_USER_INPUT for a malformed id', async () => {
    expect((await data(`{ payment(id: "999999999") { id } }`)).payment).toBeNull();
    await clearRequests();
    const res = await run(`{ payment(id: "../../x") { id } }`);
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(await recorded()).toEqual([]);
  });
});

describe('actions(kinds:)', () => {
  it('answers only the kinds asked for, in the toolbar order, each as the whole list decides it', async () => {
    const { payments } = await data<{
      payments: { rows: { id: string; all: Json[]; menu: Json[]; none: Json[] }[] };
    }>(`{
      payments(pageSize: 10) {
        rows {
          id
          all: actions { kind enabled permitted reason }
          menu: actions(kinds: [CANCEL_OBJECTION, CANCEL, CHANGE_PAYMENT_METHOD]) { kind enabled permitted reason }
          none: actions(kinds: []) { kind }
        }
      }
    }`);
    expect(payments.rows).toHaveLength(10);
    for (const row of payments.rows) {
      expect(row.all).toHaveLength(14);
      expect(row.menu.map((a) => a.kind)).toEqual(['CANCEL', 'CHANGE_PAYMENT_METHOD', 'CANCEL_OBJECTION']);
      expect(row.menu).toEqual(row.all.filter((a) => row.menu.some((m) => m.kind === a.kind)));
      expect(row.none).toEqual([]);
    }
  });
});

describe('version history', () => {
  it('lists the versions (FECHA, ESTADO, ID) newest first and shows a previous version as not current', async () => {
    const { paymentHistory } = await data(
      `{ paymentHistory(id: "1000012") { version lastUpdateDate id status } }`,
    );
    expect(paymentHistory.map((r: Json) => r.status)).toEqual(['REFUNDED', 'APPROVED', 'PENDING']);
    expect(paymentHistory.map((r: Json) => r.version)).toEqual([3, 2, 1]);

    const { paymentVersion } = await data(
      `{ paymentVersion(id: "1000012", version: 1) { id status version isCurrentVersion actions { kind enabled reason } } }`,
    );
    expect(paymentVersion).toMatchObject({
      id: '1000012',
      status: 'PENDING',
      version: 1,
      isCurrentVersion: false,
    });
    expect(actionOf(paymentVersion, 'CANCEL')).toEqual({
      kind: 'CANCEL',
      enabled: false,
      reason: 'Está viendo una versión anterior del pago.',
    });
    expect(actionOf(paymentVersion, 'HISTORY').enabled).toBe(true);
    expect(actionOf(paymentVersion, 'RELOAD').enabled).toBe(true);
  });

  it('is available to consulta (reload and history: always)', async () => {
    const { paymentHistory } = await data(`{ paymentHistory(id: "1000012") { version } }`, {}, 'consulta');
    expect(paymentHistory).toHaveLength(3);
  });

  it('answers null for an unknown version', async () => {
    expect((await data(`{ paymentVersion(id: "1000012", version: 99) { id } }`)).paymentVersion).toBeNull();
  });
});

describe('payment-method catalogue', () => {
  it('answers the catalogue to any signed-in user (consulta), without upstream calls', async () => {
    const { paymentMethodCatalogue } = await data(
      `{ paymentMethodCatalogue { mediaPaymentId code name isCard } }`,
      {},
      'consulta',
    );
    expect(paymentMethodCatalogue).toHaveLength(41);
    expect(paymentMethodCatalogue[0]).toEqual({ mediaPaymentId: 1, code: 'cbu', name: 'CBU', isCard: false });
    expect(paymentMethodCatalogue).toContainEqual({
      mediaPaymentId: 10,
      code: 'visa_debito',
      name: 'Visa Débito',
      isCard: true,
    });
    expect(await recorded()).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    const response = await gql(gateway.graphqlUrl, `{ paymentMethodCatalogue { name } }`);
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('card holder', () => {
  it('is looked up with PAYMENT_HOLDER, and is "deconocido" without it (no lookup)', async () => {
    const query = `{ payment(id: "1000001") { paymentMethods { holderName } } }`;
    const operador = await data(query);
    expect(operador.payment.paymentMethods[0].holderName).not.toBe('deconocido');
    await clearRequests();
    const consulta = await data(query, {}, 'consulta');
    expect(consulta.payment.paymentMethods[0].holderName).toBe('deconocido');
    expect((await recorded()).map((r) => r.path)).toEqual(['/payment/pagos/1000001']);

    const holders = await data(`{ paymentCardHolders(id: "1000001") { holderName holderId } }`);
    expect(holders.paymentCardHolders[0]).toMatchObject({ holderName: expect.any(String) });
    const res = await run(`{ paymentCardHolders(id: "1000001") { holderName } }`, {}, 'consulta');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('notifications', () => {
  it('shows a notification and resends it', async () => {
    const list = (await (await fetch(`${stubs.url}/notification/notificaciones?limit=1`)).json()) as {
      rows: Array<{ id: string }>;
    };
    const id = list.rows[0]!.id;
    const { notification } = await data(
      `query($id: ID!) { notification(id: $id) { id type action signature to customerName paymentId status retryCount } }`,
      { id },
    );
    expect(notification).toMatchObject({ id, type: 'notification', paymentId: expect.any(String) });
    const { resendNotification } = await data(
      `mutation($id: ID!) { resendNotification(id: $id, idempotencyKey: "${freshKey()}") { outcome message error { message } notification { id retryCount status } } }`,
      { id },
    );
    expect(resendNotification).toMatchObject({
      outcome: 'SUCCESS',
      message: 'La notificación se reenvió correctamente.',
      notification: { id, retryCount: (notification.retryCount ?? 0) + 1, status: 'sent' },
    });
  });

  it('refuses consulta and reports an unknown notification', async () => {
    const res = await run(`{ notification(id: "7000001") { id } }`, {}, 'consulta');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await data(`{ notification(id: "1") { id } }`)).notification).toBeNull();
    const { resendNotification } = await data(
      `mutation { resendNotification(id: "1", idempotencyKey: "${freshKey()}") { outcome error { message } } }`,
    );
    expect(resendNotification).toEqual({
      outcome: 'FAILED',
      error: { message: 'No se encontró la notificación - notification_not_found' },
    });
    expect(await writes()).toEqual([]);
  });
});

// -----------------------------------------------------------------------------------------------------------

describe('mutations in the state that allows them (operador)', () => {
  it('cancels a pending payment', async () => {
    const { cancelPayment } = await data(
      `mutation { cancelPayment(id: "1000005", reason: "Pedido del pagador", idempotencyKey: "k46-payments-502") { ${PAYLOAD} } }`,
    );
    expect(cancelPayment).toMatchObject({
      outcome: 'SUCCESS',
      error: null,
      message: 'El pago se canceló correctamente.',
      payment: { id: '1000005', status: 'REJECTED', statusDetail: 'cancelled_by_backoffice' },
    });
    expect(actionOf(cancelPayment.payment, 'CANCEL').enabled).toBe(false);
    const stub = await stubPayment('1000005');
    expect(stub).toMatchObject({ status: 'rejected', status_detail: 'cancelled_by_backoffice' });
    expect(stub.metadata.cancel_reason).toBe('Pedido del pagador');
    // A money-moving mutation: its required key reaches the service.
    expect((await writes()).map((w) => clientKeyOf(w.headers['idempotency-key']))).toEqual(['k46-payments-502']);
  });

  it('changes the payment method by card and by transfer', async () => {
    const card = await data(
      `mutation($input: PaymentMethodChangeInput!) { changePaymentMethod(id: "1000006", input: $input, idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`,
      {
        input: {
          kind: 'CARD',
          number: '4507990000004905',
          expiration: '12/2099',
          holder: { name: 'Juan Pérez', identification: { number: '30123456' } },
        },
      },
    );
    expect(card.changePaymentMethod).toMatchObject({
      outcome: 'SUCCESS',
      message: 'El medio de pago se actualizó correctamente.',
    });
    expect((await stubPayment('1000006')).payment_methods[0]).toMatchObject({
      media_payment_id: 9,
      first_six_digits: '450799',
      last_four_digits: '4905',
      expiration_month: 12,
      expiration_year: 2099,
    });
    const put = (await writes())[0]!;
    expect(put).toMatchObject({ method: 'PUT', path: '/payment/pagos/1000006/medio-de-pago' });
    expect(put.body).toEqual({
      number: '4507990000004905',
      expiration_month: 12,
      expiration_year: 2099,
      holder: { name: 'Juan Pérez', identification: { type: 'DNI_ARG', number: '30123456', country: 'ARG' } },
    });

    const transfer = await data(
      `mutation($input: PaymentMethodChangeInput!) { changePaymentMethod(id: "1000007", input: $input, idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`,
      {
        input: {
          kind: 'TRANSFER',
          number: '2850590940090418135201',
          holder: { name: 'Lucía Fernández', identification: { number: buildCuit('2735987654') } },
        },
      },
    );
    expect(transfer.changePaymentMethod.outcome).toBe('SUCCESS');
    expect((await stubPayment('1000007')).payment_methods[0]).toMatchObject({
      media_payment_id: 1,
      type: 'debit',
    });
  });

  it('cancels an objection', async () => {
    const { cancelPaymentObjection } = await data(
      `mutation { cancelPaymentObjection(id: "1000013", reason: "Objeción resuelta", idempotencyKey: "k46-payments-567") { ${PAYLOAD} } }`,
    );
    expect(cancelPaymentObjection).toMatchObject({ outcome: 'SUCCESS', payment: { status: 'APPROVED' } });
    expect((await stubPayment('1000013')).status_detail).toBe('objection_cancelled');
  });

  it('retries with the same method (A) and with a new one (B)', async () => {
    const a = await data(
      `mutation { retryPayment(id: "1000008", mode: SAME_METHOD, idempotencyKey: "k46-payments-574") { ${PAYLOAD} } }`,
    );
    expect(a.retryPayment).toMatchObject({ outcome: 'SUCCESS', payment: { status: 'PENDING' } });
    const b = await data(
      `mutation { retryPayment(id: "1000011", mode: MODIFY_METHOD, idempotencyKey: "k46-payments-576") { ${PAYLOAD} } }`,
    );
    expect(b.retryPayment).toMatchObject({ outcome: 'SUCCESS', payment: { status: 'ISSUED' } });
    expect((await writes()).map((w) => w.body)).toEqual([{ code: 'A' }, { code: 'B' }]);
  });

  it('reports the upstream refusal of retry A on an expired card through the catalogue', async () => {
    const { retryPayment } = await data(
      `mutation { retryPayment(id: "1000011", mode: SAME_METHOD, idempotencyKey: "k46-payments-583") { ${PAYLOAD} } }`,
    );
    expect(retryPayment).toMatchObject({
      outcome: 'FAILED',
      error: {
        message: 'La tarjeta está vencida: modifique el medio de pago - card_expired',
        code: 'INVALID_INPUT',
        serviceCode: 'validation_error',
        extendedCode: 'card_expired',
      },
    });
  });

  it('refunds an approved payment forwarding the idempotency key, once', async () => {
    const key = 'a3c1e2f4-0000-4000-8000-000000000001';
    const mutation = `mutation($key: String!) { refundPayment(id: "1000001", reason: "Pedido del socio", idempotencyKey: $key) { ${PAYLOAD} refunds { status amount } } }`;
    const { refundPayment } = await data(mutation, { key });
    expect(refundPayment).toMatchObject({
      outcome: 'SUCCESS',
      message: 'El pago se devolvió correctamente.',
      payment: { status: 'REFUNDED' },
      refunds: [{ status: 'APPROVED' }],
    });
    const [post] = await writes();
    expect(post).toMatchObject({ path: '/payment/pagos/1000001/devolver' });
    expect(clientKeyOf(post!.headers['idempotency-key'])).toBe(key);
    expect(post!.body).toMatchObject({ reason: 'Pedido del socio', partial: false });
    // The same intent again: refused by the rule (no second refund)
    const again = await data(mutation, { key });
    expect(again.refundPayment).toMatchObject({ outcome: 'FAILED', error: { message: REASONS.refundState } });
    expect((await stubPayment('1000001')).refunds).toHaveLength(1);
  });

  it('refunds a smaller amount as partial (amount and partial: true upstream); more than what is left is refused with 0 writes', async () => {
    const finalAmount = toDecimalString((await stubPayment('1000001')).final_amount as number);
    const mutation = `mutation($amount: Decimal) { refundPayment(id: "1000001", reason: "Parcial", idempotencyKey: "key-1000001-partial", amount: $amount) { ${PAYLOAD} refunds { status amount } } }`;
    const { refundPayment } = await data(mutation, { amount: '1.50' });
    expect(refundPayment).toMatchObject({ outcome: 'SUCCESS', payment: { status: 'APPROVED' } });
    const posts = await writes();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      path: '/payment/pagos/1000001/devolver',
      body: { reason: 'Parcial', amount: 1.5, partial: true },
    });
    // What is left is reduced: the old total is now more than what is left, refused before any write.
    await clearRequests();
    const over = await run(mutation.replace('key-1000001-partial', 'key-1000001-over'), {
      amount: finalAmount,
    });
    expect(over.body.errors).toBeUndefined();
    const left = toDecimalString(subMoney(finalAmount, '1.50'));
    expect(over.body.data).toMatchObject({
      refundPayment: {
        outcome: 'FAILED',
        error: { message: REFUND_AMOUNT_MESSAGES.overRemaining(left) },
      },
    });
    expect(await writes()).toHaveLength(0);
    expect((await stubPayment('1000001')).refunds).toHaveLength(1);
  });

  it('refuses a malformed or zero refund amount in Spanish with no upstream call at all', async () => {
    const refund = `mutation($amount: Decimal) { refundPayment(id: "1000001", reason: "x", idempotencyKey: "key-1000001-bad", amount: $amount) { outcome error { code field message } } }`;
    // A Decimal that does not parse is a variable of the wrong type: an error of the response.
    const malformed = await run(refund, { amount: '12.345' });
    expect(malformed.body.errors?.[0]?.message).toMatch(/importe/i);
    // A zero amount is the gateway's refusal: the payload says it, naming the argument (schema 2.0.0).
    const zero = await run(refund, { amount: '0.00' });
    expect(zero.body.errors).toBeUndefined();
    expect((zero.body.data as Json).refundPayment).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_INPUT', field: ['amount'], message: expect.stringMatching(/importe/i) },
    });
    expect(await recorded()).toHaveLength(0);
  });

  it('shows the status detail of a refund the gateway rejects', async () => {
    const { refundPayment } = await data(
      `mutation { refundPayment(id: "1000002", reason: "Pedido", idempotencyKey: "key-1000002-1") { ${PAYLOAD} refunds { status statusDetail } } }`,
    );
    expect(refundPayment).toMatchObject({
      outcome: 'FAILED',
      message: null,
      error: {
        message: 'Fondos insuficientes en la cuenta de la entidad - insufficient_funds_in_collector_account',
        code: 'REFUND_REJECTED',
        serviceCode: 'rejected',
        extendedCode: 'insufficient_funds_in_collector_account',
      },
      payment: { status: 'APPROVED' },
      refunds: [{ status: 'REJECTED', statusDetail: 'insufficient_funds_in_collector_account' }],
    });
  });

  it('partially refunds the approved methods (all approved)', async () => {
    const { partialRefundPayment } = await data(
      `mutation { partialRefundPayment(id: "1000003", idempotencyKey: "key-1000003-1") { ${PAYLOAD} refunds { status paymentMethodIndex } } }`,
    );
    expect(partialRefundPayment).toMatchObject({ outcome: 'SUCCESS', payment: { status: 'REFUNDED' } });
    const [post] = await writes();
    const stub = await stubPayment('1000003');
    expect(clientKeyOf(post!.headers['idempotency-key'])).toBe('key-1000003-1');
    // only the approved method (the visa, index 0), for its final amount
    expect(post!.body).toEqual([
      {
        status_detail: expect.any(String),
        type: 'online',
        amount: stub.payment_methods[0].final_amount,
        payment_method_id: 0,
      },
    ]);
  });

  it('partially refunds with one method rejected: FAILED with its status detail, the other refunded', async () => {
    const { partialRefundPayment } = await data(
      `mutation { partialRefundPayment(id: "1000004", idempotencyKey: "key-1000004-1") { ${PAYLOAD} refunds { status statusDetail paymentMethodIndex } } }`,
    );
    expect(partialRefundPayment).toMatchObject({
      outcome: 'FAILED',
      error: {
        message: 'Rechazada por el emisor de la tarjeta - rejected_by_card_issuer',
        code: 'REFUND_PARTIAL',
        serviceCode: 'partial',
        extendedCode: 'rejected_by_card_issuer',
      },
    });
    const statuses = partialRefundPayment.refunds.map((r: Json) => r.status).sort();
    expect(statuses).toEqual(['APPROVED', 'REJECTED']);
    expect((await writes())[0]!.body).toHaveLength(2); // visa and naranja approved, rapipago rejected: not sent
  });

  it('reverses an approved payment', async () => {
    const { reversePayment } = await data(
      `mutation { reversePayment(id: "1000017", reason: "Contracargo", idempotencyKey: "key-1000017-1") { ${PAYLOAD} } }`,
    );
    expect(reversePayment).toMatchObject({
      outcome: 'SUCCESS',
      message: 'El pago se revirtió correctamente.',
      payment: { status: 'REFUNDED', statusDetail: 'reversed' },
    });
    expect(clientKeyOf((await writes())[0]!.headers['idempotency-key'])).toBe('key-1000017-1');
  });

  it('forwards the notification to the collector', async () => {
    const before = (await stubPayment('1000001')).collector_notifications.length;
    const { forwardPaymentNotification } = await data(
      `mutation { forwardPaymentNotification(id: "1000001", idempotencyKey: "${freshKey()}") { outcome message payment { collectorNotifications { status } } } }`,
    );
    expect(forwardPaymentNotification.outcome).toBe('SUCCESS');
    expect(forwardPaymentNotification.message).toBe('Se envio la notificación del pago correctamente.');
    expect(forwardPaymentNotification.payment.collectorNotifications).toHaveLength(before + 1);
  });

  it('updates a pending payment from the gateway', async () => {
    const { updatePaymentFromGateway } = await data(
      `mutation { updatePaymentFromGateway(id: "1000005", idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`,
    );
    expect(updatePaymentFromGateway).toMatchObject({ outcome: 'SUCCESS', payment: { status: 'APPROVED' } });
  });

  it('notifies the payer, and with an addressee and receipts through the notification service', async () => {
    const { notifyPayer } = await data(
      `mutation { notifyPayer(id: "1000005", idempotencyKey: "${freshKey()}") { outcome message notification { id action } payment { notifications { id } } } }`,
    );
    expect(notifyPayer).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Se envió la notificación al pagador correctamente.',
      notification: { action: 'payment_reminder' },
    });
    expect(notifyPayer.payment.notifications.map((n: Json) => n.id)).toContain(notifyPayer.notification.id);

    await clearRequests();
    const other = await data(
      `mutation { notifyPayer(id: "1000005", addressee: "tesoreria@club.com.ar", downloadReceipts: true, idempotencyKey: "${freshKey()}") { outcome notification { id action } } }`,
    );
    expect(other.notifyPayer).toMatchObject({
      outcome: 'SUCCESS',
      notification: { action: 'payment_receipts' },
    });
    const [post] = await writes();
    expect(post).toMatchObject({ service: 'notification', path: '/notification/notificaciones' });
    expect(post!.body).toMatchObject({
      type: 'notification',
      action: 'payment_receipts',
      signature: '10001',
      to: 'tesoreria@club.com.ar',
      payload: { customer_name: 'María González' },
    });
  });

  it('refreshes a payment', async () => {
    const { refreshPayment } = await data(`mutation { refreshPayment(id: "1000001", idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`);
    expect(refreshPayment).toMatchObject({
      outcome: 'SUCCESS',
      message: 'El pago se actualizó correctamente.',
      payment: { id: '1000001' },
    });
  });
});

describe('mutations in a state that does not allow them: the rule refuses, no upstream write', () => {
  const cases: Array<[string, string, string]> = [
    [
      'cancel approved',
      `cancelPayment(id: "1000001", reason: "x", idempotencyKey: "k46-payments-778")`,
      REASONS.cancelState,
    ],
    [
      'change method of pending',
      `changePaymentMethod(id: "1000005", input: { kind: CARD, number: "4507990000004905", expiration: "12/2099", holder: { name: "Ana", identification: { number: "28456789" } } }, idempotencyKey: "${freshKey()}")`,
      REASONS.changeMethodState,
    ],
    [
      'cancel objection of approved',
      `cancelPaymentObjection(id: "1000001", reason: "x", idempotencyKey: "k46-payments-786")`,
      REASONS.cancelObjectionState,
    ],
    [
      'retry overdue',
      `retryPayment(id: "1000009", mode: SAME_METHOD, idempotencyKey: "k46-payments-789")`,
      REASONS.retryOverdue,
    ],
    [
      'retry with inactive preset',
      `retryPayment(id: "1000010", mode: MODIFY_METHOD, idempotencyKey: "k46-payments-790")`,
      REASONS.retryDisabled,
    ],
    [
      'retry approved',
      `retryPayment(id: "1000001", mode: MODIFY_METHOD, idempotencyKey: "k46-payments-791")`,
      REASONS.retryState,
    ],
    [
      'refund QR with two methods',
      `refundPayment(id: "1000016", reason: "x", idempotencyKey: "key-qr-0001")`,
      REASONS.refundType,
    ],
    [
      'refund pending',
      `refundPayment(id: "1000005", reason: "x", idempotencyKey: "key-pe-0001")`,
      REASONS.refundState,
    ],
    [
      'partial refund approved',
      `partialRefundPayment(id: "1000001", idempotencyKey: "key-pa-0001")`,
      REASONS.partialRefundState,
    ],
    [
      'reverse pending',
      `reversePayment(id: "1000005", reason: "x", idempotencyKey: "key-re-0001")`,
      REASONS.reverseState,
    ],
    ['forward without notification_url', `forwardPaymentNotification(id: "1000020", idempotencyKey: "${freshKey()}")`, REASONS.forwardNoUrl],
    ['notify overdue', `notifyPayer(id: "1000014", idempotencyKey: "${freshKey()}")`, REASONS.notifyOverdue],
    ['notify without payer e-mail', `notifyPayer(id: "1000020", idempotencyKey: "${freshKey()}")`, REASONS.notifyNoEmail],
    [
      'update from gateway without methods',
      `updatePaymentFromGateway(id: "1000006", idempotencyKey: "${freshKey()}")`,
      REASONS.gatewayNoMethods,
    ],
  ];
  it.each(cases)('%s', async (_name, call, reason) => {
    const res = await data(
      `mutation { result: ${call} { outcome message error { message code } payment { id } } }`,
    );
    expect(res.result).toMatchObject({
      outcome: 'FAILED',
      message: null,
      error: { message: reason, code: 'ACTION_NOT_ALLOWED' },
      payment: { id: expect.any(String) },
    });
    expect(await writes()).toEqual([]);
  });

  it('reports an unknown payment as FAILED without writing', async () => {
    const { cancelPayment } = await data(
      `mutation { cancelPayment(id: "999999999", reason: "x", idempotencyKey: "k46-payments-836") { outcome error { message } } }`,
    );
    expect(cancelPayment).toEqual({
      outcome: 'FAILED',
      error: { message: 'No se encontró el pago - payment_not_found' },
    });
    expect(await writes()).toEqual([]);
  });
});

describe('input validation: the payload FAILED, INVALID_INPUT naming the field, no upstream call (schema 2.0.0)', () => {
  it.each([
    [
      'blank reason',
      `cancelPayment(id: "1000005", reason: "   ", idempotencyKey: "k46-payments-848")`,
      'reason',
    ],
    [
      'short idempotency key',
      `refundPayment(id: "1000001", reason: "x", idempotencyKey: "k")`,
      'idempotencyKey',
    ],
    [
      'card number',
      `changePaymentMethod(id: "1000006", input: { kind: CARD, number: "123", expiration: "12/2099", holder: { name: "Ana", identification: { number: "28456789" } } }, idempotencyKey: "${freshKey()}")`,
      'input.number',
    ],
    [
      'expired card',
      `changePaymentMethod(id: "1000006", input: { kind: CARD, number: "4507990000004905", expiration: "01/2020", holder: { name: "Ana", identification: { number: "28456789" } } }, idempotencyKey: "${freshKey()}")`,
      'input.expiration',
    ],
    [
      'CUIT check digit',
      `changePaymentMethod(id: "1000007", input: { kind: TRANSFER, number: "2850590940090418135201", holder: { name: "Ana", identification: { number: "20123456780" } } }, idempotencyKey: "${freshKey()}")`,
      'input.holder.identification.number',
    ],
    ['addressee', `notifyPayer(id: "1000005", addressee: "nope", idempotencyKey: "${freshKey()}")`, 'addressee'],
    [
      'bulk id',
      `bulkCancelPayments(ids: ["1000005", "a b"], reason: "x", idempotencyKey: "k46-payments-870")`,
      'ids[1]',
    ],
  ])('%s', async (_name, call, field) => {
    const res = await run(
      `mutation { result: ${call} { __typename ... on OperationResult { outcome error { message code serviceCode field } } } }`,
    );
    // A business refusal never hides in errors[]: the payload says it, with the argument's path.
    expect(res.body.errors).toBeUndefined();
    const result = (res.body.data as Json).result;
    expect(result).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_INPUT', serviceCode: null, field: field.split(/[.[\]]+/).filter(Boolean) },
    });
    expect(result.error.message).toContain(field);
    expect(await recorded()).toEqual([]);
  });
});

describe('consulta', () => {
  const MUTATIONS = [
    `cancelPayment(id: "1000005", reason: "x", idempotencyKey: "k46-payments-881") { outcome }`,
    `changePaymentMethod(id: "1000006", input: { kind: CARD, number: "4507990000004905", expiration: "12/2099", holder: { name: "Ana", identification: { number: "28456789" } } }, idempotencyKey: "${freshKey()}") { outcome }`,
    `cancelPaymentObjection(id: "1000013", reason: "x", idempotencyKey: "k46-payments-883") { outcome }`,
    `retryPayment(id: "1000008", mode: SAME_METHOD, idempotencyKey: "k46-payments-884") { outcome }`,
    `refundPayment(id: "1000001", reason: "x", idempotencyKey: "key-consulta-1") { outcome }`,
    `partialRefundPayment(id: "1000003", idempotencyKey: "key-consulta-2") { outcome }`,
    `reversePayment(id: "1000001", reason: "x", idempotencyKey: "key-consulta-3") { outcome }`,
    `forwardPaymentNotification(id: "1000001", idempotencyKey: "${freshKey()}") { outcome }`,
    `updatePaymentFromGateway(id: "1000005", idempotencyKey: "${freshKey()}") { outcome }`,
    `notifyPayer(id: "1000005", idempotencyKey: "${freshKey()}") { outcome }`,
    `refreshPayment(id: "1000005", idempotencyKey: "${freshKey()}") { outcome }`,
    `resendNotification(id: "7000001", idempotencyKey: "${freshKey()}") { outcome }`,
    `bulkChangePaymentMethod(ids: ["1000006"], input: { kind: CARD, number: "4507990000004905", expiration: "12/2099", holder: { name: "Ana", identification: { number: "28456789" } } }, idempotencyKey: "${freshKey()}") { results { outcome } }`,
    `bulkCancelPayments(ids: ["1000005"], reason: "x", idempotencyKey: "k46-payments-894") { results { outcome } }`,
    `bulkCancelPaymentObjections(ids: ["1000013"], reason: "x", idempotencyKey: "k46-payments-895") { results { outcome } }`,
  ];

  it('covers every payment and notification mutation of the schema', async () => {
    const res = await run(`{ __schema { mutationType { fields { name } } } }`, {}, 'admin');
    const names = (res.body.data as Json).__schema.mutationType.fields.map((f: Json) => f.name) as string[];
    const ours = names.filter((n) => /Payment|Notification|^notifyPayer$/.test(n) && !/Subscription/.test(n));
    expect(ours.length).toBe(MUTATIONS.length);
    expect(MUTATIONS.map((m) => m.slice(0, m.indexOf('(')))).toEqual(expect.arrayContaining(ours));
  });

  it.each(MUTATIONS.map((m) => [m.slice(0, m.indexOf('(')), m]))(
    '%s is FORBIDDEN and the stubs receive nothing',
    async (_name, call) => {
      const res = await run(`mutation { result: ${call} }`, {}, 'consulta');
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      // A mutation's payload is nullable: the refused field answers null.
      expect(res.body.data).toEqual({ result: null });
      expect(await recorded()).toEqual([]);
    },
  );

  it('sees only the actions it can use as permitted', async () => {
    const { payment } = await data(DETAIL, { id: '1000005' }, 'consulta');
    const permitted = payment.actions.filter((a: Json) => a.permitted).map((a: Json) => a.kind);
    expect(permitted).toEqual(['FORM_LINK', 'RELOAD', 'HISTORY']);
    expect(actionOf(payment, 'CANCEL')).toMatchObject({
      enabled: false,
      reason: 'No tiene permisos para cancelar pagos.',
    });
  });
});

// -----------------------------------------------------------------------------------------------------------

/** Payment ids in the given statuses, straight from the stubs. */
async function idsWithStatus(statuses: string[], count: number): Promise<string[]> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'status', operation: 'IN', value: statuses }]));
  const page = (await (
    await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=${count}`)
  ).json()) as {
    rows: Array<{ id: string }>;
  };
  expect(page.rows).toHaveLength(count);
  return page.rows.map((r) => r.id);
}

/**
 * The stubs' faults come from a PRNG restarted by DELETE /__admin/faults, one draw per payment request:
 * find a rate and a number of requests to burn first so that the next `length` requests fault as `wanted`
 * says (true = fault). The same draw decides an error (errorRate) or a hang (hangRate). Concurrent requests
 * take the draws in arrival order, so `wanted` should only count faults among them.
 */
async function faultPlan(
  length: number,
  wanted: (faults: boolean[]) => boolean,
): Promise<{ rate: number; skip: number }> {
  const probe = length + 12;
  for (let rate = 0.05; rate < 0.96; rate += 0.05) {
    await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
    await setFaults({ errorRate: rate });
    const seen: boolean[] = [];
    for (let i = 0; i < probe; i++)
      seen.push((await fetch(`${stubs.url}/payment/pagos/1000001`)).status === 500);
    for (let skip = 0; skip <= 12; skip++) {
      if (wanted(seen.slice(skip, skip + length))) return { rate, skip };
    }
  }
  throw new Error('no fault plan for this seed');
}

const count = (faults: boolean[]) => faults.filter(Boolean).length;

async function setFaults(faults: { errorRate?: number; hangRate?: number; latencyMs?: number }) {
  await fetch(`${stubs.url}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ service: 'payment', ...faults }),
  });
}

/** Restarts the PRNG, sets the fault and burns `skip` draws. */
async function applyPlan(plan: { rate: number; skip: number }, kind: 'errorRate' | 'hangRate') {
  await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
  await setFaults({ [kind]: plan.rate });
  for (let i = 0; i < plan.skip; i++) {
    // a burnt draw may be a hang: give up on it quickly
    await fetch(`${stubs.url}/payment/pagos/1000001`, { signal: AbortSignal.timeout(150) }).catch(
      () => undefined,
    );
  }
  await clearRequests();
}

const BULK_RESULTS = `results { id outcome error { message code extendedCode } payment { id status statusDetail } }`;

describe('bulk actions', () => {
  it('cancels 10 payments where 3 fail: 7 SUCCESS and 3 FAILED with their messages', async () => {
    const ids = await idsWithStatus(['pending', 'issued'], 10);
    // the read of the selection passes, then 3 of the 10 cancels fail
    const plan = await faultPlan(11, ([read, ...cancels]) => !read && count(cancels) === 3);
    await applyPlan(plan, 'errorRate');
    const { bulkCancelPayments } = await data(
      `mutation($ids: [ID!]!) { bulkCancelPayments(ids: $ids, reason: "Cierre de período", idempotencyKey: "k46-payments-997") { ${BULK_RESULTS} } }`,
      { ids },
    );
    await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
    const results = bulkCancelPayments.results as Json[];
    expect(results.map((r) => r.id)).toEqual(ids);
    const ok = results.filter((r) => r.outcome === 'SUCCESS');
    const ko = results.filter((r) => r.outcome === 'FAILED');
    expect(ok).toHaveLength(7);
    expect(ko).toHaveLength(3);
    for (const r of ok)
      expect(r.payment).toMatchObject({ status: 'REJECTED', statusDetail: 'cancelled_by_backoffice' });
    for (const r of ko) {
      // A service's 5xx: no code shown (it is in the log), the request id to quote.
      expect(r.error).toEqual({
        message: expect.stringMatching(/^Ups! Ocurrió un error inesperado\. Referencia: [0-9a-f-]{36}\.$/),
        code: 'UPSTREAM_ERROR',
        extendedCode: null,
      });
    }
    // one read of the whole selection, one write per item, nothing retried
    const calls = await recorded('payment');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(10);
    for (const r of ok) expect((await stubPayment(r.id)).status).toBe('rejected');
    for (const r of ko) expect(['pending', 'issued']).toContain((await stubPayment(r.id)).status);
  });

  it('checks each item on its own: the eligible are written, the others fail naming the payment, unwritten', async () => {
    const { bulkCancelPayments } = await data(
      `mutation { bulkCancelPayments(ids: ["1000005", "1000001", "1000006"], reason: "x", idempotencyKey: "k46-payments-1027") { ${BULK_RESULTS} } }`,
    );
    expect(bulkCancelPayments.results.map((r: Json) => [r.id, r.outcome, r.error?.message ?? null])).toEqual([
      ['1000005', 'SUCCESS', null],
      ['1000001', 'FAILED', `Pago 1000001: ${REASONS.cancelState}`],
      ['1000006', 'SUCCESS', null],
    ]);
    expect(bulkCancelPayments.results[1].error).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
      extendedCode: null,
    });
    expect(bulkCancelPayments.results[1].payment).toMatchObject({ id: '1000001', status: 'APPROVED' });
    expect((await writes()).map((w) => `${w.method} ${w.path}`).sort()).toEqual([
      'POST /payment/pagos/1000005/cancelar',
      'POST /payment/pagos/1000006/cancelar',
    ]);
    expect((await stubPayment('1000001')).status).toBe('approved');
  });

  it('a payment cancelled elsewhere after it was selected fails alone, naming it; the other is cancelled', async () => {
    // Two issued payments selected, one cancelled directly in the payment service in between.
    const [first, second] = await idsWithStatus(['issued'], 2);
    const direct = await fetch(`${stubs.url}/payment/pagos/${second}/cancelar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Cancelado por otro operador' }),
    });
    expect(direct.ok).toBe(true);
    await clearRequests();
    const { bulkCancelPayments } = await data(
      `mutation($ids: [ID!]!) { bulkCancelPayments(ids: $ids, reason: "Cierre de período", idempotencyKey: "k46-payments-1057") { ${BULK_RESULTS} } }`,
      { ids: [first, second] },
    );
    expect(bulkCancelPayments.results.map((r: Json) => [r.id, r.outcome, r.error?.message ?? null])).toEqual([
      [first, 'SUCCESS', null],
      [second, 'FAILED', `Pago ${second}: ${REASONS.cancelState}`],
    ]);
    expect(bulkCancelPayments.results[0].payment).toMatchObject({
      status: 'REJECTED',
      statusDetail: 'cancelled_by_backoffice',
    });
    expect(bulkCancelPayments.results[1].error.code).toBe('ACTION_NOT_ALLOWED');
    expect((await writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
      `POST /payment/pagos/${first}/cancelar`,
    ]);
    // Each item its own key, `{key}/{id}`: 'Reintentar fallidos' never applies one twice.
    expect((await writes()).map((w) => clientKeyOf(w.headers['idempotency-key']))).toEqual([`k46-payments-1057/${first}`]);
  });

  it('retrying the failed items: the eligible one that failed upstream now succeeds, the ineligible stays refused', async () => {
    const [first, gone, flaky] = await idsWithStatus(['issued'], 3);
    await fetch(`${stubs.url}/payment/pagos/${gone}/cancelar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Cancelado por otro operador' }),
    });
    const forced = await fetch(`${stubs.url}/__admin/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'payment', operation: 'cancelar', ids: [flaky], times: 1 }),
    });
    expect(forced.ok).toBe(true);
    const cancel = async (ids: string[]) =>
      (
        await data(
          `mutation($ids: [ID!]!) { bulkCancelPayments(ids: $ids, reason: "Cierre de período", idempotencyKey: "k46-payments-1090") { ${BULK_RESULTS} } }`,
          { ids },
        )
      ).bulkCancelPayments.results.map((r: Json) => [r.id, r.outcome, r.error?.message ?? null]);
    const firstRun = await cancel([first!, gone!, flaky!]);
    expect(firstRun).toEqual([
      [first, 'SUCCESS', null],
      [gone, 'FAILED', `Pago ${gone}: ${REASONS.cancelState}`],
      [flaky, 'FAILED', expect.stringMatching(/ - forced_failure$/)],
    ]);
    await clearRequests();
    // "Reintentar fallidos": only the failed ids again
    expect(await cancel([gone!, flaky!])).toEqual([
      [gone, 'FAILED', `Pago ${gone}: ${REASONS.cancelState}`],
      [flaky, 'SUCCESS', null],
    ]);
    expect((await writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
      `POST /payment/pagos/${flaky}/cancelar`,
    ]);
  });

  it('reports unknown ids per item', async () => {
    const { bulkCancelPayments } = await data(
      `mutation { bulkCancelPayments(ids: ["1000005", "999999998"], reason: "x", idempotencyKey: "k46-payments-1113") { ${BULK_RESULTS} } }`,
    );
    expect(bulkCancelPayments.results.map((r: Json) => [r.id, r.outcome, r.error?.message ?? null])).toEqual([
      ['1000005', 'SUCCESS', null],
      ['999999998', 'FAILED', 'No se encontró el pago - payment_not_found'],
    ]);
  });

  it('changes the method of every selected issued payment', async () => {
    const ids = await idsWithStatus(['issued'], 3);
    const { bulkChangePaymentMethod } = await data(
      `mutation($ids: [ID!]!, $input: PaymentMethodChangeInput!) { bulkChangePaymentMethod(ids: $ids, input: $input, idempotencyKey: "${freshKey()}") { ${BULK_RESULTS} } }`,
      {
        ids,
        input: {
          kind: 'TRANSFER',
          number: '2850590940090418135201',
          holder: { name: 'Ana Gómez', identification: { number: '20123456786' } },
        },
      },
    );
    expect(bulkChangePaymentMethod.results.map((r: Json) => r.outcome)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    for (const id of ids) expect((await stubPayment(id)).payment_methods[0].media_payment_id).toBe(1);
    const refused = await data(
      `mutation($input: PaymentMethodChangeInput!) { bulkChangePaymentMethod(ids: ["1000005"], input: $input, idempotencyKey: "${freshKey()}") { ${BULK_RESULTS} } }`,
      {
        input: {
          kind: 'TRANSFER',
          number: '2850590940090418135201',
          holder: { name: 'Ana Gómez', identification: { number: '20123456786' } },
        },
      },
    );
    expect(refused.bulkChangePaymentMethod.results[0].error.message).toBe(
      `Pago 1000005: ${REASONS.changeMethodState}`,
    );
  });

  it('cancels the objection of every selected objected payment', async () => {
    const ids = await idsWithStatus(['objected'], 2);
    const { bulkCancelPaymentObjections } = await data(
      `mutation($ids: [ID!]!) { bulkCancelPaymentObjections(ids: $ids, reason: "Resuelto", idempotencyKey: "k46-payments-1158") { ${BULK_RESULTS} } }`,
      { ids },
    );
    expect(bulkCancelPaymentObjections.results.map((r: Json) => r.payment.status)).toEqual([
      'APPROVED',
      'APPROVED',
    ]);
    await fetch(`${stubs.url}/__admin/reset`, { method: 'POST' });
    await clearRequests();
    const mixed = await data(
      `mutation { bulkCancelPaymentObjections(ids: ["1000013", "1000001"], reason: "x", idempotencyKey: "k46-payments-1168") { ${BULK_RESULTS} } }`,
    );
    expect(
      mixed.bulkCancelPaymentObjections.results.map((r: Json) => [r.outcome, r.error?.message ?? null]),
    ).toEqual([
      ['SUCCESS', null],
      ['FAILED', `Pago 1000001: ${REASONS.cancelObjectionState}`],
    ]);
    expect((await writes()).map((w) => `${w.method} ${w.path}`)).toEqual([
      'POST /payment/pagos/1000013/cancelar-objecion',
    ]);
  });
});

describe('timeouts: unknown outcome, never success, never retried', () => {
  it('a write that hangs is UNKNOWN ("resultado desconocido")', async () => {
    const plan = await faultPlan(2, ([read, cancel]) => !read && cancel === true); // the read answers, the cancel hangs
    await applyPlan(plan, 'hangRate');
    const res = await run(
      `mutation { cancelPayment(id: "1000005", reason: "x", idempotencyKey: "k46-payments-1187") { ${PAYLOAD} } }`,
      {},
      'operador',
      impatient,
    );
    await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
    expect(res.body.data?.cancelPayment).toEqual({
      outcome: 'UNKNOWN',
      message: null,
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_TIMEOUT', serviceCode: null, extendedCode: null },
      payment: null,
    });
    const posts = (await recorded('payment')).filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1); // not retried
  });

  it('a slow write is UNKNOWN even though the upstream applied it', async () => {
    await setFaults({ latencyMs: SLOW_WRITE_LATENCY_MS });
    const res = await run(
      `mutation { refundPayment(id: "1000001", reason: "x", idempotencyKey: "key-slow-00001") { outcome error { message } } }`,
      {},
      'operador',
      impatient,
    );
    expect(res.body.data?.refundPayment).toEqual({
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE },
    });
    // The stub finishes the write after the gateway gave up on it.
    await vi.waitFor(async () => expect((await stubPayment('1000001')).status).toBe('refunded'), {
      timeout: SLOW_WRITE_LATENCY_MS + 15_000,
      interval: 100,
    });
    await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
  });

  it('bulk items that time out are UNKNOWN', async () => {
    const ids = await idsWithStatus(['pending', 'issued'], 3);
    const plan = await faultPlan(4, ([read, ...cancels]) => !read && count(cancels) === 1);
    await applyPlan(plan, 'hangRate');
    const res = await run(
      `mutation($ids: [ID!]!) { bulkCancelPayments(ids: $ids, reason: "x", idempotencyKey: "k46-payments-1228") { ${BULK_RESULTS} } }`,
      { ids },
      'operador',
      impatient,
    );
    await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
    const outcomes = (res.body.data as Json).bulkCancelPayments.results.map((r: Json) => r.outcome).sort();
    expect(outcomes).toEqual(['SUCCESS', 'SUCCESS', 'UNKNOWN']);
  });

  it('when even the read hangs, nothing was written: FAILED, not SUCCESS', async () => {
    await setFaults({ hangRate: 1 });
    const started = Date.now();
    const res = await run(
      `mutation { cancelPayment(id: "1000005", reason: "x", idempotencyKey: "k46-payments-1242") { outcome error { code } } }`,
      {},
      'operador',
      impatient,
    );
    await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
    expect(res.body.data?.cancelPayment).toEqual({ outcome: 'FAILED', error: { code: 'UPSTREAM_TIMEOUT' } });
    // Bounded by the read timeout (plus a loaded machine's margin), not by the hang.
    expect(Date.now() - started).toBeLessThan(IMPATIENT.upstreamTimeoutMs + 10_000);
    expect(await writes()).toEqual([]);
  });
});
