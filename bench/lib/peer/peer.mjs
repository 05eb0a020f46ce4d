// The bench's peer: what a team would write by hand to serve the same two screens, the payment
// list and the payment detail, without the gateway's machinery. Apollo Server 5's standalone server, the published
// SDL (@backoffice/schema, the contract other teams build on), a JWT check with jose against the realm's JWKS, the
// built-in fetch for the same REST calls the gateway makes, one DataLoader for the collectors, and nothing else: no
// per-field permission directive, no rate limit, no audit or access log, no telemetry, no query limits, no error
// catalogue, no retries or timeouts of its own.
//
// The mapping is the gateway's own (its mapper, action rules and page envelope, imported from apps/gateway/dist):
// the issue asks for "the same mapping and answer", and a copy of 400 lines of mapping would only measure the copy.
// So the ratio gateway ÷ peer is what the gateway's plumbing costs over this minimum. scripts/bench.mjs checks that
// both answer the same JSON before measuring.
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { typeDefs } from '@backoffice/schema';
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { mapCollector } from '../../../apps/gateway/dist/modules/collectors/collectors.mappers.js';
import { mapCardHolder, mapPayment } from '../../../apps/gateway/dist/modules/payments/payments.mappers.js';
import { checkoutUrl } from '../../../apps/gateway/dist/modules/payments/payments.present.js';
import { paymentActions } from '../../../apps/gateway/dist/modules/payments/payments.rules.js';
import { listPage } from '../../../apps/gateway/dist/shared/paging.js';
import { permissionsFromClaims } from '../../../apps/gateway/dist/auth/permissions.js';

const SORT_FIELDS = {
  REQUEST_DATE: 'request_date',
  FINAL_AMOUNT: 'final_amount',
  ID: 'id',
  STATUS: 'status',
};

/**
 * Starts the peer on `port` (0: any) of 127.0.0.1. `issuer`, `jwksUrl` and `audience` as the gateway's
 * KEYCLOAK_*; `paymentUrl` and `collectorUrl` the two services' base URLs; `formHost` the checkout links' host.
 */
export async function startPeer({ port = 0, issuer, jwksUrl, audience, paymentUrl, collectorUrl, formHost }) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl));

  const getJson = async (url, token) => {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (!response.ok)
      throw new GraphQLError(`upstream ${response.status}`, { extensions: { code: 'UPSTREAM' } });
    return response.json();
  };

  const resolvers = {
    Query: {
      async payments(_root, { page = 1, pageSize = 25, sort }, { token }) {
        const params = new URLSearchParams({ page: String(page), limit: String(pageSize) });
        const field = SORT_FIELDS[sort?.field] ?? 'request_date';
        params.set('sorts', `${field}:${sort?.direction === 'ASC' ? 'asc' : 'desc'}`);
        const answer = await getJson(`${paymentUrl}/pagos?${params}`, token);
        return listPage(answer, page, pageSize, mapPayment);
      },
      async payment(_root, { id }, { token, holders }) {
        // The card holders start with the payment (the gateway's prefetch does the same): one round, not two.
        holders.load(id).catch(() => {});
        return mapPayment(await getJson(`${paymentUrl}/pagos/${encodeURIComponent(id)}`, token));
      },
    },
    Payment: {
      collector: (payment, _args, { collectors }) =>
        payment.collectorId ? collectors.load(payment.collectorId) : null,
      actions: (payment, { kinds }, { permissions }) =>
        paymentActions(payment, permissions, new Date(), kinds),
      checkoutUrl: (payment) => checkoutUrl(payment, formHost),
    },
    PaymentMethod: {
      async holderName(method, _args, { holders, permissions }) {
        if (!method.paymentId || !permissions.includes('PAYMENT_HOLDER')) return method.holderName;
        if (!method.firstSixDigits && !method.lastFourDigits) return method.holderName;
        const list = await holders.load(method.paymentId);
        return list[method.index]?.holderName ?? list[0]?.holderName ?? method.holderName;
      },
    },
  };

  const server = new ApolloServer({ typeDefs, resolvers });
  const { url } = await startStandaloneServer(server, {
    listen: { port, host: '127.0.0.1' },
    async context({ req }) {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token)
        throw new GraphQLError('Sin token', {
          extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
        });
      let payload;
      try {
        ({ payload } = await jwtVerify(token, jwks, { issuer, audience }));
      } catch {
        throw new GraphQLError('Token inválido', {
          extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
        });
      }
      return {
        token,
        permissions: permissionsFromClaims(payload, audience),
        collectors: new DataLoader(async (ids) => {
          const filters = JSON.stringify([{ field: 'id', value: ids, operation: 'IN' }]);
          const query = new URLSearchParams({ filters, page: '1', limit: String(ids.length) });
          const { rows } = await getJson(`${collectorUrl}/comercios?${query}`, token);
          const byId = new Map(rows.map((raw) => [String(raw.id), mapCollector(raw)]));
          return ids.map((id) => byId.get(id) ?? null);
        }),
        holders: new DataLoader(async (ids) =>
          Promise.all(
            ids.map(async (id) => {
              const raw = await getJson(`${paymentUrl}/pagos/${encodeURIComponent(id)}/titulares`, token);
              return (Array.isArray(raw) ? raw : []).map(mapCardHolder).filter(Boolean);
            }),
          ),
        ),
      };
    },
  });
  return { url, stop: () => server.stop() };
}
