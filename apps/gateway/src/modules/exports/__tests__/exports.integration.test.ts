import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../../../__tests__/shared-stack.js';
import { gql } from '../../../__tests__/http-helpers.js';
import { loadConfig } from '../../../load-config.js';
import { startGateway, type RunningGateway } from '../../../index.js';
import { createLogger } from '../../../logger.js';
import { freshKey } from '../../../__tests__/http-helpers.js';

/**
 * Exports against the stubs with real tokens: the history's exact upstream calls, the export of a list filter
 * encoded exactly as the list encodes it, the download through /files, and every refusal without an upstream call.
 */

interface Recorded {
  service: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  gateway = await startGateway(
    {
      ...loadConfig({ STUBS_URL: stubs.url }),
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
    },
    { logger: createLogger('silent') },
  );
  for (const user of ['admin', 'operador', 'consulta']) tokens[user] = await emulator.accessTokenFor(user);
  // EXPORT_SHOW without EXPORT_SEARCH: the history needs both.
  tokens.showOnly = await emulator.accessTokenFor('consulta', {
    claims: { resource_access: { 'back-office-gateway': { roles: ['export-show'] } } },
  });
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(async () => {
  await fetch(`${stubs.url}/__admin/reset`, { method: 'POST' });
  await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
});

const recorded = async (): Promise<Recorded[]> =>
  (await (await fetch(`${stubs.url}/__admin/requests?limit=2000`)).json()) as Recorded[];
const clearRecorded = () => fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
const setProcessing = (ms: number) =>
  fetch(`${stubs.url}/export/__admin/processing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ processing_ms: ms }),
  });

const HISTORY = /* GraphQL */ `
  query History($filter: ExportFilter, $page: Int, $pageSize: Int) {
    exports(filter: $filter, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      rows {
        id
        type
        format
        status
        records
        progress
        createdDate
        updatedDate
        downloadPath
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

const CREATE = /* GraphQL */ `
  mutation Create($input: CreateExportInput!) {
    createExport(input: $input, idempotencyKey: "${freshKey()}") {
      outcome
      message
      error {
        message
        code
      }
      export {
        id
        status
        type
        format
        downloadPath
      }
    }
  }
`;

interface HistoryData {
  exports: {
    total: number;
    rows: Array<{
      id: string;
      status: string;
      format: string;
      type: string;
      records: number;
      downloadPath: string | null;
      actions: Array<{ kind: string; enabled: boolean; reason: string | null }>;
    }>;
  };
}

describe('export history', () => {
  it('one upstream call with the period, type, format and status filters, newest first', async () => {
    const from = '2020-01-01T03:00:00.000Z';
    const to = new Date(Date.now() + 60_000).toISOString();
    const response = await gql<HistoryData>(gateway.graphqlUrl, HISTORY, {
      token: tokens.admin,
      variables: { filter: { from, to, type: 'PAYMENTS', format: 'CSV', status: 'FINISHED' }, pageSize: 10 },
    });
    expect(response.body.errors, response.text).toBeUndefined();
    const calls = await recorded();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /export/exportaciones']);
    expect(JSON.parse(calls[0]!.query.filters!)).toEqual([
      { field: 'type', operation: 'EQUAL', value: 'payments' },
      { field: 'format', operation: 'EQUAL', value: 'csv' },
      { field: 'status', operation: 'EQUAL', value: 'finished' },
      { field: 'created_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: from },
      { field: 'created_date', operation: 'LESS_THAN_OR_EQUAL_TO', value: to },
    ]);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '10', sorts: 'created_date:desc' });
    const rows = response.body.data!.exports.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.type === 'PAYMENTS' && r.format === 'CSV' && r.status === 'FINISHED')).toBe(
      true,
    );
    expect(rows.every((r) => r.downloadPath === `/exportaciones/${r.id}`)).toBe(true);
  });

  it('download only when finished: the action says why otherwise', async () => {
    const response = await gql<HistoryData>(gateway.graphqlUrl, HISTORY, {
      token: tokens.admin,
      variables: { filter: { status: 'ERROR' } },
    });
    const rows = response.body.data!.exports.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.downloadPath).toBeNull();
      expect(row.actions).toEqual([
        { kind: 'DOWNLOAD', enabled: false, permitted: true, reason: 'La exportación terminó con error.' },
      ]);
    }
  });

  it.each(['consulta', 'showOnly'])(
    '%s (without both EXPORT_SHOW and EXPORT_SEARCH) is refused with 0 upstream calls',
    async (user) => {
      const response = await gql(gateway.graphqlUrl, HISTORY, { token: tokens[user] });
      expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await recorded()).toEqual([]);
    },
  );
});

describe('createExport', () => {
  it('sends the payments list filter encoded exactly as Buscar Pagos sends it, and the job finishes', async () => {
    const filter = { status: 'APPROVED', collectorId: '10001', from: '2020-01-01T03:00:00.000Z' };
    const list = await gql(
      gateway.graphqlUrl,
      'query($f: PaymentFilter) { payments(filter: $f) { total } }',
      {
        token: tokens.admin,
        variables: { f: filter },
      },
    );
    expect(list.body.errors).toBeUndefined();
    const listFilters = (await recorded()).find((c) => c.path === '/payment/pagos')!.query.filters;
    await clearRecorded();
    await setProcessing(0);
    await clearRecorded();

    const response = await gql<{
      createExport: { outcome: string; message: string; export: { id: string } };
    }>(gateway.graphqlUrl, CREATE, {
      token: tokens.operador,
      variables: { input: { type: 'PAYMENTS', format: 'XLSX', paymentFilter: filter } },
    });
    expect(response.body.errors, response.text).toBeUndefined();
    expect(response.body.data!.createExport).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Exportación solicitada: puede seguirla en Historial de exportaciones.',
    });
    const calls = await recorded();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /export/exportaciones']);
    expect(calls[0]!.body).toEqual({ type: 'payments', format: 'xlsx', filters: listFilters });

    // The file: every payment of the filter, through /files with the same token.
    const id = response.body.data!.createExport.export.id;
    const total = (list.body.data as { payments: { total: number } }).payments.total;
    await vi.waitFor(
      async () => {
        const file = await fetch(`${gateway.url}/files/exportaciones/${id}`, {
          headers: { authorization: `Bearer ${tokens.admin}` },
        });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-disposition')).toContain(`exportacion-${id}.xlsx`);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(await file.arrayBuffer());
        expect(workbook.getWorksheet('Pagos')!.rowCount).toBe(total + 1);
      },
      { timeout: 15_000, interval: 50 },
    );
  });

  it('sends the subscriptions list filter the way Buscar Suscripciones does', async () => {
    const filter = { status: 'ACTIVE', paymentType: 'DEBIT' };
    await gql(gateway.graphqlUrl, 'query($f: SubscriptionFilter) { subscriptions(filter: $f) { total } }', {
      token: tokens.admin,
      variables: { f: filter },
    });
    const listFilters = (await recorded()).find((c) => c.path === '/subscription/suscripciones')!.query
      .filters;
    await clearRecorded();
    const response = await gql(gateway.graphqlUrl, CREATE, {
      token: tokens.admin,
      variables: { input: { type: 'SUBSCRIPTION', format: 'JSON', subscriptionFilter: filter } },
    });
    expect(response.body.errors, response.text).toBeUndefined();
    expect((await recorded())[0]!.body).toEqual({
      type: 'subscription',
      format: 'json',
      filters: listFilters,
    });
  });

  it('consulta (no EXPORT_CREATE) is refused with 0 upstream calls; a mismatched filter is refused too', async () => {
    const refused = await gql(gateway.graphqlUrl, CREATE, {
      token: tokens.consulta,
      variables: { input: { type: 'PAYMENTS', format: 'CSV', paymentFilter: {} } },
    });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const mismatched = await gql(gateway.graphqlUrl, CREATE, {
      token: tokens.admin,
      variables: { input: { type: 'PAYMENTS', format: 'CSV', subscriptionFilter: {} } },
    });
    // Schema 2.0.0: the payload says the refusal (INVALID_INPUT), not the response's errors.
    expect(mismatched.body.errors).toBeUndefined();
    expect((mismatched.body.data as { createExport: unknown }).createExport).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_INPUT' },
    });
    expect(await recorded()).toEqual([]);
  });
});

describe('download route /files/exportaciones/:id', () => {
  const download = (id: string, token?: string) =>
    fetch(`${gateway.url}/files/exportaciones/${id}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('a running export answers a Spanish refusal from the service', async () => {
    await setProcessing(600_000);
    const created = await gql<{ createExport: { export: { id: string; downloadPath: string | null } } }>(
      gateway.graphqlUrl,
      CREATE,
      { token: tokens.admin, variables: { input: { type: 'PAYMENTS', format: 'CSV' } } },
    );
    const job = created.body.data!.createExport.export;
    expect(job.downloadPath).toBeNull();
    const response = await download(job.id, tokens.admin);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'La exportación todavía no finalizó - export_not_finished',
    );
  });

  it('a failed export says it failed, with its own code, after reading its status', async () => {
    // 7000005 is seeded in `error`: the service refuses its file as `export_not_finished`, as for a running one.
    await clearRecorded();
    const response = await download('7000005', tokens.admin);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: 'UPSTREAM_REJECTED',
        message: 'La exportación falló: no hay archivo para descargar - export_failed',
        extendedCode: 'export_failed',
      },
    });
    const calls = (await recorded()).filter((r) => r.service === 'export');
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /export/exportaciones/7000005/descargar',
      'GET /export/exportaciones/7000005',
    ]);
  });

  it('without EXPORT_SHOW, without a token or with a bad id: refused with 0 upstream calls', async () => {
    expect((await download('7000001', tokens.consulta)).status).toBe(403);
    expect((await download('7000001')).status).toBe(401);
    const bad = await download('abc', tokens.admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'El parámetro "id" no es válido.',
    );
    expect(await recorded()).toEqual([]);
  });
});
