import { afterEach, describe, expect, it, vi } from 'vitest';
import paymentsPreload from '@/features/payments/payments-preload';
import { PaymentsSearchDocument } from '@/features/payments/gql/graphql';
import subscriptionsPreload from '@/features/subscriptions/subscriptions-preload';
import withdrawsPreload from '@/features/withdrawals/withdraws-preload';
import { createApolloClient } from '../../apollo';
import { forgetEarlyRequests, type RoutePreload } from '..';

/**
 * The list preloads' early request against the real Apollo Client the screens use (lib/apollo.ts): it is
 * the very request Apollo sends, and Apollo takes its answer instead of sending it again.
 */

const GATEWAY = 'http://gateway.test/graphql';
const NOW = new Date('2026-11-15T15:00:00Z');

interface Sent {
  operationName: string;
  variables: Record<string, unknown>;
  query?: string;
  extensions?: { persistedQuery?: unknown };
}

const ROW = {
  __typename: 'Payment',
  id: '1002500',
  requestDate: '2026-11-14T23:31:28.056Z',
  conceptId: 'SAU-112026',
  conceptDescription: 'Seguro automotor noviembre 2026',
  finalAmount: '140229.62',
  status: 'PENDING',
  payer: { __typename: 'PaymentPayer', name: 'María González' },
  paymentMethods: [
    { __typename: 'PaymentMethod', mediaPaymentId: 9, mediaPaymentName: 'Visa', lastFourDigits: '1350' },
  ],
  actions: [{ __typename: 'PaymentAction', kind: 'CANCEL', enabled: true, permitted: true, reason: null }],
};
const PAGE = { payments: { __typename: 'PaymentPage', total: 1, page: 1, pageSize: 25, rows: [ROW] } };

/** A gateway that records every request and answers PaymentsSearch with `search` (status, body). */
function gateway(search: { status: number; body: unknown } = { status: 200, body: { data: PAGE } }) {
  const sent: Sent[] = [];
  const impl = (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Sent;
    sent.push(body);
    const answer =
      body.operationName === 'PaymentsSearch'
        ? search
        : { status: 200, body: { data: null, errors: [{ message: 'no en esta prueba' }] } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { sent, fetch: vi.fn(impl) as unknown as typeof fetch };
}

const clientOn = (gatewayFetch: typeof fetch) => {
  vi.stubGlobal('fetch', gatewayFetch);
  return createApolloClient({
    gatewayUrl: GATEWAY,
    getToken: () => Promise.resolve('token-1'),
    onUnauthenticated: () => undefined,
  });
};

const context = (path: string, permissions: string[]) => ({
  url: new URL(`http://localhost${path}`),
  params: {},
  now: NOW,
  permissions,
});

const sentEarly = (preload: RoutePreload, path: string, permissions: string[], gatewayFetch: typeof fetch) =>
  preload.early?.({
    ...context(path, permissions),
    gateway: { gatewayUrl: GATEWAY, getToken: () => Promise.resolve('token-1'), fetch: gatewayFetch },
  }) ?? false;

describe('a list preload’s early request', () => {
  afterEach(() => {
    forgetEarlyRequests();
    vi.unstubAllGlobals();
  });

  it.each([
    ['/pagos', paymentsPreload, [], 'PaymentsSearch'],
    ['/pagos?status=approved&periodo=2026-10&page=2', paymentsPreload, [], 'PaymentsSearch'],
    ['/suscripciones', subscriptionsPreload, ['SUBSCRIPTION_CREATE'], 'SubscriptionsSearch'],
    ['/retiros', withdrawsPreload, ['WITHDRAW_SHOW'], 'Withdraws'],
  ] as const)(
    'sends for %s exactly the request Apollo sends for the screen’s first query',
    async (path, preload, permissions, name) => {
      const apollo = gateway();
      await preload({ client: clientOn(apollo.fetch), ...context(path, [...permissions]) });
      const fromApollo = apollo.sent.find((body) => body.operationName === name)!;
      expect(fromApollo).toBeDefined();
      forgetEarlyRequests(); // Apollo's request above took nothing; the early one below is only recorded

      const early = gateway();
      expect(sentEarly(preload, path, [...permissions], early.fetch)).toBe(true);
      await vi.waitFor(() => expect(early.sent).toHaveLength(1));
      // The very request Apollo sends: the same operation and variables, the document by its hash alone.
      const { extensions, ...operation } = early.sent[0]!;
      expect(operation).toEqual({ operationName: fromApollo.operationName, variables: fromApollo.variables });
      expect(fromApollo.query).toBeUndefined();
      expect(extensions).toEqual({ persistedQuery: fromApollo.extensions?.persistedQuery });
      expect(fromApollo.extensions?.persistedQuery).toMatchObject({ version: 1, sha256Hash: expect.any(String) });
    },
  );

  it('is the only PaymentsSearch: Apollo writes its answer into the cache and sends nothing for it', async () => {
    const early = gateway();
    expect(sentEarly(paymentsPreload, '/pagos', [], early.fetch)).toBe(true);
    const apollo = gateway();
    const client = clientOn(apollo.fetch);
    await paymentsPreload({ client, ...context('/pagos', []) });
    expect(early.sent.map((body) => body.operationName)).toEqual(['PaymentsSearch']);
    expect(apollo.sent.map((body) => body.operationName)).not.toContain('PaymentsSearch');
    const variables = early.sent[0]!.variables;
    expect(client.readQuery({ query: PaymentsSearchDocument, variables })?.payments?.rows[0]?.id).toBe(
      '1002500',
    );
  });

  it('lets Apollo send its own request after a failed early one, whose answer is never taken for rows', async () => {
    const early = gateway({ status: 503, body: { errors: [{ message: 'no disponible' }] } });
    expect(sentEarly(paymentsPreload, '/pagos', [], early.fetch)).toBe(true);
    const apollo = gateway();
    const client = clientOn(apollo.fetch);
    await paymentsPreload({ client, ...context('/pagos', []) });
    expect(apollo.sent.filter((body) => body.operationName === 'PaymentsSearch')).toHaveLength(1);
    const variables = early.sent[0]!.variables;
    expect(client.readQuery({ query: PaymentsSearchDocument, variables })?.payments?.rows[0]?.id).toBe(
      '1002500',
    );
  });

  it('sends nothing for /retiros to an operator who does not see the withdraws to transfer', () => {
    const early = gateway();
    expect(sentEarly(withdrawsPreload, '/retiros', ['WITHDRAWAL_SEARCH'], early.fetch)).toBe(false);
    expect(early.sent).toHaveLength(0);
  });
});
