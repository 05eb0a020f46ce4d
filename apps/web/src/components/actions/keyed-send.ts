import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { declaresVariable } from '../../lib/expected-version';
import type { MutationOutcome } from '../../lib/mutation-outcome';
import { recordContent } from '../../lib/record-content';
import { newIdempotencyKey } from '../../lib/use-idempotency-key';
import type { Mutate } from '../../lib/use-mutate';

/**
 * The kit's key policy for what an operator sends by a press (a bulk action, a press that writes): a key per request
 * (`signature`: what it carries), kept while its answer is unknown or never came, so pressing again sends the same
 * request under the same key and the gateway answers it from its journal (it never acts twice); forgotten after a
 * definite answer (done or refused), so the next press is a new request under a new key. Two requests never share a
 * key: the gateway refuses a used key for another request.
 */
export interface KeptKeys {
  keyFor(signature: string): string;
  /** The request got a definite answer: its key is done with. */
  settled(signature: string): void;
}

/**
 * Requests whose answer stayed unknown that a tab keeps keys for: past it the oldest is forgotten (a press of it
 * again is then a new request, which the record's version still guards), so a tab left open for weeks of unknown
 * answers holds a bounded map.
 */
export const KEPT_KEYS_PER_TAB = 200;

export function keptKeys(limit = KEPT_KEYS_PER_TAB): KeptKeys {
  const kept = new Map<string, string>();
  return {
    keyFor(signature) {
      const key = kept.get(signature) ?? newIdempotencyKey();
      kept.set(signature, key);
      // A Map iterates in insertion order: its first key is the oldest request.
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
      return key;
    },
    settled(signature) {
      kept.delete(signature);
    },
  };
}

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
