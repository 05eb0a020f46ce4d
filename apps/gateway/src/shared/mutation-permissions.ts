/**
 * An action's permission is stated once, on its mutation in the SDL (`@auth(requires:)`, packages/schema), and
 * read from there by the action table (shared/actions.ts): the button a row offers and the mutation it calls
 * can never need different permissions.
 */
import { typeDefs } from '@backoffice/schema';
import { Kind, parse, type ConstValueNode } from 'graphql';
import type { Mutation, Permission, Query } from '../generated/resolvers-types.js';
import type { ActionPermission } from './actions.js';

/** A root mutation field of the schema (typed: a misspelled name does not compile). */
export type MutationName = Exclude<keyof Mutation, '__typename'>;

/** A root query field of the schema (typed). */
export type QueryName = Exclude<keyof Query, '__typename'>;

const byRoot = new Map<string, ReadonlyMap<string, readonly Permission[]>>();

/** Every mutation's `@auth(requires:)`, read once from the merged SDL. */
const mutationAuth = (): ReadonlyMap<string, readonly Permission[]> => rootAuth('Mutation');

/** Every field's `@auth(requires:)` of a root type ('Query', 'Mutation'), read once from the merged SDL. */
function rootAuth(root: 'Query' | 'Mutation'): ReadonlyMap<string, readonly Permission[]> {
  const known = byRoot.get(root);
  if (known) return known;
  const found = new Map<string, readonly Permission[]>();
  for (const definition of parse(typeDefs).definitions) {
    const isRoot =
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      definition.name.value === root;
    if (!isRoot) continue;
    for (const field of definition.fields ?? []) {
      const auth = field.directives?.find((d) => d.name.value === 'auth');
      const requires = auth?.arguments?.find((a) => a.name.value === 'requires')?.value;
      if (requires) found.set(field.name.value, enumValues(requires) as Permission[]);
    }
  }
  byRoot.set(root, found);
  return found;
}

function enumValues(value: ConstValueNode): string[] {
  if (value.kind === Kind.ENUM) return [value.value];
  if (value.kind === Kind.LIST) return value.values.flatMap(enumValues);
  return [];
}

/** Every root mutation of the schema, by name. */
export const mutationNames = (): string[] => [...mutationAuth().keys()];

/** The permissions (any of them) the SDL's `@auth` asks of a mutation; a mutation without one is a defect. */
export function mutationPermissions(mutation: MutationName): readonly Permission[] {
  const requires = mutationAuth().get(mutation);
  if (!requires?.length) throw new Error(`Mutation.${mutation} has no @auth(requires:) in the schema`);
  return requires;
}

/**
 * The permissions (any of them) the SDL's `@auth` asks of a root query field; null when it has none (a field
 * every signed-in user may read). The global search asks each group's service only under its read's permission.
 */
export const queryPermissions = (query: QueryName): readonly Permission[] | null =>
  rootAuth('Query').get(query) ?? null;

/** An action table's permission: what the mutation the action calls requires, and the Spanish reason. */
export const permissionOf = (
  mutation: MutationName,
  reason: string,
): ActionPermission & { requires: readonly Permission[] } => ({
  requires: mutationPermissions(mutation),
  reason,
});
