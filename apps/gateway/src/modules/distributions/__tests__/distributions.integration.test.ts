import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gql, injectLatency, clientKeyOf } from '../../../__tests__/http-helpers.js';
import { startSecurityStack, type SecurityStack } from '../../../__tests__/security/harness.js';
import { freshKey } from '../../../__tests__/http-helpers.js';

/**
 * Distributions over HTTP against the real stubs (fixtures 9300001-9300012): exact upstream calls of the list,
 * the detail and the statistics; every write landing with its idempotency key; the rules refusing without a
 * write; consulta refused without any upstream call.
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

const run = async (query: string, variables: Record<string, unknown>, user: string | readonly string[]) =>
  gql<Json>(stack.gateway.graphqlUrl, query, {
    token: typeof user === 'string' ? await stack.emulator.accessTokenFor(user) : await stack.tokenWith(user),
    variables,
  });
const data = async (
  query: string,
  variables: Record<string, unknown> = {},
  user: string | readonly string[] = 'tesoreria',
) => {
  const res = await run(query, variables, user);
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data;
};
const calls = async () => (await stack.upstreamRequests()).map((c) => `${c.method} ${c.path}`);

const LIST = `query L($filter: DistributionFilter, $page: Int) { distributions(filter: $filter, page: $page) {
  total page pageSize rows { id type status paymentId totalAmount collector { id name } actions { kind enabled permitted reason } } } }`;
const DETAIL = `query D($id: ID!) { distribution(id: $id) { id status actions { kind enabled }
  details { id status type amount destination { type value cuit name } destinationChanges { user date previous { value } }
  actions { kind enabled permitted reason } } } }`;
const STATS = `{ distributionStatistics { errorCount authorizationPendingCount } }`;
const APPROVE = `mutation A($id: ID!) { approveDistribution(id: $id, idempotencyKey: "aprobar-9300001") { outcome message error { message } distribution { status } } }`;
const REPROCESS = `mutation R($id: ID!) { reprocessDistribution(id: $id, idempotencyKey: "reprocesar-9300003") { outcome message error { message } distribution { status } } }`;
const REJECT = `mutation J($id: ID!) { rejectDistribution(id: $id, reason: "Duplicada", idempotencyKey: "rechazar-9300002") { outcome message distribution { status statusDetail } } }`;
const UPDATE = `mutation U($id: ID!, $detail: ID!, $input: DistributionDestinationInput!, $force: Boolean, $key: String!) {
  updateDistributionDetail(distributionId: $id, detailId: $detail, input: $input, force: $force, idempotencyKey: $key) {
  outcome message error { message code field } detail { status destination { type value } destinationChanges { user } } } }`;
const RECEIPT = `mutation V($id: ID!, $detail: ID!, $email: String!) { sendDistributionReceipt(distributionId: $id, detailId: $detail, email: $email, idempotencyKey: "${freshKey()}") { outcome message error { message } } }`;
const CBU = '2850590940090418135201';
const CUIT = '30500010912';

describe('distributions', () => {
  it('lists with one upstream call: page 1, size 25 (the default of every list), status filter with its ascending sort', async () => {
    const page = (await data(LIST, { filter: { status: 'ERROR', type: 'NO_SCHEDULED' } })).distributions;
    expect(page.pageSize).toBe(25);
    expect(page.rows.every((r: Json) => r.status === 'ERROR' && r.type === 'NO_SCHEDULED')).toBe(true);
    const recorded = await stack.upstreamRequests();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      path: '/distribuciones/distribuciones',
      query: { page: '1', limit: '25' },
    });
    expect(recorded[0]!.query.sorts).toBe('status:asc,request_date:desc');
  });

  it('searches more than 4 characters by payment_id alone, 1 to 4 by collector id', async () => {
    const byPayment = (await data(LIST, { filter: { search: '480001', status: 'ERROR' } })).distributions;
    expect(byPayment.rows.map((r: Json) => r.paymentId)).toEqual(['480001']);
    const byCollector = (await data(LIST, { filter: { search: '101' } })).distributions;
    expect(byCollector.total).toBeGreaterThan(0);
    expect(byCollector.rows.every((r: Json) => r.collector.id === '101')).toBe(true);
    const filters = (await stack.upstreamRequests()).map((c) => JSON.parse(String(c.query.filters)));
    expect(filters[0]).toEqual([{ field: 'payment_id', operation: 'EQUAL', value: '480001' }]);
    expect(filters[1]).toEqual([{ field: 'collector.id', operation: 'EQUAL', value: '101' }]);
  });

  it('statistics: two upstream calls of page size 1, reading size', async () => {
    const stats = (await data(STATS)).distributionStatistics;
    expect(stats.authorizationPendingCount).toBeGreaterThanOrEqual(2);
    expect(stats.errorCount).toBeGreaterThanOrEqual(2);
    const recorded = await stack.upstreamRequests();
    expect(recorded).toHaveLength(2);
    expect(recorded.every((c) => c.query.limit === '1' && c.query.page === '1')).toBe(true);
  });

  it("statistics of the list's type and range count what each state tab lists with them", async () => {
    const STATS_OF = `query S($filter: DistributionStatisticsFilter) { distributionStatistics(filter: $filter) {
      errorCount authorizationPendingCount } }`;
    // This month in Argentine time, as the screen's default range; the seed has older ones of both statuses.
    const now = new Date();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(now);
    const range = { from: `${day.slice(0, 8)}01T00:00:00.000-03:00`, to: `${day}T23:59:59.999-03:00` };
    const filter = { type: 'NO_SCHEDULED', ...range };
    const stats = (await data(STATS_OF, { filter })).distributionStatistics;
    const tab = async (status: string) =>
      (await data(LIST, { filter: { ...filter, status } })).distributions.total as number;
    expect(stats.authorizationPendingCount).toBe(await tab('AUTHORIZATION_PENDING'));
    expect(stats.errorCount).toBe(await tab('ERROR'));
    const every = (await data(STATS)).distributionStatistics;
    expect(every.authorizationPendingCount).toBeGreaterThan(stats.authorizationPendingCount);
    expect(every.errorCount).toBeGreaterThan(stats.errorCount);
    await stack.clearUpstreamRequests();
    await data(STATS_OF, { filter });
    const sent = (await stack.upstreamRequests()).map((c) => JSON.parse(String(c.query.filters)));
    expect(sent).toEqual(
      ['error', 'authorization_pending'].map((status) => [
        { field: 'type', operation: 'EQUAL', value: 'no_scheduled' },
        { field: 'status', operation: 'EQUAL', value: status },
        // DateTime values reach the service as UTC instants.
        {
          field: 'request_date',
          operation: 'GREATER_THAN_OR_EQUAL_TO',
          value: new Date(range.from).toISOString(),
        },
        {
          field: 'request_date',
          operation: 'LESS_THAN_OR_EQUAL_TO',
          value: new Date(range.to).toISOString(),
        },
      ]),
    );
  });

  it('detail: the header and its details in two upstream calls, with the actions of each', async () => {
    const d = (await data(DETAIL, { id: '9300003' })).distribution;
    expect(d.actions).toEqual([
      { kind: 'REPROCESS', enabled: true },
      { kind: 'APPROVE', enabled: false },
      { kind: 'REJECT', enabled: false },
    ]);
    expect(d.details[0].actions.map((a: Json) => [a.kind, a.enabled])).toEqual([
      ['EDIT', true],
      ['FORCE', true],
      ['SEND_RECEIPT', false],
    ]);
    expect((await calls()).sort()).toEqual([
      'GET /distribuciones/distribuciones/9300003',
      'GET /distribuciones/distribuciones/9300003/detalles',
    ]);
  });

  it('detail: asks for the details together with the header, one round trip instead of two', async () => {
    await injectLatency(stack.stubs.url, 'distribuciones', 1500);
    await data(DETAIL, { id: '9300003' });
    const [first, second] = await stack.upstreamRequests();
    // In sequence the second call would leave only after the first one's 1.5 s answer; together, at once.
    expect(Date.parse(second!.at) - Date.parse(first!.at)).toBeLessThan(750);
  });

  it('without DISTRIBUTION_FORCE the FORCE action is not permitted and a forced update is refused unwritten', async () => {
    const d = (await data(DETAIL, { id: '9300003' }, ['DISTRIBUTION_UPDATE'])).distribution;
    expect(d.details[0].actions.find((a: Json) => a.kind === 'FORCE')).toMatchObject({ permitted: false });
    const input = { type: 'CBU', value: CBU, cuit: CUIT, name: 'Club' };
    const res = await data(
      UPDATE,
      { id: '9300003', detail: '9300003-1', input, force: true, key: 'forzar-9300003-1' },
      ['DISTRIBUTION_UPDATE'],
    );
    expect(res.updateDistributionDetail).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'ACTION_NOT_ALLOWED' },
    });
    expect((await stack.upstreamRequests()).filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('approve, reprocess and force carry their idempotency keys; reject sends status_detail', async () => {
    expect((await data(APPROVE, { id: '9300001' })).approveDistribution).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Autorizado correctamente',
      distribution: { status: 'PENDING' },
    });
    expect((await data(REPROCESS, { id: '9300003' })).reprocessDistribution).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Reprocesado correctamente',
    });
    expect((await data(REJECT, { id: '9300002' })).rejectDistribution).toMatchObject({
      message: 'Rechazado correctamente',
      distribution: { status: 'REJECTED', statusDetail: 'Duplicada' },
    });
    const input = { type: 'CBU', value: CBU, cuit: CUIT, name: 'Club' };
    const forced = await data(UPDATE, {
      id: '9300012',
      detail: '9300012-1',
      input,
      force: true,
      key: 'forzar-9300012-1',
    });
    expect(forced.updateDistributionDetail).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Distribución actualizada',
      detail: { status: 'SUCCESS' },
    });
    const writes = (await stack.upstreamRequests()).filter((c) => c.method !== 'GET');
    expect(writes.map((w) => [w.path, clientKeyOf(w.headers['idempotency-key']), w.body ?? null])).toEqual([
      ['/distribuciones/distribuciones/9300001/aprobar', 'aprobar-9300001', null],
      ['/distribuciones/distribuciones/9300003/reprocesar', 'reprocesar-9300003', null],
      ['/distribuciones/distribuciones/9300002/rechazar', 'rechazar-9300002', { status_detail: 'Duplicada' }],
      [
        '/distribuciones/distribuciones/9300012/detalles/9300012-1',
        'forzar-9300012-1',
        {
          destination: { type: 'cbu', value: CBU, cuit: CUIT, name: 'Club' },
          amount: expect.any(Number),
          status: 'success',
        },
      ],
    ]);
  });

  it('refuses approve and reprocess without an idempotency key, and a force without one, before any call', async () => {
    const noKey = await run(`mutation { approveDistribution(id: "9300001") { outcome } }`, {}, 'tesoreria');
    expect(noKey.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const input = { type: 'CBU', value: CBU, cuit: CUIT, name: 'Club' };
    const res = await run(UPDATE, { id: '9300012', detail: '9300012-1', input, force: true }, 'tesoreria');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await stack.upstreamRequests()).toEqual([]);
  });

  it('edits a destination to an alias (checked first), records who; scheduled ones go to /programadas', async () => {
    const refused = async (input: Record<string, string>) =>
      // Schema 2.0.0: the payload's refusal (INVALID_INPUT), not an error of the response.
      (await run(UPDATE, { id: '9300003', detail: '9300003-1', input, key: 'editar-9300003-1' }, 'tesoreria'))
        .body.data?.updateDistributionDetail?.error;
    expect((await refused({ type: 'CBU', value: '2850590940090418135200', cuit: CUIT }))?.message).toContain(
      'El CBU no es válido',
    );
    expect((await refused({ type: 'ALIAS', value: 'mate.rio', cuit: '30500010913' }))?.message).toContain(
      'El formato del cuit no es correcto.',
    );
    // Only a CBU alias's characters (a length check alone would accept a formula).
    expect(await refused({ type: 'ALIAS', value: '=HYPERLINK("//e.co")', cuit: CUIT })).toMatchObject({
      message: 'El alias solo admite letras, números, puntos (.) y guiones (-). (input.value)',
      code: 'INVALID_INPUT',
      field: ['input', 'value'],
    });
    expect(await stack.upstreamRequests()).toEqual([]);
    const alias = await data(UPDATE, {
      id: '9300003',
      detail: '9300003-1',
      input: { type: 'ALIAS', value: 'mate.rio.sol', cuit: CUIT, name: 'Club' },
      key: 'editar-9300003-1',
    });
    expect(alias.updateDistributionDetail.detail).toMatchObject({
      destination: { type: 'ALIAS', value: 'mate.rio.sol' },
      destinationChanges: [{ user: 'tesoreria' }],
    });
    await data(UPDATE, {
      id: '9300011',
      detail: '9300011-1',
      input: { type: 'CBU', value: CBU, cuit: CUIT },
      key: 'editar-9300011-1',
    });
    const paths = (await stack.upstreamRequests()).filter((c) => c.method === 'PUT').map((c) => c.path);
    expect(paths).toEqual([
      '/distribuciones/distribuciones/9300003/detalles/9300003-1',
      '/distribuciones/distribuciones/programadas/9300011/detalles/9300011-1',
    ]);
  });

  it('sends a receipt of a paid detail; an invalid e-mail is refused before any call', async () => {
    const bad = await run(RECEIPT, { id: '9300004', detail: '9300004-1', email: 'no' }, 'tesoreria');
    expect(bad.body.data?.sendDistributionReceipt?.error?.message).toContain('Email inválido');
    const ok = await data(RECEIPT, { id: '9300004', detail: '9300004-1', email: 'tesoreria@example.com' });
    expect(ok.sendDistributionReceipt).toMatchObject({ outcome: 'SUCCESS', message: 'Comprobante enviado!' });
    const writes = (await stack.upstreamRequests()).filter((c) => c.method === 'POST');
    expect(writes.map((w) => [w.path, w.body])).toEqual([
      [
        '/distribuciones/distribuciones/9300004/detalles/9300004-1/vouchers',
        { email: 'tesoreria@example.com' },
      ],
    ]);
  });

  it('consulta: every query and mutation refused without any upstream call', async () => {
    const input = { type: 'CBU', value: CBU, cuit: CUIT };
    for (const [query, variables] of [
      [LIST, {}],
      [DETAIL, { id: '9300003' }],
      [STATS, {}],
      [APPROVE, { id: '9300001' }],
      [REPROCESS, { id: '9300003' }],
      [REJECT, { id: '9300002' }],
      [UPDATE, { id: '9300003', detail: '9300003-1', input, key: 'editar-9300003-1' }],
      [RECEIPT, { id: '9300004', detail: '9300004-1', email: 'a@b.com' }],
    ] as const) {
      const res = await run(query, variables, 'consulta');
      expect(res.body.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
    expect(await stack.upstreamRequests()).toEqual([]);
  });
});

describe('distributions report download', () => {
  const path = (format: string, query = '') =>
    `${stack.gateway.url}/files/distribuciones/reporte/${format}${query}`;
  const range = `?desde=${encodeURIComponent('2000-01-01T00:00:00.000-03:00')}&hasta=${encodeURIComponent('2100-01-01T00:00:00.000-03:00')}&tipo=no_scheduled`;

  const download = async (format: string, query: string) => {
    const res = await fetch(path(format, query), {
      headers: { authorization: `Bearer ${await stack.emulator.accessTokenFor('tesoreria')}` },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return res;
  };
  const SCREEN_DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

  it("writes the XLSX in the screen's formats from one upstream call (the service's JSON rows), named after its range", async () => {
    const res = await download('xlsx', range);
    expect(res.headers.get('content-disposition')).toContain('distribuciones-2000-01-01-a-2100-01-01.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Distribuciones')!;
    expect(sheet.rowCount).toBeGreaterThan(10);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'ID',
      'ID de pago',
      'Fecha de solicitud',
      'ID entidad',
      'Entidad',
      'Estado',
      'Importe total',
      'Detalle',
      'Estado del detalle',
      'Tipo de destino',
      'Destino',
      'CUIT',
      'Importe',
    ]);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
    });
    const pending = rows.find((r) => r.ID === '9300001')!;
    expect(pending).toMatchObject({ Estado: 'Pendiente', 'Estado del detalle': 'En proceso' });
    expect(String(pending['Fecha de solicitud'])).toMatch(SCREEN_DATE);
    expect(typeof pending['Importe total']).toBe('number');
    expect(typeof pending.Importe).toBe('number');
    expect(new Set(rows.map((r) => r.Estado))).not.toContain('authorization_pending');
    const recorded = await stack.upstreamRequests();
    expect(recorded.map((c) => [c.path, c.query])).toEqual([
      [
        '/distribuciones/distribuciones/exportar/json',
        {
          start_date: '2000-01-01T00:00:00.000-03:00',
          end_date: '2100-01-01T00:00:00.000-03:00',
          type: 'no_scheduled',
        },
      ],
    ]);
  });

  it("writes the Error tab's CSV for a Spanish spreadsheet (BOM, ';', decimal comma) named after its filter", async () => {
    const from = '2026-11-01T00:00:00.000-03:00';
    const to = '2026-11-24T23:59:59.999-03:00';
    const query = `?desde=${encodeURIComponent(from)}&hasta=${encodeURIComponent(to)}&tipo=no_scheduled&estado=error`;
    const res = await download('csv', query);
    expect(res.headers.get('content-disposition')).toContain(
      'filename="distribuciones-error-2026-11-01-a-2026-11-24.csv"',
    );
    const unfiltered = await download('csv', range);
    expect(unfiltered.headers.get('content-disposition')).toContain(
      'filename="distribuciones-2000-01-01-a-2100-01-01.csv"',
    );
    // fetch's text() drops a BOM: read the bytes.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await unfiltered.arrayBuffer());
    expect(text.startsWith('\uFEFF"ID";"ID de pago";"Fecha de solicitud";')).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const line = lines.find((l) => l.startsWith('"9300003";'))!;
    const fields = line.split(';');
    expect(fields[2]).toMatch(/^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}"$/);
    expect(fields[5]).toBe('"Error"');
    expect(fields[6]).toMatch(/^\d+,\d{2}$/); // an amount: a number with a decimal comma, unquoted
    expect(fields[12]).toMatch(/^\d+,\d{2}$/);
    expect(lines.every((l) => !/authorization_pending|"success"|"error"/.test(l))).toBe(true);
  });

  it('writes the JSON with the same texts (an amount a decimal string, never a float)', async () => {
    const rows = (await (await download('json', range)).json()) as Record<string, string>[];
    const paid = rows.find((r) => r.id === '9300004')!;
    expect(paid).toMatchObject({ status: 'Aprobado', detail_status: 'Aprobado' });
    expect(paid.request_date).toMatch(SCREEN_DATE);
    expect(paid.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses consulta and a format outside csv, json, xlsx without an upstream call', async () => {
    const consulta = await fetch(path('xlsx'), {
      headers: { authorization: `Bearer ${await stack.emulator.accessTokenFor('consulta')}` },
    });
    expect(consulta.status).toBe(403);
    const pdf = await fetch(path('pdf'), {
      headers: { authorization: `Bearer ${await stack.emulator.accessTokenFor('tesoreria')}` },
    });
    expect(pdf.status).toBe(400);
    expect(await stack.upstreamRequests()).toEqual([]);
  });
});
