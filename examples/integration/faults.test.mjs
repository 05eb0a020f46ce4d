// Runs at the same time as payments.test.mjs, against the same stack (stack.setup.mjs), in a namespace of its own:
// the service-wide fault and the cancel below would break that file's tests if namespaces did not keep them apart
// (docs/testing-integration.md §4, "Tests in parallel on one stack").
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, it } from 'node:test';
import { inNamespace } from './client.mjs';

const { namespace, graphql, stubsAdmin } = inNamespace('fallas');

beforeEach(async () => {
  assert.equal((await stubsAdmin('POST', 'reset')).status, 'ok');
});

const PAYMENTS = '{ payments(filter: { status: PENDING }, pageSize: 1) { total rows { id status } } }';
const PAYMENT = 'query Payment($id: ID!) { payment(id: $id) { status } }';

describe('a namespace of its own', () => {
  it('fails the payment list with the whole payment service down (a fault), here only', async () => {
    await stubsAdmin('POST', 'faults', { service: 'payment', errorRate: 1 });
    const { data, errors } = await graphql('operador', PAYMENTS);
    // Root fields are nullable: the failed list answers null with its error (a sibling field would keep its data).
    assert.deepEqual(data, { payments: null });
    assert.equal(errors[0].extensions.code, 'UPSTREAM_ERROR');
    // Another namespace (as payments.test.mjs's is) does not see the fault.
    const elsewhere = await graphql('operador', PAYMENTS, {}, { 'x-test-namespace': `${namespace}-otro` });
    assert.equal(elsewhere.errors, undefined);
  });

  it('changes its own data only: a payment cancelled here stays pending in another namespace', async () => {
    const { data } = await graphql('operador', PAYMENTS);
    const id = data.payments.rows[0].id;
    const cancelled = await graphql(
      'operador',
      'mutation Cancel($id: ID!, $key: String!) { cancelPayment(id: $id, reason: "Prueba en paralelo", idempotencyKey: $key) { outcome } }',
      { id, key: randomUUID() },
    );
    assert.equal(cancelled.data.cancelPayment.outcome, 'SUCCESS');
    assert.equal((await graphql('operador', PAYMENT, { id })).data.payment.status, 'REJECTED');
    const elsewhere = await graphql('operador', PAYMENT, { id }, { 'x-test-namespace': `${namespace}-otro` });
    assert.equal(elsewhere.data.payment.status, 'PENDING');
  });

  it('keeps a request log of its own: every request in it carries this namespace', async () => {
    await graphql('operador', PAYMENTS);
    const requests = await stubsAdmin('GET', 'requests');
    assert.ok(requests.length > 0);
    for (const request of requests) assert.equal(request.headers['x-test-namespace'], namespace);
  });
});
