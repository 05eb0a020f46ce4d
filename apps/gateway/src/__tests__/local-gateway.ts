import type { RunningEmulator } from '@backoffice/keycloak-emulator';
import type { GatewayConfig } from '../config.js';
import { loadConfig } from '../load-config.js';
import { startGateway, type RunningGateway } from '../index.js';
import { createLogger, type Logger } from '../logger.js';

/**
 * A gateway of this process for a test: every service at `stubsUrl`, tokens from the emulator, a free port on
 * 127.0.0.1, no log output; `overrides` on top (timeouts, grace period...).
 */
export function startLocalGateway(
  stubsUrl: string,
  emulator: Pick<RunningEmulator, 'issuer' | 'jwksUrl'>,
  overrides: Partial<GatewayConfig> = {},
  logger: Logger = createLogger('silent'),
): Promise<RunningGateway> {
  return startGateway(
    {
      ...loadConfig({ STUBS_URL: stubsUrl }),
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      ...overrides,
    },
    { logger },
  );
}
