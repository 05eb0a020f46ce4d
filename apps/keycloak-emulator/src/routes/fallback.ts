/** What no endpoint serves (Keycloak's 404s) and a failure no endpoint answered (its 4xx, else a logged 500). */
import type { NextFunction, Request, Response } from 'express';
import type { Mount } from './form.js';

export const fallbackRoutes: Mount = (app, kit) => {
  app.use((req, res) => {
    const inRealm = req.path === kit.realmPath || req.path.startsWith(`${kit.realmPath}/`);
    if (!inRealm && req.path.startsWith('/realms/')) {
      res.status(404).json({ error: 'Realm does not exist' });
      return;
    }
    res.status(404).json({
      error: 'Unable to find matching target resource method',
      error_description: 'For more on this error consult the server log.',
    });
  });

  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status =
      typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number'
        ? err.status
        : 500;
    if (status >= 500) console.error('keycloak-emulator:', err);
    res.status(status).json({
      error: status < 500 ? 'invalid_request' : 'unknown_error',
      error_description: status < 500 ? 'Invalid request' : 'For more on this error consult the server log.',
    });
  });
};
