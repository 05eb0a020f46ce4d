import { createContext, useContext } from 'react';
import type { Permission } from './gql/graphql';

export type { Permission };

/** True when `required` is empty or the user holds at least one of its permissions (spec 000 §2). */
export function hasAny(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}

/** True when the user holds every one of `required` (e.g. export history needs EXPORT_SHOW and EXPORT_SEARCH). */
export function hasAll(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.every((permission) => held.includes(permission));
}

/** A permission requirement: any of `any` (when given) and all of `all` (when given). */
export interface PermissionRule {
  any?: readonly Permission[];
  all?: readonly Permission[];
}

export function satisfies(held: readonly string[], rule: PermissionRule | undefined): boolean {
  if (!rule) return true;
  return hasAny(held, rule.any) && hasAll(held, rule.all);
}

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
