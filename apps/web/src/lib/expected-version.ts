import type { DocumentNode } from 'graphql';

/** The variable a mutation declares to receive the version of the record the operator acted on. */
const EXPECTED_VERSION = 'expectedVersion';

/** True when one of the document's operations declares the variable `$name`. */
export function declaresVariable(document: DocumentNode, name: string): boolean {
  return document.definitions.some(
    (definition) =>
      definition.kind === 'OperationDefinition' &&
      (definition.variableDefinitions ?? []).some((variable) => variable.variable.name.value === name),
  );
}

/**
 * A mutation's variables with the version of the record shown, when the document declares `$expectedVersion`
 * and the record has a numeric `version`: the gateway then refuses the action as VERSION_CONFLICT (nothing
 * written, recorded so in the activity) when the record has another version now. A document that does not
 * declare it, or a record without a version, gets its variables as they are.
 */
export function withExpectedVersion<V extends object>(
  document: DocumentNode,
  variables: V,
  record: unknown,
): V {
  const version =
    record && typeof record === 'object' ? (record as { version?: unknown }).version : undefined;
  if (typeof version !== 'number' || !declaresVariable(document, EXPECTED_VERSION)) return variables;
  if (EXPECTED_VERSION in variables) return variables; // the action chose its own
  return { ...variables, [EXPECTED_VERSION]: version };
}
