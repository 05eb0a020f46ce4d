import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

export const ISSUER = 'http://localhost:8080/realms/back-office';
export const AUDIENCE = 'back-office-gateway';

/** A tiny OpenID key server for unit tests: an RSA key, its JWKS, and a signer of Keycloak-like tokens. */
export interface JwksFixture {
  jwksUrl: string;
  publicJwk: JWK;
  sign(
    claims?: Record<string, unknown>,
    header?: Record<string, unknown>,
    key?: Parameters<SignJWT['sign']>[0],
  ): Promise<string>;
  claims(overrides?: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startJwksFixture(): Promise<JwksFixture> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/certs') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  const claims = (overrides: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: ISSUER,
      aud: [AUDIENCE, 'account'],
      sub: 'b7c1e0f2-0000-4000-8000-000000000001',
      typ: 'Bearer',
      azp: 'back-office-web',
      iat: now,
      exp: now + 300,
      preferred_username: 'operador',
      name: 'Olga Operadora',
      given_name: 'Olga',
      family_name: 'Operadora',
      email: 'operador@example.com',
      resource_access: {
        [AUDIENCE]: { roles: ['payment-refund', 'payment-cancel', 'operador', 'show-batch-data'] },
        account: { roles: ['manage-account'] },
      },
      ...overrides,
    };
  };
  return {
    jwksUrl,
    publicJwk,
    claims,
    sign: (c = claims(), header = {}, key = privateKey) =>
      new SignJWT(c as JWTPayload)
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'test-key', ...header })
        .sign(key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
