/**
 * An action's permission is stated once, on its mutation in the SDL (`@auth(requires:)`, packages/schema), and
 * read from there by the action table (shared/actions.ts): the button a row offers and the mutation it calls
 * can never need different permissions.
 */
import { typeDefs } from '@backoffice/schema';
import { Kind, parse, type ConstValueNode } from 'graphql';
import type { Mutation, Permission } from '../generated/resolvers-types.js';
import type { ActionPermission } from './actions.js';

/** A root mutation field of the schema (typed: a misspelled name does not compile). */
export type MutationName = Exclude<keyof Mutation, '__typename' | '_empty'>;

let byMutation: ReadonlyMap<string, readonly Permission[]> | undefined;

/** Every mutation's `@auth(requires:)`, read once from the merged SDL. */
function mutationAuth(): ReadonlyMap<string, readonly Permission[]> {
  if (byMutation) return byMutation;
  const found = new Map<string, readonly Permission[]>();
  for (const definition of parse(typeDefs).definitions) {
    const isMutation =
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      definition.name.value === 'Mutation';
    if (!isMutation) continue;
    for (const field of definition.fields ?? []) {
      const auth = field.directives?.find((d) => d.name.value === 'auth');
      const requires = auth?.arguments?.find((a) => a.name.value === 'requires')?.value;
      if (requires) found.set(field.name.value, enumValues(requires) as Permission[]);
    }
  }
  byMutation = found;
  return found;
}

function enumValues(value: ConstValueNode): string[] {
  if (value.kind === Kind.ENUM) return [value.value];
  if (value.kind === Kind.LIST) return value.values.flatMap(enumValues);
  return [];
}

/** The permissions (any of them) the SDL's `@auth` asks of a mutation; a mutation without one is a defect. */
export function mutationPermissions(mutation: MutationName): readonly Permission[] {
  const requires = mutationAuth().get(mutation);
  if (!requires?.length) throw new Error(`Mutation.${mutation} has no @auth(requires:) in the schema`);
  return requires;
}

/** An action table's permission: what the mutation the action calls requires, and the Spanish reason. */
export const permissionOf = (
  mutation: MutationName,
  reason: string,
): ActionPermission & { requires: readonly Permission[] } => ({
  requires: mutationPermissions(mutation),
  reason,
});
