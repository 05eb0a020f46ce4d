import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshTokens, gql, injectLatency, type GqlResponse, clientKeyOf } from '../../../__tests__/http-helpers.js';
import {
  startSecurityStack,
  type RecordedRequest,
  type SecurityStack,
} from '../../../__tests__/security/harness.js';
import { BATCH_REASONS } from '../batches.rules.js';

/**
 * Withdrawal batches over HTTP against the real stubs (batch fixtures 20190-20195 of docs/upstream-contract.md)
 * and the Keycloak emulator: exact upstream calls of the list and the detail, every write landing in the stubs,
 * the rules refusing without a write, and `consulta` refused without any upstream call.
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
const stubBatch = async (id: string) =>
  (await (await fetch(`${stack.stubs.url}/batch/lotes/${id}`)).json()) as Record<string, Json>;

const run = async (query: string, variables: Record<string, unknown> = {}, user = 'tesoreria') =>
  gql<Json>(stack.gateway.graphqlUrl, query, { token: await tokenFor(user), variables });

async function data(query: string, variables: Record<string, unknown> = {}, user = 'tesoreria') {
  const res: GqlResponse<Json> = await run(query, variables, user);
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data;
}

async function withCalls(query: string, variables: Record<string, unknown> = {}) {
  await stack.clearUpstreamRequests();
  const result = await data(query, variables);
  return { data: result, calls: await recorded() };
}

const ROW = /* GraphQL */ `
  id collectorId collectorName creationDate startDate endDate balance recordCount version status
  statusDetail error { message code serviceCode extendedCode }
  actions { kind enabled permitted reason }
`;
const LIST = /* GraphQL */ `
  query List($filter: WithdrawalBatchFilter!, $page: Int, $pageSize: Int, $sort: WithdrawalBatchSort) {
    withdrawalBatches(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
      rows { ${ROW} }
      total page pageSize
    }
  }
`;
const DETAIL = /* GraphQL */ `
  query Detail($collectorId: ID!, $id: ID!) {
    withdrawalBatch(collectorId: $collectorId, id: $id) {
      ${ROW} collectorCbu exportCount records { paymentId payerName concept amount accreditationDate }
    }
  }
`;
const PAYLOAD = /* GraphQL */ `outcome message error { message code extendedCode } batch { id status actions { kind enabled } }`;
const REPROCESS = `mutation($id: ID!) { reprocessWithdrawalBatch(id: $id, idempotencyKey: "k46-batches-74") { ${PAYLOAD} } }`;
const RE_EXPORT = `mutation($id: ID!) { reExportWithdrawalBatch(id: $id, idempotencyKey: "k46-batches-75") { ${PAYLOAD} } }`;
const BULK = `mutation($ids: [ID!]!, $key: String!) { bulkReprocessWithdrawalBatches(ids: $ids, idempotencyKey: $key) {
  results { id outcome error { message code extendedCode } batch { id status } } } }`;

/** The current month in Argentina: [first instant, first instant of the next month). */
function thisMonth(): { from: string; to: string } {
  const ar = new Date(Date.now() - 3 * 3_600_000);
  const y = ar.getUTCFullYear();
  const m = ar.getUTCMonth();
  return {
    from: new Date(Date.UTC(y, m, 1, 3)).toISOString(),
    to: new Date(Date.UTC(y, m + 1, 1, 3)).toISOString(),
  };
}

const actionOf = (batch: Json, kind: string) => (batch.actions as Json[]).find((a) => a.kind === kind);

describe('withdrawal batch list', () => {
  it("a page costs exactly 1 upstream call: the collector's batches of the month, newest first, 25 by default (every list)", async () => {
    const { data: result, calls } = await withCalls(LIST, {
      filter: { collectorId: '10001', ...thisMonth() },
    });
    const page = result.withdrawalBatches;
    expect(page.pageSize).toBe(25);
    expect(page.rows.length).toBeGreaterThanOrEqual(6);
    expect(page.rows.every((r: Json) => r.collectorId === '10001' && r.collectorName)).toBe(true);
    expect(lines(calls)).toEqual(['GET /batch/lotes']);
    expect(JSON.parse(String(calls[0]!.query.filters))).toEqual([
      { field: 'collector_id', operation: 'EQUAL', value: '10001' },
      { field: 'creation_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: thisMonth().from },
      { field: 'creation_date', operation: 'LESS_THAN', value: thisMonth().to },
    ]);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '25', sorts: 'creation_date:desc' });
    for (const row of page.rows) expect(row.balance).toMatch(/^\d+\.\d{2}$/);
  });

  it('filters by status; the actions follow spec 001 §4 with their reasons', async () => {
    const result = await data(LIST, { filter: { collectorId: '10001', status: 'ERROR' }, pageSize: 100 });
    const rows = result.withdrawalBatches.rows as Json[];
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['20191', '20192', '20193']));
    expect(rows.every((r) => r.status === 'ERROR')).toBe(true);
    const error = rows.find((r) => r.id === '20191');
    expect(actionOf(error, 'REPROCESS')).toMatchObject({ enabled: true, permitted: true });
    expect(actionOf(error, 'DOWNLOAD_TXT')).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.downloadStatus,
    });
    expect(error.error).toEqual({
      message: 'El banco rechazó el archivo del lote - bank_file_rejected',
      code: 'UPSTREAM_REFUSED',
      serviceCode: 'export_error',
      extendedCode: 'bank_file_rejected',
    });

    const detail = await data(DETAIL, { collectorId: '10001', id: '20194' });
    expect(actionOf(detail.withdrawalBatch, 'DOWNLOAD_XLSX')).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.empty,
    });
    const ready = await data(DETAIL, { collectorId: '10001', id: '20190' });
    expect(actionOf(ready.withdrawalBatch, 'DOWNLOAD_XML')).toMatchObject({ enabled: true });
    expect(actionOf(ready.withdrawalBatch, 'REPROCESS')).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.reprocessStatus,
    });
    expect(actionOf(ready.withdrawalBatch, 'RE_EXPORT')).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.reExportStatus,
    });
  });

  it('xml is offered only for batch version 00004', async () => {
    const all = await fetch(`${stack.stubs.url}/batch/lotes?limit=1000`).then(
      (r) => r.json() as Promise<Json>,
    );
    const other = (all.rows as Json[]).find(
      (r) => r.version === '00003' && r.status === 'in_withdrawn' && r.record_count > 0,
    );
    const detail = await data(DETAIL, { collectorId: other.collector_id, id: other.id });
    expect(actionOf(detail.withdrawalBatch, 'DOWNLOAD_XML')).toMatchObject({
      enabled: false,
      reason: BATCH_REASONS.xmlVersion,
    });
    expect(actionOf(detail.withdrawalBatch, 'DOWNLOAD_TXT')).toMatchObject({ enabled: true });
  });

  it('refuses a list without collector, and an inverted period, without calling upstream', async () => {
    await stack.clearUpstreamRequests();
    const missing = await run(LIST, { filter: { collectorId: ' ' } });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const { from, to } = thisMonth();
    const inverted = await run(LIST, { filter: { collectorId: '10001', from: to, to: from } });
    expect(inverted.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await recorded()).toEqual([]);
  });
});

describe('withdrawal batch detail', () => {
  it('batch and its records: exactly 2 upstream calls; another collector’s id answers null', async () => {
    const { data: result, calls } = await withCalls(DETAIL, { collectorId: '10001', id: '20190' });
    const batch = result.withdrawalBatch;
    expect(batch).toMatchObject({ id: '20190', status: 'FOR_WITHDRAWING', version: '00004', recordCount: 4 });
    expect(batch.records).toHaveLength(4);
    const cents = (batch.records as Json[]).reduce(
      (sum, r) => sum + BigInt(String(r.amount).replace('.', '')),
      0n,
    );
    expect(String(cents)).toBe(String(batch.balance).replace('.', '').replace(/^0+/, ''));
    expect(lines(calls).sort()).toEqual(['GET /batch/lotes/20190', 'GET /batch/lotes/20190/registros']);

    const other = await data(DETAIL, { collectorId: '10002', id: '20190' });
    expect(other.withdrawalBatch).toBeNull();
    const none = await data(DETAIL, { collectorId: '10001', id: '99999' });
    expect(none.withdrawalBatch).toBeNull();
  });

  it('asks for the records together with the batch, one round trip instead of two', async () => {
    await injectLatency(stack.stubs.url, 'batch', 1500);
    const { calls } = await withCalls(DETAIL, { collectorId: '10001', id: '20190' });
    const [first, second] = calls;
    // In sequence the second call would leave only after the first one's 1.5 s answer; together, at once.
    expect(Date.parse(second!.at) - Date.parse(first!.at)).toBeLessThan(750);
  });
});

describe('batch writes', () => {
  it('reprocess of a batch in error: one read, one write, in for_withdrawing afterwards', async () => {
    await stack.clearUpstreamRequests();
    const result = await data(REPROCESS, { id: '20191' });
    expect(result.reprocessWithdrawalBatch).toMatchObject({
      outcome: 'SUCCESS',
      message: '¡Lote reprocesado con éxito!',
      batch: { id: '20191', status: 'FOR_WITHDRAWING' },
    });
    expect(lines(await recorded())).toEqual(['GET /batch/lotes/20191', 'POST /batch/lotes/reprocess/20191']);
    expect((await stubBatch('20191')).status).toBe('for_withdrawing');
  });

  it('reprocess outside error is refused by the rule without a write; an upstream refusal reads catalogue - code', async () => {
    await stack.clearUpstreamRequests();
    const refused = await data(REPROCESS, { id: '20190' });
    expect(refused.reprocessWithdrawalBatch).toMatchObject({
      outcome: 'FAILED',
      error: { message: BATCH_REASONS.reprocessStatus, code: 'ACTION_NOT_ALLOWED' },
    });
    expect((await recorded()).filter((c) => c.method !== 'GET')).toEqual([]);

    const failed = await data(REPROCESS, { id: '20193' });
    expect(failed.reprocessWithdrawalBatch).toMatchObject({
      outcome: 'FAILED',
      error: {
        message:
          'La entidad no tiene cuenta de destino: el lote no se puede reprocesar - batch_destination_account_missing',
        extendedCode: 'batch_destination_account_missing',
      },
      batch: { id: '20193', status: 'ERROR' },
    });
  });

  it('re-export of an in_withdrawn batch lands in the stubs', async () => {
    const result = await data(RE_EXPORT, { id: '20195' });
    expect(result.reExportWithdrawalBatch).toMatchObject({
      outcome: 'SUCCESS',
      message: '¡Re-exportación exitosa!',
    });
    expect((await stubBatch('20195')).export_count).toBe(2);
  });

  it('bulk reprocess: one read of the selection, one write per batch in error, per-item failures', async () => {
    await stack.clearUpstreamRequests();
    const result = await data(BULK, { ids: ['20191', '20192', '20193', '20190'], key: 'lote-bulk-0001' });
    const byId = new Map((result.bulkReprocessWithdrawalBatches.results as Json[]).map((r) => [r.id, r]));
    expect(byId.get('20191')).toMatchObject({ outcome: 'SUCCESS', batch: { status: 'FOR_WITHDRAWING' } });
    expect(byId.get('20192')).toMatchObject({ outcome: 'SUCCESS' });
    expect(byId.get('20193')).toMatchObject({
      outcome: 'FAILED',
      error: { extendedCode: 'batch_destination_account_missing' },
    });
    expect(byId.get('20190')).toMatchObject({
      outcome: 'FAILED',
      error: { message: `Lote 20190: ${BATCH_REASONS.reprocessStatus}`, code: 'ACTION_NOT_ALLOWED' },
    });
    const calls = await recorded();
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.path)).toEqual(['/batch/lotes']);
    const writes = calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => c.path).sort()).toEqual([
      '/batch/lotes/reprocess/20191',
      '/batch/lotes/reprocess/20192',
      '/batch/lotes/reprocess/20193',
    ]);
    expect(writes.map((c) => clientKeyOf(c.headers['idempotency-key'])).sort()).toEqual([
      'lote-bulk-0001/20191',
      'lote-bulk-0001/20192',
      'lote-bulk-0001/20193',
    ]);
  });
});

describe('batch downloads (GET /files/lotes/{id}/{format})', () => {
  const fileOf = async (path: string, user = 'tesoreria') =>
    fetch(`${stack.gateway.url}/files/lotes/${path}`, {
      headers: { authorization: `Bearer ${await tokenFor(user)}` },
    });

  it('streams the real batch file with its name: one upstream call', async () => {
    const batch = await stubBatch('20190');
    await stack.clearUpstreamRequests();
    const res = await fileOf('20190/txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('lote-20190.txt');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe(
      [
        'LOTE',
        '20190',
        '10001',
        batch.collector_detail.name,
        '00004',
        '4',
        Number(batch.balance).toFixed(2),
      ].join(';'),
    );
    expect(lines(await recorded())).toEqual(['GET /batch/lotes/20190/descargar/txt']);
  });

  it('refuses an unknown format and consulta before any upstream call; a state without file is a Spanish refusal', async () => {
    await stack.clearUpstreamRequests();
    expect((await fileOf('20190/pdf')).status).toBe(400);
    expect((await fileOf('20190/txt', 'consulta')).status).toBe(403);
    expect(await recorded()).toEqual([]);
    const refused = await fileOf('20194/txt');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const body = (await refused.json()) as Json;
    expect(body.error.message).toContain('El lote no tiene registros');
  });
});

describe('roles', () => {
  it.each([
    ['list', LIST, { filter: { collectorId: '10001' } }],
    ['detail', DETAIL, { collectorId: '10001', id: '20190' }],
    ['reprocess', REPROCESS, { id: '20191' }],
    ['re-export', RE_EXPORT, { id: '20195' }],
    ['bulk reprocess', BULK, { ids: ['20191'], key: 'lote-bulk-0002' }],
  ])('consulta is refused the %s with 0 upstream calls', async (_name, query, variables) => {
    await stack.clearUpstreamRequests();
    const res = await run(query, variables, 'consulta');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await recorded()).toEqual([]);
  });
});
