import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';
import { loadConfig } from '../load-config.js';
import { startGateway, type RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';
import { freshTokens, gql, INTERNAL_MARKERS } from './http-helpers.js';

/**
 * The gateway against the real stubs and the Keycloak emulator, over HTTP, as the web uses it.
 */

interface Recorded {
  service: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway;
/** The gateway's read timeout: what the hang test waits for, and what every stub answer must beat under load. */
const READ_TIMEOUT_MS = 2000;

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  const base = loadConfig({});
  gateway = await startGateway(
    {
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      upstreamTimeoutMs: READ_TIMEOUT_MS,
      services: {
        ...base.services,
        payment: `${stubs.url}/payment`,
        collector: `${stubs.url}/collector`,
        notification: `${stubs.url}/notification`,
      },
      corsOrigins: ['http://localhost:5173'],
      // The test profile's namespaces, as the test stack runs (off by default, test-namespaces.integration).
      testNamespaces: true,
    },
    { logger: createLogger('silent') },
  );
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(async () => {
  await fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });
  await clearRequests();
});

const tokenFor = freshTokens((username) => emulator.accessTokenFor(username));

const clearRequests = () => fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
const recorded = async (service?: string): Promise<Recorded[]> =>
  (await fetch(`${stubs.url}/__admin/requests${service ? `?service=${service}` : ''}`)).json() as Promise<
    Recorded[]
  >;
const filtersOf = (request: Recorded) => JSON.parse(String(request.query.filters ?? '[]')) as unknown[];

const PAYMENTS = /* GraphQL */ `
  query Payments($filter: PaymentFilter, $page: Int, $pageSize: Int, $sort: PaymentSort) {
    payments(filter: $filter, page: $page, pageSize: $pageSize, sort: $sort) {
      total
      page
      pageSize
      rows {
        id
        status
        requestDate
        refundedDate
        finalAmount
        currencyId
        conceptId
        payer {
          name
          email
        }
        paymentMethods {
          mediaPaymentId
          mediaPaymentName
          installments
        }
        collectorId
        collector {
          id
          name
        }
        isCurrentVersion
      }
    }
  }
`;

interface PaymentRow {
  id: string;
  status: string;
  requestDate: string;
  refundedDate: string | null;
  finalAmount: string;
  payer: { name: string | null; email: string | null } | null;
  paymentMethods: Array<{
    mediaPaymentId: number | null;
    mediaPaymentName: string | null;
    installments: number;
  }>;
  collectorId: string;
  collector: { id: string; name: string } | null;
}
interface PaymentsData {
  payments: { total: number; page: number; pageSize: number; rows: PaymentRow[] };
}

async function payments(
  variables: Record<string, unknown>,
  user = 'admin',
  headers: Record<string, string> = {},
) {
  const res = await gql<PaymentsData>(gateway.graphqlUrl, PAYMENTS, {
    token: await tokenFor(user),
    variables,
    headers,
  });
  expect(res.body.errors).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data!.payments;
}

describe('me', () => {
  it('tells operador its permissions', async () => {
    const res = await gql(gateway.graphqlUrl, '{ me { username name email permissions } }', {
      token: await tokenFor('operador'),
    });
    const me = (
      res.body.data as { me: { username: string; name: string; email: string; permissions: string[] } }
    ).me;
    expect(me.username).toBe('operador');
    expect(me.name).toBe('Lucía Gómez');
    expect(me.email).toBe('operador@cobranzas.example.com.ar');
    expect(me.permissions).toEqual(
      expect.arrayContaining(['PAYMENT_REFUND', 'PAYMENT_UPDATE', 'COLLECTOR_SHOW', 'EXPORT_CREATE']),
    );
    expect(me.permissions).not.toContain('WITHDRAWAL_AUTHORIZE');
    expect(me.permissions).not.toContain('AFIP_SHOW');
  });

  it('tells consulta it holds no permission', async () => {
    const res = await gql(gateway.graphqlUrl, '{ me { username permissions } }', {
      token: await tokenFor('consulta'),
    });
    expect(res.body.data).toEqual({ me: { username: 'consulta', permissions: [] } });
  });
});

describe('Buscar Pagos', () => {
  it('lists the latest payments by default, with collector names and catalogue names', async () => {
    const page = await payments({});
    expect(page.total).toBeGreaterThan(100);
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    expect(page.rows).toHaveLength(25);
    const dates = page.rows.map((r) => r.requestDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const row of page.rows) {
      expect(row.finalAmount).toMatch(/^\d+\.\d{2}$/);
      expect(row.collector?.id).toBe(row.collectorId);
      expect(row.collector?.name).toBeTruthy();
      for (const method of row.paymentMethods) {
        expect(method.installments).toBeGreaterThanOrEqual(1);
        if (method.mediaPaymentId === 9) expect(method.mediaPaymentName).toBe('Visa');
      }
    }
    const [request] = await recorded('payment');
    expect(request?.path).toBe('/payment/pagos');
    expect(request?.query).toMatchObject({ page: '1', limit: '25', sorts: 'request_date:desc' });
  });

  it("finds a payer's payments by e-mail (case-insensitive)", async () => {
    const email = (await payments({ pageSize: 5 })).rows.find((r) => r.payer?.email)!.payer!.email!;
    await clearRequests();
    const page = await payments({ filter: { search: `  ${email.toUpperCase()} ` } });
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.rows) expect(row.payer?.email).toBe(email);
    const [request] = await recorded('payment');
    expect(filtersOf(request!)).toEqual([
      { field: 'payer.email', value: email.toLowerCase(), operation: 'EQUAL' },
    ]);
  });

  it('finds a payment by id and payers by part of the name', async () => {
    const first = (await payments({ pageSize: 1 })).rows[0]!;
    const byId = await payments({ filter: { search: first.id } });
    expect(byId.rows.map((r) => r.id)).toEqual([first.id]);
    const part = first.payer!.name!.split(' ')[0]!;
    const byName = await payments({ filter: { search: part.toLowerCase() } });
    expect(byName.total).toBeGreaterThan(0);
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const row of byName.rows) expect(fold(row.payer!.name!)).toContain(fold(part));
  });

  it('filters by collector, and by payment method once a collector is chosen', async () => {
    const page = await payments({ filter: { collectorId: '10020' }, pageSize: 50 });
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.rows) expect(row.collectorId).toBe('10020');
    const withVisa = await payments({ filter: { collectorId: '10020', mediaPaymentIds: [9] }, pageSize: 50 });
    expect(withVisa.total).toBeLessThanOrEqual(page.total);
    for (const row of withVisa.rows) expect(row.paymentMethods.map((m) => m.mediaPaymentId)).toContain(9);
  });

  it('filters by status', async () => {
    const page = await payments({ filter: { status: 'APPROVED' }, pageSize: 50 });
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.rows) expect(row.status).toBe('APPROVED');
    const [request] = await recorded('payment');
    expect(filtersOf(request!)).toEqual([{ field: 'status', value: 'approved', operation: 'EQUAL' }]);
  });

  it('filters by period on the request date, or on the refund date (which clears the status)', async () => {
    const latest = (await payments({ pageSize: 1 })).rows[0]!.requestDate;
    const to = new Date(latest);
    const from = new Date(to.getTime() - 30 * 24 * 3600 * 1000);
    const page = await payments({
      filter: { from: from.toISOString(), to: to.toISOString() },
      pageSize: 100,
    });
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.rows) {
      expect(Date.parse(row.requestDate)).toBeGreaterThanOrEqual(from.getTime());
      expect(Date.parse(row.requestDate)).toBeLessThanOrEqual(to.getTime());
    }
    await clearRequests();
    const refunded = await payments({
      filter: {
        status: 'PENDING',
        dateField: 'REFUNDED_DATE',
        from: '2000-01-01T00:00:00.000Z',
        to: to.toISOString(),
      },
      pageSize: 100,
    });
    expect(refunded.total).toBeGreaterThan(0);
    for (const row of refunded.rows) expect(row.refundedDate).not.toBeNull();
    const [request] = await recorded('payment');
    expect(filtersOf(request!).map((f) => (f as { field: string }).field)).toEqual([
      'refunded_date',
      'refunded_date',
    ]);
  });

  it('sorts by amount and by payer name', async () => {
    const byAmount = await payments({ sort: { field: 'FINAL_AMOUNT', direction: 'ASC' }, pageSize: 50 });
    const amounts = byAmount.rows.map((r) => Number(r.finalAmount));
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    const desc = await payments({ sort: { field: 'FINAL_AMOUNT', direction: 'DESC' }, pageSize: 1 });
    expect(Number(desc.rows[0]!.finalAmount)).toBeGreaterThanOrEqual(Math.max(...amounts));
    await clearRequests();
    await payments({ sort: { field: 'PAYER_NAME', direction: 'DESC' }, pageSize: 5 });
    const [request] = await recorded('payment');
    expect(request?.query.sorts).toBe('payer.name:desc');
  });

  it('pages', async () => {
    const first = await payments({ page: 1, pageSize: 10 });
    const second = await payments({ page: 2, pageSize: 10 });
    expect(second).toMatchObject({ page: 2, pageSize: 10, total: first.total });
    expect(second.rows).toHaveLength(10);
    const ids = new Set(first.rows.map((r) => r.id));
    for (const row of second.rows) expect(ids.has(row.id)).toBe(false);
    const full = await payments({ pageSize: 100 });
    expect(full.rows).toHaveLength(100);
    // Past 100 rows: refused naming pageSize, never cut to 100 in silence, and no service called.
    await clearRequests();
    const refused = await gql(gateway.graphqlUrl, PAYMENTS, {
      token: await tokenFor('admin'),
      variables: { pageSize: 500 },
    });
    expect(refused.body.errors?.map((e) => [e.message, e.extensions?.code, e.extensions?.field])).toEqual([
      [
        'El tamaño de página (pageSize) debe ser un número entero entre 1 y 100.',
        'BAD_USER_INPUT',
        'pageSize',
      ],
    ]);
    expect(await recorded('payment')).toEqual([]);
  });

  it('costs exactly two upstream calls for a 50-row page with collector names', async () => {
    const page = await payments({ pageSize: 50 });
    expect(page.rows).toHaveLength(50);
    expect(page.rows.every((r) => r.collector?.name)).toBe(true);
    const all = await recorded();
    expect(all.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /payment/pagos',
      'GET /collector/comercios',
    ]);
    const collectorIds = [...new Set(page.rows.map((r) => r.collectorId))].sort();
    const [lookup] = filtersOf(all[1]!) as Array<{ field: string; operation: string; value: string[] }>;
    expect(lookup).toMatchObject({ field: 'id', operation: 'IN' });
    expect([...lookup!.value].sort()).toEqual(collectorIds);
  });

  it('sends source, locale, the caller token, the operator (x-user) and one request id to every service', async () => {
    const token = await tokenFor('operador');
    await payments({ pageSize: 5 }, 'operador', { locale: 'es-AR', 'x-request-id': 'trace-42' });
    const all = await recorded();
    expect(all).toHaveLength(2);
    for (const request of all) {
      expect(request.headers).toMatchObject({
        source: 'backoffice',
        locale: 'es_AR',
        authorization: `Bearer ${token}`,
        'x-user': 'operador',
        'x-request-id': 'trace-42',
        accept: 'application/json',
      });
    }
  });

  it('sends es_AR from Accept-Language, no locale for other languages, and a new request id per request', async () => {
    await payments({ pageSize: 1 }, 'admin', { 'accept-language': 'es-419,es;q=0.9' });
    await payments({ pageSize: 1 }, 'admin', { 'accept-language': 'en-US,en;q=0.9' });
    const [es, , en] = await recorded();
    expect(es?.headers.locale).toBe('es_AR');
    expect(en?.path).toBe('/payment/pagos');
    expect(en?.headers.locale).toBeUndefined();
    expect(es?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(en?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(en?.headers['x-request-id']).not.toBe(es?.headers['x-request-id']);
  });

  it('refuses invalid input in Spanish without calling upstream', async () => {
    const res = await gql(gateway.graphqlUrl, PAYMENTS, {
      token: await tokenFor('admin'),
      variables: { filter: { from: '2025-03-01T00:00:00Z', to: '2025-02-01T00:00:00Z' } },
    });
    expect(res.body.errors?.[0]).toMatchObject({
      message: 'La fecha desde (filter.from) debe ser anterior o igual a la fecha hasta (filter.to).',
      extensions: { code: 'BAD_USER_INPUT', field: 'filter.from' },
    });
    expect(await recorded()).toHaveLength(0);
  });
});

describe('test namespaces (x-test-namespace)', () => {
  const A = { 'x-test-namespace': 'suite-a' };
  const B = { 'x-test-namespace': 'suite-b' };
  const admin = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${stubs.url}/__admin/${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  beforeEach(async () => {
    for (const headers of [A, B]) expect((await admin('POST', 'reset', headers)).status).toBe(200);
  });

  it('forwards the caller’s namespace to every service: a fault in one does not show in the other', async () => {
    expect((await admin('POST', 'faults', A, { service: 'payment', errorRate: 1 })).status).toBe(200);
    const token = await tokenFor('admin');
    const inA = await gql(gateway.graphqlUrl, '{ payments(pageSize: 1) { total } }', { token, headers: A });
    expect(inA.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect((await payments({ pageSize: 1 }, 'admin', B)).total).toBeGreaterThan(0);
    expect((await payments({ pageSize: 1 }, 'admin')).total).toBeGreaterThan(0);
  });

  it('keeps each namespace’s requests in its own log, with the header on every call', async () => {
    await payments({ pageSize: 1 }, 'admin', { ...A, 'x-request-id': 'pedido-a' });
    await payments({ pageSize: 1 }, 'admin', { ...B, 'x-request-id': 'pedido-b' });
    const logOf = async (headers: Record<string, string>) =>
      ((await (await admin('GET', 'requests', headers)).json()) as Recorded[]).map((request) => [
        request.headers['x-request-id'],
        request.headers['x-test-namespace'],
      ]);
    expect(await logOf(A)).toEqual([
      ['pedido-a', 'suite-a'],
      ['pedido-a', 'suite-a'],
    ]);
    expect(await logOf(B)).toEqual([
      ['pedido-b', 'suite-b'],
      ['pedido-b', 'suite-b'],
    ]);
    expect(await recorded()).toEqual([]);
  });
});

describe('collectors', () => {
  it('searches by name or id and reads one', async () => {
    const res = await gql<{ collectors: { total: number; rows: Array<{ id: string; name: string }> } }>(
      gateway.graphqlUrl,
      '{ collectors(search: "club") { total rows { id name checkoutVersion } } }',
      { token: await tokenFor('consulta') },
    );
    expect(res.body.errors).toBeUndefined();
    const { rows } = res.body.data!.collectors;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.name.toLowerCase()).toContain('club');
    const byId = await gql<{
      collectors: { rows: Array<{ id: string }> };
      collector: { id: string; name: string } | null;
      missing: null;
    }>(
      gateway.graphqlUrl,
      `{ collectors(search: "${rows[0]!.id}") { rows { id } } collector(id: "${rows[0]!.id}") { id name } missing: collector(id: "999999") { id } }`,
      { token: await tokenFor('consulta') },
    );
    expect(byId.body.errors).toBeUndefined();
    expect(byId.body.data?.collectors.rows).toEqual([{ id: rows[0]!.id }]);
    expect(byId.body.data?.collector).toEqual({ id: rows[0]!.id, name: rows[0]!.name });
    expect(byId.body.data?.missing).toBeNull();
  });
});

describe('authorization', () => {
  it('answers FORBIDDEN to a user without the permission, and the services receive nothing', async () => {
    const res = await gql(
      gateway.graphqlUrl,
      'mutation { cancelPayment(id: "1000001", reason: "x", idempotencyKey: "k46-gateway-407") { outcome } }',
      {
        token: await tokenFor('consulta'),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([
      {
        message: 'No tiene permisos para realizar esta acción.',
        locations: [{ line: 1, column: 12 }],
        path: ['cancelPayment'],
        extensions: { code: 'FORBIDDEN' },
      },
    ]);
    // A mutation's payload is nullable: the refused field answers null, any other field keeps its answer.
    expect(res.body.data).toEqual({ cancelPayment: null });
    expect(await recorded()).toHaveLength(0);
  });

  it('keeps the allowed root field of a request whose other root field is refused', async () => {
    // operador may open a payment but holds no IMPORT_REQUEST: the refusal must not take the payment down.
    const res = await gql(
      gateway.graphqlUrl,
      '{ payment(id: "1000001") { id } imports(pageSize: 1) { total } }',
      {
        token: await tokenFor('operador'),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ payment: { id: '1000001' }, imports: null });
    expect(res.body.errors).toEqual([
      {
        message: 'No tiene permisos para realizar esta acción.',
        locations: [{ line: 1, column: 33 }],
        path: ['imports'],
        extensions: { code: 'FORBIDDEN' },
      },
    ]);
    expect(await recorded('import')).toHaveLength(0);
  });
});

describe('authentication', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const EXPECTED_401 = {
    errors: [
      {
        message: 'Sesión inválida o vencida. Volvé a iniciar sesión.',
        extensions: { code: 'UNAUTHENTICATED' },
      },
    ],
    // Priced as every answer: nothing of it ran.
    extensions: {
      cost: expect.objectContaining({
        requested: 0,
        upstreamCalls: expect.objectContaining({ requested: 0 }),
      }),
    },
  };

  it('answers 401 with no internal detail to every bad token, and the services receive nothing', async () => {
    const valid = await emulator.accessTokenFor('admin');
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const hsHeader = b64({
      alg: 'HS256',
      typ: 'JWT',
      kid: JSON.parse(Buffer.from(header, 'base64url').toString()).kid,
    });
    const hsSignature = createHmac('sha256', JSON.stringify(emulator.publicJwk))
      .update(`${hsHeader}.${payload}`)
      .digest('base64url');
    const cases: Record<string, string | null> = {
      missing: null,
      expired: await emulator.accessTokenFor('admin', { ttlSeconds: -120 }),
      'wrong audience': await emulator.accessTokenFor('admin', { claims: { aud: 'account' } }),
      'wrong issuer': await emulator.accessTokenFor('admin', {
        claims: { iss: 'http://localhost:1/realms/back-office' },
      }),
      'wrong azp': await emulator.accessTokenFor('admin', { claims: { azp: 'otro-cliente' } }),
      'ID token typ': await emulator.accessTokenFor('admin', { claims: { typ: 'ID' } }),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      HS256: `${hsHeader}.${payload}.${hsSignature}`,
      tampered: `${header}.${b64({ ...claims, preferred_username: 'root' })}.${signature}`,
      garbage: 'not-a-token',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await gql(gateway.graphqlUrl, '{ me { username } payments { total } }', { token });
      expect(res.status, name).toBe(401);
      expect(res.headers.get('www-authenticate'), name).toBe('Bearer');
      expect(res.body, name).toEqual(EXPECTED_401);
      for (const marker of INTERNAL_MARKERS) expect(res.text, name).not.toMatch(marker);
    }
    expect(await recorded()).toHaveLength(0);
    const ok = await gql(gateway.graphqlUrl, '{ me { username } }', { token: valid });
    expect(ok.status).toBe(200);
  });
});

describe('upstream failures', () => {
  const fault = (body: Record<string, unknown>) =>
    fetch(`${stubs.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('maps an upstream 500 to a Spanish error without internals', async () => {
    await fault({ service: 'payment', errorRate: 1 });
    const res = await gql(gateway.graphqlUrl, '{ payments { total } }', { token: await tokenFor('admin') });
    expect(res.body.data).toEqual({ payments: null });
    expect(res.body.errors?.[0]).toEqual(
      expect.objectContaining({
        message: `Ups! Ocurrió un error inesperado. Referencia: ${res.headers.get('x-request-id')}.`,
        extensions: { code: 'UPSTREAM_ERROR' },
      }),
    );
    expect(res.text).not.toContain('injected_fault');
    expect(res.text).not.toContain('Falla inyectada');
    for (const marker of INTERNAL_MARKERS) expect(res.text).not.toMatch(marker);
  });

  it('maps a hanging upstream to a timeout error', async () => {
    await fault({ service: 'payment', hangRate: 1 });
    const bearer = await tokenFor('admin');
    const started = performance.now();
    const res = await gql(gateway.graphqlUrl, '{ payments { total } }', { token: bearer });
    // Ended by the read timeout, not by the test's limit.
    expect(performance.now() - started).toBeGreaterThanOrEqual(READ_TIMEOUT_MS);
    expect(performance.now() - started).toBeLessThan(READ_TIMEOUT_MS + 10_000);
    expect(res.body.errors?.[0]).toMatchObject({
      message: 'El servicio no respondió a tiempo. Intente nuevamente en unos minutos.',
      extensions: { code: 'UPSTREAM_TIMEOUT' },
    });
    for (const marker of INTERNAL_MARKERS) expect(res.text).not.toMatch(marker);
  });

  it('keeps the payments when only the collector service fails', async () => {
    await fault({ service: 'collector', errorRate: 1 });
    const res = await gql<PaymentsData>(
      gateway.graphqlUrl,
      '{ payments(pageSize: 3) { rows { id collector { name } } } }',
      {
        token: await tokenFor('admin'),
      },
    );
    expect(res.body.data?.payments.rows).toHaveLength(3);
    expect(res.body.data?.payments.rows.every((r) => r.collector === null)).toBe(true);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
  });
});

describe('HTTP protections', () => {
  it('rejects a GET without the CSRF preflight header and serves CORS only to the allowlist', async () => {
    const token = await tokenFor('admin');
    const get = await fetch(`${gateway.graphqlUrl}?query=${encodeURIComponent('{ me { username } }')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(get.status).toBe(400);
    const allowed = await fetch(gateway.graphqlUrl, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const denied = await fetch(gateway.graphqlUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is ready when the realm keys are reachable', async () => {
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
  });
});
