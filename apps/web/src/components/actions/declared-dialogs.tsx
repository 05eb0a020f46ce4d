import type { ComponentType } from 'react';
import type { OperationVariables } from '@apollo/client';
import type { ChangePaymentMethodDialogProps } from '../dialogs/change-payment-method-dialog';
import type { ConfirmDialogProps } from '../dialogs/confirm-dialog';
import type { MovementConfirmDialogProps } from '../dialogs/movement-confirm-dialog';
import type { ReasonDialogProps } from '../dialogs/reason-dialog';
import {
  ChangePaymentMethodDialog,
  ConfirmDialog,
  MovementConfirmDialog,
  ReasonDialog,
} from '../dialogs/kit-dialogs';
import type { DialogHandlers } from '../dialogs/submit-dialog';
import type { ActionDialogTexts, ActionMeta } from './action-registry';
import type { BulkResultLike } from '../dialogs/bulk-progress';
import { bulkAction, type AnyBulkAction, type BulkAction, type BulkActionSpec } from './bulk-actions';
import {
  mutationAction,
  pressAction,
  selectionOnlyAction,
  sendAction,
  viewAction,
  type ActionRun,
  type DetailAction,
  type DialogRender,
  type DialogRun,
  type MutationActionSpec,
} from './detail-actions';
import type { SendSpec } from './send-action';

/** A dialog's props without the handlers the action runner gives it. */
export type DeclaredProps<P> = Omit<P, 'onSubmit' | 'onClose'>;

/** What a dialog sends: its `onSubmit`'s argument. */
type SentOf<P> = P extends { onSubmit(sent: infer S): unknown } ? S : never;

/** A declaration's dialog props, from the record shown and the screen's context. */
type PropsOf<R, C, P> = (run: DialogRun<R, C>) => DeclaredProps<P>;

function declared<R, C, Sent, P extends DialogHandlers<Sent>>(
  Component: ComponentType<P>,
  props: PropsOf<R, C, P>,
): DialogRender<R, C, Sent> {
  return function render(handlers, run) {
    return <Component {...(props(run) as P)} {...handlers} />;
  };
}

/** A registry's dialog texts for one record: its title, the sentence naming the record, its submit. */
export function textsFor(texts: ActionDialogTexts, id: string) {
  return { title: texts.title, description: texts.description(id), submitLabel: texts.submit };
}

/** The dialog texts of a registered action (its registry entry has them). */
function dialogTextsOf(meta: ActionMeta): ActionDialogTexts {
  if (!meta.dialog) throw new Error(`La acción '${meta.label}' no tiene textos de diálogo.`);
  return meta.dialog;
}

/**
 * The declarations of one detail's action table, on its record `R` and its screen's context `C`: the three kinds
 * of action and the kit's dialogs, each a function of the record shown (`run`).
 */
export function detailActionKit<R extends { id: string }, C>() {
  return {
    /** A dialog that sends a mutation: its fields, the variables it builds, the success text. */
    mutation: <Sent, TData, TVariables extends OperationVariables, P = unknown>(
      spec: MutationActionSpec<R, C, Sent, TData, TVariables, P>,
    ): DetailAction<R, C> => mutationAction(spec),
    /** A dialog that only shows (history, card holders). */
    view: (spec: { meta: ActionMeta; view(run: ActionRun<R, C>): React.ReactNode }): DetailAction<R, C> =>
      viewAction(spec),
    /** Done on the press (open a form, reload). */
    press: (spec: {
      meta: ActionMeta;
      perform(run: ActionRun<R, C>): void | Promise<unknown>;
    }): DetailAction<R, C> => pressAction(spec),
    /** Done on the press, a write with no dialog (re-export, regenerate): its answer a toast, its key the kit's. */
    send: <TData, TVariables extends OperationVariables, P = unknown>(
      spec: SendSpec<ActionRun<R, C>, TData, TVariables, P> & { meta: ActionMeta },
    ): DetailAction<R, C> => sendAction(spec),
    /**
     * An action's multi-selection mutation (`bulk:` of `kit.mutation`, or `kit.selectionOnly`): its document, its
     * variables from the dialog's value and the selection (ids, or the list's filter and count), where its results are.
     */
    bulk: <V, F extends object, TData, TVariables extends OperationVariables, Result extends BulkResultLike>(
      spec: BulkActionSpec<V, F, TData, TVariables, Result>,
    ): BulkAction<V, F, Result> => bulkAction(spec),
    /** An action only a multi-selection offers (nothing on one row). */
    selectionOnly: (spec: { meta: ActionMeta; bulk: AnyBulkAction }): DetailAction<R, C> =>
      selectionOnlyAction(spec),
    /** Any dialog taking `onSubmit(sent)` and `onClose` (an area's own: the refund, the retry decision):
     * `kit.dialog(RefundDialog)((run) => props)`. */
    dialog:
      <P extends DialogHandlers<never>>(Component: ComponentType<P>) =>
      (props: PropsOf<R, C, P>): DialogRender<R, C, SentOf<P>> =>
        declared<R, C, SentOf<P>, P & DialogHandlers<SentOf<P>>>(Component, props),
    /** 'Ingrese el motivo': the mutation receives the trimmed reason. */
    reason: (props: PropsOf<R, C, ReasonDialogProps>): DialogRender<R, C, string> =>
      declared(ReasonDialog, props),
    /** 'Ingrese el motivo' in the registry's words for the record (`meta.dialog`: title, sentence, submit). */
    reasonOf: (
      meta: ActionMeta,
      extra: Partial<DeclaredProps<ReasonDialogProps>> = {},
    ): DialogRender<R, C, string> =>
      declared(ReasonDialog, ({ record }) => ({ ...textsFor(dialogTextsOf(meta), record.id), ...extra })),
    /** The change of payment method titled and introduced by the registry (its own 'Guardar'), for `holderOf`. */
    changeMethodOf: (
      meta: ActionMeta,
      holderOf: (record: R) => string,
    ): DialogRender<R, C, Parameters<ChangePaymentMethodDialogProps['onSubmit']>[0]> =>
      declared(ChangePaymentMethodDialog, ({ record }) => {
        const { title, description } = textsFor(dialogTextsOf(meta), record.id);
        return { title, description, holderName: holderOf(record) };
      }),
    /** The kit's change of payment method (card or transfer): the mutation receives its input. */
    changeMethod: (
      props: PropsOf<R, C, ChangePaymentMethodDialogProps>,
    ): DialogRender<R, C, Parameters<ChangePaymentMethodDialogProps['onSubmit']>[0]> =>
      declared(ChangePaymentMethodDialog, props),
    /** A question in the registry's words for the record (`meta.dialog`: title, sentence, submit). */
    confirmOf: (
      meta: ActionMeta,
      extra: Partial<Omit<ConfirmDialogProps, 'onConfirm' | 'onClose'>> = {},
    ): DialogRender<R, C, void> =>
      function render({ onSubmit, onClose }, { record }) {
        const { title, description, submitLabel } = textsFor(dialogTextsOf(meta), record.id);
        return (
          <ConfirmDialog
            title={title}
            message={description}
            confirmLabel={submitLabel}
            {...extra}
            onConfirm={() => onSubmit()}
            onClose={onClose}
          />
        );
      },
    /**
     * A question about an action that moves money: its sentence, then the summary of what it moves, whose,
     * how much and to which account (`MovementConfirmDialog`), under `summaryTitle` ('Se autorizará').
     */
    confirmMovement:
      (
        props: (run: DialogRun<R, C>) => Omit<MovementConfirmDialogProps, 'onConfirm' | 'onClose'>,
      ): DialogRender<R, C, void> =>
      ({ onSubmit, onClose }, run) => (
        <MovementConfirmDialog {...props(run)} onConfirm={() => onSubmit()} onClose={onClose} />
      ),
    /** `confirmMovement` in the registry's words for the record (`meta.dialog`: title, sentence, submit). */
    confirmMovementOf:
      (
        meta: ActionMeta,
        props: (
          run: DialogRun<R, C>,
        ) => Omit<MovementConfirmDialogProps, 'onConfirm' | 'onClose' | 'title' | 'message'>,
      ): DialogRender<R, C, void> =>
      ({ onSubmit, onClose }, run) => {
        const { title, description, submitLabel } = textsFor(dialogTextsOf(meta), run.record.id);
        return (
          <MovementConfirmDialog
            title={title}
            message={description}
            confirmLabel={submitLabel}
            {...props(run)}
            onConfirm={() => onSubmit()}
            onClose={onClose}
          />
        );
      },
    /** A question with Cancelar and its confirm button: nothing typed is sent. */
    confirm:
      (
        props: (run: DialogRun<R, C>) => Omit<ConfirmDialogProps, 'onConfirm' | 'onClose'>,
      ): DialogRender<R, C, void> =>
      ({ onSubmit, onClose }, run) => (
        <ConfirmDialog {...props(run)} onConfirm={() => onSubmit()} onClose={onClose} />
      ),
  };
}
