import { detailActionKit } from '@/components/actions/declared-dialogs';
import {
  registryOf,
  type ActionRun,
  type DetailActionTable,
  type DialogRun,
} from '@/components/actions/detail-actions';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { ActionMeta } from '@/components/actions/action-registry';
import { versionLoader } from '@/components/versions/query-version-history';
import type { OutcomePayloadLike } from '@/lib/mutation-outcome';
import {
  CancelPaymentDocument,
  CancelPaymentObjectionDocument,
  ChangePaymentMethodDocument,
  ForwardPaymentNotificationDocument,
  NotifyPayerDocument,
  PartialRefundPaymentDocument,
  PaymentVersionDocument,
  RefreshPaymentDocument,
  RefundPaymentDocument,
  RetryPaymentDocument,
  ReversePaymentDocument,
  UpdatePaymentFromGatewayDocument,
  type PaymentActionKind,
} from '../gql/graphql';
import { CardHoldersDialog } from '../dialogs/card-holders-dialog';
import { ForwardNotificationDialog } from '../dialogs/forward-notification-dialog';
import { RefundDialog, type RefundDialogProps, type RefundVariant } from '../dialogs/refund-dialog';
import { RetryDecisionDialog } from '../dialogs/retry-decision-dialog';
import { SendNotificationDialog } from '../dialogs/send-notification-dialog';
import { PaymentHistoryDialog } from '../dialogs/version-history-dialog';
import { describePaymentMethods, type PaymentMethodCatalogue } from '../payment-methods';
import { paymentStatusLabel } from '../payment-status';
import { refundRejectionFeedback } from './action-outcome';
import { maskedCard } from './labels';
import {
  PAYMENT_ACTIONS,
  SUCCESS_MESSAGES,
  findAction,
  isCardExpiredDetail,
  retryCheckoutUrl,
} from './payment-actions';
import type { PaymentDetail } from './types';

/** What the payment detail adds to the record for its actions. */
export interface PaymentActionContext {
  /** The detail's selection guards, sent with every mutation so its answer fills the same fields. */
  guards: { withFees: boolean; withBatch: boolean };
  /** PAYMENT_UPDATE: 'Recargar' asks the service to read the payment again, else it only reads it again. */
  canRefresh: boolean;
  catalogue: PaymentMethodCatalogue;
  currentVersion: number | null | undefined;
  showVersion(version: number, currentVersion: number | null | undefined): void;
  /** Reads the current payment and the older version shown. */
  reloadAll(): Promise<unknown>;
}

type Run = ActionRun<PaymentDetail, PaymentActionContext>;
const kit = detailActionKit<PaymentDetail, PaymentActionContext>();
type PaymentPayload = { payment?: PaymentDetail | null };

/** Every payment mutation's own variables: the id and the detail's guards. */
const idOf = ({ record, context }: Run) => ({ id: record.id, ...context.guards });

/** A write's variables: also the dialog's idempotency key (one per opening, kept on a retry; a press's own). */
const keyedIdOf = (run: DialogRun<PaymentDetail, PaymentActionContext>) => ({
  ...idOf(run),
  idempotencyKey: run.idempotencyKey,
});

const REFUND_SUCCESS: Record<RefundVariant, string> = {
  refund: SUCCESS_MESSAGES.refund,
  partial: SUCCESS_MESSAGES.partialRefund,
  reverse: SUCCESS_MESSAGES.reverse,
};

/** What the refund dialog sends: its reason (none for the partial refund) and the amount typed. */
type RefundSent = Parameters<RefundDialogProps['onSubmit']>[0];

/** Refund, partial refund and reverse: one dialog with the amounts involved, each its own document. */
function refundAction<TData, TVariables extends OperationVariables>(
  variant: RefundVariant,
  spec: {
    meta: ActionMeta;
    mutation: TypedDocumentNode<TData, TVariables>;
    variables(sent: RefundSent, run: DialogRun<PaymentDetail, PaymentActionContext>): TVariables;
    payload(data: TData): (PaymentPayload & OutcomePayloadLike) | null | undefined;
  },
) {
  return kit.mutation({
    ...spec,
    dialog: kit.dialog(RefundDialog)(({ record }) => ({
      variant,
      paymentId: record.id,
      finalAmount: record.finalAmount,
      refunds: record.refunds,
      methods: record.paymentMethods.map((m) => ({
        index: m.index,
        name: m.mediaPaymentName ?? `Medio ${m.mediaPaymentId ?? ''}`,
        card: maskedCard(m) || null,
        finalAmount: m.finalAmount,
        amount: m.amount,
        gateway: m.gateway,
      })),
    })),
    // Approved: the payload carries the reloaded payment; the success message appears when it is refunded.
    success: (answer) =>
      !answer.payment || answer.payment.status === 'REFUNDED'
        ? { text: REFUND_SUCCESS[variant] }
        : {
            text: `Devolución aprobada. Estado del pago: ${paymentStatusLabel(answer.payment.status)}.`,
            tone: 'info',
          },
    refused: (answer) => refundRejectionFeedback(variant, answer.error),
  });
}

/**
 * A refund's variables: the kit's key of the dialog (kept while answers are unknown, new after an answered refusal:
 * the gateway answers a used key with what it answered).
 */
const refundIdOf = (_sent: RefundSent, run: DialogRun<PaymentDetail, PaymentActionContext>) => keyedIdOf(run);

/**
 * The payment detail's actions (spec 000 §2 toolbar, §4): each kind's label and place, its dialog, its mutation and
 * variables, its success text. The screen renders the toolbar and the open dialog; the kit runs the rest.
 */
export const PAYMENT_ACTION_TABLE: DetailActionTable<PaymentActionKind, PaymentDetail, PaymentActionContext> =
  {
    CANCEL: kit.mutation({
      meta: PAYMENT_ACTIONS.CANCEL,
      dialog: kit.reasonOf(PAYMENT_ACTIONS.CANCEL),
      mutation: CancelPaymentDocument,
      variables: (reason, run) => ({ ...keyedIdOf(run), reason }),
      payload: (data) => data.cancelPayment,
      success: SUCCESS_MESSAGES.cancel,
    }),
    CHANGE_PAYMENT_METHOD: kit.mutation({
      meta: PAYMENT_ACTIONS.CHANGE_PAYMENT_METHOD,
      dialog: kit.changeMethodOf(PAYMENT_ACTIONS.CHANGE_PAYMENT_METHOD, (record) => record.payer?.name ?? ''),
      mutation: ChangePaymentMethodDocument,
      variables: (input, run) => ({ ...keyedIdOf(run), input }),
      payload: (data) => data.changePaymentMethod,
      success: SUCCESS_MESSAGES.changePaymentMethod,
    }),
    RETRY: kit.mutation({
      meta: PAYMENT_ACTIONS.RETRY,
      // An expired card is retried with another one, in the checkout form (spec 000 §4 "Retry").
      skipDialog: ({ record, notify }) => {
        if (!isCardExpiredDetail(record.statusDetail)) return false;
        window.open(retryCheckoutUrl(record.checkoutUrl), '_blank', 'noopener');
        notify.info(
          'La tarjeta está vencida: se abrió el formulario de pago para reintentar con otra tarjeta.',
        );
        return true;
      },
      dialog: kit.dialog(RetryDecisionDialog)(({ record, context }) => ({
        currentMethod: record.paymentMethods[0]
          ? describePaymentMethods([record.paymentMethods[0]], context.catalogue)
          : undefined,
        sameMethodUnavailable:
          record.paymentMethods.length === 0 ? 'El pago no tiene un medio de pago registrado.' : undefined,
      })),
      mutation: RetryPaymentDocument,
      variables: (mode, run) => ({ ...keyedIdOf(run), mode }),
      payload: (data) => data.retryPayment,
      success: SUCCESS_MESSAGES.retry,
      // Code B: the payment waits for a new method; go straight to the change dialog when it is allowed.
      after: (mode, answer, run) => {
        if (
          mode === 'MODIFY_METHOD' &&
          answer.payment &&
          findAction(answer.payment.actions, 'CHANGE_PAYMENT_METHOD')?.enabled
        )
          run.open('CHANGE_PAYMENT_METHOD');
      },
    }),
    REFUND: refundAction('refund', {
      meta: PAYMENT_ACTIONS.REFUND,
      mutation: RefundPaymentDocument,
      variables: (sent, run) => ({
        ...refundIdOf(sent, run),
        reason: sent.reason ?? '',
        amount: sent.amount,
      }),
      payload: (data) => data.refundPayment,
    }),
    PARTIAL_REFUND: refundAction('partial', {
      meta: PAYMENT_ACTIONS.PARTIAL_REFUND,
      mutation: PartialRefundPaymentDocument,
      variables: refundIdOf,
      payload: (data) => data.partialRefundPayment,
    }),
    REVERSE: refundAction('reverse', {
      meta: PAYMENT_ACTIONS.REVERSE,
      mutation: ReversePaymentDocument,
      variables: (sent, run) => ({ ...refundIdOf(sent, run), reason: sent.reason ?? '' }),
      payload: (data) => data.reversePayment,
    }),
    CANCEL_OBJECTION: kit.mutation({
      meta: PAYMENT_ACTIONS.CANCEL_OBJECTION,
      dialog: kit.reasonOf(PAYMENT_ACTIONS.CANCEL_OBJECTION),
      mutation: CancelPaymentObjectionDocument,
      variables: (reason, run) => ({ ...keyedIdOf(run), reason }),
      payload: (data) => data.cancelPaymentObjection,
      success: SUCCESS_MESSAGES.cancelObjection,
    }),
    UPDATE_FROM_GATEWAY: kit.mutation({
      meta: PAYMENT_ACTIONS.UPDATE_FROM_GATEWAY,
      dialog: kit.confirm(() => ({
        title: 'Actualizar desde gateway',
        message:
          'Se consultará al gateway el estado de los medios de pago y se actualizará el pago con su respuesta.',
        confirmLabel: 'Actualizar',
      })),
      mutation: UpdatePaymentFromGatewayDocument,
      variables: (_sent, run) => keyedIdOf(run),
      payload: (data) => data.updatePaymentFromGateway,
      success: SUCCESS_MESSAGES.updateFromGateway,
    }),
    FORWARD_NOTIFICATION: kit.mutation({
      meta: PAYMENT_ACTIONS.FORWARD_NOTIFICATION,
      dialog: kit.dialog(ForwardNotificationDialog)(({ record }) => ({
        notificationUrl: record.notificationUrl ?? '',
        last: record.collectorNotifications[record.collectorNotifications.length - 1],
      })),
      mutation: ForwardPaymentNotificationDocument,
      variables: (_sent, run) => keyedIdOf(run),
      payload: (data) => data.forwardPaymentNotification,
      success: SUCCESS_MESSAGES.forwardNotification,
    }),
    NOTIFY_PAYER: kit.mutation({
      meta: PAYMENT_ACTIONS.NOTIFY_PAYER,
      dialog: kit.dialog(SendNotificationDialog)(({ record }) => ({
        payerName: record.payer?.name,
        payerEmail: record.payer?.email,
      })),
      mutation: NotifyPayerDocument,
      variables: (values, run) => ({ ...keyedIdOf(run), ...values }),
      payload: (data) => data.notifyPayer,
      success: SUCCESS_MESSAGES.notifyPayer,
    }),
    HISTORY: kit.view({
      meta: PAYMENT_ACTIONS.HISTORY,
      view: ({ record, context, client, close }) => (
        <PaymentHistoryDialog
          paymentId={record.id}
          shownVersion={record.version}
          currentVersion={context.currentVersion}
          onClose={close}
          onPick={(row) => {
            close();
            context.showVersion(row.version, context.currentVersion);
          }}
          loadVersion={versionLoader(
            client,
            PaymentVersionDocument,
            (version) => ({ id: record.id, version, ...context.guards }),
            (data) => data.paymentVersion,
          )}
        />
      ),
    }),
    SHOW_HOLDER: kit.view({
      meta: PAYMENT_ACTIONS.SHOW_HOLDER,
      view: ({ record, close }) => <CardHoldersDialog paymentId={record.id} onClose={close} />,
    }),
    FORM_LINK: kit.press({
      meta: PAYMENT_ACTIONS.FORM_LINK,
      perform: ({ record }) => void window.open(record.checkoutUrl, '_blank', 'noopener'),
    }),
    RELOAD: kit.press({
      meta: PAYMENT_ACTIONS.RELOAD,
      perform: async (run) => {
        const { record, context, outcome, notify } = run;
        // The refresh asks the service (a write, its key the kit's); a past version, or a role without it, reads again.
        if (context.canRefresh && record.isCurrentVersion) {
          return run.send({
            mutation: RefreshPaymentDocument,
            variables: idOf,
            payload: (data) => data.refreshPayment,
            success: SUCCESS_MESSAGES.refresh,
          });
        }
        try {
          await context.reloadAll();
          notify.success(SUCCESS_MESSAGES.refresh);
        } catch (error) {
          outcome.announceError(error);
        }
      },
    }),
  };

/** Labels, icons and places of the detail's actions, for its toolbar, header tools and methods section. */
export const PAYMENT_DETAIL_REGISTRY = registryOf(PAYMENT_ACTION_TABLE);
