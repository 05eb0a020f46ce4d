import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gql, clientKeyOf } from '../../../__tests__/http-helpers.js';
import { startSecurityStack, type SecurityStack } from '../../../__tests__/security/harness.js';

/**
 * Service-payment batches over HTTP against the real stubs (lote fixtures 8200001-8200004): exact upstream calls
 * of both lists, the reconciliation keeping the batch's values when left empty, and the refusals.
 */
type Json = ReturnType<typeof JSON.parse>;
let stack: SecurityStack;

beforeAll(async () => {
  stack = await startSecurityStack();
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  await stack.resetStubs();
  await stack.clearUpstreamRequests();
});

const run = async (query: string, variables: Record<string, unknown>, user: string) =>
  gql<Json>(stack.gateway.graphqlUrl, query, {
    token: await stack.emulator.accessTokenFor(user),
    variables,
  });

const TRANSACTIONS = `query T($filter: ServicePaymentBatchFilter) { transactionBatches(filter: $filter) {
  total page pageSize rows { id batchNumber state startDate endDate totalAmount totalApprovedTransactions totalTransactions } } }`;
const GATEWAYS = `query G($filter: ServicePaymentBatchFilter) { gatewayBatches(filter: $filter) {
  total rows { id batchNumber gatewayName state description compensationAmount totalAmount actions { kind enabled permitted reason } } } }`;
const CONCILIATE = `mutation C($id: ID!, $description: String, $amount: Decimal) {
  conciliateGatewayBatch(id: $id, description: $description, compensationAmount: $amount, idempotencyKey: "conciliar-8200001") {
    outcome message error { message code } gatewayBatch { id state description compensationAmount } } }`;

describe('service-payment batches', () => {
  it('lists transaction batches with one upstream call, page 1 of the API default size (25), the filters encoded', async () => {
    const res = await run(
      TRANSACTIONS,
      { filter: { state: 'CLOSE', totalAmountFrom: '1000.00', totalAmountTo: '3000000.00' } },
      'tesoreria',
    );
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.transactionBatches;
    expect(page.pageSize).toBe(25);
    expect(page.rows.every((r: Json) => r.state === 'CLOSE')).toBe(true);
    const calls = await stack.upstreamRequests();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /lote/lote/transacciones']);
    expect(JSON.parse(String(calls[0]!.query.filters))).toEqual([
      { field: 'total_amount', operation: 'GREATER_THAN_OR_EQUAL_TO', value: 1000 },
      { field: 'total_amount', operation: 'LESS_THAN_OR_EQUAL_TO', value: 3000000 },
      { field: 'state', operation: 'EQUAL', value: 'close' },
    ]);
    expect(calls[0]!.headers.source).toBe('backoffice');
  });

  it('lists gateway batches with one upstream call and the reconcile action only where allowed', async () => {
    const res = await run(GATEWAYS, {}, 'tesoreria');
    const rows = res.body.data.gatewayBatches.rows as Json[];
    expect(rows.find((r) => r.id === '8200001').actions[0]).toMatchObject({ enabled: true, permitted: true });
    expect(rows.find((r) => r.id === '8200003').actions[0]).toMatchObject({
      enabled: false,
      reason: 'El lote ya está conciliado.',
    });
    expect((await stack.upstreamRequests()).map((c) => c.path)).toEqual(['/lote/lote/gateways']);
  });

  it('reconciles with an empty description: the batch keeps its description; one read and one write', async () => {
    const res = await run(CONCILIATE, { id: '8200001', description: '', amount: '250' }, 'tesoreria');
    expect(res.body.data.conciliateGatewayBatch).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Conciliación aprovada',
      gatewayBatch: {
        state: 'CONCILIATED',
        description: 'Lote Rapipago diario',
        compensationAmount: '250.00',
      },
    });
    const calls = await stack.upstreamRequests();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /lote/lote/gateways',
      'PUT /lote/lote/gateway/conciliar/8200001',
    ]);
    expect(calls[1]!.body).toEqual({ description: 'Lote Rapipago diario', compensation_amount: 250 });
    expect(clientKeyOf(calls[1]!.headers['idempotency-key'])).toBe('conciliar-8200001');
  });

  it('sends a compensation amount with its cents as the number of cents', async () => {
    const res = await run(CONCILIATE, { id: '8200002', amount: '26717.23' }, 'tesoreria');
    expect(res.body.data.conciliateGatewayBatch).toMatchObject({
      outcome: 'SUCCESS',
      gatewayBatch: { compensationAmount: '26717.23' },
    });
    const put = (await stack.upstreamRequests()).find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ compensation_amount: 26717.23 });
  });

  it('refuses letters or a sign in the compensation amount and a conciliated batch without writing', async () => {
    const bad = await run(CONCILIATE, { id: '8200002', amount: '12a' }, 'tesoreria');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // A Decimal in pesos and cents as every amount (docs/decisions.md); a negative one is refused.
    for (const amount of ['-12']) {
      // The gateway's own refusal: the payload's INVALID_INPUT (schema 2.0.0), not an error of the response.
      const refused = await run(CONCILIATE, { id: '8200002', amount }, 'tesoreria');
      expect(refused.body.errors, amount).toBeUndefined();
      expect(refused.body.data.conciliateGatewayBatch, amount).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'INVALID_INPUT' },
      });
    }
    const done = await run(CONCILIATE, { id: '8200003' }, 'tesoreria');
    expect(done.body.data.conciliateGatewayBatch).toMatchObject({ outcome: 'FAILED' });
    expect((await stack.upstreamRequests()).filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('consulta: the lists and the reconciliation are refused without any upstream call', async () => {
    for (const [query, variables] of [
      [TRANSACTIONS, {}],
      [GATEWAYS, {}],
      [CONCILIATE, { id: '8200001' }],
    ] as const) {
      const res = await run(query, variables, 'consulta');
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await stack.upstreamRequests()).toEqual([]);
  });
});
