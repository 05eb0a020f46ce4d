import { useCallback, useRef, useState } from 'react';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import {
  bulkResultsOf,
  type ApprovalLike,
  type MutationOutcome,
  type OperationErrorLike,
} from '../../lib/mutation-outcome';
import { useMutate, type Mutate } from '../../lib/use-mutate';
import type { BulkResultLike } from '../dialogs/bulk-progress';
import { UNAVAILABLE_REASON } from './action-registry';
import { bulkSelectionOf, type BulkRunner, type BulkSelection } from './bulk-selection';
import { isDefinite, keptKeys, sendKeyed, type KeptKeys } from './keyed-send';

/** What a bulk mutation answers (every area's `Bulk…Payload`): one result per item, or the request refused or held. */
export interface BulkPayload<Result> {
  results: readonly Result[];
  outcome?: MutationOutcome;
  error?: OperationErrorLike | null;
  approval?: ApprovalLike | null;
}

/** What a bulk acts on: the ticked ids, and the selection to send (those ids, or every item matching the filter). */
export interface BulkTarget<F extends object> {
  ids: string[];
  selection: BulkSelection<F>;
}

/** The multi-selection side of a table's action: its document, its variables, where its results are. */
export interface BulkActionSpec<V, F extends object, TData, TVariables extends OperationVariables, Result> {
  mutation: TypedDocumentNode<TData, TVariables>;
  /**
   * The variables from the flow dialog's value and the selection (the idempotency key is the kit's); null when the
   * value carries nothing to send, which reads as no answer ('No se recibió respuesta del servidor.').
   */
  variables(value: V, target: BulkTarget<F>): Omit<TVariables, 'idempotencyKey'> | null;
  /** Where the answer carries its results. */
  results(data: TData): BulkPayload<Result> | null | undefined;
}

/** A declared bulk, as the runner reads it (built by `bulkAction`, never by hand). */
export interface BulkAction<V, F extends object, Result> {
  send(
    mutate: Mutate,
    keys: KeptKeys,
    value: V,
    target: BulkTarget<F>,
  ): Promise<BulkPayload<Result> | null | undefined>;
}

/** Any table's bulk (an action table holds actions of several value types). */
export type AnyBulkAction = BulkAction<never, never, BulkResultLike>;

/** Every item was answered for good: none unknown, the request neither unknown nor held for approval. */
const settles = (payload: BulkPayload<BulkResultLike> | null | undefined): boolean =>
  payload != null &&
  (payload.outcome === undefined || isDefinite(payload.outcome)) &&
  !payload.results.some((result) => result.outcome === 'UNKNOWN');

/** Declares an action's multi-selection mutation (`bulk:` of a table's action, or `kit.selectionOnly`). */
export function bulkAction<
  V,
  F extends object,
  TData,
  TVariables extends OperationVariables,
  Result extends BulkResultLike,
>(spec: BulkActionSpec<V, F, TData, TVariables, Result>): BulkAction<V, F, Result> {
  return {
    async send(mutate, keys, value, target) {
      const variables = spec.variables(value, target);
      if (!variables) return null;
      const data = await sendKeyed(mutate, keys, spec.mutation, variables, (answer) =>
        settles(answer ? spec.results(answer) : null),
      );
      return data ? spec.results(data) : null;
    },
  };
}

/** An action table's entries as the bulk runner reads them: each kind's bulk, when it has one. */
export type BulkTable<K extends string> = Partial<Record<K, { bulk?: AnyBulkAction }>>;

/**
 * The runner of an action table's bulk declarations (`runBulk` of the flow dialogs): the kind's document with the
 * variables its declaration builds from the selection (the ids, or the list's `filter` and the confirmed count) and the
 * dialog's value; its results as the answer carries them (`bulkResultsOf`: a request refused as a whole or held for
 * approval throws, so the dialog says it). The kit's key policy: a key per press, kept when the answer is unknown or
 * never came (pressing again sends the same request, which the gateway answers from its journal), renewed after a
 * definite answer (a 'Reintentar fallidos' is a new request).
 */
export function useBulkActions<K extends string, V, Result extends BulkResultLike, F extends object = object>(
  table: BulkTable<K> | undefined,
  filter?: F | null,
): BulkRunner<K, V, Result> {
  const mutate = useMutate();
  const [keys] = useState(keptKeys);
  // The list's filter as it is when the operator confirms (a bulk over the search acts on what the list shows).
  const latest = useRef({ table, filter });
  latest.current = { table, filter };
  return useCallback(
    async (kind, ids, value, matching) => {
      const { table: current, filter: now } = latest.current;
      const bulk = current?.[kind]?.bulk as BulkAction<V, F, Result> | undefined;
      if (!bulk) throw new Error(UNAVAILABLE_REASON);
      const selection = bulkSelectionOf(ids, now, matching);
      return bulkResultsOf(await bulk.send(mutate, keys, value, { ids, selection }));
    },
    [mutate, keys],
  );
}
