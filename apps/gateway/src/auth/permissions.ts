import { PERMISSIONS, roleToPermission } from '@backoffice/schema';
import type { Permission } from '../generated/resolvers-types.js';

/**
 * Permissions of a token: the client roles of the gateway client (`resource_access[audience].roles`)
 * mapped to Permission values; unknown roles (e.g. job composites like "operador") are ignored.
 * Returned in the enum's declaration order, without duplicates.
 */
export function permissionsFromClaims(claims: Record<string, unknown>, audience: string): Permission[] {
  const resourceAccess = claims.resource_access;
  if (!resourceAccess || typeof resourceAccess !== 'object') return [];
  const client = (resourceAccess as Record<string, unknown>)[audience];
  if (!client || typeof client !== 'object') return [];
  const roles = (client as { roles?: unknown }).roles;
  if (!Array.isArray(roles)) return [];
  const granted = new Set<string>();
  for (const role of roles) {
    if (typeof role !== 'string') continue;
    const permission = roleToPermission(role);
    if (permission) granted.add(permission);
  }
  return PERMISSIONS.filter((p) => granted.has(p)) as Permission[];
}

/** True when the user holds at least one of the required permissions. */
export const hasAnyPermission = (held: readonly string[], required: readonly string[]): boolean =>
  required.some((p) => held.includes(p));
