import { createContext, useContext } from 'react';
import { hasAny, type Permission } from './permission-rules';

export type { Permission };
export { APPROVAL_PERMISSIONS, hasAll, hasAny, satisfies, type PermissionRule } from './permission-rules';

/** The signed-in user as `me` describes it (loaded once at start by the app shell). */
export interface CurrentUser {
  username: string;
  name: string | null;
  email: string | null;
  permissions: readonly Permission[];
}

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user; throws outside the authenticated app (a programming error). */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser fuera de la sesión autenticada');
  return user;
}

/** The signed-in user's permissions. */
export function usePermissions(): readonly Permission[] {
  return useCurrentUser().permissions;
}

/** `useHasAny(['PAYER_SHOW'])`: whether the signed-in user holds any of them. */
export function useHasAny(required: readonly Permission[]): boolean {
  return hasAny(usePermissions(), required);
}
