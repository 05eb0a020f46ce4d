import { describe, expect, it } from 'vitest';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { describeError, isUnauthenticated } from '../errors';

const gqlError = (message: string, code?: string) =>
  new CombinedGraphQLErrors({ errors: [{ message, extensions: code ? { code } : {} }] });

const serverError = (status: number) =>
  new ServerError('boom', { response: new Response('', { status }), bodyText: '' });

describe('isUnauthenticated', () => {
  it('detects UNAUTHENTICATED and HTTP 401', () => {
    expect(isUnauthenticated(gqlError('x', 'UNAUTHENTICATED'))).toBe(true);
    expect(isUnauthenticated(serverError(401))).toBe(true);
    expect(isUnauthenticated(gqlError('x', 'FORBIDDEN'))).toBe(false);
    expect(isUnauthenticated(new Error('x'))).toBe(false);
  });
});

describe('describeError', () => {
  it('shows the gateway Spanish message for business errors', () => {
    expect(describeError(gqlError('El pago no existe - P404', 'NOT_FOUND'))).toBe('El pago no existe - P404');
  });
  it('translates technical failures', () => {
    expect(describeError(gqlError('Forbidden', 'FORBIDDEN'))).toBe(
      'No tiene permisos para realizar esta acción.',
    );
    expect(describeError(gqlError('Internal server error', 'INTERNAL_SERVER_ERROR'))).toMatch(
      /error inesperado/,
    );
    expect(describeError(serverError(502))).toMatch(/no está disponible/);
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/No se pudo conectar/);
    expect(describeError('???')).toMatch(/error inesperado/);
    expect(describeError(Object.assign(new Error('x'), { name: 'AuthRedirectError' }))).toBe(
      'Su sesión expiró. Ingrese nuevamente.',
    );
  });
});

describe("the gateway's rate limit (429)", () => {
  const MESSAGE = 'Demasiadas solicitudes; espere unos segundos y vuelva a intentar';

  it("shows the gateway's Spanish message for a query Apollo sent and got a 429 for", async () => {
    // The gateway's answer past the per-operator limit (apps/gateway/src/limits/rate-limit.ts).
    const fetch429 = async () =>
      new Response(JSON.stringify({ errors: [{ message: MESSAGE, extensions: { code: 'RATE_LIMITED' } }] }), {
        status: 429,
        headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '12' },
      });
    const client = new ApolloClient({
      link: ApolloLink.from([new HttpLink({ uri: 'http://gateway.test/graphql', fetch: fetch429 })]),
      cache: new InMemoryCache(),
    });
    const error = await client.query({ query: gql('query Me { me { username } }') }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(describeError(error)).toBe(MESSAGE);
    expect(isUnauthenticated(error)).toBe(false);
  });

  it("shows it for the code too (the shell's own request reads the body)", () => {
    expect(describeError(gqlError(MESSAGE, 'RATE_LIMITED'))).toBe(MESSAGE);
    expect(describeError(serverError(429))).toBe(MESSAGE);
  });
});

describe('field paths in gateway messages', () => {
  it('are left out of what the operator reads', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'La búsqueda admite hasta 200 caracteres (filter.search).',
          extensions: { code: 'BAD_USER_INPUT', field: 'filter.search' },
        },
      ],
    });
    expect(describeError(error)).toBe('La búsqueda admite hasta 200 caracteres.');
    expect(
      describeError(
        new CombinedGraphQLErrors({
          errors: [
            {
              message: 'El identificador (id) no es válido.',
              extensions: { code: 'BAD_USER_INPUT', field: 'id' },
            },
          ],
        }),
      ),
    ).toBe('El identificador no es válido.');
    expect(
      describeError(
        gqlError(
          'La fecha desde (filter.from) debe ser anterior a la fecha hasta (filter.to).',
          'BAD_USER_INPUT',
        ),
      ),
    ).toBe('La fecha desde debe ser anterior a la fecha hasta.');
  });
});
