import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import express, { type Router } from 'express';
import type { GatewayConfig } from '../config.js';

/**
 * A GraphQL sandbox that works without internet: a small self-contained page (no CDN, no inline script)
 * served by the gateway, signing in with keycloak-js (served from node_modules) or a pasted token.
 * Only mounted when GRAPHQL_SANDBOX is on (off by default in production).
 */

const assetsDir = new URL('./assets/', import.meta.url);
const asset = (name: string) => readFileSync(new URL(name, assetsDir), 'utf8');

/** keycloak-js's ESM build, when the package is installed (it is a dependency of the web app). */
function keycloakJsPath(): string | null {
  try {
    const path = createRequire(import.meta.url).resolve('keycloak-js');
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** http://host:8080/realms/back-office -> { url: http://host:8080, realm: back-office } */
export function keycloakFromIssuer(issuer: string): { url: string; realm: string; origin: string } | null {
  const match = /^(https?:\/\/[^/]+(?:\/.*?)?)\/realms\/([^/]+)\/?$/.exec(issuer);
  if (!match?.[1] || !match[2]) return null;
  return { url: match[1], realm: decodeURIComponent(match[2]), origin: new URL(issuer).origin };
}

/** The page's Content-Security-Policy: own scripts and styles only; network to itself and Keycloak. */
export function sandboxCsp(keycloakOrigin: string | null): string {
  const connect = ["'self'", ...(keycloakOrigin ? [keycloakOrigin] : [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect}`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function sandboxRouter(config: Pick<GatewayConfig, 'keycloakIssuer' | 'sandboxClientId'>): Router {
  const html = asset('index.html');
  const css = asset('sandbox.css');
  const js = asset('sandbox.js');
  const keycloakPath = keycloakJsPath();
  const keycloakJs = keycloakPath ? readFileSync(keycloakPath, 'utf8') : null;
  const keycloak = keycloakFromIssuer(config.keycloakIssuer);
  const csp = sandboxCsp(keycloak?.origin ?? null);
  const settings = JSON.stringify({
    graphqlPath: '/graphql',
    keycloak:
      keycloak && keycloakJs
        ? { url: keycloak.url, realm: keycloak.realm, clientId: config.sandboxClientId }
        : null,
  });

  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('content-security-policy', csp);
    res.setHeader('x-frame-options', 'DENY');
    next();
  });
  router.get('/', (_req, res) => {
    res.type('html').send(html);
  });
  router.get('/sandbox.css', (_req, res) => {
    res.type('css').send(css);
  });
  router.get('/sandbox.js', (_req, res) => {
    res.type('text/javascript').send(js);
  });
  router.get('/config.json', (_req, res) => {
    res.type('json').send(settings);
  });
  router.get('/keycloak.js', (_req, res) => {
    if (!keycloakJs) {
      res.status(404).type('text/plain').send('keycloak-js no está instalado');
      return;
    }
    res.type('text/javascript').send(keycloakJs);
  });
  return router;
}
