import { useCallback, useState, type ReactNode } from 'react';
import type { ActionDialogTexts } from '../actions/action-registry';
import type { SubmitOutcome } from './action-dialog';
import { BulkConfirmDialog, type BulkColumn } from './bulk-confirm-dialog';
import { BulkCountConfirmDialog } from './bulk-count-confirm-dialog';
import { BulkProgressDialog } from './bulk-progress-dialog';
import type { BulkResultLike, BulkSummary } from './bulk-progress';
import type { ItemNoun } from './item-noun';
import type { BulkFlowControl, MatchingSelection } from './use-bulk-flow';

/** What the area's input dialog (reason, new method, amount...) receives for one step. */
export interface FlowInputProps<K extends string, T, V> {
  kind: K;
  mode: 'single' | 'bulk';
  /** The item (single mode). */
  item?: T;
  /** The selection (bulk mode). */
  items: readonly T[];
  title: string;
  description: string;
  submitLabel: string;
  onSubmit(value: V): Promise<SubmitOutcome>;
  onClose(): void;
  returnFocusTo: HTMLElement | null;
  /** The flow's idempotency key (one per operator intent). */
  intentKey: string;
}

export interface BulkFlowDialogsProps<K extends string, T, V, R extends BulkResultLike> {
  control: BulkFlowControl<K, T, V>;
  /** The registry's dialog texts of each kind. */
  texts(kind: K): ActionDialogTexts;
  noun: ItemNoun;
  getId(item: T): string;
  /** The selection table of the confirm step. */
  columns: readonly BulkColumn<T>[];
  /** How an item reads in the progress dialog, after its id. */
  progressLabel?(item: T): string | undefined;
  /**
   * How a successful item reads after the action, given the value sent (e.g. its new amount); the item is
   * undefined when the action ran over every matching item. Undefined keeps `progressLabel`.
   */
  resultLabel?(value: V, item: T | undefined): string | undefined;
  /** The area's input dialog for this kind. */
  renderInput(props: FlowInputProps<K, T, V>): ReactNode;
  /**
   * Runs one item's action: null closes the flow (success), else the input dialog shows the feedback. Absent
   * where a row's own actions run on its action table (`useRowActions`): the flow then only acts on selections.
   */
  runSingle?(kind: K, item: T, value: V, intentKey: string): Promise<SubmitOutcome>;
  /**
   * Runs the multi-selection action over these ids, or, with `matching`, over every item matching the list's
   * current search (the confirmed count; `ids` is then empty): one result per item. Its idempotency key is the
   * runner's (the kit's `useBulkActions`: kept while an answer is unknown, renewed after a definite one).
   */
  runBulk(kind: K, ids: string[], value: V, matching?: MatchingSelection): Promise<R[]>;
  /** Each batch of results (the first run and every "Reintentar fallidos"). */
  onBulkResults?(results: R[]): void;
  onBulkClose?(summary: Pick<BulkSummary, 'success' | 'error' | 'unknown'>): void;
}

/** The dialogs of the current flow of `useBulkFlow`: input (single), or confirm -> input -> progress (bulk). */
export function BulkFlowDialogs<K extends string, T, V, R extends BulkResultLike>({
  control,
  texts: textsOf,
  noun,
  getId,
  columns,
  progressLabel,
  resultLabel,
  renderInput,
  runSingle,
  runBulk,
  onBulkResults,
  onBulkClose,
}: BulkFlowDialogsProps<K, T, V, R>) {
  const { flow, close, confirmSelection, submitValue } = control;
  // A bulk over the search runs in its input step (a refusal keeps the dialog and what was typed); the
  // progress dialog opens with those results.
  const [matchedResults, setMatchedResults] = useState<{ intentKey: string; results: R[] } | null>(null);
  const run = useCallback(
    (ids: string[]): Promise<R[]> =>
      flow?.mode === 'bulk' && flow.step === 'progress'
        ? runBulk(flow.kind, ids, flow.value)
        : Promise.resolve([]),
    [flow, runBulk],
  );

  if (!flow) return null;
  const texts = textsOf(flow.kind);
  const common = {
    kind: flow.kind,
    onClose: close,
    returnFocusTo: flow.returnFocusTo,
    intentKey: flow.intentKey,
  };

  if (flow.mode === 'single') {
    if (!runSingle) return null;
    const { item } = flow;
    return renderInput({
      ...common,
      mode: 'single',
      item,
      items: [item],
      title: texts.title,
      description: texts.description(getId(item)),
      submitLabel: texts.submit,
      onSubmit: async (value) => {
        const outcome = await runSingle(flow.kind, item, value, flow.intentKey);
        if (!outcome) close();
        return outcome;
      },
    });
  }
  const { items, matching } = flow;
  if (flow.step === 'confirm') {
    const confirm = {
      title: texts.bulkTitle,
      noun,
      onClose: close,
      onConfirm: confirmSelection,
      returnFocusTo: flow.returnFocusTo,
    };
    // Every item matching the search: the count to confirm; else the selected rows in a table.
    return matching ? (
      <BulkCountConfirmDialog {...confirm} count={matching.count} />
    ) : (
      <BulkConfirmDialog
        {...confirm}
        message={texts.bulkConfirm}
        items={items}
        getId={getId}
        columns={columns}
      />
    );
  }
  if (flow.step === 'input') {
    return renderInput({
      ...common,
      mode: 'bulk',
      items,
      title: texts.bulkTitle,
      description: texts.bulkDescription(matching ? matching.count : items.length),
      submitLabel: texts.bulkSubmit,
      onSubmit: matching
        ? async (value) => {
            const results = await runBulk(flow.kind, [], value, matching);
            setMatchedResults({ intentKey: flow.intentKey, results });
            return submitValue(value);
          }
        : submitValue,
    });
  }
  const initialResults =
    matching && matchedResults?.intentKey === flow.intentKey ? matchedResults.results : undefined;
  if (matching && !initialResults) return null;
  const value = flow.step === 'progress' ? flow.value : undefined;
  return (
    <BulkProgressDialog
      title={texts.bulkTitle}
      noun={noun}
      items={items.map((item) => ({ id: getId(item), label: progressLabel?.(item) }))}
      run={run}
      initialResults={initialResults}
      successMessage={texts.success}
      resultLabel={
        resultLabel && value !== undefined
          ? (result) =>
              resultLabel(
                value,
                items.find((item) => getId(item) === result.id),
              )
          : undefined
      }
      onResults={onBulkResults}
      returnFocusTo={flow.returnFocusTo}
      onClose={(summary) => {
        close();
        onBulkClose?.(summary);
      }}
    />
  );
}
