/**
 * The emulator's answers as Keycloak gives them: its HTML pages' headers, OAuth errors as JSON (with
 * `WWW-Authenticate` for a bearer's), and CORS (a client's web origins, always with credentials; public documents
 * to anyone).
 */
import type { NextFunction, Request, Response } from 'express';
import { errorPage } from './pages.js';
import { isAllowedOrigin, type Realm } from './realm.js';
import type { OAuthError } from './oauth.js';

const CORS_ALLOW_HEADERS =
  'Origin, Accept, X-Requested-With, Content-Type, Access-Control-Request-Method, Access-Control-Request-Headers, Authorization, DPoP';

export interface Responses {
  /** An HTML page, never cached; not framable unless `frameable` (keycloak-js's iframes). */
  sendHtml(res: Response, status: number, html: string, frameable?: boolean): void;
  /** Keycloak's error page with `message`. */
  sendError(res: Response, status: number, message: string): void;
  sendOAuthError(res: Response, err: OAuthError): void;
  /** An OAuth error of a bearer token, with its `WWW-Authenticate`. */
  sendBearerError(res: Response, err: OAuthError): void;
  /** CORS for an allowed origin, always with credentials (keycloak-js posts with credentials: 'include'). */
  applyCors(req: Request, res: Response, allowed: readonly string[]): void;
  /** A preflight's answer for `methods`, allowed for any client's web origin. */
  preflight(methods: string): (req: Request, res: Response) => void;
  /** A public document: any origin may read it. */
  publicCors(req: Request, res: Response, next: NextFunction): void;
}

export function responses(realm: Realm, allWebOrigins: readonly string[]): Responses {
  const sendHtml: Responses['sendHtml'] = (res, status, html, frameable = false) => {
    res.status(status);
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store, must-revalidate, max-age=0',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'none',
    });
    if (!frameable) {
      res.set({
        'X-Frame-Options': 'SAMEORIGIN',
        'Content-Security-Policy': "frame-src 'self'; frame-ancestors 'self'; object-src 'none';",
      });
    }
    res.send(html);
  };
  const sendOAuthError: Responses['sendOAuthError'] = (res, err) => {
    res
      .status(err.status)
      .set('Cache-Control', 'no-store')
      .json({ error: err.error, error_description: err.description });
  };
  return {
    sendHtml,
    sendError: (res, status, message) => sendHtml(res, status, errorPage(realm.displayName, message)),
    sendOAuthError,
    sendBearerError(res, err) {
      res.set(
        'WWW-Authenticate',
        `Bearer realm="${realm.name}", error="${err.error}", error_description="${err.description.replace(/"/g, "'")}"`,
      );
      sendOAuthError(res, err);
    },
    applyCors(req, res, allowed) {
      const origin = req.headers.origin;
      if (!isAllowedOrigin(origin, allowed)) return;
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': 'Access-Control-Allow-Methods',
      });
      res.vary('Origin');
    },
    preflight: (methods) => (req, res) => {
      res.vary('Origin');
      if (isAllowedOrigin(req.headers.origin, allWebOrigins)) {
        res.set({
          'Access-Control-Allow-Origin': req.headers.origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': methods,
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
          'Access-Control-Max-Age': '3600',
        });
      }
      res.status(200).end();
    },
    publicCors(_req, res, next) {
      res.set('Access-Control-Allow-Origin', '*');
      next();
    },
  };
}
