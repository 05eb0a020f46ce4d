import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { CollectorLink } from '@/components/detail/collector-link';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { ImportSummaryFragment } from '../gql/graphql';
import { IMPORT_STATUS_LABELS, ImportStatusChip } from '../import-labels';
import { countPhrase } from '@backoffice/validators';

const MATCHES: [keyof ImportSummaryFragment, string][] = [
  ['matchPayer', 'Pagador'],
  ['matchConcept', 'Concepto'],
  ['matchIdentification', 'Identificación'],
];

/**
 * The import card of /importacion/{id} and /conversion (spec 001 §2): status with its detail, id, amounts,
 * counts, dates, the active match filters and the collector; before confirming, how many rows confirming would
 * issue and their total.
 */
export function ImportSummary({ doc, action }: { doc: ImportSummaryFragment; action?: ReactNode }) {
  const matches = MATCHES.filter(([key]) => doc[key] === true).map(([, label]) => label);
  // A cancelled import's pending rows were never issued and never will be.
  const cancelled = doc.status === 'cancelled';
  return (
    <DetailCard title={`Importación ${doc.id}`} action={action} testId="import-summary">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <ImportStatusChip status={doc.status} statusClass={doc.statusClass} />
        {doc.statusDetail && doc.statusDetail !== IMPORT_STATUS_LABELS[doc.status] && (
          <span data-testid="import-status-detail">{doc.statusDetail}</span>
        )}
      </Box>
      {doc.status === 'pending_approved' && (
        <Box
          data-testid="import-will-issue"
          sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontWeight: 600 }}
        >
          {countPhrase(
            doc.pendingCount,
            'Al confirmar se emitirá {n} pago',
            'Al confirmar se emitirán {n} pagos',
          )}{' '}
          por {formatAmount(doc.pendingAmount)}.
        </Box>
      )}
      <FieldGrid>
        <Field label="Id" value={doc.id} mono testId="import-id" />
        <Field
          label="Entidad"
          value={<CollectorLink collectorId={doc.collectorId} name={doc.collector?.name} />}
        />
        <Field label="Archivo" value={doc.fileName} />
        <Field label="Monto emitido" value={formatAmount(doc.issuedAmount)} testId="import-issued-amount" />
        <Field
          label={cancelled ? 'Monto cancelado' : 'Monto pendiente'}
          value={formatAmount(doc.pendingAmount)}
          testId="import-pending-amount"
        />
        <Field label="Monto total" value={formatAmount(doc.totalAmount)} testId="import-total-amount" />
        <Field label="Solicitudes" value={doc.requestCount} testId="import-request-count" />
        <Field label="Emitidas" value={doc.issuedCount} testId="import-issued-count" />
        <Field
          label={cancelled ? 'Canceladas' : 'Pendientes'}
          value={doc.pendingCount}
          testId="import-pending-count"
        />
        <Field label="Con error" value={doc.errorCount} testId="import-error-count" />
        <Field label="Fecha de solicitud" value={formatDateTime(doc.requestDate)} />
        <Field label="Fecha de proceso" value={formatDateTime(doc.processDate)} />
        <Field label="Fecha de aprobación" value={formatDateTime(doc.approvedDate)} />
        <Field label="Fecha de cancelación" value={formatDateTime(doc.cancelDate)} />
        <Field
          label="Filtros activos"
          value={matches.length ? `Match por ${matches.join(', ')}` : 'Ninguno'}
        />
      </FieldGrid>
    </DetailCard>
  );
}
