/**
 * Which areas a stream may hear of (docs/live.md): a change or a presence names records of an area (their ids, their
 * versions, who has them open and in which dialog), so it goes only to an operator who may read that area through
 * GraphQL. An area is a module (`modules.ts`, the name the activity rows and the events carry); reading it is what
 * its root queries ask in the SDL (`@auth`, `queryPermissions`): any of their permissions, or every signed-in
 * operator when one of its queries asks none (the payment and subscription details are open to all). A name no
 * module has is nobody's.
 *
 * A dialog declared open on a record (presence) is a move about to be made: it is the operator's only in an area
 * where one of the root mutations' `@auth` admits them, so that no one warns others of a move they cannot make.
 */
import type { Permission } from '../generated/resolvers-types.js';
import { hasAnyPermission } from '../auth/permissions.js';
import { MODULES } from '../modules.js';
import {
  mutationPermissions,
  queryPermissions,
  type MutationName,
  type QueryName,
} from '../shared/mutation-permissions.js';

type AreaPermissions = ReadonlyMap<string, readonly Permission[] | null>;

/** Area → the permissions any of which reads it (moves in it); null: every signed-in operator. */
const known: { reads?: AreaPermissions; moves?: AreaPermissions } = {};

/**
 * Each module's permissions of its root fields of `root`, from the SDL: any of them; null when a field asks none.
 * A module without such fields is not listed.
 */
function areaPermissions(
  root: 'Query' | 'Mutation',
  permissionsOf: (field: string) => readonly Permission[] | null,
): AreaPermissions {
  const found = new Map<string, readonly Permission[] | null>();
  for (const module of MODULES) {
    const fields = Object.keys((module.resolvers as Partial<Record<typeof root, object>>)[root] ?? {});
    if (!fields.length) continue;
    const asked = fields.map(permissionsOf);
    found.set(module.name, asked.includes(null) ? null : [...new Set(asked.flatMap((p) => p ?? []))]);
  }
  return found;
}

const admitted = (areas: AreaPermissions, permissions: readonly string[]): ReadonlySet<string> => {
  const admits = new Set<string>();
  for (const [area, requires] of areas)
    if (requires === null || hasAnyPermission(permissions, requires)) admits.add(area);
  return admits;
};

/** The areas an operator holding `permissions` may read. */
export const readableAreas = (permissions: readonly string[]): ReadonlySet<string> =>
  admitted((known.reads ??= areaPermissions('Query', (f) => queryPermissions(f as QueryName))), permissions);

/** The areas where an operator holding `permissions` may make a move (and so have a dialog open). */
export const movableAreas = (permissions: readonly string[]): ReadonlySet<string> =>
  admitted(
    (known.moves ??= areaPermissions('Mutation', (f) => mutationPermissions(f as MutationName))),
    permissions,
  );
