import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';
import { loadConfig } from '../load-config.js';
import { startGateway, type RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';
import { freshTokens, gql } from './http-helpers.js';
import { webOperation, withWebFragments } from './web-documents.js';

/**
 * Exact upstream call counts of the screens' queries, read from the stubs' /__admin/requests: an N+1 or a
 * resource fetched twice fails here (the latency side is measured by `npm run bench`, not by tests).
 */

interface Recorded {
  service: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway;
let tokenFor: (username: string) => Promise<string>;

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
  tokenFor = freshTokens((username) => emulator.accessTokenFor(username));
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(async () => {
  await fetch(`${stubs.url}/__admin/reset`, { method: 'POST' });
});

/** Runs one GraphQL request (no errors allowed) and returns its data and the upstream calls it caused. */
async function withCalls<T>(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: T; calls: Recorded[] }> {
  await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
  const response = await gql<T>(gateway.graphqlUrl, query, { token: await tokenFor('admin'), variables });
  expect(response.body.errors, response.text).toBeUndefined();
  expect(response.status).toBe(200);
  const calls = (await (await fetch(`${stubs.url}/__admin/requests?limit=2000`)).json()) as Recorded[];
  return { data: response.body.data as T, calls };
}

/** A resource is its method, path and query: the same resource twice is a wasted call. */
const resourceOf = (call: Recorded) => {
  const params = Object.entries(call.query)
    .map(([key, value]): [string, string] => [key, String(value)])
    .sort(([a], [b]) => a.localeCompare(b));
  return `${call.method} ${call.path}?${new URLSearchParams(params).toString()}`;
};
const callLines = (calls: Recorded[]) => calls.map((c) => `${c.method} ${c.path}`);
const inFilterValues = (call: Recorded): string[] => {
  const filters = JSON.parse(String(call.query.filters ?? '[]')) as Array<{
    field: string;
    operation: string;
    value: unknown;
  }>;
  const filter = filters.find((f) => f.field === 'id' && f.operation === 'IN');
  return Array.isArray(filter?.value) ? filter.value.map(String) : [];
};

interface ListData {
  payments: {
    rows: Array<{ id: string; collectorId: string; collector: { id: string; name: string } | null }>;
  };
}

/**
 * Buscar Pagos: the web's own row (fragment PaymentsTableRow, with its actions) plus the collector's name
 * (Entidad), so the batched collector lookup is exercised too.
 */
const LIST = withWebFragments(/* GraphQL */ `
  query CountList($pageSize: Int, $page: Int) {
    payments(pageSize: $pageSize, page: $page) {
      total
      rows {
        ...PaymentsTableRow
        collectorId
        collector {
          id
          name
        }
      }
    }
  }
`);

describe('Buscar Pagos', () => {
  it.each([
    { pageSize: 50, page: 1 },
    { pageSize: 50, page: 7 },
    { pageSize: 100, page: 1 },
  ])('$pageSize rows (page $page) with collector names cost exactly 2 upstream calls', async (vars) => {
    const { data, calls } = await withCalls<ListData>(LIST, vars);
    const rows = data.payments.rows;
    expect(rows).toHaveLength(vars.pageSize);
    expect(rows.every((row) => row.collector?.name && row.collector.id === row.collectorId)).toBe(true);

    expect(callLines(calls)).toEqual(['GET /payment/pagos', 'GET /collector/comercios']);
    expect(calls[0]!.query.limit).toBe(String(vars.pageSize));
    // One batched lookup with every distinct collector of the page, each once.
    const asked = inFilterValues(calls[1]!);
    expect(asked.length).toBe(new Set(asked).size);
    expect(new Set(asked)).toEqual(new Set(rows.map((row) => row.collectorId)));
  });
});

/** The payment detail screen's query: the web's PaymentDetail document (without __typename). */
const DETAIL = webOperation('PaymentDetail');

interface DetailData {
  payment: {
    id: string;
    collector: { id: string; name: string } | null;
    paymentMethods: Array<{ holderName: string }>;
  } | null;
}

describe('payment detail', () => {
  it.each([
    { id: '1000001', why: 'one card method' },
    { id: '1000004', why: 'three methods (one holder lookup for all)' },
    { id: '1000018', why: 'subscription and withdrawal batch' },
    { id: '1000022', why: 'related payments' },
  ])('$id ($why): exactly one call per distinct resource (payment, holders, collector)', async ({ id }) => {
    const { data, calls } = await withCalls<DetailData>(DETAIL, { id, withFees: true, withBatch: true });
    expect(data.payment?.id).toBe(id);
    expect(data.payment?.collector?.name).toBeTruthy();

    // No resource twice: calls = distinct resources.
    expect(calls.length).toBe(new Set(calls.map(resourceOf)).size);
    // And exactly these resources, whatever the number of methods.
    expect(callLines(calls).sort()).toEqual(
      [`GET /collector/comercios`, `GET /payment/pagos/${id}`, `GET /payment/pagos/${id}/titulares`].sort(),
    );
    const collectorCall = calls.find((c) => c.path === '/collector/comercios')!;
    expect(inFilterValues(collectorCall)).toEqual([data.payment!.collector!.id]);
  });

  it('the detail with its history and card holders in one request still fetches each resource once', async () => {
    const query = withWebFragments(/* GraphQL */ `
      query CountDetailWithHistory($id: ID!, $withFees: Boolean!, $withBatch: Boolean!) {
        payment(id: $id) {
          ...PaymentDetail
        }
        paymentHistory(id: $id) {
          version
          status
        }
        paymentCardHolders(id: $id) {
          holderName
        }
      }
    `);
    const { calls } = await withCalls<DetailData>(query, { id: '1000012', withFees: true, withBatch: true });
    expect(calls.length).toBe(new Set(calls.map(resourceOf)).size);
    expect(callLines(calls).sort()).toEqual(
      [
        'GET /collector/comercios',
        'GET /payment/pagos/1000012',
        'GET /payment/pagos/1000012/historial',
        'GET /payment/pagos/1000012/titulares',
      ].sort(),
    );
  });
});

describe('Buscar Suscripciones and the subscription detail', () => {
  it.each([{ pageSize: 25 }, { pageSize: 100 }])(
    'the web list ($pageSize rows, with actions and multi-select entries) costs exactly 1 upstream call',
    async (vars) => {
      const { data, calls } = await withCalls<{ subscriptions: { rows: unknown[] } }>(
        webOperation('SubscriptionsSearch', 'subscriptions'),
        vars,
      );
      expect(data.subscriptions.rows.length).toBeGreaterThan(9);
      expect(callLines(calls)).toEqual(['GET /subscription/suscripciones']);
      expect(calls[0]!.query.limit).toBe(String(vars.pageSize));
    },
  );

  it.each(['4000005', '4000008'])(
    'the web detail of %s (with its collector) costs exactly the subscription and one collector call',
    async (id) => {
      const { data, calls } = await withCalls<{
        subscription: { id: string; collector: { id: string } | null } | null;
      }>(webOperation('SubscriptionById', 'subscriptions'), { id });
      expect(data.subscription?.id).toBe(id);
      expect(callLines(calls).sort()).toEqual(
        ['GET /collector/comercios', `GET /subscription/suscripciones/${id}`].sort(),
      );
      expect(inFilterValues(calls.find((c) => c.path === '/collector/comercios')!)).toEqual([
        data.subscription!.collector!.id,
      ]);
    },
  );
});
