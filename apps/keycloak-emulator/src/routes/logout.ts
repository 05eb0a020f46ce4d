/** The end of a session (RP-initiated logout) and the iframes keycloak-js loads (3p cookies, login status). */
import type { Request, Response } from 'express';
import type { JWTPayload } from 'jose';
import type { EmulatorKit } from '../kit.js';
import { single, withResponseParams } from '../oauth.js';
import { isAllowedOrigin, matchesRedirectUri } from '../realm.js';
import {
  loggedOutPage,
  loginStatusIframe,
  thirdPartyCookiesStep1,
  thirdPartyCookiesStep2,
} from '../pages.js';
import { formBody, type Mount } from './form.js';

/**
 * The logout's client and redirect, checked as Keycloak does: an id token hint that verifies (expired or not), a
 * client_id that agrees with it, a post-logout redirect URI the client allows. A string is the error page's message.
 */
async function logoutTarget(
  kit: EmulatorKit,
  params: unknown,
): Promise<{ hint: JWTPayload | undefined; redirect: string | undefined } | string> {
  const idTokenHint = single(params, 'id_token_hint');
  const postLogoutRedirectUri = single(params, 'post_logout_redirect_uri');
  const clientIdParam = single(params, 'client_id');
  let hint: JWTPayload | undefined;
  if (idTokenHint) {
    hint = await kit.tokens.verifyRealmToken(idTokenHint, { ignoreExpiry: true });
    if (!hint) return 'Invalid IDToken';
  }
  const hintClientId =
    typeof hint?.azp === 'string' ? hint.azp : typeof hint?.aud === 'string' ? hint.aud : undefined;
  if (hintClientId && clientIdParam && hintClientId !== clientIdParam) {
    return 'Parameter client_id does not match the client from id_token_hint';
  }
  const clientId = hintClientId ?? clientIdParam;
  const client = clientId ? kit.realm.clients.get(clientId) : undefined;
  if (postLogoutRedirectUri) {
    if (!clientId) return 'Missing parameters: id_token_hint';
    if (!client || !matchesRedirectUri(postLogoutRedirectUri, client.postLogoutRedirectUris)) {
      return 'Invalid redirect uri';
    }
  }
  return { hint, redirect: postLogoutRedirectUri };
}

function logout(kit: EmulatorKit) {
  return async (req: Request, res: Response): Promise<void> => {
    const params: unknown = req.method === 'POST' ? req.body : req.query;
    const target = await logoutTarget(kit, params);
    if (typeof target === 'string') return kit.sendError(res, 400, target);
    const current = await kit.cookieSession(req);
    if (current) kit.sessions.end(current.session.id);
    if (typeof target.hint?.sid === 'string') kit.sessions.end(target.hint.sid);
    kit.clearSessionCookies(res);
    if (target.redirect) {
      const state = single(params, 'state');
      res.set('Cache-Control', 'no-store');
      return res.redirect(
        302,
        state ? withResponseParams(target.redirect, 'query', { state }) : target.redirect,
      );
    }
    kit.sendHtml(res, 200, loggedOutPage(kit.realm.displayName));
  };
}

export const logoutRoutes: Mount = (app, kit) => {
  const handle = logout(kit);
  app.get(`${kit.oidcPath}/logout`, handle);
  app.post(`${kit.oidcPath}/logout`, formBody, handle);
};

export const iframeRoutes: Mount = (app, kit) => {
  const { oidcPath } = kit;
  app.get(`${oidcPath}/3p-cookies/step1.html`, (_req, res) =>
    kit.sendHtml(res, 200, thirdPartyCookiesStep1, true),
  );
  app.get(`${oidcPath}/3p-cookies/step2.html`, (_req, res) =>
    kit.sendHtml(res, 200, thirdPartyCookiesStep2, true),
  );
  app.get(`${oidcPath}/login-status-iframe.html`, (_req, res) =>
    kit.sendHtml(res, 200, loginStatusIframe, true),
  );
  app.get(`${oidcPath}/login-status-iframe.html/init`, (req, res) => {
    const client = kit.realm.clients.get(single(req.query, 'client_id') ?? '');
    const origin = single(req.query, 'origin');
    res.status(client && isAllowedOrigin(origin, client.webOrigins) ? 204 : 403).end();
  });
};
