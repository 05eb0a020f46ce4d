import { useCallback, useRef, useState } from 'react';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { declaresVariable } from '../../lib/expected-version';
import { recordContent } from '../../lib/record-content';
import { resolveOutcome, type DialogFeedback, type OutcomePayloadLike } from '../../lib/mutation-outcome';
import { useNotify } from '../../lib/notifications';
import { newIdempotencyKey } from '../../lib/use-idempotency-key';
import { useMutationOutcome } from '../../lib/use-mutation-outcome';
import { useMutate } from '../../lib/use-mutate';

/** What a form or a dialog that is not a record's action sends (a new payer, a BIN, a schedule, a conciliation). */
export interface SubmitActionSpec<Sent, TData, TVariables extends OperationVariables, P> {
  mutation: TypedDocumentNode<TData, TVariables>;
  /** The mutation's variables from what was typed (the idempotency key is the kit's: see `useSubmitAction`). */
  variables(sent: Sent): Omit<TVariables, 'idempotencyKey'>;
  /** The mutation's payload (`outcome`, `error`, what was written); null or absent reads as no answer. */
  payload(data: TData): (P & OutcomePayloadLike) | null | undefined;
  /** The success toast: a text, or one from the answer. */
  success: string | ((payload: P & OutcomePayloadLike, sent: Sent) => string);
  /** After the success toast: what follows (close the dialog, open what was made). */
  after?(payload: P & OutcomePayloadLike, sent: Sent): void;
  /** On 'Resultado desconocido': read what is shown again before the operator decides. */
  onUnknown?(): void;
  /** A refusal explained (a record changed meanwhile: `useFreshRecord`'s `explainRefusal`). */
  explainRefusal?(feedback: DialogFeedback): Promise<DialogFeedback | null> | DialogFeedback | null;
}

/**
 * The submit of a form screen or a dialog that is not a record's action: the mutation through
 * `useMutate`, its answer through `resolveOutcome` (success: the toast, then `after`; FAILED or UNKNOWN: the feedback
 * the form shows, what was typed kept). A document that declares `$idempotencyKey` gets one key per operator intent:
 * the same key while the same variables are sent again (a retry after a timeout never acts twice), a new one once
 * something else is sent, after an answered refusal (the key would answer it again), or after a success (a form left open sends a new intent), so a key is never reused for
 * another request (the service's 409 `idempotency_key_reused`).
 */
export function useSubmitAction<Sent, TData, TVariables extends OperationVariables, P = unknown>(
  spec: SubmitActionSpec<Sent, TData, TVariables, P>,
): (sent: Sent) => Promise<DialogFeedback | null> {
  const mutate = useMutate();
  const notify = useNotify();
  const latest = useRef(spec);
  latest.current = spec;
  const intent = useRef<{ key: string; sent: string } | null>(null);
  return useCallback(
    async (sent: Sent) => {
      const { mutation, payload: payloadOf, success, after, onUnknown, explainRefusal } = latest.current;
      let variables = latest.current.variables(sent) as TVariables;
      if (declaresVariable(mutation, 'idempotencyKey')) {
        const content = recordContent(variables);
        if (intent.current?.sent !== content) intent.current = { key: newIdempotencyKey(), sent: content };
        variables = { ...variables, idempotencyKey: intent.current.key };
      }
      const { data } = await mutate(mutation, variables);
      const payload = data ? payloadOf(data) : null;
      const resolution = resolveOutcome(payload);
      if (resolution.kind === 'success') {
        intent.current = null;
        notify.success(typeof success === 'string' ? success : success(payload!, sent));
        after?.(payload!, sent);
        return null;
      }
      // Held for approval: nothing sent, its request said as it is (the same key would answer it again).
      if (resolution.kind === 'pending') return resolution.feedback;
      if (resolution.unknown) onUnknown?.();
      // An answered refusal wrote nothing, and its key would answer it again: a new request next time.
      else if (payload) intent.current = null;
      return explainRefusal ? explainRefusal(resolution.feedback) : resolution.feedback;
    },
    [mutate, notify],
  );
}

/** A form page's submit and its last answer (`FormFooter`'s `failure`). */
export interface FormSubmit<Sent> {
  /** `ValidatedFormik`'s `onSubmit`: the answer becomes `failure` (null after a success), a request that threw a toast. */
  onSubmit(sent: Sent): Promise<void>;
  failure: DialogFeedback | null;
}

/**
 * `useSubmitAction` for a form page (a new payer, a reference, a BIN): the refusal shown in the form's footer, or with
 * `refusalAs: 'toast'` said as a toast (a form without a footer: the BIN's).
 */
export function useFormSubmit<Sent, TData, TVariables extends OperationVariables, P = unknown>(
  spec: SubmitActionSpec<Sent, TData, TVariables, P>,
  { refusalAs = 'footer' }: { refusalAs?: 'footer' | 'toast' } = {},
): FormSubmit<Sent> {
  const submit = useSubmitAction(spec);
  const { announceError, announceFeedback } = useMutationOutcome();
  const [failure, setFailure] = useState<DialogFeedback | null>(null);
  const onSubmit = useCallback(
    async (sent: Sent) => {
      setFailure(null);
      try {
        const refusal = await submit(sent);
        if (refusalAs === 'toast') announceFeedback(refusal);
        else setFailure(refusal);
      } catch (error) {
        announceError(error);
      }
    },
    [submit, announceError, announceFeedback, refusalAs],
  );
  return { onSubmit, failure };
}
