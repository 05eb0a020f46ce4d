import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { OutcomePayloadLike } from '../../lib/mutation-outcome';
import type { Mutate } from '../../lib/use-mutate';
import type { MutationFeedback } from '../../lib/use-mutation-outcome';
import { isDefinite, sendKeyed, type KeptKeys } from './keyed-send';

/** A write a press sends without a dialog (re-export, regenerate, refresh): its document, variables and toast. */
export interface SendSpec<Run, TData, TVariables extends OperationVariables, P> {
  mutation: TypedDocumentNode<TData, TVariables>;
  /** The variables from the record pressed (the idempotency key is the kit's). */
  variables(run: Run): Omit<TVariables, 'idempotencyKey'>;
  payload(data: TData): (P & OutcomePayloadLike) | null | undefined;
  /** The success toast: a text, or one from the answer. */
  success: string | ((payload: P & OutcomePayloadLike) => string);
  /** After the success toast (reload what is shown). */
  after?(payload: P & OutcomePayloadLike, run: Run): void;
  /** After the 'Resultado desconocido' toast: read what is shown again. */
  onUnknown?(run: Run): void;
}

/** What `sendPressed` works with: the table's keys, the kit's mutate and toasts. */
export interface SendParts {
  mutate: Mutate;
  keys: KeptKeys;
  outcome: MutationFeedback;
}

/**
 * Sends a press's write and says its answer as a toast (success, the refusal's words, 'Resultado desconocido', held
 * for approval; a request that threw: its Spanish description). The key is the kit's (`sendKeyed`): pressing again
 * after an unknown answer is the same request. Answers whether it succeeded.
 */
export async function sendPressed<Run, TData, TVariables extends OperationVariables, P>(
  spec: SendSpec<Run, TData, TVariables, P>,
  run: Run,
  { mutate, keys, outcome }: SendParts,
): Promise<boolean> {
  const payloadOf = (data: TData | null | undefined) => (data ? spec.payload(data) : null);
  try {
    const data = await sendKeyed(mutate, keys, spec.mutation, spec.variables(run), (answer) =>
      isDefinite(payloadOf(answer)?.outcome),
    );
    const payload = payloadOf(data);
    const { success } = spec;
    return outcome.announce(payload, {
      success: typeof success === 'string' ? success : payload ? success(payload) : '',
      onSuccess: () => spec.after?.(payload!, run),
      onUnknown: () => spec.onUnknown?.(run),
    });
  } catch (error) {
    outcome.announceError(error);
    return false;
  }
}
