import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CollectorLink } from '@/components/detail/collector-link';
import { DetailColumns } from '@/components/detail/detail-columns';
import { detailGate } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice, withoutToolbarReload } from '@/components/detail/fresh-record';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';
import { useVersionedRecord } from '@/components/detail/versioned-record';
import { ActionToolbar, OPERATIONS_GROUP, type ToolbarDefinition } from '@/components/actions/action-toolbar';
import { useDetailActions } from '@/components/actions/detail-actions';
import { PageHeader } from '@/components/layout/page-header';
import { hasAny, usePermissions } from '@/lib/permissions';
import { SubscriptionOldVersionBanner, SubscriptionStatusBanner } from '../detail/subscription-banners';
import {
  SUBSCRIPTION_ACTION_TABLE,
  SUBSCRIPTION_DETAIL_REGISTRY,
  type SubscriptionActionContext,
} from '../detail/subscription-action-table';
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
import {
  SubscriptionByIdDocument,
  SubscriptionVersionDocument,
  type SubscriptionActionKind,
} from '../gql/graphql';
import { SUBSCRIPTIONS_MESSAGES } from '../messages';
import { SUBSCRIPTION_NOUN } from '../subscription-actions';
import { subscriptionStateText } from '../subscription-labels';
import { useMethodNames } from '../use-method-names';
import { recordHref } from '@/lib/record-href';

const SUBSCRIPTION_TOOLBAR: ToolbarDefinition<SubscriptionActionKind> = {
  registry: SUBSCRIPTION_DETAIL_REGISTRY,
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

/** Subscription detail (/suscripcion/{id}), spec 000 §2: header, banners, toolbar from `actions`, sections. */
export default function SubscriptionDetailScreen() {
  const { id = '' } = useParams();
  const permissions = usePermissions();
  const methodNames = useMethodNames();

  const versioned = useVersionedRecord({
    current: SubscriptionByIdDocument,
    // As its route's preload asks (subscription-detail-preload.ts): the screen takes that answer over.
    variables: { id },
    recordOf: (data) => data.subscription,
    version: SubscriptionVersionDocument,
    versionOf: (data) => data.subscriptionVersion,
    currentHref: recordHref('subscription', { id }),
  });
  const { current, fresh, currentRecord: currentSubscription, requestedVersion, showVersion } = versioned;
  const subscription: SubscriptionView | null = versioned.record;

  const context: SubscriptionActionContext = {
    canRefresh: hasAny(permissions, ['SUBSCRIPTION_UPDATE']),
    currentVersion: currentSubscription?.version,
    showVersion,
  };
  const actions = useDetailActions(SUBSCRIPTION_ACTION_TABLE, {
    record: subscription,
    context,
    refetch: current.refetch,
    stateOf: subscriptionStateText,
    ...fresh.forActions,
  });

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

  return (
    <Box data-testid="subscription-detail" data-subscription-id={shown.id} data-version={shown.version ?? ''}>
      {header()}
      {shown.isCurrentVersion && (
        <FreshnessNotice
          fresh={fresh}
          onShowChanges={
            hasAny(permissions, ['SUBSCRIPTION_HISTORY_SHOW']) ? () => actions.open('HISTORY') : undefined
          }
        />
      )}
      {!shown.isCurrentVersion && (
        <SubscriptionOldVersionBanner subscription={shown} currentVersion={currentSubscription.version} />
      )}
      <SubscriptionStatusBanner subscription={shown} />
      <PendingApproval recordId={shown.id} />
      <ActionToolbar
        {...SUBSCRIPTION_TOOLBAR}
        actions={withoutToolbarReload(fresh, shown.toolbar)}
        busyKind={actions.busyKind}
        onRun={actions.run}
      />
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

      {actions.dialog}
    </Box>
  );
}
