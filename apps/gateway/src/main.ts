import { loadConfig } from './config.js';
import { startGateway } from './index.js';
import { createLogger } from './logger.js';

const config = loadConfig(process.env);
const logger = createLogger(config.logLevel);
const gateway = await startGateway(config, { logger });
console.log(
  `Gateway GraphQL en ${gateway.graphqlUrl}${config.sandbox ? ` (sandbox: ${gateway.url}/sandbox)` : ''} — Keycloak ${config.keycloakIssuer}`,
);

const shutdown = (signal: string) => {
  logger.info('shutting down', { signal });
  gateway.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
