/**
 * The identity emulator's HTTP app: Keycloak's endpoints for one realm, composed of named parts in the order Express
 * tries them. What they share is the kit (kit.ts: the realm, its sessions and tokens, the answers, the browser's
 * session and the credentials' checks); each endpoint is a route module (routes/).
 */
import express from 'express';
import { attackDetectionRouter } from './attack-detection.js';
import { emulatorKit, type AppContext } from './kit.js';
import { accountRoutes } from './routes/account.js';
import { authorizeRoutes } from './routes/authorize.js';
import { discoveryRoutes, realmInfoRoute } from './routes/discovery.js';
import { fallbackRoutes } from './routes/fallback.js';
import type { Mount } from './routes/form.js';
import { iframeRoutes, logoutRoutes } from './routes/logout.js';
import { tokenRoutes } from './routes/token.js';

export type { AppContext } from './kit.js';

/** Keycloak's admin endpoints of brute-force detection, when the test stack asks for them. */
const attackDetectionRoutes: Mount = (app, kit) => {
  if (kit.attackDetectionAdmin) app.use(attackDetectionRouter(kit.realm, kit.bruteForce));
};

/** The route table: tried in this order, the fallback's 404 and error answer last. */
const ROUTES: readonly Mount[] = [
  discoveryRoutes,
  authorizeRoutes,
  tokenRoutes,
  accountRoutes,
  logoutRoutes,
  iframeRoutes,
  attackDetectionRoutes,
  realmInfoRoute,
  fallbackRoutes,
];

export const createApp = (ctx: AppContext): express.Express => {
  const kit = emulatorKit(ctx);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  for (const mount of ROUTES) mount(app, kit);
  return app;
};
