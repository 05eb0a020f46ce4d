import { describe, expect, it } from 'vitest';
import { webOperation } from '../web-documents.js';
import { callLines, dataAs, filtersOf, useAreaStack, writesOf } from './stack.js';
import { freshKey } from '../http-helpers.js';

/**
 * AFIP presentations, the software-provider report and card BINs over HTTP against the stubs (fixtures of
 * docs/upstream-contract.md "AFIP", "Software provider", "Card BIN") as `impuestos`: the exact upstream calls of
 * every list, each write landing once, the rules refusing without a write, and `consulta` refused with no call.
 */

type Json = ReturnType<typeof JSON.parse>;
const area = useAreaStack();

const ok = (query: string, variables: Record<string, unknown> = {}, user = 'impuestos') =>
  dataAs(area(), user, query, variables);
const writes = writesOf;

const ACTIONS = 'actions { kind enabled permitted reason }';
const PRESENTATION = `id afipTransactionId afipTransactionShort period status fileName createdDate deliveryDate reprocessDetail fileStructure { id formName version } ${ACTIONS}`;
const PAYLOAD = 'outcome message error { message code extendedCode }';

describe('AFIP presentations', () => {
  const LIST = `query($filter: PresentationFilter, $page: Int, $pageSize: Int, $sort: PresentationSort) {
    presentations(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) { rows { ${PRESENTATION} } total page pageSize } }`;

  it('lists 25 rows by default (every list), created_date descending; a search is one call per field searched', async () => {
    const { data, calls } = await ok(LIST, { filter: { status: 'DELIVERED', search: 'F8126' } });
    expect(callLines(calls)).toEqual(['GET /afip/formularios', 'GET /afip/formularios']);
    for (const call of calls) {
      expect(call.query).toMatchObject({ page: '1', limit: '500', sorts: 'created_date:desc' });
    }
    expect(calls.map(filtersOf)).toEqual([
      [
        { field: 'file_name', operation: 'CONTAINS', value: 'F8126' },
        { field: 'status', operation: 'EQUAL', value: 'delivered' },
      ],
      [
        { field: 'afip_transaction_id', operation: 'CONTAINS', value: 'F8126' },
        { field: 'status', operation: 'EQUAL', value: 'delivered' },
      ],
    ]);
    expect(data.presentations.rows.length).toBeGreaterThan(0);
    const plain = await ok(LIST, { filter: { status: 'DELIVERED' } });
    expect(callLines(plain.calls)).toEqual(['GET /afip/formularios']);
    expect(plain.calls[0]!.query).toMatchObject({ page: '1', limit: '25', sorts: 'created_date:desc' });
    const rows = data.presentations.rows as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'DELIVERED')).toBe(true);
    for (const row of rows) {
      const id = row.afipTransactionId as string;
      expect(row.afipTransactionShort).toBe(id.length > 10 ? `${id.slice(0, 6)}..` : id);
      expect(row.actions.find((a: Json) => a.kind === 'PRESENT')).toMatchObject({
        enabled: false,
        reason: 'Solo disponible para presentaciones en estado creada.',
      });
    }
    const sorted = await ok(LIST, { sort: { field: 'PERIOD', direction: 'ASC' }, pageSize: 25 });
    expect(callLines(sorted.calls)).toEqual(['GET /afip/formularios']);
    expect(sorted.calls[0]!.query).toMatchObject({ limit: '25', sorts: 'period:asc' });
  });

  it('creates, then presents manually with a transaction id (one write each, read first)', async () => {
    const structures = await ok('{ presentationFileStructures { id label } }');
    expect(callLines(structures.calls)).toEqual(['GET /afip/formularios/estructuras']);
    expect(structures.data.presentationFileStructures[1]).toEqual({
      id: '2',
      label: 'F8126 Cobranzas por cuenta de terceros (2.0)',
    });
    const created = await ok(
      `mutation { createPresentation(fileStructureId: "2", period: "2026-10", idempotencyKey: "${freshKey()}") { ${PAYLOAD} presentation { ${PRESENTATION} } } }`,
    );
    expect(callLines(created.calls)).toEqual(['POST /afip/formularios']);
    expect(created.calls[0]!.body).toEqual({ period: '2026-10', file_structure: { id: '2' } });
    const payload = created.data.createPresentation;
    expect(payload).toMatchObject({ outcome: 'SUCCESS', message: 'Formulario creado correctamente' });
    const id = payload.presentation.id as string;
    expect(payload.presentation.actions.map((a: Json) => [a.kind, a.enabled])).toEqual([
      ['DOWNLOAD', true],
      ['PRESENT', true],
      ['PRESENT_MANUAL', true],
      ['REPROCESS', true],
      ['RELOAD', true],
    ]);
    const manual = await ok(
      `mutation($id: ID!) { presentPresentationManually(id: $id, transactionId: " TX-4455667788 ", idempotencyKey: "${freshKey()}") { ${PAYLOAD} presentation { ${PRESENTATION} } } }`,
      { id },
    );
    expect(callLines(manual.calls)).toEqual([
      `GET /afip/formularios/${id}`,
      `POST /afip/formularios/${id}/presentar/manual/TX-4455667788`,
    ]);
    expect(manual.data.presentPresentationManually).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Presentación enviada con éxito',
      presentation: {
        status: 'DELIVERED',
        afipTransactionId: 'TX-4455667788',
        afipTransactionShort: 'TX-445..',
      },
    });
    // Now delivered: present again is refused by the rule, without a write.
    const again = await ok(`mutation($id: ID!) { presentPresentation(id: $id, idempotencyKey: "${freshKey()}") { ${PAYLOAD} } }`, { id });
    expect(callLines(again.calls)).toEqual([`GET /afip/formularios/${id}`]);
    expect(again.data.presentPresentation).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'ACTION_NOT_ALLOWED', message: 'Solo disponible para presentaciones en estado creada.' },
    });
  });

  it('reprocesses with an optional reason; refuses bad input before any call', async () => {
    const { data } = await ok(LIST, { filter: { status: 'CREATED' } });
    const id = data.presentations.rows[0].id as string;
    const done = await ok(
      `mutation($id: ID!) { reprocessPresentation(id: $id, reason: "  Montos mal informados ", idempotencyKey: "${freshKey()}") { ${PAYLOAD} presentation { status reprocessDetail } } }`,
      { id },
    );
    expect(writes(done.calls).map((c) => c.body)).toEqual([{ reprocess_detail: 'Montos mal informados' }]);
    expect(done.data.reprocessPresentation).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Presentación re-procesada con éxito',
      presentation: { status: 'REPROCESS', reprocessDetail: 'Montos mal informados' },
    });
    for (const mutation of [
      `mutation { presentPresentationManually(id: "${id}", transactionId: "  ", idempotencyKey: "${freshKey()}") { outcome error { code } } }`,
      'mutation { createPresentation(fileStructureId: "1", period: "2019-12", idempotencyKey: "k62-tax-001") { outcome error { code } } }',
      'mutation { createPresentation(fileStructureId: "1", period: "2026-13", idempotencyKey: "k62-tax-002") { outcome error { code } } }',
    ]) {
      // Schema 2.0.0: the payload says the refusal (INVALID_INPUT), not the response's errors.
      const { response, calls } = await area().run<Json>('impuestos', mutation);
      expect(response.body.errors, mutation).toBeUndefined();
      expect(Object.values(response.body.data as Json)[0], mutation).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'INVALID_INPUT' },
      });
      expect(calls).toEqual([]);
    }
  });
});

describe('software-provider report', () => {
  const LIST = `query($filter: SoftProviderFilter, $page: Int, $pageSize: Int) {
    softProviderItems(filter: $filter, page: $page, pageSize: $pageSize) {
      rows { id format collectorId collectorName status startDate endDate fileName ${ACTIONS} } total page pageSize } }`;
  const act = (name: string) =>
    `mutation($c: ID!, $id: ID!) { ${name}(collectorId: $c, id: $id, idempotencyKey: "${freshKey()}") { ${PAYLOAD} item { id status ${ACTIONS} } } }`;

  it('lists with one upstream call and its filters; approves, rejects and regenerates', async () => {
    const { data, calls } = await ok(LIST, {
      filter: {
        status: 'PENDING_APPROVAL',
        from: '2020-01-01T03:00:00.000Z',
        to: '2030-01-01T02:59:59.999Z',
      },
    });
    expect(callLines(calls)).toEqual(['GET /softprovider/softprovider']);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '25', sorts: 'start_date:desc' });
    expect(filtersOf(calls[0])).toEqual([
      { field: 'start_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: '2020-01-01T03:00:00.000Z' },
      { field: 'end_date', operation: 'LESS_THAN_OR_EQUAL_TO', value: '2030-01-01T02:59:59.999Z' },
      { field: 'status', operation: 'EQUAL', value: 'pending_approval' },
    ]);
    const [first, second] = data.softProviderItems.rows as Json[];
    expect(first.actions.map((a: Json) => [a.kind, a.enabled])).toEqual([
      ['APPROVE', true],
      ['REJECT', true],
      ['REGENERATE', true],
      ['DOWNLOAD', true],
    ]);
    const approved = await ok(act('approveSoftProviderItem'), { c: first.collectorId, id: first.id });
    expect(callLines(approved.calls)).toEqual([
      'GET /softprovider/softprovider',
      `POST /softprovider/softprovider/aprobar/${first.collectorId}/${first.id}`,
    ]);
    expect(approved.data.approveSoftProviderItem).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Aprobado correctamente',
      item: { status: 'SENT' },
    });
    const rejected = await ok(act('rejectSoftProviderItem'), { c: second.collectorId, id: second.id });
    expect(rejected.data.rejectSoftProviderItem).toMatchObject({
      message: 'Rechazado correctamente',
      item: { status: 'ERROR' },
    });
    // Approve on the one now sent: refused by the rule, no write.
    const refused = await ok(act('approveSoftProviderItem'), { c: first.collectorId, id: first.id });
    expect(writes(refused.calls)).toEqual([]);
    expect(refused.data.approveSoftProviderItem).toMatchObject({
      outcome: 'FAILED',
      error: {
        code: 'ACTION_NOT_ALLOWED',
        message: 'Solo disponible para reportes pendientes de aprobación.',
      },
    });
    const regenerated = await ok(act('regenerateSoftProviderItem'), { c: first.collectorId, id: first.id });
    expect(writes(regenerated.calls)).toHaveLength(1);
    expect(regenerated.data.regenerateSoftProviderItem).toMatchObject({
      message: 'Regenerado correctamente',
      item: { status: 'PENDING_APPROVAL' },
    });
  });
});

describe('card BINs', () => {
  const LIST = `query($search: String, $page: Int, $pageSize: Int) {
    cardBins(search: $search, page: $page, pageSize: $pageSize) {
      rows { id brand { description } type { description } subtype { description } country issuer { description } mediaPaymentId mediaPaymentName accreditationDays ${ACTIONS} }
      total page pageSize hasNextPage } }`;
  const INPUT = {
    bin: '423456',
    brandId: '1',
    typeId: '1',
    mediaPaymentId: 9,
    accreditationDays: '2',
  };
  const SAVE = (name: string) =>
    `mutation($input: CardBinInput!) { ${name}(input: $input, idempotencyKey: "${freshKey()}") { ${PAYLOAD} bin { id subtype { description } country issuer { description } mediaPaymentName accreditationDays } } }`;
  const DELETE = `mutation($ids: [ID!]!) { deleteCardBins(ids: $ids, idempotencyKey: "${freshKey()}") { ${PAYLOAD} ids } }`;

  it('lists from page 1 as every list, 25 rows by default, with one upstream call; searches a prefix', async () => {
    const { data, calls } = await ok(LIST);
    expect(callLines(calls)).toEqual(['GET /bin/secure']);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '25' });
    expect(data.cardBins).toMatchObject({ page: 1, pageSize: 25, total: 60, hasNextPage: true });
    const last = await ok(LIST, { page: 3 });
    expect(last.data.cardBins).toMatchObject({ page: 3, total: 60, hasNextPage: false });
    expect(last.data.cardBins.rows).toHaveLength(10);
    const zero = await area().run<Json>('impuestos', LIST, { page: 0 });
    expect(zero.response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(zero.calls).toEqual([]);
    const second = await ok(LIST, { page: 2, pageSize: 5, search: '45' });
    expect(second.calls[0]!.query).toMatchObject({ page: '2', limit: '5' });
    expect(filtersOf(second.calls[0])).toEqual([{ field: 'id', operation: 'LIKE', value: '45%' }]);
    expect((second.data.cardBins.rows as Json[]).every((row) => String(row.id).startsWith('45'))).toBe(true);
  });

  it('searches a text in brand, type, subtype and issuer, one call each, merged by BIN', async () => {
    const { data, calls } = await ok(LIST, { search: 'Débito', pageSize: 100 });
    expect(callLines(calls)).toEqual(Array(4).fill('GET /bin/secure'));
    expect(calls.map(filtersOf)).toEqual(
      ['brand', 'type', 'subtype', 'emisor'].map((field) => [
        { field: `${field}.description`, operation: 'CONTAINS', value: 'Débito' },
      ]),
    );
    const rows = data.cardBins.rows as Json[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.type.description === 'Débito')).toBe(true);
    expect(data.cardBins.total).toBe(rows.length);
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses an update of a BIN changed since the version edited, with no write', async () => {
    const READ = `query($id: ID!) { cardBin(id: $id) { id lastUpdateDate } }`;
    const UPDATE = `mutation($input: CardBinInput!, $at: DateTime) { updateCardBin(input: $input, expectedLastUpdateDate: $at, idempotencyKey: "${freshKey()}") { ${PAYLOAD} bin { id lastUpdateDate accreditationDays } } }`;
    const input = { ...INPUT, bin: '450799', accreditationDays: '3' };
    const shown = (await ok(READ, { id: '450799' })).data.cardBin.lastUpdateDate as string;
    expect(shown).toBeTruthy();
    const stale = await ok(UPDATE, { input, at: '2001-01-01T00:00:00.000Z' });
    expect(callLines(stale.calls)).toEqual(['GET /bin/secure/450799']);
    expect(stale.data.updateCardBin).toMatchObject({
      outcome: 'FAILED',
      bin: null,
      error: {
        code: 'VERSION_CONFLICT',
        message: expect.stringContaining('Otro operador modificó este registro'),
      },
    });
    const fresh = await ok(UPDATE, { input, at: shown });
    expect(callLines(fresh.calls)).toEqual(['GET /bin/secure/450799', 'PUT /bin/secure/450799']);
    expect(fresh.data.updateCardBin).toMatchObject({ outcome: 'SUCCESS', bin: { accreditationDays: 3 } });
  });

  it('searches a lookup with one call (description LIKE, page 1, size 20)', async () => {
    const { data, calls } = await ok('{ binLookup(kind: ISSUER, search: "banco de") { id description } }');
    expect(callLines(calls)).toEqual(['GET /bin/emisores']);
    expect(calls[0]!.query).toMatchObject({ page: '1', limit: '20' });
    expect(filtersOf(calls[0])).toEqual([{ field: 'description', operation: 'LIKE', value: '%banco de%' }]);
    expect(data.binLookup.map((i: Json) => i.description)).toContain('Banco de Córdoba');
  });

  it('creates, updates and deletes a BIN, one write each', async () => {
    const created = await ok(SAVE('createCardBin'), { input: INPUT });
    expect(callLines(created.calls)).toEqual(['POST /bin/secure']);
    expect(created.calls[0]!.body).toEqual({
      iin: '423456',
      brand_id: '1',
      type_id: '1',
      subtype_id: null,
      emisor_id: null,
      country: null,
      media_payment_id: 9,
      accreditation_days: 2,
    });
    expect(created.data.createCardBin).toMatchObject({
      outcome: 'SUCCESS',
      message: 'Bin created correctamente',
      bin: { id: '423456', mediaPaymentName: 'Visa' },
    });
    const updated = await ok(SAVE('updateCardBin'), {
      input: { ...INPUT, subtypeId: '2', country: 'ARG', issuerId: '3', accreditationDays: '18' },
    });
    expect(callLines(updated.calls)).toEqual(['PUT /bin/secure/423456']);
    expect(updated.data.updateCardBin).toMatchObject({
      message: 'Bin Actualizado correctamente',
      bin: {
        subtype: { description: 'Gold' },
        country: 'ARG',
        issuer: { description: 'Banco Santander Argentina' },
        accreditationDays: 18,
      },
    });
    const deleted = await ok(DELETE, { ids: ['423456'] });
    expect(callLines(deleted.calls)).toEqual(['DELETE /bin/secure/423456']);
    expect(deleted.data.deleteCardBins.outcome).toBe('SUCCESS');
  });

  it("answers 'NO se pudo borrar' when the service answers false; bulk delete is one call", async () => {
    const inUse = await ok(DELETE, { ids: ['450799'] });
    expect(inUse.data.deleteCardBins).toMatchObject({
      outcome: 'FAILED',
      error: { message: 'NO se pudo borrar' },
    });
    const { data } = await ok(LIST, { search: '4', pageSize: 100 });
    const free = (data.cardBins.rows as Json[]).map((r) => r.id as string).filter((id) => id !== '450799');
    const bulk = await ok(DELETE, { ids: free.slice(-2) });
    expect(callLines(bulk.calls)).toEqual(['POST /bin/delete-all']);
    expect(bulk.calls[0]!.body).toEqual({ ids: free.slice(-2) });
  });

  it('refuses each invalid field with the form message, before any call', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bin: '' }, 'Número BIN es requerído *'],
      [{ bin: '12a45' }, 'Número BIN debe ser de 6 dígitos *'],
      [{ accreditationDays: '' }, 'El dia de acreditación es requerído *'],
      [{ mediaPaymentId: 28 }, 'El medio de pago no existe en el catálogo (input.mediaPaymentId).'],
      [{ country: 'Argentina' }, 'El país debe ser un código ISO de 3 letras (input.country).'],
    ];
    for (const [change, message] of cases) {
      const { response, calls } = await area().run<Json>('impuestos', SAVE('createCardBin'), {
        input: { ...INPUT, ...change },
      });
      expect(response.body.errors).toBeUndefined();
      expect((response.body.data as Json).createCardBin.error.message).toContain(message);
      expect(calls).toEqual([]);
    }
  });
});

describe("the screens' own documents", () => {
  it.each([
    [
      'PresentationsList',
      'afip',
      { page: 1, pageSize: 10, sort: { field: 'CREATED_DATE', direction: 'DESC' } },
    ],
    ['PresentationDetail', 'afip', { id: '3001' }],
    ['PresentationFileStructures', 'afip', {}],
    ['SoftProviderItems', 'softprovider', { filter: { status: 'PENDING_APPROVAL' }, page: 1, pageSize: 10 }],
    ['CardBins', 'bins', { page: 1, pageSize: 100 }],
    ['CardBin', 'bins', { id: '450799' }],
    ['BinLookup', 'bins', { kind: 'BRAND', search: 'vi' }],
  ])('%s costs exactly one upstream call', async (name, feature, variables) => {
    const { calls } = await ok(webOperation(name, feature), variables);
    expect(calls).toHaveLength(1);
  });
});

describe('downloads through /files', () => {
  it('streams a presentation ZIP (AFIP_DOWNLOAD) and a software-provider report, one upstream call each', async () => {
    const zip = await area().download('impuestos', '/afip/3001/archivo');
    expect(zip.response.status).toBe(200);
    expect(zip.response.headers.get('content-disposition')).toMatch(/_3001\.zip/);
    const bytes = new Uint8Array(await zip.response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(callLines(zip.calls)).toEqual(['GET /afip/formularios/3001/archivo']);
    const report = await area().download('impuestos', '/soft-provider/10001/5001');
    expect(report.response.status).toBe(200);
    expect(await report.response.text()).toMatch(/^H(AGIP|ARBA)/);
    expect(callLines(report.calls)).toEqual(['GET /softprovider/softprovider/10001/5001/file']);
  });

  it('refuses consulta and bad ids before any upstream call', async () => {
    for (const path of ['/afip/3001/archivo', '/soft-provider/10001/5001']) {
      const { response, calls } = await area().download('consulta', path);
      expect(response.status).toBe(403);
      expect(calls).toEqual([]);
    }
    const bad = await area().download('impuestos', '/afip/3001%20x/archivo');
    expect(bad.response.status).toBe(400);
    expect(bad.calls).toEqual([]);
  });
});

describe('consulta', () => {
  it('is refused every query and mutation of the three areas without an upstream call', async () => {
    const operations = [
      '{ presentations { total } }',
      '{ presentation(id: "3001") { id } }',
      '{ presentationFileStructures { id } }',
      'mutation { createPresentation(fileStructureId: "1", period: "2026-10", idempotencyKey: "k62-tax-003") { outcome } }',
      'mutation { presentPresentation(id: "3001", idempotencyKey: "k62-tax-004") { outcome } }',
      'mutation { presentPresentationManually(id: "3001", transactionId: "TX1", idempotencyKey: "k62-tax-005") { outcome } }',
      'mutation { reprocessPresentation(id: "3001", idempotencyKey: "k62-tax-006") { outcome } }',
      '{ softProviderItems { total } }',
      'mutation { approveSoftProviderItem(collectorId: "10001", id: "5001", idempotencyKey: "k62-tax-007") { outcome } }',
      'mutation { rejectSoftProviderItem(collectorId: "10001", id: "5001", idempotencyKey: "k62-tax-008") { outcome } }',
      'mutation { regenerateSoftProviderItem(collectorId: "10001", id: "5001", idempotencyKey: "k62-tax-009") { outcome } }',
      '{ cardBins { total } }',
      '{ cardBin(id: "450799") { id } }',
      '{ binLookup(kind: BRAND) { id } }',
      'mutation { createCardBin(input: { bin: "423456", brandId: "1", typeId: "1", mediaPaymentId: 9, accreditationDays: "2" }, idempotencyKey: "k62-tax-010") { outcome } }',
      'mutation { updateCardBin(input: { bin: "450799", brandId: "1", typeId: "1", mediaPaymentId: 9, accreditationDays: "2" }, idempotencyKey: "k62-tax-011") { outcome } }',
      'mutation { deleteCardBins(ids: ["450799"], idempotencyKey: "k62-tax-012") { outcome } }',
    ];
    for (const operation of operations) {
      const { response, calls } = await area().run<Json>('consulta', operation);
      expect(response.body.errors?.[0]?.extensions?.code, operation).toBe('FORBIDDEN');
      expect(calls, operation).toEqual([]);
    }
  });
});
