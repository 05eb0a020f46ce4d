import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshTokens, gql, type GqlResponse, clientKeyOf } from '../../../__tests__/http-helpers.js';
import {
  startSecurityStack,
  type RecordedRequest,
  type SecurityStack,
} from '../../../__tests__/security/harness.js';
import { WITHDRAW_REASONS } from '../withdrawals.rules.js';
import { freshKey } from '../../../__tests__/http-helpers.js';

/**
 * Withdrawals over HTTP against the real stubs (withdraw fixtures 5000001-5000010, withdrawal fixtures
 * 6000001-6000010, collectors 10001 batch_accreditation, 10002 balance, 10017 none): exact upstream calls of each
 * list, writes landing in the stubs with their idempotency keys, bulk items failing alone, the scheduled
 * withdrawal's configuration entries, and `consulta` refused without any upstream call.
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
  await fetch(`${stack.stubs.url}/__admin/failures`, { method: 'DELETE' });
  await stack.clearUpstreamRequests();
});

const tokenFor = freshTokens((username) => stack.emulator.accessTokenFor(username));
const recorded = (): Promise<RecordedRequest[]> => stack.upstreamRequests();
const lines = (calls: RecordedRequest[]) => calls.map((c) => `${c.method} ${c.path}`);
const writes = async () => lines((await recorded()).filter((r) => r.method !== 'GET'));
const stub = async (path: string) => (await (await fetch(`${stack.stubs.url}${path}`)).json()) as Json;
const forceFailure = (rule: Record<string, unknown>) =>
  fetch(`${stack.stubs.url}/__admin/failures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });

const run = async (query: string, variables: Record<string, unknown> = {}, user = 'tesoreria') =>
  gql<Json>(stack.gateway.graphqlUrl, query, { token: await tokenFor(user), variables });

async function data(
  query: string,
  variables: Record<string, unknown> = {},
  user = 'tesoreria',
): Promise<Json> {
  const res: GqlResponse<Json> = await run(query, variables, user);
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data;
}

async function withCalls(query: string, variables: Record<string, unknown> = {}) {
  await stack.clearUpstreamRequests();
  const result = await data(query, variables);
  return { data: result, calls: await recorded() };
}

const WITHDRAWS = /* GraphQL */ `
  query ($filter: WithdrawFilter, $sort: WithdrawSort) {
    withdraws(filter: $filter, sort: $sort) {
      total
      rows {
        id
        collectorId
        collectorName
        requestDate
        requestUser
        amount
        transferDate
        status
        actions {
          kind
          enabled
          permitted
          reason
        }
      }
    }
  }
`;
const WITHDRAWALS = /* GraphQL */ `
  query ($filter: WithdrawalFilter, $sort: WithdrawalSort) {
    withdrawals(filter: $filter, sort: $sort) {
      total
      rows {
        id
        status
        collectorId
        collectorName
        destinationAccount
        requestDate
        approvedDate
        amount
        actions {
          kind
          enabled
          permitted
          reason
        }
      }
    }
  }
`;
const BULK_WITHDRAW = `results { id outcome error { message code extendedCode } withdraw { id status } }`;
const BULK_WITHDRAWAL = `results { id outcome error { message code extendedCode } withdrawal { id status } }`;
const SCHEDULE = `scheduledWithdrawal { scheduled cron destinationAccount amountType amount entries { variable value active } }`;
const SAVE = `mutation($input: ScheduledWithdrawalInput!) { saveScheduledWithdrawal(input: $input, idempotencyKey: "${freshKey()}") { outcome message error { message code } ${SCHEDULE} } }`;
const CBU = '0720000788000035581530';

describe('lists', () => {
  it('withdraws: one upstream call with the filters, request_date ascending by default', async () => {
    const { data: result, calls } = await withCalls(WITHDRAWS, {
      filter: { collectorId: '10002', statuses: ['PENDING'] },
    });
    expect(lines(calls)).toEqual(['GET /withdraw/retiros']);
    expect(JSON.parse(String(calls[0]!.query.filters))).toEqual([
      { field: 'collector_id', operation: 'EQUAL', value: '10002' },
      { field: 'status', operation: 'IN', value: ['pending'] },
    ]);
    expect(calls[0]!.query.sorts).toBe('request_date:asc');
    const rows = result.withdraws.rows as Json[];
    expect(rows.every((r) => r.status === 'PENDING' && r.collectorId === '10002')).toBe(true);
    expect(rows.find((r) => r.id === '5000001')).toMatchObject({ amount: '152340.50' });
  });

  it('withdraws carry their actions with the reasons of §4', async () => {
    const { data: result } = await withCalls(WITHDRAWS, { filter: { collectorId: '10002' } });
    const rejected = (result.withdraws.rows as Json[]).find((r) => r.id === '5000009');
    const kind = (k: string) => (rejected.actions as Json[]).find((a) => a.kind === k);
    expect(kind('TRANSFER')).toMatchObject({ enabled: false, reason: WITHDRAW_REASONS.notPending });
    expect(kind('DOWNLOAD')).toMatchObject({ enabled: false, reason: WITHDRAW_REASONS.notExportable });
  });

  it('withdrawals: one upstream call; the collector costs one batched call per page', async () => {
    const first = await withCalls(WITHDRAWALS, { filter: { status: 'PENDING_AUTHORIZATION' } });
    expect(lines(first.calls)).toEqual(['GET /withdrawal/retiros']);
    const withCollector = await withCalls(
      `query { withdrawals(filter: { status: PENDING_AUTHORIZATION }) { rows { id collector { id name } } } }`,
    );
    expect(lines(withCollector.calls).sort()).toEqual([
      'GET /collector/comercios',
      'GET /withdrawal/retiros',
    ]);
    const history = await withCalls(WITHDRAWALS, {
      sort: { field: 'REQUEST_DATE', direction: 'DESC' },
      filter: { from: '2020-01-01T03:00:00.000Z', to: '2099-01-01T03:00:00.000Z' },
    });
    expect(history.calls[0]!.query.sorts).toBe('request_date:desc,id:asc');
    expect(history.data.withdrawals.total).toBeGreaterThan(50);
  });

  it('the detail: one withdrawal call, one collector call, balance and settings', async () => {
    const { data: result, calls } = await withCalls(
      `query { withdrawal(id: "6000001") { id collector { id name balance { total } } } }`,
    );
    expect(result.withdrawal.collector.id).toBe('10002');
    expect(lines(calls).sort()).toEqual([
      'GET /collector/comercios',
      'GET /collector/comercios/10002/saldo',
      'GET /withdrawal/retiros/6000001',
    ]);
  });
});

describe('withdraw writes', () => {
  it('transfers each pending withdraw on its own; a failing item fails alone with its code', async () => {
    await forceFailure({
      service: 'withdraw',
      operation: 'transferir',
      ids: ['5000002'],
      code: 'invalid_status',
      extended_code: 'withdraw_not_pending',
    });
    const result = await data(
      `mutation { transferWithdraws(ids: ["5000001", "5000002", "5000009"], idempotencyKey: "k-transfer-1") { ${BULK_WITHDRAW} } }`,
    );
    const [ok, failed, refused] = result.transferWithdraws.results as Json[];
    expect(ok).toMatchObject({ id: '5000001', outcome: 'SUCCESS', withdraw: { status: 'TRANSFERRED' } });
    expect(failed).toMatchObject({ outcome: 'FAILED', error: { extendedCode: 'withdraw_not_pending' } });
    expect(failed.error.message).toBe('El retiro no está pendiente - withdraw_not_pending');
    expect(refused.error.message).toBe(`Retiro 5000009: ${WITHDRAW_REASONS.notPending}`);
    const transferCalls = (await recorded()).filter((r) => r.method === 'POST');
    expect(lines(transferCalls)).toEqual([
      'POST /withdraw/retiros/transferir/5000001',
      'POST /withdraw/retiros/transferir/5000002',
    ]);
    expect(clientKeyOf(transferCalls[0]!.headers['idempotency-key'])).toBe('k-transfer-1/5000001');
    expect((await stub('/withdraw/retiros/5000001')).status).toBe('transferred');
    expect((await stub('/withdraw/retiros/5000002')).status).toBe('pending');
  });

  it('rejects with the reason as status_detail; re-exports', async () => {
    const result = await data(
      `mutation { rejectWithdraws(ids: ["5000003"], reason: "CBU errónea", idempotencyKey: "k46-withdrawals-200") { ${BULK_WITHDRAW} } }`,
    );
    expect(result.rejectWithdraws.results[0].outcome).toBe('SUCCESS');
    expect(await stub('/withdraw/retiros/5000003')).toMatchObject({
      status: 'rejected',
      status_detail: 'CBU errónea',
    });
    const reExport = await data(
      `mutation { reExportWithdraw(id: "5000007", idempotencyKey: "k46-withdrawals-207") { outcome message } }`,
    );
    expect(reExport.reExportWithdraw).toEqual({ outcome: 'SUCCESS', message: '¡Re-exportación exitosa!' });
    const blank = await run(
      `mutation { rejectWithdraws(ids: ["5000004"], reason: "  ", idempotencyKey: "k46-withdrawals-210") { outcome error { code field } results { id } } }`,
    );
    expect(blank.body.errors).toBeUndefined();
    expect(blank.body.data?.rejectWithdraws).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_INPUT', field: ['reason'] },
      results: [],
    });
  });
});

describe('withdrawal writes', () => {
  it('authorizes one ("Retiro Aprobado") with its key; refuses one not pending without a write', async () => {
    const result = await data(
      `mutation { authorizeWithdrawal(id: "6000001", idempotencyKey: "k-auth-1") { outcome message withdrawal { status } } }`,
    );
    expect(result.authorizeWithdrawal).toEqual({
      outcome: 'SUCCESS',
      message: 'Retiro Aprobado',
      withdrawal: { status: 'AUTHORIZED' },
    });
    const post = (await recorded()).find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/withdrawal/retiros/6000001/autorizar/');
    expect(clientKeyOf(post.headers['idempotency-key'])).toBe('k-auth-1');
    await stack.clearUpstreamRequests();
    const again = await data(
      `mutation { authorizeWithdrawal(id: "6000008", idempotencyKey: "k46-withdrawals-230") { outcome error { message } } }`,
    );
    expect(again.authorizeWithdrawal.outcome).toBe('FAILED');
    expect(await writes()).toEqual([]);
  });

  it('bulk-authorizes three where one fails upstream; bulk-rejects with a reason', async () => {
    await forceFailure({ service: 'withdrawal', operation: 'autorizar', ids: ['6000003'] });
    const result = await data(
      `mutation { bulkAuthorizeWithdrawals(ids: ["6000002", "6000003", "6000004"], idempotencyKey: "k-bulk-authorize") { ${BULK_WITHDRAWAL} } }`,
    );
    expect((result.bulkAuthorizeWithdrawals.results as Json[]).map((r) => r.outcome)).toEqual([
      'SUCCESS',
      'FAILED',
      'SUCCESS',
    ]);
    expect((await stub('/withdrawal/retiros/6000003')).status).toBe('pending_authorization');
    expect((await stub('/withdrawal/retiros/6000004')).status).toBe('authorized');
    const refused = await data(
      `mutation { bulkRejectWithdrawals(ids: ["6000005"], reason: "Sin fondos", idempotencyKey: "k46-withdrawals-248") { ${BULK_WITHDRAWAL} } }`,
    );
    expect(refused.bulkRejectWithdrawals.results[0]).toMatchObject({
      outcome: 'SUCCESS',
      withdrawal: { status: 'REFUSED' },
    });
    expect(await stub('/withdrawal/retiros/6000005')).toMatchObject({ status_detail: 'Sin fondos' });
  });
});

describe('scheduled withdrawal', () => {
  it('balance strategy: schedules with amount, changes the amount (disable + add), deletes keeping the destination', async () => {
    const input = {
      collectorId: '10002',
      destinationAccount: CBU,
      amountType: 'MINIMUM',
      amount: '5000',
      cron: '0 9 * * 1',
    };
    const saved = await data(SAVE, { input });
    expect(saved.saveScheduledWithdrawal).toMatchObject({
      outcome: 'SUCCESS',
      message: 'El retiro fue programado exitosamente',
      scheduledWithdrawal: {
        scheduled: true,
        cron: '0 9 * * 1',
        destinationAccount: CBU,
        amountType: 'MINIMUM',
        amount: '5000.00',
      },
    });
    await stack.clearUpstreamRequests();
    const changed = await data(SAVE, { input: { ...input, amountType: 'SPECIFIC', amount: '7500.50' } });
    expect(changed.saveScheduledWithdrawal.scheduledWithdrawal).toMatchObject({
      amountType: 'SPECIFIC',
      amount: '7500.50',
    });
    expect(await writes()).toEqual([
      expect.stringMatching(/^POST \/collector\/configuraciones\/\d+\/deshabilitar$/),
      'POST /collector/comercios/10002/configuraciones',
    ]);
    const deleted = await data(
      `mutation { deleteScheduledWithdrawal(collectorId: "10002", idempotencyKey: "${freshKey()}") { outcome ${SCHEDULE} } }`,
    );
    expect(deleted.deleteScheduledWithdrawal.scheduledWithdrawal).toMatchObject({
      scheduled: false,
      cron: null,
      amount: null,
      destinationAccount: CBU,
    });
    const active = (await stub('/collector/comercios/10002/configuraciones')).rows.filter(
      (e: Json) => e.delete_date === null,
    );
    expect(active.map((e: Json) => e.commerce_config_vars.name)).toEqual(['scheduled_destination_account']);
  });

  it('batch strategy: no amount; no compatible strategy: refused with the message and no write', async () => {
    const saved = await data(SAVE, {
      input: { collectorId: '10001', destinationAccount: CBU, cron: '0 0 1 * *' },
    });
    expect(saved.saveScheduledWithdrawal.scheduledWithdrawal).toMatchObject({
      scheduled: true,
      amount: null,
    });
    await stack.clearUpstreamRequests();
    const none = await data(SAVE, {
      input: { collectorId: '10017', destinationAccount: CBU, cron: '0 0 1 * *' },
    });
    expect(none.saveScheduledWithdrawal).toMatchObject({
      outcome: 'FAILED',
      error: { message: 'La entidad no tiene estrategia de retiro compatible.' },
    });
    expect(await writes()).toEqual([]);
  });

  it('refuses a destination whose CBU check digits are wrong, without any upstream call', async () => {
    await stack.clearUpstreamRequests();
    const res = await run(SAVE, {
      input: {
        collectorId: '10002',
        destinationAccount: '0720000788000035581531',
        amountType: 'MINIMUM',
        amount: '1',
        cron: '0 0 1 * *',
      },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data?.saveScheduledWithdrawal).toMatchObject({
      outcome: 'FAILED',
      error: { message: 'El CBU no es válido (input.destinationAccount)', code: 'INVALID_INPUT' },
    });
    expect(await recorded()).toEqual([]);
  });
});

describe('withdraw downloads (GET /files/retiros/{id}/{format})', () => {
  const fileOf = async (path: string, user = 'tesoreria') =>
    fetch(`${stack.gateway.url}/files/retiros/${path}`, {
      headers: { authorization: `Bearer ${await tokenFor(user)}` },
    });

  it('streams the real files with their names: one upstream call each', async () => {
    const txt = await fileOf('5000007/txt');
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-disposition')).toContain('retiro-5000007.txt');
    expect((await txt.text()).split('\n')[1]).toMatch(/^5000007\|10002\|/);
    const xml = await fileOf('5000007/xml');
    expect(await xml.text()).toContain('<retiro><id>5000007</id>');
    const xlsx = await fileOf('5000007/xlsx');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(lines(await recorded())).toEqual([
      'GET /withdraw/retiros/5000007/descargar/txt',
      'GET /withdraw/retiros/5000007/descargar/xml',
      'GET /withdraw/retiros/5000007/descargar/xlsx',
    ]);
  });

  it('refuses an unknown format and consulta before any upstream call; a rejected one is a Spanish refusal', async () => {
    expect((await fileOf('5000007/pdf')).status).toBe(400);
    expect((await fileOf('5000007/txt', 'consulta')).status).toBe(403);
    expect(await recorded()).toEqual([]);
    const refused = await fileOf('5000009/txt');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(((await refused.json()) as Json).error.message).toContain('Solo se exportan');
  });
});

describe('consulta (no permission)', () => {
  const CALLS = [
    `mutation { transferWithdraws(ids: ["5000001"], idempotencyKey: "k46-withdrawals-380") { results { id } } }`,
    `mutation { rejectWithdraws(ids: ["5000001"], reason: "x", idempotencyKey: "k46-withdrawals-381") { results { id } } }`,
    `mutation { reExportWithdraw(id: "5000007", idempotencyKey: "k46-withdrawals-382") { outcome } }`,
    `mutation { authorizeWithdrawal(id: "6000001", idempotencyKey: "k46-withdrawals-383") { outcome } }`,
    `mutation { rejectWithdrawal(id: "6000001", reason: "x", idempotencyKey: "k46-withdrawals-384") { outcome } }`,
    `mutation { bulkAuthorizeWithdrawals(ids: ["6000001"], idempotencyKey: "k46-withdrawals-385") { results { id } } }`,
    `mutation { bulkRejectWithdrawals(ids: ["6000001"], reason: "x", idempotencyKey: "k46-withdrawals-386") { results { id } } }`,
    `mutation { saveScheduledWithdrawal(input: { collectorId: "10002", destinationAccount: "${CBU}", cron: "0 0 1 * *" }, idempotencyKey: "${freshKey()}") { outcome } }`,
    `mutation { deleteScheduledWithdrawal(collectorId: "10006", idempotencyKey: "${freshKey()}") { outcome } }`,
    `query { withdraws { total } }`,
    `query { withdrawals { total } }`,
    `query { scheduledWithdrawal(collectorId: "10006") { scheduled } }`,
  ];
  it.each(CALLS)('%s is refused with no upstream call', async (call) => {
    const res = await run(call, {}, 'consulta');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await recorded()).toEqual([]);
  });
});
