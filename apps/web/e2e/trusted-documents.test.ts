import { describe, expect, it } from 'vitest';
import { gridSettled } from './support/grid';
import { showPath } from './support/browser';
import { useBrowserStack } from './support/suite';

/**
 * The web sends its GraphQL operations as trusted documents to a gateway that runs only those for the web's client
 * (as in production: the test stack's gateway has WEB_TRUSTED_DOCUMENTS_ONLY on), so a screen whose document the
 * gateway did not hold would fail here. Every request goes by the hash of its text alone: Apollo Client's, and the
 * two the shell sends before Apollo loads (`me` and the address's first list query).
 */

const suite = useBrowserStack();

describe('trusted documents', () => {
  it("the shell's first requests, a list's and a detail's go by their hash alone, in the web client's name", async () => {
    const session = await suite.signedIn('operador', '/pagos');
    try {
      const { page } = session;
      await gridSettled(page, 'Pagos');
      const graphqlSent = () =>
        session.gatewayRequests.filter((r) => r.method === 'POST' && r.url.endsWith('/graphql'));
      const onList = graphqlSent().length;
      const detail = page.waitForResponse((response) =>
        (response.request().postData() ?? '').includes('"operationName":"PaymentDetail"'),
      );
      await showPath(page, suite.stack.urls.web, '/pago/1000018');
      expect((await (await detail).json()).data.payment.id).toBe('1000018');
      const graphql = graphqlSent();
      expect(graphql.map((r) => r.operationName)).toEqual(
        expect.arrayContaining(['Me', 'PaymentsSearch', 'PaymentDetail']),
      );
      expect(graphql.slice(onList).map((r) => r.operationName)).toContain('PaymentDetail');
      expect(graphql.filter((r) => !r.byHash).map((r) => r.operationName)).toEqual([]);
      expect(graphql.every((r) => r.headers['apollographql-client-name'] === 'backoffice-web')).toBe(true);
      expect(session.problems).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
