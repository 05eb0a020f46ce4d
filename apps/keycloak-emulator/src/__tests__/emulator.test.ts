import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenMinter, startEmulator, type RunningEmulator } from '../index.js';
import {
  APP,
  WEB_CLIENT,
  authUrl,
  cookiesOf,
  decodePayload,
  exchange,
  formAction,
  login,
  pkcePair,
  responseParams,
  standardParams,
  tokenRequest,
} from './helpers.js';

const GATEWAY = 'back-office-gateway';
const OPERADOR_ROLES = [
  'collector-create',
  'collector-show',
  'export-create',
  'export-search',
  'export-show',
  'notification-send',
  'notification-show',
  'payer-create',
  'payer-reference-create',
  'payer-reference-delete',
  'payer-reference-show',
  'payer-reference-update',
  'payer-show',
  'payment-cancel',
  'payment-cancel-objection',
  'payment-create',
  'payment-holder',
  'payment-refund',
  'payment-reverse',
  'payment-show-batches',
  'payment-show-fees',
  'payment-show-history',
  'payment-update',
  'payment-update-gateway',
  'preference-update',
  'subscription-cancel',
  'subscription-create',
  'subscription-history-show',
  'subscription-remove-payment-method',
  'subscription-update',
];

let em: RunningEmulator;

beforeAll(async () => {
  em = await startEmulator({ keyFile: null, extraRedirectUris: ['http://127.0.0.1:9999/*'] });
});
afterAll(async () => {
  await em.close();
});

const verifyAccess = (token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL(em.jwksUrl)), {
    issuer: em.issuer,
    audience: GATEWAY,
    algorithms: ['RS256'],
  });

/**
 * A JWT with one character of its signature replaced by another. Rewriting the last characters
 * is not enough: the last base64url character carries two bits, so "…xx" left a valid
 * signature once in 256 logins.
 */
function withSignatureCharacterChanged(jwt: string): string {
  const at = jwt.length - 10;
  return `${jwt.slice(0, at)}${jwt[at] === 'A' ? 'B' : 'A'}${jwt.slice(at + 1)}`;
}

describe('discovery and keys', () => {
  it('publishes the OpenID configuration and the JWKS under /realms/back-office', async () => {
    expect(em.url).toBe(`http://localhost:${em.port}`);
    expect(em.issuer).toBe(`${em.url}/realms/back-office`);
    const res = await fetch(`${em.issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const config = (await res.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      issuer: em.issuer,
      authorization_endpoint: `${em.issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${em.issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${em.issuer}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${em.issuer}/protocol/openid-connect/logout`,
      jwks_uri: em.jwksUrl,
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(config.code_challenge_methods_supported).toContain('S256');
    const jwks = (await (await fetch(em.jwksUrl)).json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: em.publicJwk.kid });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('answers unknown paths with Keycloak-style JSON errors', async () => {
    const res = await fetch(`${em.url}/realms/otro/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Realm does not exist' });
    const other = await fetch(`${em.issuer}/no-existe`);
    expect(other.status).toBe(404);
    expect(await other.json()).toHaveProperty('error');
  });
});

describe('authorization code flow with PKCE', () => {
  it('logs in through the form and issues Keycloak-shaped tokens', async () => {
    const { challenge, verifier } = pkcePair();
    const page = await fetch(authUrl(em, standardParams(challenge)), { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Sign in to Back-office de cobranzas</title>');
    expect(html).toContain('>Username or email</label>');
    expect(html).toContain('id="username"');
    expect(html).toContain('>Password</label>');
    expect(html).toContain('id="password"');
    expect(html).toMatch(/<button[^>]*id="kc-login"[^>]*>Sign In<\/button>/);
    // Only the cookie that ties the form to this browser (HttpOnly, not sent on a cross-site POST).
    expect(page.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^AUTH_SESSION_ID=[\w-]{16,}; Path=\/realms\/back-office; SameSite=Lax; HttpOnly$/,
      ),
    ]);

    const posted = await fetch(formAction(em, html), {
      method: 'POST',
      headers: { cookie: cookiesOf(page) },
      body: new URLSearchParams({ username: 'operador', password: 'operador' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const location = posted.headers.get('location')!;
    expect(location.startsWith(`${APP}/pagos#`)).toBe(true);
    const params = responseParams(location);
    expect(params.get('state')).toBe('estado-1');
    expect(params.get('iss')).toBe(em.issuer);
    const code = params.get('code')!;
    const sessionState = params.get('session_state')!;
    expect(code).toBeTruthy();
    const identity = posted.headers.getSetCookie().find((c) => c.startsWith('KEYCLOAK_IDENTITY='))!;
    expect(identity).toContain('HttpOnly');
    expect(identity).toContain('SameSite=Lax');
    expect(identity).toContain('Path=/realms/back-office');

    const res = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code,
      client_id: WEB_CLIENT,
      redirect_uri: `${APP}/pagos`,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 300,
      refresh_expires_in: 1800,
      session_state: sessionState,
      scope: 'openid profile email',
    });

    const { payload, protectedHeader } = await verifyAccess(body.access_token as string);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: em.publicJwk.kid });
    expect(payload).toMatchObject({
      iss: em.issuer,
      aud: [GATEWAY, 'account'],
      typ: 'Bearer',
      azp: WEB_CLIENT,
      sid: sessionState,
      session_state: sessionState,
      scope: 'openid profile email',
      preferred_username: 'operador',
      given_name: 'Lucía',
      family_name: 'Gómez',
      name: 'Lucía Gómez',
      email: 'operador@cobranzas.example.com.ar',
      email_verified: true,
      'allowed-origins': expect.arrayContaining([APP]) as unknown,
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(typeof payload.jti).toBe('string');
    expect(typeof payload.sub).toBe('string');
    expect(payload.realm_access).toEqual({
      roles: ['default-roles-back-office', 'offline_access', 'operador', 'uma_authorization'],
    });
    const resourceAccess = payload.resource_access as Record<string, { roles: string[] }>;
    expect(resourceAccess[GATEWAY]!.roles).toEqual(OPERADOR_ROLES);
    expect(resourceAccess.account!.roles).toEqual(['manage-account', 'manage-account-links', 'view-profile']);

    const id = await jwtVerify(body.id_token as string, createRemoteJWKSet(new URL(em.jwksUrl)), {
      issuer: em.issuer,
      audience: WEB_CLIENT,
    });
    expect(id.payload).toMatchObject({
      typ: 'ID',
      nonce: 'nonce-1',
      azp: WEB_CLIENT,
      sub: payload.sub,
      sid: sessionState,
    });

    const refresh = decodePayload(body.refresh_token as string);
    expect(refresh).toMatchObject({ typ: 'Refresh', sid: sessionState, azp: WEB_CLIENT, sub: payload.sub });
    expect(refresh.exp).toBeGreaterThan(payload.exp!);
    expect(decodeProtectedHeader(body.refresh_token as string).alg).toBe('HS512');
  });

  it('gives consulta no gateway role but keeps the gateway audience', async () => {
    const tokens = await exchange(em, await login(em, 'consulta'));
    const { payload } = await verifyAccess(tokens.access_token);
    expect(payload.aud).toEqual([GATEWAY, 'account']);
    expect(payload.resource_access).not.toHaveProperty(GATEWAY);
    expect((payload.realm_access as { roles: string[] }).roles).toEqual([
      'default-roles-back-office',
      'offline_access',
      'uma_authorization',
    ]);
  });

  it('accepts the e-mail as username and answers in the query when asked', async () => {
    const result = await login(em, 'tesoreria@cobranzas.example.com.ar', 'tesoreria', {
      response_mode: 'query',
    });
    expect(result.code).toBeTruthy();
    const tokens = await exchange(em, result);
    expect(decodePayload(tokens.access_token).preferred_username).toBe('tesoreria');
  });

  it('rejects a wrong password without a session or a code', async () => {
    const { challenge } = pkcePair();
    const page = await fetch(authUrl(em, standardParams(challenge)), { redirect: 'manual' });
    const posted = await fetch(formAction(em, await page.text()), {
      method: 'POST',
      headers: { cookie: cookiesOf(page) },
      body: new URLSearchParams({ username: 'admin', password: 'incorrecta' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('location')).toBeNull();
    expect(posted.headers.getSetCookie()).toEqual([]);
    const html = await posted.text();
    expect(html).toContain('Invalid username or password.');
    expect(html).toContain('value="admin"');
    // The same form still works with the right password.
    const retry = await fetch(formAction(em, html), {
      method: 'POST',
      headers: { cookie: cookiesOf(page) },
      body: new URLSearchParams({ username: 'admin', password: 'admin' }),
      redirect: 'manual',
    });
    expect(retry.status).toBe(302);
    expect(responseParams(retry.headers.get('location')!).get('code')).toBeTruthy();
  });

  it('rejects an unknown user the same way', async () => {
    const { challenge } = pkcePair();
    const page = await fetch(authUrl(em, standardParams(challenge)), { redirect: 'manual' });
    const posted = await fetch(formAction(em, await page.text()), {
      method: 'POST',
      headers: { cookie: cookiesOf(page) },
      body: new URLSearchParams({ username: 'nadie', password: 'nadie' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Invalid username or password.');
  });

  it('shows the login page in Spanish when the client asks for it (ui_locales=es), a wrong password too', async () => {
    const { challenge } = pkcePair();
    const page = await fetch(authUrl(em, standardParams(challenge, { ui_locales: 'es' })), {
      redirect: 'manual',
    });
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Iniciar sesión en Back-office de cobranzas</title>');
    expect(html).toContain('>Usuario o email</label>');
    expect(html).toContain('>Contraseña</label>');
    expect(html).toMatch(/<button[^>]*id="kc-login"[^>]*>Ingresar<\/button>/);
    expect(html).not.toContain('Sign In');
    const posted = await fetch(formAction(em, html), {
      method: 'POST',
      headers: { cookie: cookiesOf(page) },
      body: new URLSearchParams({ username: 'admin', password: 'otra' }),
      redirect: 'manual',
    });
    const again = await posted.text();
    expect(again).toContain('Usuario o contraseña incorrectos.');
    expect(again).toContain('>Usuario o email</label>');
  });

  it('answers prompt=none with login_required without a session and with a code with one', async () => {
    const { challenge, verifier } = pkcePair();
    const params = standardParams(challenge, {
      prompt: 'none',
      redirect_uri: `${APP}/silent-check-sso.html`,
    });
    const anonymous = await fetch(authUrl(em, params), { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    const error = responseParams(anonymous.headers.get('location')!);
    expect(error.get('error')).toBe('login_required');
    expect(error.get('state')).toBe('estado-1');
    expect(error.get('code')).toBeNull();

    const { cookie } = await login(em, 'impuestos');
    const silent = await fetch(authUrl(em, params), { redirect: 'manual', headers: { cookie } });
    expect(silent.status).toBe(302);
    const location = silent.headers.get('location')!;
    expect(location.startsWith(`${APP}/silent-check-sso.html#`)).toBe(true);
    const code = responseParams(location).get('code')!;
    const tokens = await exchange(em, {
      cookie,
      code,
      params: new URLSearchParams(),
      verifier,
      redirectUri: params.redirect_uri,
    });
    expect(decodePayload(tokens.access_token).preferred_username).toBe('impuestos');

    // Without prompt, an existing session also skips the form (SSO).
    const sso = await fetch(authUrl(em, standardParams(pkcePair().challenge)), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(sso.status).toBe(302);
    expect(responseParams(sso.headers.get('location')!).get('code')).toBeTruthy();

    // prompt=login shows the form even with a session.
    const forced = await fetch(authUrl(em, standardParams(pkcePair().challenge, { prompt: 'login' })), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(forced.status).toBe(200);
  });

  it('rejects a tampered session cookie', async () => {
    const { cookie } = await login(em, 'admin');
    const tampered = cookie.replace(
      /KEYCLOAK_IDENTITY=([^;]+)/,
      (_m, value: string) => `KEYCLOAK_IDENTITY=${withSignatureCharacterChanged(value)}`,
    );
    const res = await fetch(authUrl(em, standardParams(pkcePair().challenge, { prompt: 'none' })), {
      redirect: 'manual',
      headers: { cookie: tampered },
    });
    expect(responseParams(res.headers.get('location')!).get('error')).toBe('login_required');
  });

  it('rejects a PKCE mismatch, a missing verifier and a reused code', async () => {
    const first = await login(em, 'operador');
    const mismatch = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code: first.code,
      client_id: WEB_CLIENT,
      redirect_uri: first.redirectUri,
      code_verifier: pkcePair().verifier,
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed: Code mismatch',
    });

    const second = await login(em, 'operador');
    const missing = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code: second.code,
      client_id: WEB_CLIENT,
      redirect_uri: second.redirectUri,
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe('invalid_grant');

    const third = await login(em, 'operador');
    await exchange(em, third);
    const reused = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code: third.code,
      client_id: WEB_CLIENT,
      redirect_uri: third.redirectUri,
      code_verifier: third.verifier,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant', error_description: 'Code not valid' });
  });

  it('rejects a token request with another redirect_uri or client', async () => {
    const result = await login(em, 'operador');
    const res = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code: result.code,
      client_id: WEB_CLIENT,
      redirect_uri: `${APP}/otra`,
      code_verifier: result.verifier,
    });
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Incorrect redirect_uri' });
    const unknown = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code: 'x',
      client_id: 'otro',
    });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { error: string }).error).toBe('invalid_client');
    const bearerOnly = await tokenRequest(em, {
      grant_type: 'authorization_code',
      code: 'x',
      client_id: GATEWAY,
    });
    expect(bearerOnly.status).toBe(400);
    const password = await tokenRequest(em, {
      grant_type: 'password',
      client_id: WEB_CLIENT,
      username: 'admin',
      password: 'admin',
    });
    // Keycloak's answer for a client without "Direct access grants" (the browser client never gets them).
    expect(password.status).toBe(400);
    expect(await password.json()).toEqual({
      error: 'unauthorized_client',
      error_description: 'Client not allowed for direct access grants',
    });
  });

  it('requires S256 PKCE from the public client', async () => {
    const base = standardParams('x');
    const without = await fetch(
      authUrl(em, { ...base, code_challenge: undefined, code_challenge_method: undefined }),
      { redirect: 'manual' },
    );
    expect(without.status).toBe(302);
    expect(responseParams(without.headers.get('location')!).get('error')).toBe('invalid_request');
    const plain = await fetch(
      authUrl(em, { ...base, code_challenge: pkcePair().verifier, code_challenge_method: 'plain' }),
      { redirect: 'manual' },
    );
    expect(responseParams(plain.headers.get('location')!).get('error')).toBe('invalid_request');
    const implicit = await fetch(
      authUrl(em, { ...standardParams(pkcePair().challenge), response_type: 'id_token token' }),
      {
        redirect: 'manual',
      },
    );
    expect(responseParams(implicit.headers.get('location')!).get('error')).toBe('unauthorized_client');
  });

  it('accepts only registered redirect URIs, with Keycloak wildcard semantics', async () => {
    const { challenge } = pkcePair();
    const accepted = [
      `${APP}/`,
      `${APP}/pagos/123?tab=historial`,
      'http://localhost:4000/graphql',
      'http://127.0.0.1:9999/index.html',
    ];
    for (const redirect_uri of accepted) {
      const res = await fetch(authUrl(em, standardParams(challenge, { redirect_uri })), {
        redirect: 'manual',
      });
      expect(res.status, redirect_uri).toBe(200);
    }
    const rejected = [
      'http://localhost:5174/',
      'http://localhost:51730/',
      'http://localhost:5173.evil.example/',
      'https://evil.example/?x=http://localhost:5173/',
      'http://localhost:5173',
      'javascript:alert(1)',
    ];
    for (const redirect_uri of rejected) {
      const res = await fetch(authUrl(em, standardParams(challenge, { redirect_uri })), {
        redirect: 'manual',
      });
      expect(res.status, redirect_uri).toBe(400);
      expect(res.headers.get('location'), redirect_uri).toBeNull();
      expect(await res.text()).toContain('Invalid parameter: redirect_uri');
    }
    const unknownClient = await fetch(authUrl(em, standardParams(challenge, { client_id: 'otro' })), {
      redirect: 'manual',
    });
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.text()).toContain('Client not found.');
  });
});

describe('refresh, userinfo and account', () => {
  it('refreshes with the JWT refresh token', async () => {
    const tokens = await exchange(em, await login(em, 'admin'));
    const res = await tokenRequest(em, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT,
    });
    expect(res.status).toBe(200);
    const refreshed = (await res.json()) as { access_token: string; refresh_token: string; id_token: string };
    const { payload } = await verifyAccess(refreshed.access_token);
    expect(payload.preferred_username).toBe('admin');
    expect(payload.sid).toBe(tokens.session_state);
    expect(payload.jti).not.toBe(decodePayload(tokens.access_token).jti);
    expect((payload.resource_access as Record<string, { roles: string[] }>)[GATEWAY]!.roles).toHaveLength(71);
    expect(decodePayload(refreshed.refresh_token).typ).toBe('Refresh');
    expect(decodePayload(refreshed.id_token).nonce).toBe('nonce-1');

    const garbage = await tokenRequest(em, {
      grant_type: 'refresh_token',
      refresh_token: 'x.y.z',
      client_id: WEB_CLIENT,
    });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid refresh token',
    });
    // An access token is not a refresh token.
    const wrongType = await tokenRequest(em, {
      grant_type: 'refresh_token',
      refresh_token: tokens.access_token,
      client_id: WEB_CLIENT,
    });
    expect(wrongType.status).toBe(400);
  });

  it('answers userinfo for a valid bearer token and 401 otherwise', async () => {
    const tokens = await exchange(em, await login(em, 'tesoreria'));
    const res = await fetch(`${em.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      sub: decodePayload(tokens.access_token).sub,
      preferred_username: 'tesoreria',
      email: 'tesoreria@cobranzas.example.com.ar',
      given_name: 'Martín',
    });
    const bad = await fetch(`${em.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${withSignatureCharacterChanged(tokens.access_token)}` },
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('answers CORS with credentials on token and account for an allowed origin only', async () => {
    const preflight = await fetch(`${em.issuer}/protocol/openid-connect/token`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const result = await login(em, 'operador');
    const token = await tokenRequest(
      em,
      {
        grant_type: 'authorization_code',
        code: result.code,
        client_id: WEB_CLIENT,
        redirect_uri: result.redirectUri,
        code_verifier: result.verifier,
      },
      { origin: APP },
    );
    expect(token.status).toBe(200);
    expect(token.headers.get('access-control-allow-origin')).toBe(APP);
    expect(token.headers.get('access-control-allow-credentials')).toBe('true');
    const tokens = (await token.json()) as { access_token: string; refresh_token: string };

    const foreign = await tokenRequest(
      em,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: WEB_CLIENT },
      { origin: 'http://evil.example' },
    );
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    const foreignPreflight = await fetch(`${em.issuer}/account`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();

    const account = await fetch(`${em.issuer}/account`, {
      headers: { origin: APP, accept: 'application/json', authorization: `bearer ${tokens.access_token}` },
    });
    expect(account.status).toBe(200);
    expect(account.headers.get('access-control-allow-origin')).toBe(APP);
    expect(account.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await account.json()).toEqual({
      id: decodePayload(tokens.access_token).sub,
      username: 'operador',
      firstName: 'Lucía',
      lastName: 'Gómez',
      email: 'operador@cobranzas.example.com.ar',
      emailVerified: true,
    });
    const accountForeign = await fetch(`${em.issuer}/account`, {
      headers: {
        origin: 'http://evil.example',
        accept: 'application/json',
        authorization: `bearer ${tokens.access_token}`,
      },
    });
    expect(accountForeign.status).toBe(200);
    expect(accountForeign.headers.get('access-control-allow-origin')).toBeNull();

    const anonymous = await fetch(`${em.issuer}/account`, { headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session, clears the cookies and returns to a registered URI', async () => {
    const result = await login(em, 'admin');
    const tokens = await exchange(em, result);
    const res = await fetch(
      `${em.issuer}/protocol/openid-connect/logout?${new URLSearchParams({
        client_id: WEB_CLIENT,
        post_logout_redirect_uri: `${APP}/`,
        id_token_hint: tokens.id_token,
      }).toString()}`,
      { redirect: 'manual', headers: { cookie: result.cookie } },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${APP}/`);
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith('KEYCLOAK_IDENTITY=;') && c.includes('Max-Age=0'))).toBe(true);
    expect(cookiesOf(res)).toBe('');

    // The old cookie no longer opens a session, and the refresh token is dead.
    const silent = await fetch(authUrl(em, standardParams(pkcePair().challenge, { prompt: 'none' })), {
      redirect: 'manual',
      headers: { cookie: result.cookie },
    });
    expect(responseParams(silent.headers.get('location')!).get('error')).toBe('login_required');
    const refresh = await tokenRequest(em, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: WEB_CLIENT,
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual({ error: 'invalid_grant', error_description: 'Session not active' });
    const userinfo = await fetch(`${em.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
  });

  it('refuses an unregistered post_logout_redirect_uri and shows a page without one', async () => {
    const result = await login(em, 'consulta');
    const tokens = await exchange(em, result);
    const bad = await fetch(
      `${em.issuer}/protocol/openid-connect/logout?${new URLSearchParams({
        post_logout_redirect_uri: 'http://evil.example/',
        id_token_hint: tokens.id_token,
      }).toString()}`,
      { redirect: 'manual', headers: { cookie: result.cookie } },
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get('location')).toBeNull();
    expect(await bad.text()).toContain('Invalid redirect uri');

    const page = await fetch(`${em.issuer}/protocol/openid-connect/logout`, {
      redirect: 'manual',
      headers: { cookie: result.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Has cerrado sesión');
    const silent = await fetch(authUrl(em, standardParams(pkcePair().challenge, { prompt: 'none' })), {
      redirect: 'manual',
      headers: { cookie: result.cookie },
    });
    expect(responseParams(silent.headers.get('location')!).get('error')).toBe('login_required');
  });
});

describe('pages keycloak-js loads in iframes', () => {
  it('serves the third-party cookie check and the login status iframe', async () => {
    const step1 = await fetch(`${em.issuer}/protocol/openid-connect/3p-cookies/step1.html`);
    expect(step1.status).toBe(200);
    expect(step1.headers.get('x-frame-options')).toBeNull();
    const html1 = await step1.text();
    expect(html1).toContain('KEYCLOAK_3P_COOKIE');
    expect(html1).toContain('step2.html');
    const step2 = await (await fetch(`${em.issuer}/protocol/openid-connect/3p-cookies/step2.html`)).text();
    expect(step2).toContain("'supported'");
    expect(step2).toContain("'unsupported'");
    const iframe = await fetch(`${em.issuer}/protocol/openid-connect/login-status-iframe.html`);
    expect(await iframe.text()).toContain('unchanged');
    const init = (origin: string) =>
      fetch(
        `${em.issuer}/protocol/openid-connect/login-status-iframe.html/init?${new URLSearchParams({ client_id: WEB_CLIENT, origin }).toString()}`,
      );
    expect((await init(APP)).status).toBe(204);
    expect((await init('http://evil.example')).status).toBe(403);
  });
});

describe('test helpers', () => {
  it('accessTokenFor issues what the login flow issues', async () => {
    const flow = decodePayload((await exchange(em, await login(em, 'operador'))).access_token);
    const direct = await em.accessTokenFor('operador');
    const { payload } = await verifyAccess(direct);
    const volatile = ['exp', 'iat', 'auth_time', 'jti', 'sid', 'session_state'];
    const strip = (p: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(p).filter(([k]) => !volatile.includes(k)));
    expect(strip(payload as Record<string, unknown>)).toEqual(strip(flow));
    const userinfo = await fetch(`${em.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${direct}` },
    });
    expect(userinfo.status).toBe(200);
  });

  it('accessTokenFor takes claim overrides and a lifetime; sign signs anything with the realm key', async () => {
    const expired = await em.accessTokenFor('admin', { ttlSeconds: -10 });
    await expect(verifyAccess(expired)).rejects.toThrow(/exp/);
    const other = await em.accessTokenFor('consulta', { claims: { azp: 'otro', aud: 'account' } });
    expect(decodePayload(other)).toMatchObject({
      azp: 'otro',
      aud: 'account',
      preferred_username: 'consulta',
    });
    await expect(em.accessTokenFor('nadie')).rejects.toThrow();

    const signed = await em.sign({ iss: 'http://otro', sub: 'x' }, { typ: 'at+jwt' });
    const { payload, protectedHeader } = await jwtVerify(signed, createLocalJWKSet({ keys: [em.publicJwk] }));
    expect(payload).toEqual({ iss: 'http://otro', sub: 'x' });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: em.publicJwk.kid, typ: 'at+jwt' });
  });

  it("createTokenMinter mints, without the server, the tokens a running emulator's JWKS accepts", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kc-emulator-'));
    const keyFile = join(dir, 'signing-key.json');
    const running = await startEmulator({ keyFile });
    try {
      const minter = await createTokenMinter({ issuer: running.issuer, keyFile });
      expect(minter.publicJwk).toEqual(running.publicJwk);
      const minted = await minter.accessTokenFor('operador');
      const { payload } = await jwtVerify(minted, createRemoteJWKSet(new URL(running.jwksUrl)), {
        issuer: running.issuer,
        audience: GATEWAY,
        algorithms: ['RS256'],
      });
      const volatile = ['exp', 'iat', 'auth_time', 'jti', 'sid', 'session_state'];
      const strip = (p: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(p).filter(([k]) => !volatile.includes(k)));
      expect(strip(payload as Record<string, unknown>)).toEqual(
        strip(decodePayload(await running.accessTokenFor('operador'))),
      );
      const signed = await minter.sign({ sub: 'x' });
      expect(decodeProtectedHeader(signed)).toMatchObject({ alg: 'RS256', kid: running.publicJwk.kid });
      // Never a key of its own: its tokens would all be refused.
      await expect(
        createTokenMinter({ issuer: running.issuer, keyFile: join(dir, 'otra.json') }),
      ).rejects.toThrow(/No existe el archivo de clave/);
    } finally {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('signing key persistence', () => {
  it('keeps the key across restarts with the same keyFile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kc-emulator-'));
    const keyFile = join(dir, 'nested', 'signing-key.json');
    try {
      const first = await startEmulator({ keyFile, publicUrl: 'http://kc.test' });
      const token = await first.accessTokenFor('admin');
      await first.close();
      expect(statSync(keyFile).mode & 0o077).toBe(0);

      const second = await startEmulator({ keyFile, publicUrl: 'http://kc.test' });
      try {
        expect(second.publicJwk).toEqual(first.publicJwk);
        const jwks = (await (
          await fetch(`http://127.0.0.1:${second.port}/realms/back-office/protocol/openid-connect/certs`)
        ).json()) as JSONWebKeySet;
        const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
          issuer: 'http://kc.test/realms/back-office',
          audience: GATEWAY,
        });
        expect(payload.preferred_username).toBe('admin');
      } finally {
        await second.close();
      }

      const fresh = await startEmulator({ keyFile: null });
      expect(fresh.publicJwk.kid).not.toBe(first.publicJwk.kid);
      await fresh.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps browser sessions and refresh tokens valid across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kc-emulator-'));
    const keyFile = join(dir, 'signing-key.json');
    // Same public URL (so the same issuer) on two different ports; requests go to the real port.
    const direct = (e: RunningEmulator): RunningEmulator => ({
      ...e,
      url: `http://127.0.0.1:${e.port}`,
      issuer: `http://127.0.0.1:${e.port}/realms/back-office`,
    });
    try {
      const first = await startEmulator({ keyFile, publicUrl: 'http://kc.test' });
      const result = await login(direct(first), 'operador');
      const tokens = await exchange(direct(first), result);
      await first.close();
      const second = await startEmulator({ keyFile, publicUrl: 'http://kc.test' });
      try {
        const refresh = await tokenRequest(direct(second), {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: WEB_CLIENT,
        });
        expect(refresh.status).toBe(200);
        const silent = await fetch(
          authUrl(direct(second), standardParams(pkcePair().challenge, { prompt: 'none' })),
          {
            redirect: 'manual',
            headers: { cookie: result.cookie },
          },
        );
        expect(responseParams(silent.headers.get('location')!).get('code')).toBeTruthy();
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('login form bound to the browser session (login CSRF)', () => {
  const openForm = async () => {
    const { challenge } = pkcePair();
    const page = await fetch(authUrl(em, standardParams(challenge)), { redirect: 'manual' });
    return { action: formAction(em, await page.text()), cookie: cookiesOf(page) };
  };

  it('refuses a cross-site POST of the form (no AUTH_SESSION_ID cookie): no session, no code', async () => {
    const { action } = await openForm();
    const posted = await fetch(action, {
      method: 'POST',
      headers: { origin: 'https://attacker.example' },
      body: new URLSearchParams({ username: 'operador', password: 'operador' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(400);
    expect(posted.headers.get('location')).toBeNull();
    expect(posted.headers.getSetCookie()).toEqual([]);
    expect(await posted.text()).toContain(
      'Cookie not found. Please make sure cookies are enabled in your browser.',
    );
  });

  it("refuses a form posted with another browser's cookie", async () => {
    const victim = await openForm();
    const attacker = await openForm();
    const posted = await fetch(victim.action, {
      method: 'POST',
      headers: { cookie: attacker.cookie },
      body: new URLSearchParams({ username: 'operador', password: 'operador' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(400);
    expect(posted.headers.get('location')).toBeNull();
  });
});

describe('brute-force protection (realm settings: temporary lockout after 5 failures)', () => {
  let guarded: RunningEmulator;
  beforeAll(async () => {
    guarded = await startEmulator({ keyFile: null });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  const attempt = async (username: string, password: string) => {
    const { challenge } = pkcePair();
    const page = await fetch(authUrl(guarded, standardParams(challenge)), { redirect: 'manual' });
    const posted = await fetch(formAction(guarded, await page.text()), {
      method: 'POST',
      headers: { cookie: cookiesOf(page) },
      body: new URLSearchParams({ username, password }),
      redirect: 'manual',
    });
    return { status: posted.status, html: posted.status === 200 ? await posted.text() : '' };
  };

  it('locks the user out after 5 wrong passwords, with Keycloak message, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await attempt('tesoreria', `incorrecta-${i}`);
      expect(wrong.status).toBe(200);
      expect(wrong.html).toContain('Invalid username or password.');
    }
    const right = await attempt('tesoreria', 'tesoreria');
    expect(right.status).toBe(200);
    expect(right.html).toContain('Invalid username or password.');
    // Another user is not affected.
    expect((await attempt('operador', 'operador')).status).toBe(302);
  });

  it('forgets the failures after a successful login', async () => {
    for (let i = 0; i < 4; i++) expect((await attempt('consulta', 'mal')).status).toBe(200);
    expect((await attempt('consulta', 'consulta')).status).toBe(302);
    for (let i = 0; i < 4; i++) expect((await attempt('consulta', 'mal')).status).toBe(200);
    expect((await attempt('consulta', 'consulta')).status).toBe(302);
  });
});
