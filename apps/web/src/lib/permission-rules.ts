import type { Permission } from './gql/graphql';

/**
 * The permission rules without React (lib/permissions.ts re-exports them with the session's context): the start-up
 * reads them before React has loaded (app/first-request.ts).
 */
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
