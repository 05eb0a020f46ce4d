import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useApolloClient, useMutation } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  CancelPaymentDocument,
  CancelPaymentObjectionDocument,
  ChangePaymentMethodDocument,
  ForwardPaymentNotificationDocument,
  NotifyPayerDocument,
  PartialRefundPaymentDocument,
  PaymentDetailDocument,
  PaymentVersionDocument,
  RefreshPaymentDocument,
  RefundPaymentDocument,
  RetryPaymentDocument,
  ReversePaymentDocument,
  UpdatePaymentFromGatewayDocument,
  type PaymentActionKind,
  type PaymentMethodChangeInput,
  type PaymentRetryMode,
} from '../gql/graphql';
import { CollectorLink } from '@/components/detail/collector-link';
import { DetailColumns } from '@/components/detail/detail-columns';
import { detailGate } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice } from '@/components/detail/fresh-record';
import { useVersionedRecord } from '@/components/detail/versioned-record';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { useNotify } from '@/lib/notifications';
import { hasAny, usePermissions } from '@/lib/permissions';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import { describePaymentMethods } from '../payment-methods';
import { paymentStatusLabel } from '../payment-status';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { resolveOutcome, type OutcomePayloadLike } from '@/lib/mutation-outcome';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { CardHoldersDialog } from '../dialogs/card-holders-dialog';
import { ChangePaymentMethodDialog } from '@/components/dialogs/change-payment-method-dialog';
import { ForwardNotificationDialog } from '../dialogs/forward-notification-dialog';
import { RefundDialog, type RefundVariant } from '../dialogs/refund-dialog';
import { RetryDecisionDialog } from '../dialogs/retry-decision-dialog';
import { SendNotificationDialog, type SendNotificationValues } from '../dialogs/send-notification-dialog';
import { PaymentHistoryDialog } from '../dialogs/version-history-dialog';
import { versionLoader } from '@/components/versions/query-version-history';
import { maskedCard } from '../detail/labels';
import {
  PAYMENT_ACTIONS,
  PAYMENT_NOUN,
  SUCCESS_MESSAGES,
  findAction,
  isCardExpiredDetail,
  retryCheckoutUrl,
} from '../detail/payment-actions';
import { PaymentDataSection } from '../detail/payment-data-section';
import { PaymentExtraSection } from '../detail/payment-extra-section';
import { PaymentFeesSection } from '../detail/payment-fees-section';
import {
  PaymentBatchSection,
  PaymentRelatedSection,
  PaymentSubscriptionSection,
} from '../detail/payment-links-sections';
import { PaymentMetadataSection } from '../detail/payment-metadata-section';
import { PaymentMethodsSection } from '../detail/payment-methods-section';
import { PaymentCollectorSection, PaymentPayerSection } from '../detail/payment-parties-sections';
import { PaymentRefundsSection } from '../detail/payment-refunds-section';
import { PaymentSummaryCard } from '../detail/payment-summary-card';
import { HolderLookupButton, PaymentHeaderTools, PaymentToolbar } from '../detail/payment-toolbar';
import type { PaymentDetail } from '../detail/types';
import { refundRejectionFeedback } from '../detail/action-outcome';
import { RecordActivity } from '@/components/detail/record-activity';

type DialogState =
  | { kind: 'cancel' }
  | { kind: 'cancelObjection' }
  | { kind: 'changeMethod' }
  | { kind: 'retry' }
  | { kind: 'refund'; variant: RefundVariant }
  | { kind: 'forward' }
  | { kind: 'notify' }
  | { kind: 'updateGateway' }
  | { kind: 'history' }
  | { kind: 'holders' };

/** What every payment mutation answers. */
interface ActionPayload extends OutcomePayloadLike {
  payment?: PaymentDetail | null;
}

const cancelTexts = PAYMENT_ACTIONS.CANCEL.dialog!;
const objectionTexts = PAYMENT_ACTIONS.CANCEL_OBJECTION.dialog!;

/** Where a payment that does not exist sends. */
const NOT_FOUND = { notFoundTestId: 'payment-not-found', listHref: '/pagos', listLabel: 'Ir a Buscar Pagos' };

const REFUND_SUCCESS: Record<RefundVariant, string> = {
  refund: SUCCESS_MESSAGES.refund,
  partial: SUCCESS_MESSAGES.partialRefund,
  reverse: SUCCESS_MESSAGES.reverse,
};

/** Payment detail (/pago/{id}), spec 000 §2: header, version banner, toolbar from `actions`, summary and sections. */
export default function PaymentDetailScreen() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const client = useApolloClient();
  const permissions = usePermissions();
  const { catalogue } = usePaymentMethodCatalogue();

  const withFees = hasAny(permissions, ['PAYMENT_SHOW_FEES']);
  const withBatch = hasAny(permissions, ['PAYMENT_SHOW_BATCHES', 'BATCH_WITHDRAW_SHOW']);
  const canRefresh = hasAny(permissions, ['PAYMENT_UPDATE']);
  const guards = { withFees, withBatch };

  const versioned = useVersionedRecord({
    current: PaymentDetailDocument,
    variables: { id, ...guards },
    recordOf: (data) => data.payment,
    version: PaymentVersionDocument,
    versionOf: (data) => data.paymentVersion,
    currentHref: `/pago/${encodeURIComponent(id)}`,
  });
  const {
    current,
    old,
    fresh,
    wantsOld: wantsOldVersion,
    currentRecord: currentPayment,
    requestedVersion,
    showVersion,
  } = versioned;
  const payment: PaymentDetail | null = versioned.record;

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [busyKind, setBusyKind] = useState<PaymentActionKind | null>(null);
  const close = useCallback(() => setDialog(null), []);

  const [cancelPayment] = useMutation(CancelPaymentDocument);
  const [cancelObjection] = useMutation(CancelPaymentObjectionDocument);
  const [changeMethod] = useMutation(ChangePaymentMethodDocument);
  const [retryPayment] = useMutation(RetryPaymentDocument);
  const [refundPayment] = useMutation(RefundPaymentDocument);
  const [partialRefund] = useMutation(PartialRefundPaymentDocument);
  const [reversePayment] = useMutation(ReversePaymentDocument);
  const [forwardNotification] = useMutation(ForwardPaymentNotificationDocument);
  const [notifyPayer] = useMutation(NotifyPayerDocument);
  const [updateFromGateway] = useMutation(UpdatePaymentFromGatewayDocument);
  const [refreshPayment] = useMutation(RefreshPaymentDocument);

  /**
   * The common answer of a dialog's mutation (the shared outcome hook): success -> snackbar and close; failure
   * -> the message inside the dialog (it stays open with its values); unknown -> a warning, never a success, and
   * the payment is re-read.
   */
  const outcome = useMutationOutcome();
  const settle = useCallback(
    (payload: ActionPayload | null | undefined, success: string): Promise<SubmitOutcome> =>
      fresh.explainRefusal(
        outcome.settle(payload, {
          success,
          onSuccess: () => setDialog(null),
          onUnknown: () => void current.refetch(),
        }),
      ),
    [outcome, current, fresh],
  );

  if (!id) return null;

  const header = (extra?: ReactNode) => (
    <PageHeader
      title="Detalle del Pago"
      subtitle={
        payment ? (
          <>
            Pago {payment.id} · Entidad{' '}
            <CollectorLink collectorId={payment.collectorId} name={payment.collector?.name} />
          </>
        ) : (
          `Pago ${id}`
        )
      }
      actions={extra}
    />
  );

  const texts = detailGateTexts(PAYMENT_NOUN, { id, version: requestedVersion, ...NOT_FOUND });
  const gate = detailGate({ header: header(), texts, ...versioned.gate });
  if (gate || !currentPayment) return gate;

  const shown = payment!;
  const actions = shown.actions;
  const vars = { id: shown.id, ...guards };

  const run = async (kind: PaymentActionKind) => {
    switch (kind) {
      case 'CANCEL':
        return setDialog({ kind: 'cancel' });
      case 'CANCEL_OBJECTION':
        return setDialog({ kind: 'cancelObjection' });
      case 'CHANGE_PAYMENT_METHOD':
        return setDialog({ kind: 'changeMethod' });
      case 'RETRY':
        if (isCardExpiredDetail(shown.statusDetail)) {
          window.open(retryCheckoutUrl(shown.checkoutUrl), '_blank', 'noopener');
          notify.info(
            'La tarjeta está vencida: se abrió el formulario de pago para reintentar con otra tarjeta.',
          );
          return;
        }
        return setDialog({ kind: 'retry' });
      case 'REFUND':
        return setDialog({ kind: 'refund', variant: 'refund' });
      case 'PARTIAL_REFUND':
        return setDialog({ kind: 'refund', variant: 'partial' });
      case 'REVERSE':
        return setDialog({ kind: 'refund', variant: 'reverse' });
      case 'FORWARD_NOTIFICATION':
        return setDialog({ kind: 'forward' });
      case 'NOTIFY_PAYER':
        return setDialog({ kind: 'notify' });
      case 'UPDATE_FROM_GATEWAY':
        return setDialog({ kind: 'updateGateway' });
      case 'HISTORY':
        return setDialog({ kind: 'history' });
      case 'SHOW_HOLDER':
        return setDialog({ kind: 'holders' });
      case 'FORM_LINK':
        window.open(shown.checkoutUrl, '_blank', 'noopener');
        return;
      case 'RELOAD':
        return reload();
    }
  };

  const reload = async () => {
    setBusyKind('RELOAD');
    try {
      if (canRefresh && shown.isCurrentVersion) {
        const { data } = await refreshPayment({ variables: vars });
        outcome.announce(data?.refreshPayment, { success: SUCCESS_MESSAGES.refresh });
      } else {
        await Promise.all([current.refetch(), wantsOldVersion ? old.refetch() : Promise.resolve()]);
        notify.success(SUCCESS_MESSAGES.refresh);
      }
    } catch (error) {
      outcome.announceError(error);
    } finally {
      setBusyKind(null);
    }
  };

  const submitRefund = async (
    variant: RefundVariant,
    idempotencyKey: string,
    reason: string | null,
    amount: string | null = null,
  ): Promise<SubmitOutcome> => {
    const base = { ...vars, idempotencyKey };
    const payload =
      variant === 'partial'
        ? (await partialRefund({ variables: base })).data?.partialRefundPayment
        : variant === 'refund'
          ? (await refundPayment({ variables: { ...base, reason: reason ?? '', amount } })).data
              ?.refundPayment
          : (await reversePayment({ variables: { ...base, reason: reason ?? '' } })).data?.reversePayment;
    const resolution = resolveOutcome(payload);
    if (resolution.kind === 'success') {
      // Approved: the payload carries the reloaded payment; the success message appears when it is refunded.
      const status = payload?.payment?.status;
      if (!payload?.payment || status === 'REFUNDED') notify.success(REFUND_SUCCESS[variant]);
      else notify.info(`Devolución aprobada. Estado del pago: ${paymentStatusLabel(status)}.`);
      setDialog(null);
      return null;
    }
    if (resolution.unknown) void current.refetch();
    if (resolution.unknown || !payload) return resolution.feedback;
    return refundRejectionFeedback(variant, payload.error);
  };

  const holderName = shown.payer?.name ?? '';
  const firstMethod = shown.paymentMethods[0];
  const sameMethodLabel = firstMethod ? describePaymentMethods([firstMethod], catalogue) : undefined;
  const lastCollectorNotification = shown.collectorNotifications[shown.collectorNotifications.length - 1];
  const changeAllowedAfterRetry = (p: PaymentDetail | null | undefined) =>
    Boolean(p && findAction(p.actions, 'CHANGE_PAYMENT_METHOD')?.enabled);

  return (
    <Box data-testid="payment-detail" data-payment-id={shown.id} data-version={shown.version ?? ''}>
      {header(
        <PaymentHeaderTools
          actions={actions}
          busyKind={busyKind}
          onRun={(k) => void run(k)}
          checkoutUrl={shown.checkoutUrl}
        />,
      )}

      {shown.isCurrentVersion && (
        <FreshnessNotice fresh={fresh} onShowChanges={() => setDialog({ kind: 'history' })} />
      )}

      {!shown.isCurrentVersion && (
        <Alert
          severity="warning"
          variant="outlined"
          sx={{ mb: 2, bgcolor: 'background.paper' }}
          data-testid="old-version-banner"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={`/pago/${encodeURIComponent(shown.id)}`}
            >
              Ver versión actual
            </Button>
          }
        >
          Está viendo la versión {shown.version} del pago ({formatDateTime(shown.lastUpdateDate)}), que no es
          la actual. Las acciones solo están disponibles en la versión actual
          {currentPayment.version ? ` (versión ${currentPayment.version})` : ''}.
        </Alert>
      )}

      <PaymentToolbar actions={actions} busyKind={busyKind} onRun={(k) => void run(k)} />
      <PaymentSummaryCard payment={shown} />

      <DetailColumns
        main={
          <>
            <PaymentMethodsSection
              methods={shown.paymentMethods}
              action={<HolderLookupButton actions={actions} onRun={(k) => void run(k)} />}
            />
            <PaymentDataSection payment={shown} />
          </>
        }
        side={
          <>
            <PaymentPayerSection payer={shown.payer} canShowPayer={hasAny(permissions, ['PAYER_SHOW'])} />
            <PaymentCollectorSection
              payment={shown}
              canShowCollector={hasAny(permissions, ['COLLECTOR_SHOW'])}
            />
            {shown.feeDetails && <PaymentFeesSection fees={shown.feeDetails} />}
            <PaymentRelatedSection relateds={shown.relateds} />
            <PaymentSubscriptionSection subscriptionId={shown.subscriptionId} />
            {withBatch && (
              <PaymentBatchSection
                batch={shown.batchWithdrawal}
                canOpenBatch={hasAny(permissions, ['BATCH_WITHDRAW_SHOW', 'WITHDRAW_SHOW'])}
              />
            )}
          </>
        }
      />
      <Stack spacing={3}>
        <PaymentRefundsSection refunds={shown.refunds} />
        <PaymentMetadataSection metadata={shown.metadata} />
        <PaymentExtraSection
          payment={shown}
          canShowNotifications={hasAny(permissions, ['NOTIFICATION_SHOW'])}
        />
        <RecordActivity recordId={shown.id} />
      </Stack>

      {dialog?.kind === 'cancel' && (
        <ReasonDialog
          title={cancelTexts.title}
          description={cancelTexts.description(shown.id)}
          submitLabel={cancelTexts.submit}
          onClose={close}
          onSubmit={async (reason) =>
            settle(
              (await cancelPayment({ variables: { ...vars, reason } })).data?.cancelPayment,
              SUCCESS_MESSAGES.cancel,
            )
          }
        />
      )}
      {dialog?.kind === 'cancelObjection' && (
        <ReasonDialog
          title={objectionTexts.title}
          description={objectionTexts.description(shown.id)}
          submitLabel={objectionTexts.submit}
          onClose={close}
          onSubmit={async (reason) =>
            settle(
              (await cancelObjection({ variables: { ...vars, reason } })).data?.cancelPaymentObjection,
              SUCCESS_MESSAGES.cancelObjection,
            )
          }
        />
      )}
      {dialog?.kind === 'changeMethod' && (
        <ChangePaymentMethodDialog
          description={PAYMENT_ACTIONS.CHANGE_PAYMENT_METHOD.dialog!.description(shown.id)}
          holderName={holderName}
          onClose={close}
          onSubmit={async (input: PaymentMethodChangeInput) =>
            settle(
              (await changeMethod({ variables: { ...vars, input } })).data?.changePaymentMethod,
              SUCCESS_MESSAGES.changePaymentMethod,
            )
          }
        />
      )}
      {dialog?.kind === 'retry' && (
        <RetryDecisionDialog
          currentMethod={sameMethodLabel}
          sameMethodUnavailable={
            shown.paymentMethods.length === 0 ? 'El pago no tiene un medio de pago registrado.' : undefined
          }
          onClose={close}
          onSubmit={async (mode: PaymentRetryMode) => {
            const payload = (await retryPayment({ variables: { ...vars, mode } })).data?.retryPayment;
            const result = await settle(payload, SUCCESS_MESSAGES.retry);
            // Code B: the payment waits for a new method; go straight to the change dialog when it is allowed.
            if (!result && mode === 'MODIFY_METHOD' && changeAllowedAfterRetry(payload?.payment)) {
              setDialog({ kind: 'changeMethod' });
            }
            return result;
          }}
        />
      )}
      {dialog?.kind === 'refund' && (
        <RefundDialog
          variant={dialog.variant}
          paymentId={shown.id}
          finalAmount={shown.finalAmount}
          refunds={shown.refunds}
          methods={shown.paymentMethods.map((m) => ({
            index: m.index,
            name: m.mediaPaymentName ?? `Medio ${m.mediaPaymentId ?? ''}`,
            card: maskedCard(m) || null,
            finalAmount: m.finalAmount,
            amount: m.amount,
            gateway: m.gateway,
          }))}
          onClose={close}
          onSubmit={({ reason, idempotencyKey, amount }) =>
            submitRefund(dialog.variant, idempotencyKey, reason, amount)
          }
        />
      )}
      {dialog?.kind === 'forward' && (
        <ForwardNotificationDialog
          notificationUrl={shown.notificationUrl ?? ''}
          last={lastCollectorNotification}
          onClose={close}
          onSubmit={async () =>
            settle(
              (await forwardNotification({ variables: vars })).data?.forwardPaymentNotification,
              SUCCESS_MESSAGES.forwardNotification,
            )
          }
        />
      )}
      {dialog?.kind === 'notify' && (
        <SendNotificationDialog
          payerName={shown.payer?.name}
          payerEmail={shown.payer?.email}
          onClose={close}
          onSubmit={async (values: SendNotificationValues) =>
            settle(
              (await notifyPayer({ variables: { ...vars, ...values } })).data?.notifyPayer,
              SUCCESS_MESSAGES.notifyPayer,
            )
          }
        />
      )}
      {dialog?.kind === 'updateGateway' && (
        <ConfirmDialog
          title="Actualizar desde gateway"
          message="Se consultará al gateway el estado de los medios de pago y se actualizará el pago con su respuesta."
          confirmLabel="Actualizar"
          onClose={close}
          onConfirm={async () =>
            settle(
              (await updateFromGateway({ variables: vars })).data?.updatePaymentFromGateway,
              SUCCESS_MESSAGES.updateFromGateway,
            )
          }
        />
      )}
      {dialog?.kind === 'history' && (
        <PaymentHistoryDialog
          paymentId={shown.id}
          shownVersion={shown.version}
          currentVersion={currentPayment.version}
          onClose={close}
          onPick={(row) => {
            setDialog(null);
            showVersion(row.version, currentPayment.version);
          }}
          loadVersion={versionLoader(
            client,
            PaymentVersionDocument,
            (version) => ({ id: shown.id, version, ...guards }),
            (data) => data.paymentVersion,
          )}
        />
      )}
      {dialog?.kind === 'holders' && <CardHoldersDialog paymentId={shown.id} onClose={close} />}
    </Box>
  );
}
