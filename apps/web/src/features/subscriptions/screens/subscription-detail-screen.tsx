import { useCallback, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CollectorLink } from '@/components/detail/collector-link';
import { DetailColumns } from '@/components/detail/detail-columns';
import { detailGate } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice } from '@/components/detail/fresh-record';
import { useVersionedRecord } from '@/components/detail/versioned-record';
import { ActionToolbar, OPERATIONS_GROUP, type ToolbarDefinition } from '@/components/actions/action-toolbar';
import { ChangePaymentMethodDialog } from '@/components/dialogs/change-payment-method-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { diffVersions } from '@/components/versions/version-diff';
import { QueryVersionHistory, versionLoader } from '@/components/versions/query-version-history';
import { hasAny, usePermissions } from '@/lib/permissions';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutate } from '@/lib/use-mutate';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { SubscriptionOldVersionBanner, SubscriptionStatusBanner } from '../detail/subscription-banners';
import { SubscriptionPeriodsSection } from '../detail/subscription-periods-section';
import {
  SubscriptionDataSection,
  SubscriptionDatesSection,
  SubscriptionMetadataSection,
  SubscriptionNotificationsSection,
  SubscriptionPartiesSection,
} from '../detail/subscription-sections';
import { SubscriptionStatusChip } from '../detail/subscription-status-chip';
import type { SubscriptionView } from '../detail/types';
import { AmountDialog } from '../dialogs/amount-dialog';
import { SUBSCRIPTION_DIFF } from '../diff';
import {
  CancelSubscriptionDocument,
  ChangeSubscriptionPaymentMethodDocument,
  RefreshSubscriptionDocument,
  RemoveSubscriptionPaymentMethodDocument,
  SendSubscriptionEmailDocument,
  SubscriptionByIdDocument,
  SubscriptionHistoryDocument,
  SubscriptionVersionDocument,
  UpdateSubscriptionAmountDocument,
  type SubscriptionActionKind,
} from '../gql/graphql';
import { SUBSCRIPTIONS_MESSAGES, SUBSCRIPTION_SUCCESS } from '../messages';
import { SUBSCRIPTION_ACTIONS, SUBSCRIPTION_NOUN } from '../subscription-actions';
import { useMethodNames } from '../use-method-names';
import { RecordActivity } from '@/components/detail/record-activity';

type DialogKind = 'cancel' | 'changeMethod' | 'removeMethod' | 'amount' | 'email' | 'history';

const SUBSCRIPTION_TOOLBAR: ToolbarDefinition<SubscriptionActionKind> = {
  registry: SUBSCRIPTION_ACTIONS,
  groups: [OPERATIONS_GROUP, { placement: 'header', title: 'SUSCRIPCIÓN', testId: 'toolbar-subscription' }],
  ariaLabel: 'Acciones de la suscripción',
  testId: 'subscription-toolbar',
};

/** Where a subscription that does not exist sends. */
const NOT_FOUND = {
  notFoundTestId: 'subscription-not-found',
  listHref: '/suscripciones',
  listLabel: 'Ir a Buscar Suscripciones',
};

const DIALOG_OF: Partial<Record<SubscriptionActionKind, DialogKind>> = {
  CANCEL: 'cancel',
  CHANGE_PAYMENT_METHOD: 'changeMethod',
  REMOVE_PAYMENT_METHOD: 'removeMethod',
  UPDATE_AMOUNT: 'amount',
  SEND_EMAIL: 'email',
  HISTORY: 'history',
};

/** Subscription detail (/suscripcion/{id}), spec 000 §2: header, banners, toolbar from `actions`, sections. */
export default function SubscriptionDetailScreen() {
  const { id = '' } = useParams();
  const client = useApolloClient();
  const permissions = usePermissions();
  const feedback = useMutationOutcome();
  const methodNames = useMethodNames();

  const versioned = useVersionedRecord({
    current: SubscriptionByIdDocument,
    variables: { id },
    recordOf: (data) => data.subscription,
    version: SubscriptionVersionDocument,
    versionOf: (data) => data.subscriptionVersion,
    currentHref: `/suscripcion/${encodeURIComponent(id)}`,
  });
  const { current, fresh, currentRecord: currentSubscription, requestedVersion, showVersion } = versioned;
  const subscription: SubscriptionView | null = versioned.record;

  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [busy, setBusy] = useState<SubscriptionActionKind | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const intent = useIdempotencyKey();

  const mutate = useMutate();

  /** A dialog's answer: success closes it with the §8 message (a new intent next time); else it stays open. */
  const settle = useCallback(
    (payload: Parameters<typeof feedback.settle>[0], success: string) =>
      fresh.explainRefusal(
        feedback.settle(payload, {
          success,
          onSuccess: () => {
            intent.renew();
            setDialog(null);
          },
          onUnknown: () => void current.refetch(),
        }),
      ),
    [feedback, intent, current, fresh],
  );

  if (!id) return null;

  const header = (extra?: ReactNode) => (
    <PageHeader
      title={SUBSCRIPTIONS_MESSAGES.detailTitle}
      subtitle={
        subscription ? (
          <>
            Suscripción {subscription.id} · Entidad{' '}
            <CollectorLink collectorId={subscription.collectorId} name={subscription.collector?.name} /> ·{' '}
            <SubscriptionStatusChip status={subscription.status} />
          </>
        ) : (
          `Suscripción ${id}`
        )
      }
      actions={extra}
    />
  );

  const texts = detailGateTexts(SUBSCRIPTION_NOUN, { id, version: requestedVersion, ...NOT_FOUND });
  const gate = detailGate({ header: header(), texts, ...versioned.gate });
  if (gate || !currentSubscription) return gate;

  const shown = subscription!;
  const vars = { id: shown.id, idempotencyKey: intent.key };

  const reload = async () => {
    setBusy('RELOAD');
    try {
      if (hasAny(permissions, ['SUBSCRIPTION_UPDATE']) && shown.isCurrentVersion) {
        const { data } = await mutate(RefreshSubscriptionDocument, { id: shown.id });
        feedback.announce(data?.refreshSubscription, { success: SUBSCRIPTION_SUCCESS.refresh });
      } else {
        await current.refetch();
        feedback.announce({ outcome: 'SUCCESS' }, { success: SUBSCRIPTION_SUCCESS.refresh });
      }
    } catch (error) {
      feedback.announceError(error);
    } finally {
      setBusy(null);
    }
  };

  const run = (kind: SubscriptionActionKind) => {
    if (kind === 'FORM_LINK') {
      window.open(shown.formUrl, '_blank', 'noopener');
      return;
    }
    if (kind === 'RELOAD') {
      void reload();
      return;
    }
    const next = DIALOG_OF[kind];
    if (next) setDialog(next);
  };

  const cancelTexts = SUBSCRIPTION_ACTIONS.CANCEL.dialog!;
  const amountTexts = SUBSCRIPTION_ACTIONS.UPDATE_AMOUNT.dialog!;
  const methodTexts = SUBSCRIPTION_ACTIONS.CHANGE_PAYMENT_METHOD.dialog!;

  return (
    <Box data-testid="subscription-detail" data-subscription-id={shown.id} data-version={shown.version ?? ''}>
      {header()}
      {shown.isCurrentVersion && (
        <FreshnessNotice
          fresh={fresh}
          onShowChanges={
            hasAny(permissions, ['SUBSCRIPTION_HISTORY_SHOW']) ? () => setDialog('history') : undefined
          }
        />
      )}
      {!shown.isCurrentVersion && (
        <SubscriptionOldVersionBanner subscription={shown} currentVersion={currentSubscription.version} />
      )}
      <SubscriptionStatusBanner subscription={shown} />
      <ActionToolbar {...SUBSCRIPTION_TOOLBAR} actions={shown.toolbar} busyKind={busy} onRun={run} />
      <DetailColumns
        main={
          <>
            <SubscriptionDataSection subscription={shown} />
            <SubscriptionDatesSection subscription={shown} />
            <SubscriptionPeriodsSection subscription={shown} />
          </>
        }
        side={
          <SubscriptionPartiesSection
            subscription={shown}
            methodNames={methodNames}
            canShowCollector={hasAny(permissions, ['COLLECTOR_SHOW'])}
          />
        }
      />
      <Stack spacing={3}>
        <SubscriptionMetadataSection subscription={shown} />
        <SubscriptionNotificationsSection
          subscription={shown}
          canShowNotifications={hasAny(permissions, ['NOTIFICATION_SHOW'])}
        />
        <RecordActivity recordId={shown.id} />
      </Stack>

      {dialog === 'cancel' && (
        <ReasonDialog
          title={cancelTexts.title}
          description={cancelTexts.description(shown.id)}
          submitLabel={cancelTexts.submit}
          submitColor="error"
          onClose={close}
          onSubmit={async (reason) =>
            settle(
              (await mutate(CancelSubscriptionDocument, { ...vars, reason })).data?.cancelSubscription,
              SUBSCRIPTION_SUCCESS.cancel,
            )
          }
        />
      )}
      {dialog === 'changeMethod' && (
        <ChangePaymentMethodDialog
          title={methodTexts.title}
          description={methodTexts.description(shown.id)}
          holderName={shown.payer?.name ?? ''}
          onClose={close}
          onSubmit={async (input) =>
            settle(
              (await mutate(ChangeSubscriptionPaymentMethodDocument, { ...vars, input })).data
                ?.changeSubscriptionPaymentMethod,
              SUBSCRIPTION_SUCCESS.changePaymentMethod,
            )
          }
        />
      )}
      {dialog === 'removeMethod' && (
        <ConfirmDialog
          title="Eliminar medio de pago"
          message={`Se eliminará el medio de pago de la suscripción ${shown.id}; no se cobrará hasta que se cargue uno nuevo.`}
          confirmLabel="Eliminar"
          confirmColor="error"
          onClose={close}
          onConfirm={async () =>
            settle(
              (await mutate(RemoveSubscriptionPaymentMethodDocument, vars)).data
                ?.removeSubscriptionPaymentMethod,
              SUBSCRIPTION_SUCCESS.removePaymentMethod,
            )
          }
        />
      )}
      {dialog === 'amount' && (
        <AmountDialog
          title={amountTexts.title}
          description={amountTexts.description(shown.id)}
          submitLabel={amountTexts.submit}
          currentAmount={shown.amount}
          onClose={close}
          onSubmit={async (amount) =>
            settle(
              (await mutate(UpdateSubscriptionAmountDocument, { ...vars, amount })).data
                ?.updateSubscriptionAmount,
              SUBSCRIPTION_SUCCESS.changeAmount,
            )
          }
        />
      )}
      {dialog === 'email' && (
        <ConfirmDialog
          title="Enviar e-mail"
          message={`Se enviará al pagador${shown.payer?.email ? ` (${shown.payer.email})` : ''} el e-mail de la suscripción ${shown.id}.`}
          confirmLabel="Enviar"
          onClose={close}
          onConfirm={async () =>
            settle(
              (await mutate(SendSubscriptionEmailDocument, vars)).data?.sendSubscriptionEmail,
              SUBSCRIPTION_SUCCESS.sendEmail,
            )
          }
        />
      )}
      {dialog === 'history' && (
        <QueryVersionHistory
          document={SubscriptionHistoryDocument}
          variables={{ id: shown.id }}
          selectRows={(data) => data.subscriptionHistory}
          shownVersion={shown.version}
          currentVersion={currentSubscription.version}
          onClose={close}
          onPick={({ version }) => {
            setDialog(null);
            showVersion(version, currentSubscription.version);
          }}
          loadVersion={versionLoader(
            client,
            SubscriptionVersionDocument,
            (version) => ({ id: shown.id, version }),
            (data) => data.subscriptionVersion,
          )}
          renderStatus={(status) => <SubscriptionStatusChip status={status} />}
          diff={(left, right) => diffVersions(left, right, SUBSCRIPTION_DIFF)}
          emptyText="La suscripción no tiene versiones."
          tableLabel="Versiones de la suscripción"
        />
      )}
    </Box>
  );
}
