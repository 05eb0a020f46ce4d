/** What a bearer access token reads: the userinfo endpoint and the account service's profile (and its page). */
import type { Request, Response } from 'express';
import { tokenOrigins } from '../credentials.js';
import type { EmulatorKit } from '../kit.js';
import { OAuthError } from '../oauth.js';
import { accountPage } from '../pages.js';
import { profileClaims } from '../tokens.js';
import { formBody, type Mount } from './form.js';

function userinfo(kit: EmulatorKit) {
  return async (req: Request, res: Response): Promise<void> => {
    try {
      const { user, token } = await kit.bearerUser(req);
      kit.applyCors(req, res, tokenOrigins(token));
      res.set('Cache-Control', 'no-store').json({ sub: user.id, ...profileClaims(user) });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      kit.applyCors(req, res, kit.allWebOrigins);
      kit.sendBearerError(res, err);
    }
  };
}

/** GET /account: a browser gets the page; a token with the account client's view-profile role, the profile. */
function account(kit: EmulatorKit) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!req.headers.authorization && !String(req.headers.accept ?? '').includes('json')) {
      return kit.sendHtml(res, 200, accountPage(kit.realm.displayName));
    }
    try {
      const { user, token } = await kit.bearerUser(req);
      kit.applyCors(req, res, tokenOrigins(token));
      const accountRoles = (token.resource_access as Record<string, { roles?: string[] }> | undefined)
        ?.account?.roles;
      if (!accountRoles?.some((r) => r === 'view-profile' || r === 'manage-account')) {
        throw new OAuthError(403, 'access_denied', 'Missing role view-profile of the account client');
      }
      res.set('Cache-Control', 'no-store').json({
        id: user.id,
        username: user.username,
        ...(user.firstName ? { firstName: user.firstName } : {}),
        ...(user.lastName ? { lastName: user.lastName } : {}),
        ...(user.email ? { email: user.email } : {}),
        emailVerified: user.emailVerified,
      });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      kit.applyCors(req, res, kit.allWebOrigins);
      if (err.status === 401) return kit.sendBearerError(res, err);
      kit.sendOAuthError(res, err);
    }
  };
}

export const accountRoutes: Mount = (app, kit) => {
  const info = userinfo(kit);
  app.options(`${kit.oidcPath}/userinfo`, kit.preflight('GET, POST, OPTIONS'));
  app.get(`${kit.oidcPath}/userinfo`, info);
  app.post(`${kit.oidcPath}/userinfo`, formBody, info);
  app.options(`${kit.realmPath}/account`, kit.preflight('GET, OPTIONS'));
  app.get(`${kit.realmPath}/account`, account(kit));
};
