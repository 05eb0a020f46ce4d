import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PaymentDetailDocument, PaymentVersionDocument } from '../gql/graphql';
import { useDetailActions } from '@/components/actions/detail-actions';
import { CollectorLink } from '@/components/detail/collector-link';
import { DetailColumns } from '@/components/detail/detail-columns';
import { detailGate } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice, withoutToolbarReload } from '@/components/detail/fresh-record';
import { RecordActivity } from '@/components/detail/record-activity';
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

/** Where a payment that does not exist sends. */
const NOT_FOUND = { notFoundTestId: 'payment-not-found', listHref: '/pagos', listLabel: 'Ir a Buscar Pagos' };

/** Payment detail (/pago/{id}), spec 000 §2: header, version banner, toolbar from `actions`, summary and sections. */
export default function PaymentDetailScreen() {
  const { id = '' } = useParams();
  const permissions = usePermissions();
  const { catalogue } = usePaymentMethodCatalogue();

  const variables = paymentDetailVariables(id, permissions);
  const { withFees, withBatch } = variables;
  const canRefresh = hasAny(permissions, ['PAYMENT_UPDATE']);
  const guards = { withFees, withBatch };

  const versioned = useVersionedRecord({
    current: PaymentDetailDocument,
    variables,
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

  const context: PaymentActionContext = {
    guards,
    canRefresh,
    catalogue,
    currentVersion: currentPayment?.version,
    showVersion,
    reloadAll: () => Promise.all([current.refetch(), wantsOldVersion ? old.refetch() : null]),
  };
  const actions = useDetailActions(PAYMENT_ACTION_TABLE, {
    record: payment,
    context,
    refetch: current.refetch,
    stateOf: paymentStateText,
    ...fresh.forActions,
  });

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
  const run = actions.run;

  return (
    <Box data-testid="payment-detail" data-payment-id={shown.id} data-version={shown.version ?? ''}>
      {header(
        <PaymentHeaderTools
          actions={withoutToolbarReload(fresh, shown.actions)}
          busyKind={actions.busyKind}
          onRun={run}
          checkoutUrl={shown.checkoutUrl}
        />,
      )}

      {shown.isCurrentVersion && (
        <FreshnessNotice fresh={fresh} onShowChanges={() => actions.open('HISTORY')} />
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

      <PaymentToolbar actions={shown.actions} busyKind={actions.busyKind} onRun={run} />
      <PaymentSummaryCard payment={shown} />

      <DetailColumns
        main={
          <>
            <PaymentMethodsSection
              methods={shown.paymentMethods}
              action={<HolderLookupButton actions={shown.actions} onRun={run} />}
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

      {actions.dialog}
    </Box>
  );
}
