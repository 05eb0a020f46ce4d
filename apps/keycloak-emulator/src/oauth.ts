/**
 * What the emulator's endpoints share of OAuth 2 / OpenID Connect: the authorization request carried through the
 * login form, Keycloak's error shape, form and cookie parsing, constant-time comparison, PKCE and redirect URIs.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { LoginLocale } from './pages.js';

/** An authorization request waiting for the login form, carried signed in the form's action. */
export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  responseMode: 'query' | 'fragment';
  state?: string;
  nonce?: string;
  scope?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** The login page's language, from `ui_locales` (kept for the page shown again after a wrong password). */
  locale?: LoginLocale;
}

export const PKCE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Client errors in Keycloak's shape. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** One form or query parameter (the first of a repeated one; an empty one is absent). */
export const single = (source: unknown, name: string): string | undefined => {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

export const parseCookies = (header: string | undefined): Record<string, string> => {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      cookies[name] = part.slice(i + 1).trim();
    }
  }
  return cookies;
};

export const safeEqual = (a: string, b: string): boolean => {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a === b;
};

export const s256 = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Appends response parameters to a redirect URI, in the query or in the fragment. */
export const withResponseParams = (
  redirectUri: string,
  mode: 'query' | 'fragment',
  params: Record<string, string | undefined>,
): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.append(k, v);
  if (mode === 'fragment') {
    return `${redirectUri}${redirectUri.includes('#') ? '&' : '#'}${search.toString()}`;
  }
  const hashAt = redirectUri.indexOf('#');
  const base = hashAt >= 0 ? redirectUri.slice(0, hashAt) : redirectUri;
  const hash = hashAt >= 0 ? redirectUri.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}${search.toString()}${hash}`;
};
