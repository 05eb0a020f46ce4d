// Starts the whole product in one process: stubs, Keycloak emulator, gateway and web server.
// Used by `npm start` (fixed default ports), by the browser tests (free ports picked here) and, without the web
// server, by `npm run stack:test` / startTestStack() of packages/test-stack (docs/testing-integration.md).
// Every app must be built first (`npm run build`): this imports their dist/ entry points.
import { createServer } from 'node:net';

/** Asks the OS for a free loopback port. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The FORM_HOST this module set (so a later stack in the same process may replace it). */
let stackFormHost = '';

/**
 * @param {{ host?: string, publicHost?: string, ports?: { stubs?: number, keycloak?: number, gateway?: number, web?: number },
 *           keyFile?: string | null, stubLatencyMs?: number, gatewayLogLevel?: string, accessTokenTtlSeconds?: number, log?: (line: string) => void,
 *           web?: boolean, realmAdditions?: string[] }} [options]
 *   ports: 0 or missing picks a free port. publicHost: the host name browsers use (localhost for npm start).
 *   web: false starts no web server (the stack of integration tests). realmAdditions: partial imports merged into
 *   the emulator's realm (e.g. the test client); the clients they add may call the gateway (its allowed azp).
 */
export async function startStack(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const publicHost = options.publicHost ?? host;
  const pick = async (p) => (p ? p : freePort(host));
  const ports = {
    stubs: await pick(options.ports?.stubs),
    keycloak: await pick(options.ports?.keycloak),
    gateway: await pick(options.ports?.gateway),
    web: options.web === false ? 0 : await pick(options.ports?.web),
  };
  const webOrigin = `http://${publicHost}:${ports.web}`;
  const gatewayOrigin = `http://${publicHost}:${ports.gateway}`;

  const { startStubs } = await import('@backoffice/stubs');
  const { startEmulator } = await import('@backoffice/keycloak-emulator');
  const { startGateway, loadConfig } = await import('@backoffice/gateway');
  const { startWeb } = options.web === false ? {} : await import('@backoffice/web/server');

  const started = [];
  try {
    const stubs = await startStubs({ port: ports.stubs, host, latencyMs: options.stubLatencyMs });
    started.push(stubs);
    const keycloak = await startEmulator({
      port: ports.keycloak,
      host,
      publicUrl: `http://${publicHost}:${ports.keycloak}`,
      keyFile: options.keyFile,
      extraRedirectUris: [`${webOrigin}/*`, `${gatewayOrigin}/*`],
      extraWebOrigins: [webOrigin, gatewayOrigin],
      ...(options.realmAdditions ? { realmAdditions: options.realmAdditions } : {}),
      ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
    });
    started.push(keycloak);
    // The payment form host (spec 000 §2: checkout links of payments and subscriptions) is the stubs'
    // form pages (`/formulario`), unless FORM_HOST was set. The gateway reads FORM_HOST on first use.
    const formHost = `http://${publicHost}:${ports.stubs}/formulario`;
    if (!process.env.FORM_HOST || process.env.FORM_HOST === stackFormHost) {
      process.env.FORM_HOST = formHost;
      stackFormHost = formHost;
    }
    // Every upstream service points at the stubs started here (same path prefixes as the defaults).
    const base = loadConfig({ STUBS_URL: stubs.url });
    const gateway = await startGateway({
      ...base,
      port: ports.gateway,
      host,
      keycloakIssuer: keycloak.issuer,
      keycloakJwksUrl: keycloak.jwksUrl,
      ...(keycloak.addedClientIds.length > 0
        ? { keycloakAzp: [...base.keycloakAzp, ...keycloak.addedClientIds] }
        : {}),
      corsOrigins: [webOrigin],
      ...(options.gatewayLogLevel ? { logLevel: options.gatewayLogLevel } : {}),
    });
    started.push(gateway);
    const web = startWeb
      ? await startWeb({
          port: ports.web,
          host,
          gatewayUrl: `${gatewayOrigin}/graphql`,
          keycloakUrl: `http://${publicHost}:${ports.keycloak}`,
        })
      : undefined;
    if (web) started.push(web);
    return {
      stubs,
      keycloak,
      gateway,
      web,
      urls: {
        web: web ? webOrigin : undefined,
        gateway: `${gatewayOrigin}/graphql`,
        sandbox: `${gatewayOrigin}/sandbox`,
        keycloak: `http://${publicHost}:${ports.keycloak}`,
        stubs: stubs.url,
        form: process.env.FORM_HOST,
      },
      async close() {
        for (const s of started.reverse()) await s.close();
      },
    };
  } catch (error) {
    for (const s of started.reverse()) await s.close().catch(() => {});
    throw error;
  }
}
