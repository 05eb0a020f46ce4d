import { createHash } from 'node:crypto';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MeDocument } from '../gql/graphql';
import { describeError } from '@/lib/errors';
import { PERMISSIONS, permissionToRole } from '@backoffice/schema';
import { fetchMe, ME_QUERY, meFromClaims, MeRequestError, sameMe } from '@/lib/me-request';

const ME = {
  __typename: 'Me',
  username: 'operador',
  name: 'Operador',
  email: 'operador@example.com',
  permissions: ['PAYMENT_REFUND'],
};

/** A fetch answering `status` with `body`, recording what was sent. */
function fakeFetch(status: number, body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  const impl = (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init! });
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { sent, fetch: impl as typeof fetch };
}

const options = (f: typeof fetch) => ({
  gatewayUrl: 'http://gateway.test/graphql',
  getToken: () => Promise.resolve('token-1'),
  language: 'es-AR',
  fetch: f,
});

describe('the shell’s me request', () => {
  it('sends exactly the query Apollo sends for app/me.graphql', () => {
    expect(ME_QUERY).toBe(print(addTypenameToDocument(MeDocument)));
  });

  it('posts Me with the bearer token, source, locale and a traceparent, and returns the user', async () => {
    const { sent, fetch } = fakeFetch(200, { data: { me: ME } });
    await expect(fetchMe(options(fetch))).resolves.toEqual({ me: ME });
    expect(sent).toHaveLength(1);
    const { url, init } = sent[0]!;
    expect(url).toBe('http://gateway.test/graphql');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer token-1');
    expect(headers.source).toBe('backoffice');
    expect(headers.locale).toBe('es_AR');
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // A trusted document: its hash alone, no text on the wire.
    expect(JSON.parse(String(init.body))).toEqual({
      operationName: 'Me',
      variables: {},
      extensions: { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(ME_QUERY).digest('hex') } },
    });
  });

  it('sends the text only when the gateway holds no document for the hash, as Apollo’s link does', async () => {
    const sent: Record<string, unknown>[] = [];
    const answers = [
      { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] },
      { data: { me: ME } },
    ];
    const fetch = ((_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Promise.resolve(new Response(JSON.stringify(answers[sent.length - 1]), { status: 200 }));
    }) as unknown as typeof globalThis.fetch;
    await expect(fetchMe(options(fetch))).resolves.toEqual({ me: ME });
    expect(sent.map((body) => body.query)).toEqual([undefined, ME_QUERY]);
    expect(sent[1]!.extensions).toEqual(sent[0]!.extensions);
  });

  it('says the session is gone when the gateway answers UNAUTHENTICATED or 401', async () => {
    for (const [status, body] of [
      [200, { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] }],
      [401, { errors: [{ message: 'x' }] }],
    ] as const) {
      const error = await fetchMe(options(fakeFetch(status, body).fetch)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MeRequestError);
      expect((error as MeRequestError).unauthenticated).toBe(true);
      expect(describeError(error)).toBe('Su sesión expiró. Ingrese nuevamente.');
    }
  });

  it('turns every other failure into a Spanish message, never into a user', async () => {
    const cases: [typeof fetch, string][] = [
      [
        fakeFetch(200, {
          errors: [{ message: 'Servicio de usuarios no disponible.', extensions: { code: 'X' } }],
        }).fetch,
        'Servicio de usuarios no disponible.',
      ],
      [fakeFetch(503, 'not json').fetch, 'El servidor respondió algo inesperado. Intente nuevamente.'],
      [
        fakeFetch(502, { data: null }).fetch,
        'El servidor no está disponible en este momento. Intente nuevamente.',
      ],
      [
        (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
        'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.',
      ],
    ];
    for (const [f, message] of cases) {
      const error = await fetchMe(options(f)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MeRequestError);
      expect((error as MeRequestError).unauthenticated).toBe(false);
      expect(describeError(error)).toBe(message);
    }
  });
});

describe('meFromClaims (the shell starts with the token, `me` refines)', () => {
  it('reads the user and permissions the gateway reads from the same claims', () => {
    const claims = {
      sub: 'f0e1',
      preferred_username: 'operador',
      given_name: 'Ana',
      family_name: 'Pérez',
      email: 'ana@example.com',
      aud: ['back-office-gateway', 'account'],
      realm_access: { roles: ['operador', 'default-roles-back-office'] },
      resource_access: {
        'back-office-gateway': { roles: [...PERMISSIONS].reverse().map(permissionToRole) },
        account: { roles: ['manage-account', 'view-profile'] },
        'otro-cliente': { roles: ['payment-refund'] },
      },
    };
    const me = meFromClaims(claims)!;
    expect(me.me).toMatchObject({
      __typename: 'Me',
      username: 'operador',
      name: 'Ana Pérez',
      email: 'ana@example.com',
    });
    expect([...me.me.permissions].sort()).toEqual([...PERMISSIONS].sort());
    // The gateway's answer for the same token (its permissions in the schema's order): the same user.
    const answered = {
      me: {
        __typename: 'Me' as const,
        username: 'operador',
        name: 'Ana Pérez',
        email: 'ana@example.com',
        permissions: [...PERMISSIONS] as never[],
      },
    };
    expect(sameMe(me, answered)).toBe(true);
    expect(sameMe(me, { me: { ...answered.me, permissions: answered.me.permissions.slice(1) } })).toBe(false);
    expect(sameMe(me, { me: { ...answered.me, name: 'Otra' } })).toBe(false);
  });

  it('names the user by sub without preferred_username, and nobody without either', () => {
    expect(meFromClaims({ sub: 'f0e1', aud: 'back-office-gateway', name: 'Ana' })?.me).toMatchObject({
      username: 'f0e1',
      name: 'Ana',
      email: null,
      permissions: [],
    });
    expect(meFromClaims({ aud: 'back-office-gateway' })).toBeUndefined();
    expect(meFromClaims(undefined)).toBeUndefined();
  });
});
