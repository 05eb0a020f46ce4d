import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PaymentDetailDocument, PaymentVersionDocument, type PaymentActionKind } from '../gql/graphql';
import { useDetailActions } from '@/components/actions/detail-actions';
import { CollectorLink } from '@/components/detail/collector-link';
import { DetailColumns } from '@/components/detail/detail-columns';
import { detailGate } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice, withoutToolbarReload } from '@/components/detail/fresh-record';
import { OldVersionBanner } from '@/components/detail/old-version-banner';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';
import { useVersionedRecord } from '@/components/detail/versioned-record';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { hasAny, usePermissions } from '@/lib/permissions';
import { usePaymentMethodCatalogue } from '../hooks/use-payment-method-catalogue';
import { PAYMENT_ACTION_TABLE, type PaymentActionContext } from '../detail/payment-action-table';
import { PAYMENT_NOUN } from '../detail/payment-actions';
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
import { paymentDetailVariables } from '../payment-detail-preload';
import { paymentStateText } from '../payment-status';
import { HolderLookupButton, PaymentHeaderTools, PaymentToolbar } from '../detail/payment-toolbar';
import type { PaymentDetail } from '../detail/types';
import { recordHref } from '@/lib/record-href';

/** Where a payment that does not exist sends. */
const NOT_FOUND = { notFoundTestId: 'payment-not-found', listHref: '/pagos', listLabel: 'Ir a Buscar Pagos' };

/** The payment shown (the current version or the one asked for), its versions and its toolbar's actions. */
function usePaymentDetail(id: string) {
  const permissions = usePermissions();
  const { catalogue } = usePaymentMethodCatalogue();
  const variables = paymentDetailVariables(id, permissions);
  const { withFees, withBatch } = variables;
  const versioned = useVersionedRecord({
    current: PaymentDetailDocument,
    variables,
    recordOf: (data) => data.payment,
    version: PaymentVersionDocument,
    versionOf: (data) => data.paymentVersion,
    currentHref: recordHref('payment', { id }),
  });
  const { current, old, fresh, wantsOld, currentRecord, showVersion } = versioned;
  const payment: PaymentDetail | null = versioned.record;
  const context: PaymentActionContext = {
    guards: { withFees, withBatch },
    canRefresh: hasAny(permissions, ['PAYMENT_UPDATE']),
    catalogue,
    currentVersion: currentRecord?.version,
    showVersion,
    reloadAll: () => Promise.all([current.refetch(), wantsOld ? old.refetch() : null]),
  };
  const actions = useDetailActions(PAYMENT_ACTION_TABLE, {
    record: payment,
    context,
    refetch: current.refetch,
    stateOf: paymentStateText,
    ...fresh.forActions,
  });
  return { permissions, withBatch, versioned, payment, actions };
}

/** 'Detalle del Pago', with the payment's id and collector once read, and the header's tools (`extra`). */
function PaymentHeader({
  id,
  payment,
  extra,
}: {
  id: string;
  payment: PaymentDetail | null;
  extra?: ReactNode;
}) {
  return (
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
}

/** The payment's sections: methods and data beside its parties and links, then refunds, metadata, the rest. */
function PaymentSections({
  shown,
  permissions,
  withBatch,
  onRun,
}: {
  shown: PaymentDetail;
  permissions: readonly string[];
  withBatch: boolean;
  onRun: (kind: PaymentActionKind) => void;
}) {
  return (
    <>
      <DetailColumns
        main={
          <>
            <PaymentMethodsSection
              methods={shown.paymentMethods}
              action={<HolderLookupButton actions={shown.actions} onRun={onRun} />}
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
    </>
  );
}

/**
 * Payment detail (/pago/{id}), spec 000 §2: header, version banner, the request pending approval on it, toolbar
 * from `actions`, summary and sections.
 */
export default function PaymentDetailScreen() {
  const { id = '' } = useParams();
  const { permissions, withBatch, versioned, payment, actions } = usePaymentDetail(id);
  const { fresh, currentRecord: currentPayment, requestedVersion } = versioned;
  if (!id) return null;

  const texts = detailGateTexts(PAYMENT_NOUN, { id, version: requestedVersion, ...NOT_FOUND });
  const gate = detailGate({ header: <PaymentHeader id={id} payment={payment} />, texts, ...versioned.gate });
  if (gate || !currentPayment) return gate;

  const shown = payment!;
  const run = actions.run;
  return (
    <Box data-testid="payment-detail" data-payment-id={shown.id} data-version={shown.version ?? ''}>
      <PaymentHeader
        id={id}
        payment={payment}
        extra={
          <PaymentHeaderTools
            actions={withoutToolbarReload(fresh, shown.actions)}
            busyKind={actions.busyKind}
            onRun={run}
            checkoutUrl={shown.checkoutUrl}
          />
        }
      />
      {shown.isCurrentVersion && (
        <FreshnessNotice fresh={fresh} onShowChanges={() => actions.open('HISTORY')} />
      )}
      {!shown.isCurrentVersion && (
        <OldVersionBanner currentHref={recordHref('payment', { id: shown.id })}>
          Está viendo la versión {shown.version} del pago ({formatDateTime(shown.lastUpdateDate)}), que no es
          la actual. Las acciones solo están disponibles en la versión actual
          {currentPayment.version ? ` (versión ${currentPayment.version})` : ''}.
        </OldVersionBanner>
      )}
      <PendingApproval recordId={shown.id} />
      <PaymentToolbar actions={shown.actions} busyKind={actions.busyKind} onRun={run} />
      <PaymentSummaryCard payment={shown} />
      <PaymentSections shown={shown} permissions={permissions} withBatch={withBatch} onRun={run} />
      {actions.dialog}
    </Box>
  );
}
