import { createHash } from 'node:crypto';

/** `'sha256-...'` CSP sources for every inline <script> of an HTML page (the silent SSO page has one). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The origin of a URL (`http://host:port`), used as a CSP source. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export interface CspInput {
  gatewayUrl: string;
  keycloakUrl: string;
  scriptHashes: string[];
}

/** The Content-Security-Policy of every response of the web server. */
export function contentSecurityPolicy({ gatewayUrl, keycloakUrl, scriptHashes }: CspInput): string {
  const gateway = originOf(gatewayUrl);
  const keycloak = originOf(keycloakUrl);
  const unique = (values: string[]) => [...new Set(values)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${unique(["'self'", ...scriptHashes])}`,
    // Emotion (MUI) injects <style> elements at runtime.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    // The gateway's origin: /graphql, /files and /live (its Server-Sent Events, read with fetch: docs/live.md).
    `connect-src ${unique(["'self'", gateway, keycloak])}`,
    // keycloak-js's silent check-sso and 3p-cookie check run in hidden iframes.
    `frame-src ${unique(["'self'", keycloak])}`,
    `frame-ancestors 'self'`,
    `form-action 'self' ${keycloak}`,
    `object-src 'none'`,
    `base-uri 'self'`,
  ].join('; ');
}

/** Headers set on every response. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
