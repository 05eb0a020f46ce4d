/**
 * The verified-token cache of createTokenVerifier: a token that passed every check is accepted again without a
 * new signature verification until min(exp, max age); expired, refused or rotated-away tokens are checked again.
 * `jwtVerify` is wrapped in a spy (calling the real one) to count full verifications; Date is faked to move time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as jose from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, InvalidTokenError, type TokenVerifierOptions } from '../verify-token.js';
import { AUDIENCE, ISSUER } from './jwks-fixture.js';

vi.mock('jose', async (importOriginal) => {
  const original = await importOriginal<typeof import('jose')>();
  return { ...original, jwtVerify: vi.fn(original.jwtVerify) };
});
const jwtVerify = vi.mocked(jose.jwtVerify);

interface Key {
  privateKey: jose.CryptoKey;
  jwk: jose.JWK;
}

let server: Server;
let jwksUrl: string;
/** What the JWKS endpoint publishes. */
let published: jose.JWK[] = [];
let keyA: Key;
let keyB: Key;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

async function makeKey(kid: string): Promise<Key> {
  const pair = await jose.generateKeyPair('RS256', { extractable: true });
  return {
    privateKey: pair.privateKey,
    jwk: { ...(await jose.exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

beforeAll(async () => {
  [keyA, keyB] = await Promise.all([makeKey('key-a'), makeKey('key-b')]);
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: published }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  published = [keyA.jwk];
  jwtVerify.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const seconds = () => Math.floor(Date.now() / 1000);
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

function sign(key: Key, overrides: Record<string, unknown> = {}): Promise<string> {
  const claims = {
    iss: ISSUER,
    aud: [AUDIENCE, 'account'],
    sub: 'b7c1e0f2-0000-4000-8000-000000000001',
    typ: 'Bearer',
    azp: 'back-office-web',
    iat: seconds(),
    exp: seconds() + 300,
    preferred_username: 'operador',
    name: 'Olga Operadora',
    resource_access: { [AUDIENCE]: { roles: ['payment-refund', 'payment-cancel'] } },
    ...overrides,
  };
  return new jose.SignJWT(claims as jose.JWTPayload)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.jwk.kid! })
    .sign(key.privateKey);
}

const verifier = (options: Partial<TokenVerifierOptions> = {}) =>
  createTokenVerifier({
    issuer: ISSUER,
    jwksUrl,
    audience: AUDIENCE,
    allowedAzp: ['back-office-web'],
    clockToleranceSeconds: 5,
    ...options,
  });

async function refusal(promise: Promise<unknown>): Promise<InvalidTokenError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return error as InvalidTokenError;
}

describe('verified-token cache', () => {
  it('accepts a verified token again without verifying it again, whatever the scheme spelling', async () => {
    const v = verifier();
    const token = await sign(keyA);
    const first = await v.verify(`Bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(1);
    const second = await v.verify(`bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(first.permissions).toEqual(['PAYMENT_CANCEL', 'PAYMENT_REFUND']);
    // Each request gets its own copy.
    expect(second).not.toBe(first);
    second.permissions.push('BIN_DELETE');
    expect((await v.verify(`Bearer ${token}`)).permissions).toEqual(['PAYMENT_CANCEL', 'PAYMENT_REFUND']);
    expect(jwtVerify).toHaveBeenCalledTimes(1);
  });

  it('keeps every check for tokens it has not verified: another token, a tampered one, a refused one', async () => {
    const v = verifier();
    const token = await sign(keyA);
    await v.verify(`Bearer ${token}`);
    await v.verify(`Bearer ${await sign(keyA, { sub: 'otro' })}`);
    expect(jwtVerify).toHaveBeenCalledTimes(2);
    const [h, p, s] = token.split('.');
    // One signature character replaced (not the last: it carries two bits and could decode the same).
    const at = s!.length - 10;
    await refusal(
      v.verify(`Bearer ${h}.${p}.${s!.slice(0, at)}${s![at] === 'A' ? 'B' : 'A'}${s!.slice(at + 1)}`),
    );
    await refusal(v.verify(`Bearer ${h}.${p}x.${s}`));
    const foreign = await sign(keyB);
    await refusal(v.verify(`Bearer ${foreign}`));
    await refusal(v.verify(`Bearer ${foreign}`)); // refusals are never remembered
    expect(jwtVerify).toHaveBeenCalledTimes(5);
  });

  it('refuses a remembered token once it expired', async () => {
    const v = verifier();
    const token = await sign(keyA, { exp: seconds() + 30 });
    await v.verify(`Bearer ${token}`);
    advance(29_000);
    await v.verify(`Bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(1);
    // Past exp the cache no longer answers: a full verification (still within the 5 s clock tolerance)...
    advance(2_000);
    await v.verify(`Bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(2);
    // ...and beyond the tolerance the token is refused as expired.
    advance(5_000);
    const error = await refusal(v.verify(`Bearer ${token}`));
    expect(error.reason).toMatch(/ERR_JWT_EXPIRED/);
  });

  it('verifies again after the maximum age, and not at all when the cache is off', async () => {
    const v = verifier({ verifiedTokenMaxAgeMs: 60_000 });
    const token = await sign(keyA);
    await v.verify(`Bearer ${token}`);
    advance(59_000);
    await v.verify(`Bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(1);
    advance(1_000);
    await v.verify(`Bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(2);

    const off = verifier({ verifiedTokenMaxAgeMs: 0 });
    await off.verify(`Bearer ${token}`);
    await off.verify(`Bearer ${token}`);
    expect(jwtVerify).toHaveBeenCalledTimes(4);
  });

  it('forgets the least recently used token beyond its size', async () => {
    const v = verifier({ verifiedTokenCacheSize: 2 });
    const [t1, t2, t3] = await Promise.all(['u1', 'u2', 'u3'].map((sub) => sign(keyA, { sub })));
    await v.verify(`Bearer ${t1}`);
    await v.verify(`Bearer ${t2}`);
    await v.verify(`Bearer ${t1}`); // t1 is now the most recent
    await v.verify(`Bearer ${t3}`); // drops t2
    expect(jwtVerify).toHaveBeenCalledTimes(3);
    await v.verify(`Bearer ${t1}`);
    await v.verify(`Bearer ${t3}`);
    expect(jwtVerify).toHaveBeenCalledTimes(3);
    await v.verify(`Bearer ${t2}`);
    expect(jwtVerify).toHaveBeenCalledTimes(4);
  });

  it('refuses the tokens of a key removed from the JWKS within the key cache age', async () => {
    // jose trusts the fetched keys for 5 s here; the 60 s token age is capped at that.
    const v = verifier({ jwksCacheMaxAgeMs: 5_000 });
    const token = await sign(keyA);
    await v.verify(`Bearer ${token}`);
    published = [keyB.jwk]; // the realm rotated: key A is gone
    advance(4_000);
    await v.verify(`Bearer ${token}`); // both caches still trust key A
    expect(jwtVerify).toHaveBeenCalledTimes(1);
    advance(1_001);
    await refusal(v.verify(`Bearer ${token}`));
    expect((await v.verify(`Bearer ${await sign(keyB)}`)).username).toBe('operador');
  });

  it('forgets every remembered token as soon as a verification brings a different key set', async () => {
    const v = verifier({ jwksCacheMaxAgeMs: 30_000 });
    published = [keyA.jwk, keyB.jwk];
    await v.verify(`Bearer ${await sign(keyB)}`); // jose fetches the keys at 0 s
    advance(25_000);
    const tokenA = await sign(keyA);
    await v.verify(`Bearer ${tokenA}`); // remembered until 55 s
    published = [keyB.jwk]; // key A removed
    advance(6_000); // 31 s: jose's set is stale
    await v.verify(`Bearer ${tokenA}`); // still remembered: nothing made jose look yet
    expect(jwtVerify).toHaveBeenCalledTimes(2);
    // Another token makes jose fetch the keys again: the set changed, so tokenA must be verified again.
    await v.verify(`Bearer ${await sign(keyB, { sub: 'otro' })}`);
    advance(1_000);
    await refusal(v.verify(`Bearer ${tokenA}`));
    expect(jwtVerify).toHaveBeenCalledTimes(4);
  });
});
