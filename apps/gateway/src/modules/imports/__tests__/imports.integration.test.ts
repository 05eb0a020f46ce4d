import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callLines,
  startAreaStack,
  type AreaStack,
  type RecordedCall,
} from '../../../__tests__/areas/stack.js';
import { IMPORT_MAX_BYTES } from '../index.js';
import { freshKey } from '../../../__tests__/http-helpers.js';

/**
 * Imports, conversion configurations and transfer conciliation over HTTP against the stubs as `tesoreria`: the
 * exact upstream calls of every list, each write landing once, the rules refusing without a write, and
 * `consulta` refused with no upstream call.
 */

type Json = ReturnType<typeof JSON.parse>;
let stack: AreaStack;
beforeAll(async () => {
  stack = await startAreaStack();
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  await stack.reset();
});

async function ok(query: string, variables: Record<string, unknown> = {}, user = 'tesoreria') {
  const { response, calls } = await stack.run<Json>(user, query, variables);
  expect(response.body.errors, response.text).toBeUndefined();
  return { data: response.body.data as Json, calls };
}
const writes = (calls: readonly RecordedCall[]) => calls.filter((call) => call.method !== 'GET');
const filtersOf = (call: RecordedCall | undefined) =>
  JSON.parse(String(call?.query.filters ?? '[]')) as Json[];

const ACTIONS = 'actions { kind enabled permitted reason }';
const IMPORT = `id status statusClass statusDetail issuedAmount pendingAmount totalAmount requestCount issuedCount pendingCount errorCount requestDate collectorId collector { id name } ${ACTIONS}`;
const PAYLOAD = 'outcome message error { message code extendedCode }';
const LIST = `query($filter: ImportFilter, $page: Int, $pageSize: Int, $sort: ImportSort) {
  imports(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) { rows { ${IMPORT} } total page pageSize } }`;
const ROWS = `query($id: ID!, $filter: ImportRowFilter, $sort: ImportRowSort) {
  importRows(importId: $id, filter: $filter, sort: $sort) { rows { index status statusDetail amount paymentId errors } total } }`;

async function pendingImport(): Promise<Json> {
  const { data } = await ok(LIST, { filter: { status: 'pending_approved' } });
  return data.imports.rows[0];
}

describe('imports', () => {
  it('lists with one import call and one batched collector call, request date descending by default', async () => {
    const { data, calls } = await ok(LIST);
    expect(callLines(calls)).toEqual(['GET /import/pagos', 'GET /collector/comercios']);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '25', sorts: 'request_date:desc' });
    const rows = data.imports.rows as Json[];
    expect(rows.length).toBeGreaterThan(3);
    const dates = rows.map((row) => Date.parse(row.requestDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(rows.every((row) => row.collector?.name)).toBe(true);
    expect(rows.find((row) => row.status === 'pending_approved')?.statusClass).toBe('pending-approved');
  });

  it('filters by collector, status, period and search in the same single call', async () => {
    const { data, calls } = await ok(LIST, {
      filter: {
        collectorId: '10001',
        status: 'approved',
        from: '2026-01-01T03:00:00.000Z',
        to: '2026-12-31T03:00:00.000Z',
        search: '4001',
      },
      sort: { field: 'TOTAL_AMOUNT', direction: 'ASC' },
    });
    const named = data.imports.rows.length ? ['GET /collector/comercios'] : [];
    expect(callLines(calls)).toEqual(['GET /import/pagos', ...named]);
    expect(calls[0]!.query).toMatchObject({ sorts: 'total_amount:asc' });
    expect(filtersOf(calls[0])).toEqual([
      { field: 'collector_id', operation: 'EQUAL', value: '10001' },
      { field: 'status', operation: 'EQUAL', value: 'approved' },
      { field: 'request_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2026-01-01T03:00:00.000Z' },
      { field: 'request_date', operation: 'LESS_THAN_OR_EQUAL_TO', value: '2026-12-31T03:00:00.000Z' },
      { field: 'import_id', operation: 'EQUAL', value: '4001' },
    ]);
  });

  it('reads the rows with one call, index ascending by default, status and search as filters', async () => {
    const doc = await pendingImport();
    const all = await ok(ROWS, { id: doc.id });
    expect(callLines(all.calls)).toEqual([`GET /import/pagos/${doc.id}/detalles`]);
    expect(all.calls[0]!.query).toMatchObject({ sorts: 'index:asc', limit: '25' });
    expect(all.data.importRows.rows.map((row: Json) => row.index)).toEqual([1, 2, 3, 4, 5, 6]);
    const errors = await ok(ROWS, { id: doc.id, filter: { status: 'ERROR', search: '6' } });
    expect(filtersOf(errors.calls[0])).toEqual([
      { field: 'status', operation: 'EQUAL', value: 'error' },
      { field: 'index', operation: 'EQUAL', value: '6' },
    ]);
    expect(errors.data.importRows.rows).toEqual([
      expect.objectContaining({ index: 6, status: 'ERROR', errors: [expect.stringContaining('email')] }),
    ]);
  });

  it('confirms a pending import: one read, one write, payments issued; then the rule refuses a second time', async () => {
    const doc = await pendingImport();
    expect(doc.actions.map((a: Json) => [a.kind, a.enabled])).toEqual([
      ['CONFIRM', true],
      ['CANCEL', true],
      ['RELOAD', true],
    ]);
    const CONFIRM = `mutation($id: ID!) { confirmImport(id: $id, idempotencyKey: "${freshKey()}") { ${PAYLOAD} paymentImport { ${IMPORT} } } }`;
    const confirmed = await ok(CONFIRM, { id: doc.id });
    expect(callLines(writes(confirmed.calls))).toEqual([`POST /import/pagos/aprobar/${doc.id}`]);
    expect(confirmed.data.confirmImport).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Importación confirmada',
      paymentImport: { status: 'approved', issuedCount: 5, pendingCount: 0 },
    });
    const rows = await ok(ROWS, { id: doc.id, filter: { status: 'ISSUED' } });
    const paymentId = rows.data.importRows.rows[0].paymentId as string;
    const payment = await ok(`query($id: ID!) { payment(id: $id) { id status } }`, { id: paymentId });
    expect(payment.data.payment).toMatchObject({ id: paymentId });
    const again = await ok(CONFIRM, { id: doc.id });
    expect(writes(again.calls)).toEqual([]);
    expect(again.data.confirmImport).toMatchObject({
      outcome: 'FAILED',
      error: { message: 'Solo se puede confirmar o cancelar una importación pendiente de confirmación.' },
    });
  });

  it('cancels with a reason sent as status_detail; an empty reason is refused before any call', async () => {
    const doc = await pendingImport();
    const CANCEL = `mutation($id: ID!, $reason: String!) { cancelImport(id: $id, reason: $reason, idempotencyKey: "${freshKey()}") { ${PAYLOAD} paymentImport { id status statusDetail } } }`;
    const empty = await stack.run<Json>('tesoreria', CANCEL, { id: doc.id, reason: '  ' });
    expect(empty.response.body.errors).toBeUndefined();
    expect(empty.response.body.data!.cancelImport).toMatchObject({ outcome: 'FAILED', error: { code: 'INVALID_INPUT' } });
    expect(empty.calls).toEqual([]);
    const cancelled = await ok(CANCEL, { id: doc.id, reason: 'Archivo equivocado' });
    expect(callLines(writes(cancelled.calls))).toEqual([`POST /import/pagos/cancelar/${doc.id}`]);
    expect(writes(cancelled.calls)[0]!.body).toEqual({ status_detail: 'Archivo equivocado' });
    expect(cancelled.data.cancelImport.paymentImport).toMatchObject({
      status: 'cancelled',
      statusDetail: 'Archivo equivocado',
    });
  });

  it('lists the converter source configurations with one call', async () => {
    const { data, calls } = await ok('{ converterConfigurations { id name description } }');
    expect(callLines(calls)).toEqual(['GET /converter/configuraciones']);
    expect(data.converterConfigurations.map((c: Json) => c.id)).toEqual(['1', '2']);
  });
});

describe('transfer conciliation', () => {
  const TRANSFERS = `query($filter: TransferFilter, $pageSize: Int) { transfers(filter: $filter, pageSize: $pageSize) {
    rows { id collectorId collector { name } payerId paymentId destinyTransferId amount requestDate status ${ACTIONS} } total } }`;

  it('lists pending transfers with one call plus one batched collector call; filters exact', async () => {
    const { data, calls } = await ok(TRANSFERS, { filter: { status: 'PENDING' } });
    expect(callLines(calls)).toEqual(['GET /transfer/conciliaciones', 'GET /collector/comercios']);
    expect(calls[0]!.query).toMatchObject({ sorts: 'request_date:desc' });
    const row = data.transfers.rows[0];
    expect(row.actions).toEqual([{ kind: 'CONCILIATE', enabled: true, permitted: true, reason: null }]);
    const exact = await ok(TRANSFERS, {
      filter: {
        payerCuit: row.payerId,
        amount: row.amount,
        collectorId: row.collectorId,
        search: row.paymentId,
      },
    });
    expect(callLines(exact.calls)).toEqual(['GET /transfer/conciliaciones', 'GET /collector/comercios']);
    expect(filtersOf(exact.calls[0])).toEqual([
      { field: 'collector_id', operation: 'EQUAL', value: row.collectorId },
      { field: 'amount', operation: 'EQUAL', value: Number(row.amount) },
      { field: 'payer_id', operation: 'EQUAL', value: row.payerId },
      { field: 'payment_id', operation: 'EQUAL', value: row.paymentId },
    ]);
    expect(exact.data.transfers.rows.map((r: Json) => r.id)).toContain(row.id);
    const bad = await stack.run<Json>('tesoreria', TRANSFERS, { filter: { payerCuit: '123' } });
    expect(bad.response.body.errors?.[0]).toMatchObject({
      message: 'El CUIT debe tener 11 dígitos (filter.payerCuit).',
      extensions: { code: 'BAD_USER_INPUT', field: 'filter.payerCuit' },
    });
    expect(bad.calls).toEqual([]);
  });

  it('conciliates a pending transfer once; a second time the rule refuses without writing', async () => {
    const { data } = await ok(TRANSFERS, { filter: { status: 'PENDING' }, pageSize: 1 });
    const id = data.transfers.rows[0].id as string;
    const MUTATION = `mutation($id: ID!) { conciliateTransfer(id: $id, idempotencyKey: "k46-imports-189") { ${PAYLOAD} transfer { id status ${ACTIONS} } } }`;
    const done = await ok(MUTATION, { id });
    expect(callLines(done.calls)).toEqual([
      'GET /transfer/conciliaciones',
      `POST /transfer/conciliaciones/forzar-conciliacion/${id}`,
    ]);
    expect(done.data.conciliateTransfer).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Conciliación aprobada',
      transfer: { id, status: 'CONCILIATED', actions: [{ enabled: false }] },
    });
    const again = await ok(MUTATION, { id });
    expect(writes(again.calls)).toEqual([]);
    expect(again.data.conciliateTransfer.outcome).toBe('FAILED');
  });
});

describe('consulta', () => {
  const refusals: [string, string, Record<string, unknown>][] = [
    ['imports', LIST, {}],
    ['paymentImport', 'query { paymentImport(id: "4001") { id } }', {}],
    ['importRows', 'query { importRows(importId: "4001") { total } }', {}],
    ['converterConfigurations', '{ converterConfigurations { id } }', {}],
    ['transfers', '{ transfers { total } }', {}],
    ['confirmImport', 'mutation { confirmImport(id: "4001", idempotencyKey: "k62-imports-001") { outcome } }', {}],
    ['cancelImport', 'mutation { cancelImport(id: "4001", reason: "x", idempotencyKey: "k62-imports-002") { outcome } }', {}],
    [
      'conciliateTransfer',
      'mutation { conciliateTransfer(id: "6001", idempotencyKey: "k46-imports-215") { outcome } }',
      {},
    ],
  ];
  it.each(refusals)('%s is refused with no upstream call', async (_name, query, variables) => {
    const { response, calls } = await stack.run<Json>('consulta', query, variables);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(calls).toEqual([]);
  });
});

describe('uploads through /files', () => {
  const SAMPLES = new URL('../../../../../stubs/samples/imports/', import.meta.url);
  const sample = (name: string) => readFileSync(new URL(name, SAMPLES));

  async function post(path: string, form: FormData, user = 'tesoreria') {
    await stack.clearCalls();
    const response = await fetch(`${stack.gatewayUrl}/files${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await stack.tokenOf(user)}` },
      body: form,
    });
    const body = (await response.json()) as Json;
    return { status: response.status, body, calls: await stack.calls() };
  }
  const formOf = (name: string, bytes: Uint8Array, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new Blob([bytes]), name);
    return form;
  };

  it('imports the clean sample: one upstream call with the fields and the file, answering import_id', async () => {
    const { status, body, calls } = await post(
      '/importaciones',
      formOf('pagos-ok.csv', sample('pagos-ok.csv'), {
        collector_id: '10001',
        match_payer: 'true',
        match_concept: 'false',
        match_identification: 'false',
      }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'pending_approved',
      request_count: 5,
      import_id: expect.any(String),
    });
    expect(callLines(calls)).toEqual(['POST /import/pagos']);
    expect(calls[0]!.body).toMatchObject({
      collector_id: '10001',
      match_payer: 'true',
      file: { name: 'pagos-ok.csv', size: sample('pagos-ok.csv').length },
    });
  });

  it('converts the bank file through /conversiones with the configurations JSON', async () => {
    const configurations = JSON.stringify({
      type: 'payments',
      origin_id: '1',
      destination_id: '100',
      metadata: {
        collector_id: '10001',
        match_payer: false,
        match_concept: false,
        match_identification: false,
      },
    });
    const { status, body, calls } = await post(
      '/conversiones',
      formOf('banco-provincia-debitos.csv', sample('banco-provincia-debitos.csv'), { configurations }),
    );
    expect(status).toBe(200);
    expect(body.error_rows).toHaveLength(2);
    expect(body.api_response.import_id).toEqual(expect.any(String));
    expect(callLines(calls)).toEqual(['POST /converter/convertir/api']);
  });

  it('refuses an oversized file and a file that is not CSV or XLSX with a Spanish message and no upstream call', async () => {
    const big = await post(
      '/importaciones',
      formOf('grande.csv', Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a'), { collector_id: '10001' }),
    );
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/tamaño|supera/i);
    expect(big.calls).toEqual([]);
    const pdf = await post(
      '/importaciones',
      formOf('pagos.pdf', Buffer.from('%PDF-1.4\n'), { collector_id: '10001' }),
    );
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.message).toMatch(/archivo/i);
    expect(pdf.calls).toEqual([]);
    const disguised = await post(
      '/importaciones',
      formOf('pagos.xlsx', sample('pagos-ok.csv'), { collector_id: '10001' }),
    );
    expect(disguised.status).toBe(415);
    expect(disguised.calls).toEqual([]);
  });

  it('answers the import service refusal in Spanish (missing columns)', async () => {
    const { status, body } = await post(
      '/importaciones',
      formOf('otro.csv', Buffer.from('foo,bar\n1,2\n'), { collector_id: '10001' }),
    );
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body.error.message).toContain('Faltan columnas');
  });

  it("names the converter's own missing columns, not the import layout's", async () => {
    const bank = {
      type: 'payments',
      origin_id: '1',
      destination_id: '100',
      metadata: { collector_id: '10001' },
    };
    const { status, body, calls } = await post(
      '/conversiones',
      formOf('pagos-ok.csv', sample('pagos-ok.csv'), { configurations: JSON.stringify(bank) }),
    );
    expect(status).toBe(422);
    expect(body.error.message).toBe(
      'Faltan columnas en el archivo: referencia, concepto, detalle, importe, correo, titular y dni - missing_columns',
    );
    expect(callLines(calls)).toEqual(['POST /converter/convertir/api']);
  });

  it('refuses consulta with no upstream call', async () => {
    const { status, calls } = await post(
      '/importaciones',
      formOf('pagos-ok.csv', sample('pagos-ok.csv'), { collector_id: '10001' }),
      'consulta',
    );
    expect(status).toBe(403);
    expect(calls).toEqual([]);
  });

  it('downloads the error rows of the file with errors as CSV', async () => {
    const created = await post(
      '/importaciones',
      formOf('pagos-con-errores.csv', sample('pagos-con-errores.csv'), { collector_id: '10001' }),
    );
    const response = await fetch(
      `${stack.gatewayUrl}/files/importaciones/${created.body.import_id}/errores`,
      {
        headers: { authorization: `Bearer ${await stack.tokenOf('tesoreria')}` },
      },
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('external_transaction_id');
    expect(lines).toHaveLength(5);
    expect(text).toContain('ERR-DEMO-0002');
  });
});
