/**
 * What every endpoint of the emulator is built with (app.ts composes it, routes/ use it): the realm and its
 * sessions, tokens and keys, its paths, the answers, the browser's session and the credentials' checks.
 */
import type { RealmKeys } from './keys.js';
import { browserSession, type BrowserSession } from './browser-session.js';
import { createBruteForceGuard, type BruteForceGuard } from './brute-force.js';
import { credentials, type Credentials } from './credentials.js';
import type { Realm } from './realm.js';
import { responses, type Responses } from './responses.js';
import type { SessionStore } from './sessions.js';
import type { TokenIssuer } from './tokens.js';

export interface AppContext {
  realm: Realm;
  keys: RealmKeys;
  sessions: SessionStore;
  tokens: TokenIssuer;
  /** Public base URL, e.g. http://localhost:8080 (no trailing slash). */
  publicUrl: string;
  /** Keycloak's admin endpoints that clear a brute-force lockout, without an admin token (test stacks only). */
  attackDetectionAdmin?: boolean;
}

export interface EmulatorKit extends AppContext, Responses, BrowserSession, Credentials {
  issuer: string;
  /** '/realms/<name>' */
  realmPath: string;
  /** '/realms/<name>/protocol/openid-connect' */
  oidcPath: string;
  /** Every client's web origins (preflights, errors before the client is known). */
  allWebOrigins: string[];
  bruteForce: BruteForceGuard;
}

export function emulatorKit(ctx: AppContext): EmulatorKit {
  const { realm, sessions, tokens } = ctx;
  const realmPath = `/realms/${realm.name}`;
  const bruteForce = createBruteForceGuard(realm.bruteForce);
  const allWebOrigins = [...new Set([...realm.clients.values()].flatMap((c) => c.webOrigins))];
  return {
    ...ctx,
    issuer: tokens.issuer,
    realmPath,
    oidcPath: `${realmPath}/protocol/openid-connect`,
    allWebOrigins,
    bruteForce,
    ...responses(realm, allWebOrigins),
    ...browserSession({
      realm,
      sessions,
      tokens,
      realmPath,
      secureCookies: ctx.publicUrl.startsWith('https:'),
    }),
    ...credentials(realm, sessions, tokens, bruteForce),
  };
}
