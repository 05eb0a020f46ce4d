import { useMemo } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageSection } from '@/components/layout/page-section';
import { readConversion, type ConversionErrorRow } from '../conversion-cache';
import { PaymentImportDetailDocument } from '../gql/graphql';
import { IMPORTS_MESSAGES } from '../import-labels';
import { ImportSummary } from '../components/import-summary';
import { ImportToolbar } from '../components/import-toolbar';
import { recordHref } from '@/lib/record-href';

const COLUMNS: DataTableColumn<ConversionErrorRow>[] = [
  { field: 'index', headerName: 'FILA', width: 90, align: 'right' },
  {
    field: 'errors',
    headerName: 'ERRORES',
    flex: 1,
    minWidth: 300,
    lines: 2,
    render: (row) => row.errors.join('; '),
  },
];

/**
 * Detalle de conversión (/conversion, spec 001 §2 "Conversion detail"): the cached conversion result; without
 * one, back to /importacion. The import card when the converter created an import, else 'No se realizó la
 * importación, revisar los errores'; below, the error rows.
 */
export default function ConversionScreen() {
  const result = useMemo(readConversion, []);
  const navigate = useNavigate();
  const importId = result?.importId ?? null;
  const { data, error, refetch } = useQuery(PaymentImportDetailDocument, {
    variables: { id: importId ?? '' },
    skip: !importId,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  if (!result) return <Navigate to="/importacion" replace />;
  const doc = data?.paymentImport;
  const reload = () => void refetch().catch(() => undefined);

  return (
    <PageSection
      title={IMPORTS_MESSAGES.conversionTitle}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {/* Back to the form, to fix the file and try again. */}
          <Button
            component={RouterLink}
            to="/importacion"
            variant={importId ? 'outlined' : 'contained'}
            data-testid="conversion-back-to-import"
          >
            Volver a importar
          </Button>
          {importId && (
            <Button
              component={RouterLink}
              to={recordHref('import', { id: importId })}
              variant="outlined"
              data-testid="conversion-view-import"
            >
              Ver importación
            </Button>
          )}
          {doc && (
            <ImportToolbar
              doc={doc}
              refetch={refetch}
              showConfirm={false}
              onCancelled={(cancelled) => void navigate(recordHref('import', { id: cancelled.id }))}
            />
          )}
        </Box>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {!importId ? (
          <Alert severity="error" data-testid="conversion-not-imported">
            {IMPORTS_MESSAGES.notImported}
          </Alert>
        ) : error && !doc ? (
          <ErrorAlert title="No se pudo cargar la importación" error={error} onRetry={reload} />
        ) : (
          doc && <ImportSummary doc={doc} />
        )}
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataTable
            ariaLabel="Filas con errores de la conversión"
            rows={result.errorRows}
            columns={COLUMNS}
            getRowId={(row) => String(row.index)}
            rowCount={result.errorRows.length}
            page={1}
            pageSize={100}
            pageSizeOptions={[100]}
            onPageChange={() => undefined}
            sort={null}
            onSortChange={() => undefined}
            emptyMessage={IMPORTS_MESSAGES.emptyRows}
          />
        </Paper>
      </Box>
    </PageSection>
  );
}
