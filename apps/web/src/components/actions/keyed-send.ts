import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { declaresVariable } from '../../lib/expected-version';
import type { MutationOutcome } from '../../lib/mutation-outcome';
import { recordContent } from '../../lib/record-content';
import type { KeptKeys } from '../../lib/use-idempotency-key';
import type { Mutate } from '../../lib/use-mutate';

/** An answer that ends the request: done or refused (an unknown one, or one held for approval, is sent again as is). */
export const isDefinite = (outcome: MutationOutcome | null | undefined): boolean =>
  outcome === 'SUCCESS' || outcome === 'FAILED';

const operationName = (document: TypedDocumentNode<unknown, never>): string => {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') return definition.name?.value ?? '';
  }
  return '';
};

/**
 * Sends one mutation under the kit's key for what it carries (`keptKeys`): the same key while its last answer was
 * unknown or never came (a thrown request keeps it), a new one once `definite(data)` says it was answered for good.
 * A document that takes no `$idempotencyKey` is sent as it is.
 */
export async function sendKeyed<TData, TVariables extends OperationVariables>(
  mutate: Mutate,
  keys: KeptKeys,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: Omit<TVariables, 'idempotencyKey'>,
  definite: (data: TData | null | undefined) => boolean,
): Promise<TData | null | undefined> {
  if (!declaresVariable(mutation, 'idempotencyKey')) {
    return (await mutate(mutation, variables as TVariables)).data;
  }
  const signature = `${operationName(mutation as TypedDocumentNode<unknown, never>)} ${recordContent(variables)}`;
  const idempotencyKey = keys.keyFor(signature);
  const { data } = await mutate(mutation, { ...variables, idempotencyKey } as unknown as TVariables);
  if (definite(data)) keys.settled(signature);
  return data;
}
