import { Buffer } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PREVIOUS_MAJORS, SCHEMA_VERSION } from '@backoffice/schema';
import { buildSchema, printSchema, type GraphQLSchema } from 'graphql';
import serveStatic from 'serve-static';
import type { TokenVerifier } from '../auth/verify-token.js';
import type { GatewayConfig } from '../config.js';
import { methodIs, pathUnder, routeMatcher } from '../http/routes.js';

/**
 * GraphiQL 5 served by the gateway at /sandbox, offline: the page, React, Monaco and its workers are bundled by
 * scripts/build-sandbox.mjs into dist/sandbox-ui (no CDN). It signs in with keycloak-js against the gateway's realm
 * or uses a pasted token, and reads the schema from /sandbox/schema.graphql, before any sign-in (the docs
 * explorer is browsable at once; only where introspection is on, which a token would not open anyway). Only mounted
 * when GRAPHQL_SANDBOX is on (off by default in production).
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

/** The schema as the sandbox shows it: the printed SDL (descriptions and their "Requiere:" lines included). */
export function sandboxSdl(schema: GraphQLSchema): string {
  return printSchema(schema);
}

export interface SandboxOptions {
  config: Pick<GatewayConfig, 'keycloakIssuer' | 'sandboxClientId' | 'introspection'>;
  /** Unused: the schema is served before sign-in; taken so that callers need not change. */
  verifier?: TokenVerifier;
  schema: GraphQLSchema;
}

/**
 * Serves a request under /sandbox (`path`: the part below it). Resolves true when it answered; false when no route
 * of the sandbox is `path` (the caller answers its 404, under the sandbox's headers already set). A failure of the
 * static files (a missing asset: `status` 404) is passed to `fail`.
 */
export type SandboxHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  fail: (error: unknown) => void,
) => Promise<boolean>;

/** A text answer with its type in UTF-8 and its length (as Express's `res.type(type).send(text)`). */
function sendText(res: ServerResponse, status: number, type: string, text: string): void {
  res.statusCode = status;
  res.setHeader('content-type', `${type}; charset=utf-8`);
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

export function sandboxRouter({ config, schema }: SandboxOptions): SandboxHandler {
  const indexFile = new URL('index.html', uiDir);
  const html = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const keycloak = keycloakFromIssuer(config.keycloakIssuer);
  const csp = sandboxCsp(keycloak?.origin ?? null);
  const schemaPath = config.introspection ? '/sandbox/schema.graphql' : null;
  // The majors served (the current one, then each previous one at its path until its last day: CHANGELOG.md).
  const previous = PREVIOUS_MAJORS.map((major) => ({ major, file: `/schema-v${major.major}.graphql` }));
  const settings = JSON.stringify({
    graphqlPath: '/graphql',
    schemaPath,
    majors: [
      { label: `Versión ${SCHEMA_VERSION} (actual)`, graphqlPath: '/graphql', schemaPath },
      ...previous.map(({ major, file }) => ({
        label: `Versión ${major.version} (se sirve hasta el ${major.servedUntil})`,
        graphqlPath: major.path,
        schemaPath: config.introspection ? `/sandbox${file}` : null,
      })),
    ],
    keycloak: keycloak
      ? { url: keycloak.url, realm: keycloak.realm, clientId: config.sandboxClientId }
      : null,
  });
  let sdl: string | null = null;

  const previousTypeDefs = new Map(previous.map(({ file, major }) => [file, major.typeDefs]));
  /** A previous major's printed SDL, made when first asked (each built once). */
  const previousSdl = new Map<string, string>();
  const page = routeMatcher('/');
  const settingsFile = routeMatcher('/config.json');
  const schemaFile = routeMatcher('/schema.graphql');
  const assets = serveStatic(new URL('assets/', uiDir).pathname, {
    index: false,
    fallthrough: false,
    dotfiles: 'ignore',
    etag: true,
    setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
  });

  /**
   * The printed SDL, to anyone who can open the sandbox: what introspection answers a signed-in developer here,
   * with nothing of an operator's data in it.
   */
  const sendSchema = (res: ServerResponse) => {
    sdl ??= sandboxSdl(schema);
    sendText(res, 200, 'text/plain', sdl);
  };

  return async (req, res, path, fail) => {
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('content-security-policy', csp);
    res.setHeader('x-frame-options', 'DENY');
    const get = methodIs(req, 'GET');
    if (get && page(path)) {
      if (!html) {
        sendText(
          res,
          503,
          'text/plain',
          'La sandbox no está compilada: ejecutá npm run build -w @backoffice/gateway.',
        );
      } else {
        sendText(res, 200, 'text/html', html);
      }
      return true;
    }
    if (get && settingsFile(path)) {
      sendText(res, 200, 'application/json', settings);
      return true;
    }
    const previousTypes = get && schemaPath ? previousTypeDefs.get(path) : undefined;
    if (previousTypes !== undefined) {
      if (!previousSdl.has(path)) previousSdl.set(path, sandboxSdl(buildSchema(previousTypes)));
      sendText(res, 200, 'text/plain', previousSdl.get(path)!);
      return true;
    }
    if (schemaPath && get && schemaFile(path)) {
      sendSchema(res);
      return true;
    }
    const asset = pathUnder('/assets', path);
    if (asset !== null) {
      // serve-static reads the path below its mount from req.url, as Express handed it over.
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      Object.assign(req, { originalUrl: url, url: asset + (query === -1 ? '' : url.slice(query)) });
      assets(req, res, (error) => fail(error));
      return true;
    }
    return false;
  };
}
