import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEARCH_GROUPS_BY_SHAPE } from '@backoffice/validators';
import { Kind, parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { callLines, dataAs, filtersOf, useAreaStack } from './stack.js';

const stack = useAreaStack();

/** The web's own operations (apps/web/src/app/search/search.graphql): the test sends what the dialog sends. */
const WEB_DOCUMENT = parse(
  readFileSync(
    fileURLToPath(new URL('../../../../web/src/app/search/search.graphql', import.meta.url)),
    'utf8',
  ),
);
const webOperation = (name: string) => {
  const operation = WEB_DOCUMENT.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name,
  );
  if (!operation) throw new Error(`search.graphql has no operation ${name}`);
  return print(operation);
};
const PLAN = webOperation('SearchPlan');
const GROUP = webOperation('SearchGroup');

/** Query.search whole, as an API user sends it (the dialog's operation without a group): every group at once. */
const SEARCH = GROUP;

interface Group {
  kind: string;
  label: string;
  available: boolean;
  total: number;
  hits: Array<{ id: string; title: string; detail: string | null }>;
}

const search = async (user: string, text: string) => {
  const { data, calls } = await dataAs(stack(), user, SEARCH, { text });
  const result = data.search as { kind: string; value: string; message: string | null; groups: Group[] };
  return { result, calls, lines: callLines(calls).sort() };
};

describe('Query.search fans out by the text’s shape, one call per group the user may open', () => {
  it('an id: every id group at once for an administrator, the payment found', async () => {
    const { result, lines } = await search('admin', '1000001');
    expect(result.kind).toBe('ID');
    expect(lines).toEqual(
      [
        'GET /afip/formularios/1000001',
        'GET /batch/lotes/1000001',
        'GET /collector/comercios',
        'GET /distribuciones/distribuciones/1000001',
        'GET /import/pagos/1000001',
        'GET /payer/pagadores/1000001',
        'GET /payment/pagos/1000001',
        'GET /subscription/suscripciones/1000001',
        'GET /withdrawal/retiros/1000001',
      ].sort(),
    );
    const payments = result.groups.find((g) => g.kind === 'PAYMENT');
    expect(payments).toMatchObject({
      label: 'Pagos',
      available: true,
      hits: [{ id: '1000001', title: 'Pago 1000001' }],
    });
    expect(result.groups.every((g) => g.available)).toBe(true);
  });

  it('a user without payment permissions gets no payment group and the payment service is not called', async () => {
    const { result, lines } = await search('tesoreria', '1000001');
    expect(result.groups.map((g) => g.kind)).toEqual(['IMPORT', 'WITHDRAWAL', 'BATCH', 'DISTRIBUTION']);
    expect(lines.filter((line) => line.startsWith('GET /payment/'))).toEqual([]);
    expect(lines).toHaveLength(4);
  });

  it('an e-mail: one payer list call filtered by the e-mail; the payer found', async () => {
    const { result, calls } = await search('operador', 'Maria.Gonzalez@gmail.com');
    expect(callLines(calls)).toEqual(['GET /payer/pagadores']);
    expect(filtersOf(calls[0])).toEqual([
      { field: 'email', operation: 'EQUAL', value: 'maria.gonzalez@gmail.com' },
    ]);
    expect(result.groups).toEqual([
      expect.objectContaining({
        kind: 'PAYER',
        available: true,
        hits: [expect.objectContaining({ id: '700001' })],
      }),
    ]);
  });

  it('a CUIT: the payer (by CUIT or its DNI) and the transfers, in parallel', async () => {
    const { result, calls } = await search('admin', '20-28456789-8');
    expect(result).toMatchObject({ kind: 'CUIT', value: '20284567898' });
    expect(callLines(calls).sort()).toEqual(['GET /payer/pagadores', 'GET /transfer/conciliaciones']);
    const payerCall = calls.find((call) => call.path === '/payer/pagadores');
    expect(filtersOf(payerCall)).toEqual([
      { field: 'identification.number', operation: 'IN', value: ['20284567898', '28456789'] },
    ]);
    const [payers, transfers] = result.groups;
    expect(payers).toMatchObject({ kind: 'PAYER', hits: [{ id: '700001', title: 'María González' }] });
    expect(transfers?.kind).toBe('TRANSFER');
    expect(transfers?.hits.map((hit) => hit.id)).toContain('6001');
  });

  it('a CBU: the batches of that account, one call', async () => {
    const { result, calls } = await search('admin', '3865241774263549653169');
    expect(callLines(calls)).toEqual(['GET /batch/lotes']);
    expect(result.groups[0]).toMatchObject({ kind: 'BATCH', available: true });
    expect(result.groups[0]?.hits.length).toBeGreaterThan(0);
  });

  it('an invalid text says why in Spanish and calls nothing', async () => {
    const { result, calls } = await search('admin', '20-28456789-0');
    expect(result).toMatchObject({
      kind: 'INVALID',
      message: 'El CUIT/CUIL no es válido: revisá el dígito verificador.',
    });
    expect(calls).toEqual([]);
  });

  it('a failing service leaves its group unavailable, the others answered', async () => {
    await fetch(`${stack().stubsUrl}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'payer', errorRate: 1 }),
    });
    const { result } = await search('admin', '20284567898');
    expect(result.groups.map((g) => [g.kind, g.available])).toEqual([
      ['PAYER', false],
      ['TRANSFER', true],
    ]);
    expect(result.groups[0]?.hits).toEqual([]);
  });
});

describe('the dialog asks the plan, then each group on its own', () => {
  const plan = async (user: string, text: string) => {
    const { data, calls } = await dataAs(stack(), user, PLAN, { text });
    const result = data.searchPlan as {
      kind: string;
      value: string | null;
      message: string | null;
      groups: Array<{ kind: string; label: string }>;
    };
    return { result, kinds: result.groups.map((g) => g.kind), calls };
  };
  const group = async (user: string, text: string, kind: string) => {
    const { data, calls } = await dataAs(stack(), user, GROUP, { text, group: kind });
    return { groups: (data.search as { groups: Group[] }).groups, lines: callLines(calls) };
  };

  it('the plan names the groups in order and calls no service', async () => {
    const { result, kinds, calls } = await plan('admin', '1000001');
    expect(result).toMatchObject({ kind: 'ID', value: '1000001', message: null });
    expect(kinds).toEqual(SEARCH_GROUPS_BY_SHAPE.id.map((scope) => scope.toUpperCase()));
    expect(result.groups[0]).toEqual({ kind: 'PAYMENT', label: 'Pagos' });
    expect(calls).toEqual([]);
    expect((await plan('tesoreria', '1000001')).kinds).toEqual([
      'IMPORT',
      'WITHDRAWAL',
      'BATCH',
      'DISTRIBUTION',
    ]);
  });

  it("a group's word or '#' before the text points the plan; a word the group cannot answer is searched whole", async () => {
    expect(await plan('admin', 'pago 1000001')).toMatchObject({
      result: { kind: 'ID', value: '1000001' },
      kinds: ['PAYMENT'],
    });
    expect((await plan('admin', 'Lote: 20190')).kinds).toEqual(['BATCH']);
    expect((await plan('admin', 'retiro #5')).kinds).toEqual(['WITHDRAWAL']);
    expect((await plan('admin', '#1000001')).kinds).toHaveLength(9);
    expect(await plan('admin', 'Pago Fácil')).toMatchObject({
      result: { kind: 'NAME', value: 'Pago Fácil' },
      kinds: ['PAYER', 'COLLECTOR'],
    });
    expect((await plan('tesoreria', 'pago 1000001')).kinds).toEqual([]);
  });

  it('one group is one call: its hits and its count', async () => {
    const { groups, lines } = await group('admin', '1000001', 'PAYMENT');
    expect(lines).toEqual(['GET /payment/pagos/1000001']);
    expect(groups).toEqual([
      expect.objectContaining({
        kind: 'PAYMENT',
        available: true,
        total: 1,
        hits: [expect.objectContaining({ id: '1000001' })],
      }),
    ]);
    const payers = await group('admin', 'González', 'PAYER');
    expect(payers.lines).toEqual(['GET /payer/pagadores']);
    expect(payers.groups[0]?.hits).toHaveLength(5);
    expect(payers.groups[0]?.total).toBeGreaterThan(5);
  });

  it('a group outside the plan (not permitted, or not answering the shape) is not asked', async () => {
    expect(await group('tesoreria', '1000001', 'PAYMENT')).toEqual({ groups: [], lines: [] });
    expect(await group('admin', 'maria@example.com', 'PAYMENT')).toEqual({ groups: [], lines: [] });
  });
});
