import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callLines, startAreaStack, type AreaStack, type RecordedCall } from './stack.js';
import { freshKey } from '../http-helpers.js';

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

const filtersOf = (call: RecordedCall) => JSON.parse(String(call.query.filters ?? '[]')) as unknown[];
const codes = (errors: Array<{ extensions?: Record<string, unknown> }> | undefined) =>
  (errors ?? []).map((error) => error.extensions?.code);

const PAYERS = /* GraphQL */ `
  query Payers($search: String, $pageSize: Int, $sort: PayerSort) {
    payers(search: $search, pageSize: $pageSize, sort: $sort) {
      total
      rows {
        id
        name
        email
      }
    }
  }
`;

const PAYER = /* GraphQL */ `
  query Payer($id: ID!) {
    payer(id: $id) {
      id
      name
      email
      identification {
        type
        number
        country
      }
      phones {
        description
        areaCode
        phoneNumber
      }
      references {
        id
        collectorId
        collector {
          name
        }
      }
    }
  }
`;

const REFERENCES = /* GraphQL */ `
  query References($collectorId: ID, $search: String, $pageSize: Int) {
    payerReferences(collectorId: $collectorId, search: $search, pageSize: $pageSize) {
      total
      rows {
        id
        collectorId
        collector {
          id
          name
        }
        name
        email
        externalReference
        identification {
          number
        }
      }
    }
  }
`;

interface Row {
  id: string;
  name: string;
  email: string | null;
}

describe('Buscar Pagadores', () => {
  it('a page costs exactly 1 upstream call, with the search filter and the sort', async () => {
    const { response, calls } = await stack.run<{ payers: { total: number; rows: Row[] } }>(
      'operador',
      PAYERS,
      {
        search: 'gonz',
        pageSize: 25,
        sort: { field: 'EMAIL', direction: 'DESC' },
      },
    );
    expect(response.body.errors, response.text).toBeUndefined();
    const rows = response.body.data!.payers.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.name.toLowerCase()).toContain('gonz');
    const emails = rows.map((row) => row.email ?? '');
    expect(emails).toEqual([...emails].sort().reverse());
    expect(callLines(calls)).toEqual(['GET /payer/pagadores']);
    expect(filtersOf(calls[0]!)).toEqual([{ field: 'name', operation: 'CONTAINS', value: 'gonz' }]);
  });

  it.each([
    [
      'maria.gonzalez@gmail.com',
      { field: 'email', operation: 'EQUAL', value: 'maria.gonzalez@gmail.com' },
      '700001',
    ],
    ['30123456', { field: 'identification.number', operation: 'EQUAL', value: '30123456' }, '700002'],
    ['700003', { field: 'id', operation: 'EQUAL', value: '700003' }, '700003'],
  ])('search %s filters %j', async (search, filter, id) => {
    const { response, calls } = await stack.run<{ payers: { rows: Row[] } }>('operador', PAYERS, { search });
    expect(response.body.data!.payers.rows.map((row) => row.id)).toEqual([id]);
    expect(filtersOf(calls[0]!)).toEqual([filter]);
  });

  it('the detail costs 3 calls: the payer, its references by e-mail, the collectors batched', async () => {
    const { response, calls } = await stack.run<{
      payer: { email: string; references: Array<{ collector: { name: string } }> };
    }>('operador', PAYER, { id: '700001' });
    expect(response.body.errors, response.text).toBeUndefined();
    const payer = response.body.data!.payer;
    expect(payer.email).toBe('maria.gonzalez@gmail.com');
    expect(payer.references.length).toBeGreaterThan(1);
    expect(payer.references.every((reference) => reference.collector.name)).toBe(true);
    expect(callLines(calls)).toEqual([
      'GET /payer/pagadores/700001',
      'GET /payer/pagadores/referencias',
      'GET /collector/comercios',
    ]);
    expect(filtersOf(calls[1]!)).toEqual([
      { field: 'email', operation: 'EQUAL', value: 'maria.gonzalez@gmail.com' },
    ]);
  });

  it('an unknown payer is null', async () => {
    const { response } = await stack.run<{ payer: unknown }>('operador', PAYER, { id: '1' });
    expect(response.body.data!.payer).toBeNull();
  });
});

describe('payer references', () => {
  it('a page of a collector costs exactly 2 calls (references, then one batched collector lookup)', async () => {
    const { response, calls } = await stack.run<{
      payerReferences: { total: number; rows: Array<{ collectorId: string; collector: { id: string } }> };
    }>('operador', REFERENCES, { collectorId: '10001', pageSize: 50 });
    expect(response.body.errors, response.text).toBeUndefined();
    const page = response.body.data!.payerReferences;
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) expect([row.collectorId, row.collector.id]).toEqual(['10001', '10001']);
    expect(callLines(calls)).toEqual(['GET /payer/pagadores/referencias', 'GET /collector/comercios']);
    expect(filtersOf(calls[0]!)).toEqual([{ field: 'collector_id', operation: 'EQUAL', value: '10001' }]);
  });

  it('creates with only the given fields, updates with the PUT, deletes one and all of a collector', async () => {
    const created = await stack.run<{
      createPayerReference: { outcome: string; message: string; reference: { id: string } };
    }>(
      'operador',
      /* GraphQL */ `
        mutation {
          createPayerReference(
            input: {
              collectorId: "10003"
              name: "Pedro Gómez"
              identification: { type: "DNI_ARG", number: "1234567", country: "ARG" }
            }
          , idempotencyKey: "${freshKey()}") {
            outcome
            message
            reference {
              id
            }
          }
        }
      `,
    );
    const payload = created.response.body.data!.createPayerReference;
    expect([payload.outcome, payload.message]).toEqual(['SUCCESS', 'Referencia creada con éxito']);
    expect(created.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/payer/pagadores/referencias',
        {
          collector_id: '10003',
          name: 'Pedro Gómez',
          identification: { type: 'DNI_ARG', number: '1234567', country: 'ARG' },
        },
      ],
    ]);
    const id = payload.reference.id;

    const updated = await stack.run<{ updatePayerReference: { message: string } }>(
      'operador',
      `mutation($id: ID!) { updatePayerReference(id: $id, input: { name: "Pedro A. Gómez", email: "pgomez@gmail.com" }, idempotencyKey: "${freshKey()}") { message } }`,
      { id },
    );
    expect(updated.response.body.data!.updatePayerReference.message).toBe('Referencia actualizada con éxito');
    expect(updated.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'PUT',
        `/payer/pagadores/referencias/${id}`,
        { name: 'Pedro A. Gómez', email: 'pgomez@gmail.com', externalReference: null },
      ],
    ]);

    const removed = await stack.run<{ deletePayerReference: { message: string } }>(
      'operador',
      `mutation($id: ID!) { deletePayerReference(id: $id, idempotencyKey: "${freshKey()}") { message } }`,
      { id },
    );
    expect(removed.response.body.data!.deletePayerReference.message).toBe('Referencia eliminada con éxito');
    expect(callLines(removed.calls)).toEqual([`DELETE /payer/pagadores/referencias/${id}`]);

    const all = await stack.run<{ deleteCollectorPayerReferences: { message: string; deleted: number } }>(
      'operador',
      `mutation { deleteCollectorPayerReferences(collectorId: "10001", idempotencyKey: "${freshKey()}") { message deleted } }`,
    );
    expect(all.response.body.data!.deleteCollectorPayerReferences.message).toBe(
      'Referencias eliminadas con éxito',
    );
    expect(all.response.body.data!.deleteCollectorPayerReferences.deleted).toBeGreaterThan(0);
    expect(callLines(all.calls)).toEqual(['DELETE /payer/pagadores/referencias/comercios/10001']);
  });

  it.each([
    ['DNI_ARG', '123456', 'La cantidad de caracteres para DNI es 7 u 8'],
    ['CUIT_ARG', '2012345678', 'La cantidad de caracteres para CUIT es 11'],
    ['CUIT_ARG', '20123456787', 'El número de CUIT no es válido'],
  ])('refuses a reference %s %s (%s) without an upstream call', async (type, number, message) => {
    const { response, calls } = await stack.run(
      'operador',
      `mutation($type: String!, $number: String!) { createPayerReference(input: { collectorId: "10003", name: "X", identification: { type: $type, number: $number, country: "ARG" } }, idempotencyKey: "${freshKey()}") { outcome error { code message field } } }`,
      { type, number },
    );
    // Schema 2.0.0: the payload says the refusal, naming the argument; the response has no error.
    expect(codes(response.body.errors)).toEqual([]);
    const { error } = (response.body.data as { createPayerReference: { error: Record<string, unknown> } })
      .createPayerReference;
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: expect.arrayContaining(['input']) });
    expect(error.message).toContain(message);
    expect(calls).toEqual([]);
  });

  it('refuses a payer with a 7-digit DNI (8 on the payer form) without an upstream call', async () => {
    const { response, calls } = await stack.run(
      'operador',
      `mutation { createPayer(input: { name: "Ana", email: "ana@example.com", identification: { type: "DNI_ARG", number: "1234567", country: "ARG" } }, idempotencyKey: "${freshKey()}") { outcome error { code message } } }`,
    );
    expect(
      (response.body.data as { createPayer: { error: { message: string } } }).createPayer.error.message,
    ).toContain('El número de DNI no es válido');
    expect(calls).toEqual([]);
  });

  it('creates a payer: one POST', async () => {
    const { response, calls } = await stack.run<{
      createPayer: { outcome: string; payer: { id: string; name: string } };
    }>(
      'operador',
      `mutation { createPayer(input: { name: "Ana Ruiz", email: "ana.ruiz@example.com", identification: { type: "DNI_ARG", number: "31234567", country: "ARG" } }, idempotencyKey: "${freshKey()}") { outcome payer { id name } } }`,
    );
    expect(response.body.data!.createPayer).toMatchObject({
      outcome: 'SUCCESS',
      payer: { name: 'Ana Ruiz' },
    });
    expect(callLines(calls)).toEqual(['POST /payer/pagadores']);
  });
});

describe('without the permissions', () => {
  it.each([
    ['payers', PAYERS, {}],
    ['payer', PAYER, { id: '700001' }],
    ['payerReferences', REFERENCES, {}],
    ['createPayer', `mutation { createPayer(input: { name: "A", email: "a@b.com" }, idempotencyKey: "${freshKey()}") { outcome } }`, {}],
    [
      'deleteCollectorPayerReferences',
      `mutation { deleteCollectorPayerReferences(collectorId: "10001", idempotencyKey: "${freshKey()}") { outcome } }`,
      {},
    ],
  ])('%s is refused for consulta with 0 upstream calls', async (_name, query, variables) => {
    const { response, calls } = await stack.run('consulta', query, variables);
    expect(codes(response.body.errors)).toContain('FORBIDDEN');
    expect(calls).toEqual([]);
  });
});
