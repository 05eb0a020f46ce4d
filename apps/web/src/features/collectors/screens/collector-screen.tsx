import { useQuery } from '@apollo/client/react';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useParams } from 'react-router';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import { DetailColumns } from '@/components/detail/detail-columns';
import { recordGate } from '@/components/detail/record-gate';
import { recordHeading, type RecordNoun } from '@/components/detail/record-texts';
import { PageSection } from '@/components/layout/page-section';
import { formatAmount, formatDateTime } from '@/lib/format';
import {
  COLLECTOR_STATUS_LABELS,
  COLLECTORS_MESSAGES,
  labelOf,
  MATCH_IMPORT_LABELS,
  NO_MATCH_IMPORT,
} from '../collector-labels';
import { CollectorPageDocument } from '../gql/graphql';
import { formatCuit } from '@backoffice/validators';
import { CodeText } from '@/components/detail/code-text';
import { withdrawalStrategyLabel } from '@/lib/code-label';

const COLLECTOR: RecordNoun = { one: 'entidad', gender: 'feminine' };

/**
 * The collector page (/comercios/{collectorId}, linked from payment and subscription headers): name, signature,
 * checkout version, import match setting, withdrawal strategy, balance and the administrative detail.
 */
export default function CollectorScreen() {
  const { collectorId = '' } = useParams();
  const result = useQuery(CollectorPageDocument, {
    variables: { id: collectorId },
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'all',
  });
  const collector = result.data?.collector;
  const gate = recordGate(result, collector, {
    noun: COLLECTOR,
    id: collectorId,
    icon: <StorefrontOutlined />,
    notFoundTestId: 'collector-not-found',
  });
  if (gate || !collector) return gate;
  const balance = collector.balance;
  const detail = collector.detail;
  return (
    <PageSection label={COLLECTORS_MESSAGES.pageTitle} {...recordHeading(COLLECTOR, collector)}>
      <DetailColumns
        main={
          <DetailCard title="Datos de la entidad" testId="collector-data">
            <FieldGrid>
              <Field
                label="Firma (signature)"
                value={collector.signature}
                mono
                testId="collector-signature"
              />
              <Field
                label="Versión de checkout"
                value={collector.checkoutVersion}
                testId="collector-checkout"
              />
              <Field
                label="Importación"
                value={labelOf(MATCH_IMPORT_LABELS, collector.matchImport, NO_MATCH_IMPORT)}
                testId="collector-match-import"
              />
              <Field
                label="Estrategia de retiro"
                value={<CodeText code={collector.withdrawalStrategy} label={withdrawalStrategyLabel} />}
                testId="collector-withdrawal-strategy"
              />
              <Field label="Versión de lote" value={collector.batchVersion} />
              <Field label="CUIT" value={detail?.cuit ? formatCuit(detail.cuit) : null} mono />
              <Field label="Actividad" value={detail?.activity} />
              <Field label="Estado" value={labelOf(COLLECTOR_STATUS_LABELS, detail?.status)} />
              <Field label="Email" value={detail?.email} />
              <Field label="CBU" value={detail?.bankAccount?.cbu} mono />
              <Field label="Titular de la cuenta" value={detail?.bankAccount?.holder} />
              <Field label="Alta" value={detail?.createdDate ? formatDateTime(detail.createdDate) : null} />
              <Field label="URL de notificación" value={detail?.notificationUrl} wide />
            </FieldGrid>
          </DetailCard>
        }
        side={
          <DetailCard title="Saldo" testId="collector-balance">
            <FieldGrid min={140}>
              <Field
                label="Disponible"
                value={balance ? formatAmount(balance.available) : null}
                testId="balance-available"
              />
              <Field label="Pendiente" value={balance ? formatAmount(balance.pending) : null} />
              <Field label="Retirado" value={balance ? formatAmount(balance.withdrawn) : null} />
              <Field label="Total" value={balance ? formatAmount(balance.total) : null} />
              <Field
                label="Actualizado"
                value={balance?.lastUpdateDate ? formatDateTime(balance.lastUpdateDate) : null}
                wide
              />
            </FieldGrid>
          </DetailCard>
        }
      />
    </PageSection>
  );
}
