// The sandbox signs in on any port the stack picked, under either loopback name a developer opens it
// with: the realm's web client accepts the sandbox's redirect URI (its own address, keycloak-js's default) and the
// sandbox's origin at the token endpoint (CORS), at http://127.0.0.1:<port> and http://localhost:<port> alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOrigins } from '../../../scripts/stack.mjs';
import { startTestStack, type TestStack } from './index.mjs';

describe('the sandbox’s sign-in on the ports the stack picked', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ gatewayLogLevel: 'silent' });
  });
  afterAll(() => stack?.close());

  const authorize = (redirectUri: string) => {
    const params = new URLSearchParams({
      client_id: 'back-office-web',
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid',
      state: 'prueba',
      nonce: 'prueba',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    return fetch(`${stack.keycloak}/protocol/openid-connect/auth?${params}`, { redirect: 'manual' });
  };

  it('accepts the sandbox’s own address as redirect URI and its origin at the token endpoint', async () => {
    const port = new URL(stack.gateway).port;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const page = await authorize(`${origin}/sandbox`);
      expect(page.status, origin).toBe(200);
      expect(await page.text(), origin).not.toContain('Invalid parameter: redirect_uri');
      const preflight = await fetch(`${stack.keycloak}/protocol/openid-connect/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    // Another port is still refused: the twins are the stack's own ports, not any.
    const other = await authorize(`http://localhost:${Number(port) === 1 ? 2 : 1}/sandbox`);
    expect(await other.text()).toContain('Invalid parameter: redirect_uri');
  });

  it('pairs each loopback origin with its twin, other hosts alone', () => {
    expect(
      signInOrigins(['http://127.0.0.1:4000', 'http://localhost:5173', 'https://backoffice.example']),
    ).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'https://backoffice.example',
    ]);
  });
});
