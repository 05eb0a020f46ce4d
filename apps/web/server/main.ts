import { startWeb } from './index.js';

const web = await startWeb({
  port: Number(process.env.PORT ?? 5173),
  host: process.env.HOST ?? '127.0.0.1',
  gatewayUrl: process.env.GATEWAY_URL ?? 'http://localhost:4000/graphql',
  keycloakUrl: process.env.KEYCLOAK_URL ?? 'http://localhost:8080',
  realm: process.env.KEYCLOAK_REALM ?? 'back-office',
  clientId: process.env.KEYCLOAK_CLIENT_ID ?? 'back-office-web',
  distDir: process.env.WEB_DIST_DIR,
});
console.log(`Back-office web listo en ${web.url}`);

const shutdown = () => {
  web.close().finally(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
