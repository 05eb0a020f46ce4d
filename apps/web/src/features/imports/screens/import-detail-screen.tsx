import { useParams } from 'react-router';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { DownloadButton } from '@/components/files';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageSection } from '@/components/layout/page-section';
import { PaymentImportDetailDocument } from '../gql/graphql';
import { IMPORTS_MESSAGES } from '../import-labels';
import { ImportRowsTable } from '../components/import-rows-table';
import { ImportSummary } from '../components/import-summary';
import { ImportToolbar } from '../components/import-toolbar';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';

/** Detalle de importación (/importacion/{id}, spec 001 §2 "Import detail"). */
export default function ImportDetailScreen() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(PaymentImportDetailDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const doc = data?.paymentImport;
  const fresh = useFreshRecord(
    PaymentImportDetailDocument,
    { id },
    { data, refetch },
    (d) => d.paymentImport,
  );
  const reload = () => void refetch().catch(() => undefined);

  return (
    <PageSection
      title={IMPORTS_MESSAGES.detailTitle}
      actions={doc ? <ImportToolbar doc={doc} refetch={refetch} fresh={fresh} /> : undefined}
    >
      {doc ? <FreshnessNotice fresh={fresh} /> : null}
      {doc ? <PendingApproval recordId={doc.id} /> : null}
      {error && !doc ? (
        <ErrorAlert title="No se pudo cargar la importación" error={error} onRetry={reload} />
      ) : !doc ? (
        loading ? (
          <PageLoader />
        ) : (
          <Alert severity="warning">{IMPORTS_MESSAGES.notFound}</Alert>
        )
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <ImportSummary
            doc={doc}
            action={
              doc.errorCount > 0 ? (
                <DownloadButton
                  path={`/importaciones/${encodeURIComponent(doc.id)}/errores`}
                  label="Descargar filas con error"
                  size="small"
                  data-testid="import-download-errors"
                />
              ) : undefined
            }
          />
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <ImportRowsTable
              key={`${doc.id}:${doc.status}:${doc.issuedCount}`}
              importId={doc.id}
              importStatus={doc.status}
            />
          </Paper>
          <RecordActivity recordId={doc.id} />
        </Box>
      )}
    </PageSection>
  );
}
