import { existsSync, readFileSync } from 'node:fs';
import { filterSchema } from '@graphql-tools/utils';
import express, { type Router } from 'express';
import { printSchema, type GraphQLSchema } from 'graphql';
import { InvalidTokenError, type TokenVerifier } from '../auth/verify-token.js';
import type { GatewayConfig } from '../config.js';

/**
 * GraphiQL 5 served by the gateway at /sandbox, offline: the page, React, Monaco and its workers are bundled by
 * scripts/build-sandbox.mjs into dist/sandbox-ui (no CDN). It signs in with keycloak-js against the gateway's realm
 * or uses a pasted token, and reads the schema from /sandbox/schema.graphql (same token; only where introspection
 * is on). Only mounted when GRAPHQL_SANDBOX is on (off by default in production).
 */

/** dist/sandbox-ui of the gateway package: two levels above both src/sandbox and dist/sandbox. */
const uiDir = new URL('../../dist/sandbox-ui/', import.meta.url);

/** http://host:8080/realms/back-office -> { url: http://host:8080, realm: back-office } */
export function keycloakFromIssuer(issuer: string): { url: string; realm: string; origin: string } | null {
  const match = /^(https?:\/\/[^/]+(?:\/.*?)?)\/realms\/([^/]+)\/?$/.exec(issuer);
  if (!match?.[1] || !match[2]) return null;
  return { url: match[1], realm: decodeURIComponent(match[2]), origin: new URL(issuer).origin };
}

/**
 * The page's Content-Security-Policy: its own scripts, workers and styles; inline styles only because Monaco sets
 * them (nothing else is loosened); network to itself and Keycloak.
 */
export function sandboxCsp(keycloakOrigin: string | null): string {
  const connect = ["'self'", ...(keycloakOrigin ? [keycloakOrigin] : [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The schema as the sandbox shows it: printed SDL without the placeholder root field `_empty`. */
export function sandboxSdl(schema: GraphQLSchema): string {
  return printSchema(filterSchema({ schema, rootFieldFilter: (_op, name) => name !== '_empty' }));
}

export interface SandboxOptions {
  config: Pick<GatewayConfig, 'keycloakIssuer' | 'sandboxClientId' | 'introspection'>;
  verifier: TokenVerifier;
  schema: GraphQLSchema;
}

export function sandboxRouter({ config, verifier, schema }: SandboxOptions): Router {
  const indexFile = new URL('index.html', uiDir);
  const html = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const keycloak = keycloakFromIssuer(config.keycloakIssuer);
  const csp = sandboxCsp(keycloak?.origin ?? null);
  const schemaPath = config.introspection ? '/sandbox/schema.graphql' : null;
  const settings = JSON.stringify({
    graphqlPath: '/graphql',
    schemaPath,
    keycloak: keycloak
      ? { url: keycloak.url, realm: keycloak.realm, clientId: config.sandboxClientId }
      : null,
  });
  let sdl: string | null = null;

  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('content-security-policy', csp);
    res.setHeader('x-frame-options', 'DENY');
    next();
  });
  router.get('/', (_req, res) => {
    if (!html) {
      res
        .status(503)
        .type('text/plain')
        .send('La sandbox no está compilada: ejecutá npm run build -w @backoffice/gateway.');
      return;
    }
    res.type('html').send(html);
  });
  router.get('/config.json', (_req, res) => {
    res.type('json').send(settings);
  });
  if (schemaPath) {
    router.get('/schema.graphql', async (req, res) => {
      res.setHeader('cache-control', 'no-store');
      try {
        await verifier.verify(req.headers.authorization);
      } catch (error) {
        if (error instanceof InvalidTokenError && error.unavailable) {
          res
            .status(503)
            .type('text/plain')
            .send('No se pudo verificar el token: reintentá en unos segundos.');
          return;
        }
        res.setHeader('www-authenticate', 'Bearer');
        res.status(401).type('text/plain').send('Se necesita un token válido.');
        return;
      }
      sdl ??= sandboxSdl(schema);
      res.type('text/plain').send(sdl);
    });
  }
  router.use(
    '/assets',
    express.static(new URL('assets/', uiDir).pathname, {
      index: false,
      fallthrough: false,
      dotfiles: 'ignore',
      etag: true,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );
  return router;
}
