// startTestStack(): the stack other teams' integration tests run against (docs/testing-integration.md): the REST
// stubs, the Keycloak emulator with the development-only test client `back-office-tests` (password grant for the
// demo users) and the gateway pointed at both, on free loopback ports. No web server.
// The same start functions as `npm start` and the browser tests (scripts/stack.mjs); the apps must be built.
import { fileURLToPath } from 'node:url';
import { startStack } from '../../../scripts/stack.mjs';

/** The client tests sign in with (password grant): infra/keycloak/dev/, never in the images nor in production. */
export const TEST_CLIENT_ID = 'back-office-tests';

/** The partial import that adds the test client to the development realm (the emulator's and compose's Keycloak). */
export const TEST_REALM_ADDITIONS = fileURLToPath(
  new URL('../../../infra/keycloak/dev/back-office-tests.partial-import.json', import.meta.url),
);

/**
 * @param {{ host?: string, ports?: { gateway?: number, stubs?: number, keycloak?: number },
 *           gatewayLogLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent' }} [options]
 *   ports: 0 or missing picks a free port. gatewayLogLevel: default `warn`.
 */
export async function startTestStack(options = {}) {
  const stack = await startStack({
    host: options.host ?? '127.0.0.1',
    ports: { ...options.ports, web: 0 },
    web: false,
    keyFile: null,
    gatewayLogLevel: options.gatewayLogLevel ?? 'warn',
    realmAdditions: [TEST_REALM_ADDITIONS],
  });
  return {
    gateway: stack.gateway.url,
    graphql: stack.gateway.graphqlUrl,
    stubs: stack.stubs.url,
    keycloak: stack.keycloak.issuer,
    close: () => stack.close(),
  };
}
