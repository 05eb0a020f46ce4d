/**
 * A detail whose child fields read other upstream documents by the detail's own id (a distribution and its
 * details, a batch and its records) would wait for the parent's answer before asking for the children: two
 * round trips where one would do. The parent resolver starts those children's loads with its own, and the
 * child resolvers find them in the request's loaders (DataLoader keeps the promise).
 */
import { collectSubFields, type VariableValues } from '@graphql-tools/utils';
import { getNamedType, isObjectType, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';

/**
 * graphql-js 16's variables in the shape @graphql-tools/utils 12 reads (`coerced`), one wrapper per request's
 * variables object so that collectSubFields' memoization (keyed by identity) still hits within a request.
 */
const wrappedVariables = new WeakMap<object, VariableValues>();
function variablesOf(values: GraphQLResolveInfo['variableValues']): VariableValues {
  let wrapped = wrappedVariables.get(values);
  if (!wrapped) {
    wrapped = { coerced: values, sources: {} };
    wrappedVariables.set(values, wrapped);
  }
  return wrapped;
}

/**
 * Names of the fields the operation selects on the object the resolver of `info` returns, through fragments
 * and with `@skip`/`@include` applied; empty when that type is abstract or a scalar.
 */
export function selectedFieldNames(
  info: Pick<GraphQLResolveInfo, 'schema' | 'fragments' | 'variableValues' | 'returnType' | 'fieldNodes'>,
): Set<string> {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return new Set();
  const { fields } = collectSubFields(info.schema, info.fragments, variablesOf(info.variableValues), type, [
    ...info.fieldNodes,
  ]);
  return new Set([...fields.values()].map(([node]) => node?.name.value ?? ''));
}

/** A field with its own `@auth` is read only by whom it allows: never prefetched for anyone. */
const hasOwnAuth = (type: GraphQLObjectType, field: string): boolean =>
  type.getFields()[field]?.astNode?.directives?.some((d) => d.name.value === 'auth') ?? true;

/**
 * Starts `loads[field]()` for each field the operation selects on the resolver's result, without waiting.
 * For loads keyed by what the parent resolver already knows. A failure is left to the child resolver, which
 * gets the same rejected promise from its loader.
 */
export function prefetchSelected(
  info: Parameters<typeof selectedFieldNames>[0],
  loads: Record<string, () => Promise<unknown>>,
): void {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return;
  const selected = selectedFieldNames(info);
  for (const [field, load] of Object.entries(loads)) {
    if (selected.has(field) && !hasOwnAuth(type, field)) load().catch(() => undefined);
  }
}
