// Another team's integration tests against the back-office gateway (docs/testing-integration.md), with node's own
// test runner: get a token, run a query and a mutation, read what the stubs received, force a failure and see the
// Spanish error, reset between tests. The stack is the suite's (stack.setup.mjs), shared with faults.test.mjs, which
// runs at the same time in another namespace. `npm test` runs both (they cannot rot).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, it } from 'node:test';
import { inNamespace, stack } from './client.mjs';

// This file's namespace: faults.test.mjs runs at the same time against the same stack, in its own.
const { graphql, stubsAdmin } = inNamespace('pagos');

// Every test starts from the stubs' seeded data (of this namespace): no faults, no forced failures, an empty
// request log.
beforeEach(async () => {
  assert.equal((await stubsAdmin('POST', 'reset')).status, 'ok');
});

const PENDING_PAYMENTS = `
  query Pending {
    payments(filter: { status: PENDING }, pageSize: 2) { total rows { id status finalAmount } }
  }`;

// Every mutation that writes to a platform service requires an idempotency key (schema 2.0.0): one per intent (a
// UUID), the same when that intent is retried.
const CANCEL = `
  mutation Cancel($id: ID!, $key: String!) {
    cancelPayment(id: $id, reason: "Prueba de integración", idempotencyKey: $key) {
      outcome
      message
      error { message code serviceCode extendedCode field }
      payment { id status }
    }
  }`;

// Every mutation answers `outcome` and `error { code message field }` (schema 2.0.0): a refusal is never in `errors`.
const CANCEL_WITH_REASON = `
  mutation CancelWithReason($id: ID!, $key: String!, $reason: String!) {
    cancelPayment(id: $id, reason: $reason, idempotencyKey: $key) {
      outcome
      error { message code field }
    }
  }`;

describe('payments, as the operador user', () => {
  it('lists pending payments (a query); money comes as decimal strings', async () => {
    const { data, errors } = await graphql('operador', PENDING_PAYMENTS);
    assert.equal(errors, undefined);
    assert.ok(data.payments.total > 0);
    for (const payment of data.payments.rows) {
      assert.equal(payment.status, 'PENDING');
      assert.match(payment.finalAmount, /^\d+\.\d{2}$/);
    }
  });

  it('cancels a payment (a mutation), and the payment service received the call', async () => {
    const { data } = await graphql('operador', PENDING_PAYMENTS);
    const id = data.payments.rows[0].id;

    const cancelled = await graphql('operador', CANCEL, { id, key: randomUUID() });
    assert.equal(cancelled.data.cancelPayment.outcome, 'SUCCESS');
    assert.equal(cancelled.data.cancelPayment.message, 'El pago se canceló correctamente.');

    // The stubs' request log: every request received, newest last, with its body.
    const requests = await stubsAdmin('GET', 'requests?service=payment');
    const call = requests.find((r) => r.method === 'POST' && r.path === `/payment/pagos/${id}/cancelar`);
    assert.deepEqual(call?.body, { reason: 'Prueba de integración' });
  });

  it('answers an invalid argument in the payload, naming it (schema 2.0.0: not in `errors`), and sends nothing', async () => {
    const { data } = await graphql('operador', PENDING_PAYMENTS);
    const id = data.payments.rows[0].id;
    const refused = await graphql('operador', CANCEL_WITH_REASON, { id, key: randomUUID(), reason: '   ' });
    assert.equal(refused.errors, undefined);
    assert.equal(refused.data.cancelPayment.outcome, 'FAILED');
    assert.equal(refused.data.cancelPayment.error.code, 'INVALID_INPUT');
    assert.deepEqual(refused.data.cancelPayment.error.field, ['reason']);
  });

  it('shows the Spanish error when the payment service refuses (a forced failure for one call)', async () => {
    const { data } = await graphql('operador', PENDING_PAYMENTS);
    const id = data.payments.rows[1].id;
    await stubsAdmin('POST', 'failures', {
      service: 'payment',
      operation: 'cancelar',
      ids: [id],
      status: 409,
      code: 'invalid_status',
      extended_code: 'payment_not_cancellable',
      times: 1,
    });

    const key = randomUUID();
    const failed = await graphql('operador', CANCEL, { id, key });
    assert.equal(failed.data.cancelPayment.outcome, 'FAILED');
    // `code` is the reason as a closed enum (schema 2.0.0); the service's own code is `serviceCode`.
    assert.deepEqual(failed.data.cancelPayment.error, {
      message: 'El pago no se puede cancelar en su estado actual - payment_not_cancellable',
      code: 'INVALID_STATE',
      serviceCode: 'invalid_status',
      extendedCode: 'payment_not_cancellable',
      field: null,
    });
    assert.equal(failed.data.cancelPayment.payment.status, 'PENDING');

    // The same key answers what happened to it: the refusal again, and nothing is sent.
    const replayed = await graphql('operador', CANCEL, { id, key });
    assert.deepEqual(replayed.data.cancelPayment.error, failed.data.cancelPayment.error);
    // A refusal wrote nothing: trying again is a new request, under a new key (`times: 1`: it goes through).
    const retried = await graphql('operador', CANCEL, { id, key: randomUUID() });
    assert.equal(retried.data.cancelPayment.outcome, 'SUCCESS');
  });

  it('answers UNKNOWN when the service may have written (a forced 504); your x-request-id finds the call', async () => {
    const { data } = await graphql('operador', PENDING_PAYMENTS);
    const id = data.payments.rows[0].id;
    const cancelar = { method: 'POST', path: '/payment/pagos/:id/cancelar' };
    // A method and path rule fails every request of that route (any id) before it runs: nothing changes.
    await stubsAdmin('POST', 'failures', { service: 'payment', ...cancelar, status: 504, times: 1 });

    // The gateway forwards your x-request-id to every service it calls for that request.
    const requestId = `ejemplo-${randomUUID()}`;
    const unknown = await graphql(
      'operador',
      CANCEL,
      { id, key: randomUUID() },
      { 'x-request-id': requestId },
    );
    assert.equal(unknown.data.cancelPayment.outcome, 'UNKNOWN');
    assert.equal(unknown.data.cancelPayment.error.code, 'UPSTREAM_TIMEOUT');
    assert.match(unknown.data.cancelPayment.error.message, /^Resultado desconocido/);

    // Verified WireMock-style: exactly one cancel with this request id (a write is never retried).
    const query = new URLSearchParams({ requestId, ...cancelar });
    assert.deepEqual(await stubsAdmin('GET', `requests/count?${query}`), { count: 1 });
  });

  it('starts from the seeded data again after a reset', async () => {
    const { data } = await graphql('operador', PENDING_PAYMENTS);
    const id = data.payments.rows[0].id;
    await graphql('operador', CANCEL, { id, key: randomUUID() });
    const PAYMENT = 'query Payment($id: ID!) { payment(id: $id) { status } }';
    assert.equal((await graphql('operador', PAYMENT, { id })).data.payment.status, 'REJECTED');

    await stubsAdmin('POST', 'reset'); // what beforeEach does before every test
    assert.deepEqual(await stubsAdmin('GET', 'requests'), []);
    assert.equal((await graphql('operador', PAYMENT, { id })).data.payment.status, 'PENDING');
  });
});

describe('your own test records (docs/testing-integration.md §4)', () => {
  it('loads a payment of its own into this namespace and reads it through the gateway', async () => {
    // Like fixture 1000001 (approved), with the id and the amount this test needs; gone at the next reset.
    const seeded = await stubsAdmin('POST', 'seed', {
      service: 'payment',
      records: [{ like: '1000001', id: '9900001', final_amount: 1234.5 }],
    });
    assert.deepEqual(seeded, { service: 'payment', ids: ['9900001'] });
    const PAYMENT = 'query Payment($id: ID!) { payment(id: $id) { id status finalAmount } }';
    const { data, errors } = await graphql('operador', PAYMENT, { id: '9900001' });
    assert.equal(errors, undefined);
    assert.deepEqual(data.payment, { id: '9900001', status: 'APPROVED', finalAmount: '1234.50' });
  });
});

describe('permissions: each demo user has the roles of the realm', () => {
  it('refuses operador a mutation it has no permission for, in Spanish', async () => {
    const { data, errors } = await graphql(
      'operador',
      `mutation { confirmImport(id: "1", idempotencyKey: "${randomUUID()}") { outcome } }`,
    );
    // The refused field answers null (a mutation's payload is nullable: the other fields keep their answers).
    assert.deepEqual(data, { confirmImport: null });
    assert.equal(errors[0].extensions.code, 'FORBIDDEN');
    assert.equal(errors[0].message, 'No tiene permisos para realizar esta acción.');
  });

  it('refuses a request without a token', async () => {
    const response = await fetch(stack.graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: PENDING_PAYMENTS }),
    });
    const { errors } = await response.json();
    assert.equal(errors[0].extensions.code, 'UNAUTHENTICATED');
  });
});
