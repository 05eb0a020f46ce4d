/**
 * Which areas a stream may hear of (docs/live.md): a change or a presence names records of an area (their ids, their
 * versions, who has them open and in which dialog), so it goes only to an operator who may read that area through
 * GraphQL. An area is a module (`modules.ts`, the name the activity rows and the events carry); reading it is what
 * its root queries ask in the SDL (`@auth`, `queryPermissions`): any of their permissions, or every signed-in
 * operator when one of its queries asks none (the payment and subscription details are open to all). A name no
 * module has is nobody's.
 */
import type { Permission } from '../generated/resolvers-types.js';
import { hasAnyPermission } from '../auth/permissions.js';
import { MODULES } from '../modules.js';
import { queryPermissions, type QueryName } from '../shared/mutation-permissions.js';

/** Area → the permissions any of which reads it; null: every signed-in operator. */
let areaReads: ReadonlyMap<string, readonly Permission[] | null> | undefined;

/** What reading each area asks, from the modules' root queries (read once). */
export function readPermissions(): ReadonlyMap<string, readonly Permission[] | null> {
  if (areaReads) return areaReads;
  const found = new Map<string, readonly Permission[] | null>();
  for (const module of MODULES) {
    const queries = Object.keys((module.resolvers as { Query?: object }).Query ?? {}) as QueryName[];
    if (!queries.length) continue;
    const asked = queries.map(queryPermissions);
    found.set(module.name, asked.includes(null) ? null : [...new Set(asked.flatMap((p) => p ?? []))]);
  }
  return (areaReads = found);
}

/** The areas an operator holding `permissions` may read. */
export function readableAreas(permissions: readonly string[]): ReadonlySet<string> {
  const areas = new Set<string>();
  for (const [area, requires] of readPermissions())
    if (requires === null || hasAnyPermission(permissions, requires)) areas.add(area);
  return areas;
}
