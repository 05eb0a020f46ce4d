import { hkdfSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';

export interface RealmKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public key as published in the JWKS (kid, kty, alg, use, n, e). */
  publicJwk: JWK;
  /** HMAC secret for tokens only the emulator reads (refresh tokens, the SSO cookie), as Keycloak does with HS512. */
  hmacSecret: Uint8Array;
}

const isPrivateRsaJwk = (value: unknown): value is JWK =>
  typeof value === 'object' &&
  value !== null &&
  (value as JWK).kty === 'RSA' &&
  typeof (value as JWK).n === 'string' &&
  typeof (value as JWK).d === 'string';

const fromPrivateJwk = async (jwk: JWK): Promise<RealmKeys> => {
  const publicPart: JWK = { kty: jwk.kty, n: jwk.n, e: jwk.e };
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicPart));
  const privateKey = (await importJWK({ ...jwk, alg: 'RS256' }, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK({ ...publicPart, alg: 'RS256' }, 'RS256')) as CryptoKey;
  const hmacSecret = new Uint8Array(
    hkdfSync(
      'sha256',
      Buffer.from(String(jwk.d), 'base64url'),
      Buffer.from(kid),
      'keycloak-emulator hs512',
      64,
    ),
  );
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { kid, kty: 'RSA', alg: 'RS256', use: 'sig', n: publicPart.n!, e: publicPart.e! },
    hmacSecret,
  };
};

const generatePrivateJwk = async (): Promise<JWK> => {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint({ kty: jwk.kty!, n: jwk.n!, e: jwk.e! });
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
};

/**
 * The realm's RSA 2048 signing key. With a file, it is read from it or generated once and
 * written there (a private JWK, mode 0600), so restarts keep issued tokens valid; with
 * `null`, a fresh in-memory key.
 */
export const loadOrCreateKeys = async (keyFile: string | null): Promise<RealmKeys> => {
  if (keyFile === null) return fromPrivateJwk(await generatePrivateJwk());
  if (existsSync(keyFile)) {
    const stored: unknown = JSON.parse(readFileSync(keyFile, 'utf8'));
    if (!isPrivateRsaJwk(stored))
      throw new Error(`${keyFile} no contiene una clave privada RSA en formato JWK`);
    return fromPrivateJwk(stored);
  }
  const jwk = await generatePrivateJwk();
  mkdirSync(dirname(keyFile), { recursive: true });
  const tmp = `${keyFile}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(jwk, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, keyFile);
  return fromPrivateJwk(jwk);
};
