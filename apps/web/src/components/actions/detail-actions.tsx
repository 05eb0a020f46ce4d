import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { withExpectedVersion } from '../../lib/expected-version';
import { resolveOutcome, type DialogFeedback, type OutcomePayloadLike } from '../../lib/mutation-outcome';
import { useNotify, type Notifier } from '../../lib/notifications';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { useMutate } from '../../lib/use-mutate';
import { useMutationOutcome, type MutationFeedback } from '../../lib/use-mutation-outcome';
import type { SubmitOutcome } from '../dialogs/action-dialog';
import { DialogOpeningNotice, DialogRecordState } from '../dialogs/dialog-opening-notice';
import type { DialogHandlers } from '../dialogs/submit-dialog';
import type { ActionMeta, ActionRegistry } from './action-registry';
import { useActionParam } from './action-param';
import type { AnyBulkAction } from './bulk-actions';
import { keptKeys } from './keyed-send';
import { useLiveDialog } from './live-dialog';
import { sendPressed, type SendSpec } from './send-action';

/**
 * What a declared action works with when it runs: the record shown, what the screen adds (`context`: permissions,
 * the version to show...), and the kit's pieces (client, toasts, `send`), so a declaration needs no hook of its own.
 * A write goes through the kit (a declared mutation, `send`), never a `mutate` of the screen's: the kit owns its key.
 */
export interface ActionRun<R, C> {
  record: R;
  context: C;
  client: ApolloClient;
  notify: Notifier;
  /**
   * Sends a write without a dialog and says its answer as a toast (`kit.send` is the declaration of one; a press
   * that writes only sometimes, like a refresh, calls it): the kit's key, kept while the answer is unknown.
   * Answers whether it succeeded.
   */
  send<TData, TVariables extends OperationVariables, P>(
    spec: SendSpec<ActionRun<R, C>, TData, TVariables, P>,
  ): Promise<boolean>;
  outcome: MutationFeedback;
  /** Reads the record again (an UNKNOWN answer: the operator decides on what is true now). */
  refetch(): Promise<unknown>;
  /** Opens another declared action's dialog (a retry that now needs a new payment method). */
  open(kind: string): void;
  /** Closes the dialog that is open. */
  close(): void;
}

/** The open dialog's run: its own idempotency key, one per opening (one operator intent, kept on a retry). */
export interface DialogRun<R, C> extends ActionRun<R, C> {
  idempotencyKey: string;
}

/** How a declared dialog is drawn: a kit dialog (`reasonDialog`, `confirmDialog`...) or an area's own. */
export type DialogRender<R, C, Sent> = (handlers: DialogHandlers<Sent>, run: DialogRun<R, C>) => ReactNode;

/** A toast after a success: the action's success text (spec 000 §8), or an info when it is not done yet. */
export interface Announcement {
  text: string;
  tone?: 'success' | 'info';
}

/** An action that sends a mutation from a dialog: everything between its button and its toast. */
export interface MutationActionSpec<R, C, Sent, TData, TVariables extends OperationVariables, P> {
  meta: ActionMeta;
  /** Before the dialog: true when the press was the whole action (an expired card's retry opens the form). */
  skipDialog?(run: ActionRun<R, C>): boolean;
  dialog: DialogRender<R, C, Sent>;
  mutation: TypedDocumentNode<TData, TVariables>;
  /** The mutation's variables from what the dialog sends. */
  variables(sent: Sent, run: DialogRun<R, C>): TVariables;
  /** The mutation's payload (`outcome`, `error`, the record). */
  payload(data: TData): (P & OutcomePayloadLike) | null | undefined;
  /** null: the action says it itself in `after` (a result dialog the spec asks for instead of a toast). */
  success: string | ((payload: P & OutcomePayloadLike, sent: Sent) => Announcement | null);
  /**
   * A FAILED answer in the action's own words (a refund's rejection). Without it the kit's text, explained as a
   * version conflict when the record changed meanwhile (`explainRefusal`).
   */
  refused?(payload: P & OutcomePayloadLike, sent: Sent, run: DialogRun<R, C>): DialogFeedback | null;
  /** After the success toast, the dialog closed: what follows (open another action's dialog). */
  after?(sent: Sent, payload: P & OutcomePayloadLike, run: ActionRun<R, C>): void;
  /** The same action on a multi-selection (`kit.bulk`): the list's bulk flow runs it (`useBulkActions`). */
  bulk?: AnyBulkAction;
}

/** One row of a detail's action table, as the runner reads it (built by the functions below, never by hand). */
export interface DetailAction<R, C> {
  meta: ActionMeta;
  /** Done on the press, no dialog (a link, a reload); a promise keeps the button busy. */
  perform?(run: ActionRun<R, C>): void | Promise<unknown>;
  skipDialog?(run: ActionRun<R, C>): boolean;
  /** The dialog the press opens, its submit bound to the action's mutation and outcome. */
  dialog?(run: ActionRun<R, C>, explainRefusal: ExplainRefusal): ReactNode;
  /** Its dialog sends a write: declared to the other operators while open, and warned of theirs. */
  moves?: boolean;
  /** Its multi-selection mutation, run by the list's bulk flow (`useBulkActions`). */
  bulk?: AnyBulkAction;
}

/** A detail's action table: one declaration per action kind the gateway may answer. */
export type DetailActionTable<K extends string, R, C> = Record<K, DetailAction<R, C>>;

type ExplainRefusal = (feedback: DialogFeedback | null) => Promise<DialogFeedback | null>;

/** An action whose dialog sends a mutation (`dialog`, `mutation`, `variables`, `payload`, `success`). */
export function mutationAction<R, C, Sent, TData, TVariables extends OperationVariables, P = unknown>(
  spec: MutationActionSpec<R, C, Sent, TData, TVariables, P>,
): DetailAction<R, C> {
  return {
    meta: spec.meta,
    skipDialog: spec.skipDialog,
    moves: true,
    dialog: (run, explainRefusal) => <DeclaredDialog spec={spec} run={run} explainRefusal={explainRefusal} />,
    bulk: spec.bulk,
  };
}

/** A press that sends a write, no dialog (re-export, regenerate): its answer a toast, its key the kit's. */
export function sendAction<R, C, TData, TVariables extends OperationVariables, P = unknown>(
  spec: SendSpec<ActionRun<R, C>, TData, TVariables, P> & { meta: ActionMeta },
): DetailAction<R, C> {
  return { meta: spec.meta, perform: (run) => run.send(spec) };
}

/** An action only a multi-selection offers (the transfer list's 'Transferir'): no row or detail behaviour. */
export function selectionOnlyAction<R, C>(spec: {
  meta: ActionMeta;
  bulk: AnyBulkAction;
}): DetailAction<R, C> {
  return spec;
}

/** An action that only shows something (the history, the card holders): its dialog, no mutation. */
export function viewAction<R, C>(spec: {
  meta: ActionMeta;
  view(run: ActionRun<R, C>): ReactNode;
}): DetailAction<R, C> {
  return { meta: spec.meta, dialog: (run) => spec.view(run) };
}

/** An action done on the press (open a form, reload): a promise keeps its button busy until it settles. */
export function pressAction<R, C>(spec: {
  meta: ActionMeta;
  perform(run: ActionRun<R, C>): void | Promise<unknown>;
}): DetailAction<R, C> {
  return spec;
}

/** The labels, icons and places of a table's actions: the registry its toolbar reads. */
export function registryOf<K extends string>(
  table: DetailActionTable<K, unknown, unknown>,
): ActionRegistry<K> {
  return Object.fromEntries(
    Object.entries<DetailAction<unknown, unknown>>(table).map(([kind, action]) => [kind, action.meta]),
  ) as ActionRegistry<K>;
}

/** What a mutation's answer becomes: the toast and close on success, else what the dialog shows inside. */
function DeclaredDialog<R, C, Sent, TData, TVariables extends OperationVariables, P>({
  spec,
  run,
  explainRefusal,
}: {
  spec: MutationActionSpec<R, C, Sent, TData, TVariables, P>;
  run: ActionRun<R, C>;
  explainRefusal: ExplainRefusal;
}) {
  // Made when the dialog opens and kept while it is open: a second press after a timeout never acts twice. An
  // answered refusal wrote nothing and its key answers that refusal again: the next press is a new
  // request, under a new key.
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const mutate = useMutate();
  // The record a request of unknown outcome was sent against: its retry is the same request (the version the operator
  // acted on included, though the record was read again since), which the gateway answers under the same key.
  const sentAgainst = useRef<{ record: R } | null>(null);
  const dialogRun: DialogRun<R, C> = { ...run, idempotencyKey };
  const onSubmit = async (sent: Sent): Promise<SubmitOutcome> => {
    const actedOn = sentAgainst.current?.record ?? run.record;
    // The version of the record shown goes with a mutation that takes it: a record changed since is refused so.
    const variables = withExpectedVersion(spec.mutation, spec.variables(sent, dialogRun), actedOn);
    const { data } = await mutate(spec.mutation, variables);
    const payload = data ? spec.payload(data) : null;
    const resolution = resolveOutcome(payload);
    if (resolution.kind === 'success') {
      sentAgainst.current = null;
      const said = typeof spec.success === 'string' ? { text: spec.success } : spec.success(payload!, sent);
      if (said?.tone === 'info') run.notify.info(said.text);
      else if (said) run.notify.success(said.text);
      run.close();
      spec.after?.(sent, payload!, run);
      return null;
    }
    // Held for a second operator's approval: nothing was sent, the dialog says so and ends (the same key would answer
    // the same request again), neither a success to toast nor a refusal to explain.
    if (resolution.kind === 'pending') {
      sentAgainst.current = null;
      return resolution.feedback;
    }
    if (resolution.unknown) {
      sentAgainst.current = { record: actedOn };
      // The answer waits for the record read again, so the dialog says its state as it is now, not as it was shown.
      await run.refetch().catch(() => undefined);
      return { ...resolution.feedback, retrySafe: true };
    }
    sentAgainst.current = null;
    if (payload) renew();
    if (!spec.refused) return explainRefusal(resolution.feedback);
    return payload ? spec.refused(payload, sent, dialogRun) : resolution.feedback;
  };
  return spec.dialog({ onSubmit, onClose: run.close }, dialogRun);
}

interface TableOptions<C, R = never> {
  context: C;
  refetch(): Promise<unknown>;
  /** A refusal explained as a version conflict when the record changed (`useFreshRecord`'s `explainRefusal`). */
  explainRefusal?: ExplainRefusal;
  /**
   * Run as a dialog opens (`useFreshRecord`'s `noticeOnOpen`): the record read again; a notice it answers (the
   * record changed) shows in the dialog, with 'Recargar' in place of the action, before anything is typed.
   */
  checkOnOpen?: () => Promise<DialogFeedback | null>;
  /**
   * The record's news as it stands now (`useFreshRecord`'s `changedNotice`: another operator changed it since it was
   * shown, null once it is read again): an open dialog shows it from the moment it is heard, also after it opened,
   * with 'Recargar' in place of the action; the page's notice would sit behind the dialog's backdrop. Without it, a
   * dialog shows what `checkOnOpen` answered.
   */
  changedNotice?: DialogFeedback | null;
  /**
   * Told when a dialog starts (true) or stops (false) showing the record's notice: the page's own notice steps aside
   * meanwhile (`useFreshRecord`'s `forActions`).
   */
  onOpeningNotice?: (shown: boolean) => void;
  /**
   * The record's state in the area's words ('Aprobado · Acreditado'): a dialog says it under an unknown outcome, as the
   * record reads once read again, for the operator to decide whether to try again.
   */
  stateOf?: (record: R) => string | null;
}

export interface DetailActionsOptions<R, C> extends TableOptions<C, R> {
  /** The record shown (null until it is read: nothing runs then). */
  record: R | null | undefined;
}

export interface DetailActions<K extends string> {
  /** A toolbar button's handler. */
  run(kind: K): void;
  /** Opens a kind's dialog (the freshness notice's 'Ver cambios' opens the history). */
  open(kind: K): void;
  /** The action in progress on its button (a reload). */
  busyKind: K | null;
  /** The open dialog, where the screen renders it. */
  dialog: ReactNode;
}

/** The actions of a list's rows (or of a detail's lines): the same table, the record is the row pressed. */
export interface RowActions<K extends string, R> {
  /** A row menu's or a row button's handler: the action on that row. */
  run(kind: K, row: R): void;
  /** The row whose action is in progress (a press that keeps its button busy), and its kind. */
  busy: { kind: K; row: R } | null;
  /** The open dialog, where the list renders it. */
  dialog: ReactNode;
}

const asIs: ExplainRefusal = async (feedback) => feedback;

/**
 * The runner of an action table: a press does the action, or opens its dialog, which sends the declared mutation
 * with the declared variables; the answer becomes the success toast (the dialog closes), or the refusal inside the
 * dialog with what was typed kept (a version conflict said so), or 'Resultado desconocido' and the record read again.
 * `current` is the record a dialog shows while open: a detail's record as read now, or the row pressed.
 */
function useActionTable<K extends string, R, C>(
  table: DetailActionTable<K, R, C>,
  {
    context,
    refetch,
    explainRefusal = asIs,
    checkOnOpen,
    changedNotice,
    onOpeningNotice,
    stateOf,
  }: TableOptions<C, R>,
  current: (pressed: R) => R,
) {
  const client = useApolloClient();
  const mutate = useMutate();
  const notify = useNotify();
  const outcome = useMutationOutcome();
  // One key policy for the table's presses that write (`send`): a key per request, kept while its answer is unknown.
  const [keys] = useState(keptKeys);
  const [opened, setOpened] = useState<{ kind: K; row: R } | null>(null);
  const [busy, setBusy] = useState<{ kind: K; row: R } | null>(null);
  const close = useCallback(() => setOpened(null), []);
  const [openingNotice, setOpeningNotice] = useState<DialogFeedback | null>(null);
  // The latest check, read when a dialog opens: a new function each render must not check again.
  const checkOnOpenRef = useRef({ checkOnOpen, onOpeningNotice });
  checkOnOpenRef.current = { checkOnOpen, onOpeningNotice };
  useEffect(() => {
    setOpeningNotice(null);
    const { checkOnOpen: check } = checkOnOpenRef.current;
    if (!opened || !check) return undefined;
    let stillOpen = true;
    void check().then(
      (notice) => {
        if (stillOpen) setOpeningNotice(notice);
      },
      () => undefined, // A failed check says nothing: the action's own answer will tell.
    );
    return () => {
      stillOpen = false;
    };
  }, [opened]);
  // What the open dialog says of the record: its news as it stands now where the screen gives it (heard while the
  // dialog is open too, gone once the record is read again), else what the check as it opened found.
  const recordNotice = opened ? (changedNotice === undefined ? openingNotice : changedNotice) : null;
  const noticeShown = recordNotice !== null;
  useEffect(() => {
    if (!noticeShown) return undefined;
    const { onOpeningNotice: told } = checkOnOpenRef.current;
    told?.(true);
    return () => told?.(false);
  }, [noticeShown]);

  const runOf = useCallback(
    (record: R): ActionRun<R, C> => {
      const run: ActionRun<R, C> = {
        record,
        context,
        client,
        notify,
        outcome,
        refetch,
        send: (spec) => sendPressed(spec, run, { mutate, keys, outcome }),
        open: (kind: string) => setOpened({ kind: kind as K, row: record }),
        close,
      };
      return run;
    },
    [context, client, mutate, keys, notify, outcome, refetch, close],
  );

  const run = (kind: K, row: R) => {
    const action = table[kind];
    if (!action) return;
    const actionRun = runOf(row);
    if (action.perform) {
      const pending = action.perform(actionRun);
      if (pending) {
        setBusy({ kind, row });
        void pending.finally(() => setBusy(null));
      }
      return;
    }
    // An action only a selection offers has nothing to do on one record.
    if (!action.dialog || action.skipDialog?.(actionRun)) return;
    live.guard(kind, row, () => setOpened({ kind, row }));
  };

  const shown = opened ? table[opened.kind]?.dialog?.(runOf(current(opened.row)), explainRefusal) : null;
  const live = useLiveDialog(opened && { kind: opened.kind, record: current(opened.row) }, (kind) =>
    Boolean(table[kind as K]?.moves),
  );
  // Keyed by kind: a dialog opened from another's success (retry, then change method) is a new intent.
  const dialog = shown ? (
    <DialogOpeningNotice.Provider key={opened!.kind} value={recordNotice}>
      <DialogRecordState.Provider value={stateOf?.(current(opened!.row)) ?? null}>
        {shown}
      </DialogRecordState.Provider>
    </DialogOpeningNotice.Provider>
  ) : (
    live.warning
  );
  return { run, open: (kind: K, row: R) => setOpened({ kind, row }), busy, dialog };
}

/** Runs a detail's action table on the record shown (`useActionTable`). */
export function useDetailActions<K extends string, R, C>(
  table: DetailActionTable<K, R, C>,
  { record, ...options }: DetailActionsOptions<R, C>,
): DetailActions<K> {
  // A dialog open while the record is read again shows the record as read now.
  const runner = useActionTable(table, options, () => record!);
  useActionParam(record, (kind) => runner.run(kind as K, record!));
  return {
    run: (kind) => {
      if (record != null) runner.run(kind, record);
    },
    open: (kind) => {
      if (record != null) runner.open(kind, record);
    },
    busyKind: runner.busy?.kind ?? null,
    dialog: record != null ? runner.dialog : null,
  };
}

/**
 * Runs an action table on a list's rows (a withdrawal's menu, a distribution's detail lines): the same
 * declarations as a detail screen's, the record being the row whose action was pressed.
 */
export function useRowActions<K extends string, R, C>(
  table: DetailActionTable<K, R, C>,
  options: TableOptions<C, R>,
): RowActions<K, R> {
  const { run, busy, dialog } = useActionTable(table, options, (row) => row);
  // A list's columns hold `run` (its actions cell), and new columns make the grid render every row and cell of the
  // page again: the same function on every render, calling this render's, so that a list change or a query's answer
  // does not render the rows twice.
  const latestRun = useRef(run);
  latestRun.current = run;
  const stableRun = useCallback((kind: K, row: R) => latestRun.current(kind, row), []);
  return { run: stableRun, busy, dialog };
}
