/**
 * What the web keeps in the browser for the operator signed in, and its end (a shared workstation). The
 * tab's session storage holds the lists' states (`payments.list`, `activity.list`: filters and searches), their
 * applied views, the home tab, the last conversion; localStorage holds the copies of an operator's preferences
 * (`preferencias-copia.<user>.<group>`) and, from before the gateway kept them, their old local preferences
 * (`preferencias.<user>.<name>`). None of it may reach another operator of the same browser:
 *
 * - signing out ('Cerrar Sesion') removes all of it (`forgetOperator`) before Keycloak's logout page;
 * - signing in (`claimOperatorStorage`, before the router and its preloads read anything) finds the tab's storage
 *   marked with its operator: another operator's (a session that ended without 'Cerrar Sesion', or signed out in
 *   another tab) is removed, and so are other operators' preference copies.
 *
 * What is not an operator's stays: the kept styles (`backoffice.styles`, checked when read: kept-styles.ts) and
 * the collapsed menu. In-memory caches (Apollo's, the preloads') end with the document: sign-out leaves it for
 * Keycloak's page, replacing it in the history.
 */
import {
  browserLocalStorage,
  browserSessionStorage,
  removeKeys,
  writeJson,
  readJson,
  type ListableStorage,
} from './web-storage';

/** Where this browser keeps copies of an operator's preferences: `preferencias-copia.<user>.<group>`. */
export const KEPT_PREFERENCES_PREFIX = 'preferencias-copia.';
/** Where it kept an operator's preferences before the gateway did: `preferencias.<user>.<name>`. */
export const LEGACY_PREFERENCES_PREFIX = 'preferencias.';
/** Who the tab's session storage belongs to (session storage). */
export const OPERATOR_KEY = 'backoffice.operator';
/** The tab's sign-in itself (lib/keycloak.ts): kept when the tab's storage is claimed, gone at sign-out. */
const SIGN_IN_KEYS: ReadonlySet<string> = new Set(['auth.session', 'auth.loginRedirectAt']);

export interface OperatorStorages {
  session?: ListableStorage | undefined;
  local?: ListableStorage | undefined;
}

const browserStorages = (): OperatorStorages => ({
  session: browserSessionStorage(),
  local: browserLocalStorage(),
});

/**
 * The tab's storage for `username`, the operator signing in: when it was another's (or nobody's: a tab whose
 * marker is gone), everything in it but the sign-in goes; other operators' preference copies go too. Undefined
 * `username` (a token without one) is nobody's: the tab's storage is emptied the same way.
 */
export function claimOperatorStorage(
  username: string | undefined,
  { session, local }: OperatorStorages = browserStorages(),
): void {
  if (readJson(session, OPERATOR_KEY) !== (username ?? null)) {
    removeKeys(session, (key) => !SIGN_IN_KEYS.has(key));
    writeJson(session, OPERATOR_KEY, username ?? null);
  }
  const own = username === undefined ? null : `${KEPT_PREFERENCES_PREFIX}${username}.`;
  removeKeys(
    local,
    (key) => key.startsWith(KEPT_PREFERENCES_PREFIX) && (own === null || !key.startsWith(own)),
  );
}

/**
 * Everything the web kept for the operator signing out: the tab's session storage whole, every preference copy
 * and `username`'s old local preferences (carried to the gateway at their sign-in).
 */
export function forgetOperator(
  username: string | undefined,
  { session, local }: OperatorStorages = browserStorages(),
): void {
  removeKeys(session, () => true);
  removeKeys(
    local,
    (key) =>
      key.startsWith(KEPT_PREFERENCES_PREFIX) ||
      (username !== undefined && key.startsWith(`${LEGACY_PREFERENCES_PREFIX}${username}.`)),
  );
}
