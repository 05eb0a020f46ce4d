import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { SearchBar } from '@/components/layout/search-bar';
import {
  CollectorPicker,
  useCollectorName,
  type CollectorRef,
} from '@/components/pickers/collector-picker';
import { useListPageClamp, useListState } from '@/lib/list';
import { useHasAny } from '@/lib/permissions';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  DeleteCollectorPayerReferencesDocument,
  DeletePayerReferenceDocument,
  PayerReferencesDocument,
  type PayerReferenceRowFragment,
} from '../gql/graphql';
import { collectorText, referencesList } from '../list/references-list';
import { PAYERS_MESSAGES } from '../messages';

const NO_ROWS: PayerReferenceRowFragment[] = [];

function DeleteByCollectorDialog({
  initial,
  onDelete,
  onClose,
}: {
  initial: CollectorRef | null;
  onDelete(collector: CollectorRef): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const [collector, setCollector] = useState<CollectorRef | null>(initial);
  return (
    <ConfirmDialog
      title={PAYERS_MESSAGES.deleteByCollector}
      message={PAYERS_MESSAGES.deleteByCollectorHint}
      confirmLabel="Eliminar"
      confirmColor="error"
      testId="delete-by-collector-dialog"
      onClose={onClose}
      onConfirm={async () =>
        collector ? onDelete(collector) : { severity: 'error', message: 'La entidad es requerida' }
      }
    >
      <Box sx={{ mt: 2 }}>
        <CollectorPicker value={collector} onChange={setCollector} />
      </Box>
    </ConfirmDialog>
  );
}

/**
 * Referencias de pagadores (/pagadores/referencias, 001 §2): collector filter and search; ENTIDAD (id - name),
 * NOMBRE, EMAIL, NÚMERO DE IDENTIFICACIÓN, REFERENCIA EXTERNA, ACCIONES; Crear and 'Eliminar por entidad'.
 */
export default function ReferencesScreen() {
  const list = useListState(referencesList);
  const { state } = list;
  const canCreate = useHasAny(['PAYER_REFERENCE_CREATE']);
  const canUpdate = useHasAny(['PAYER_REFERENCE_UPDATE']);
  const canDelete = useHasAny(['PAYER_REFERENCE_DELETE']);
  const feedback = useMutationOutcome();
  const [deleting, setDeleting] = useState<PayerReferenceRowFragment | null>(null);
  const [deletingAll, setDeletingAll] = useState(false);
  const [deleteOne] = useMutation(DeletePayerReferenceDocument);
  const [deleteAll] = useMutation(DeleteCollectorPayerReferencesDocument);

  const variables = useMemo(
    () => ({
      collectorId: state.collector?.id ?? null,
      search: state.search || null,
      page: state.page,
      pageSize: state.pageSize,
    }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(PayerReferencesDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.payerReferences ?? (loading ? previousData?.payerReferences : undefined);
  useListPageClamp(list, data ? page?.total : undefined);
  const collector = useCollectorName(state.collector);
  const reload = useCallback(() => void refetch().catch(() => undefined), [refetch]);

  const columns = useMemo<DataTableColumn<PayerReferenceRowFragment>[]>(
    () => [
      {
        field: 'collector',
        headerName: 'ENTIDAD',
        flex: 1.3,
        minWidth: 220,
        render: (row) => collectorText(row.collectorId, row.collector?.name),
      },
      { field: 'name', headerName: 'NOMBRE', flex: 1, minWidth: 160 },
      { field: 'email', headerName: 'EMAIL', flex: 1.2, minWidth: 200, render: (row) => row.email ?? '—' },
      {
        field: 'identification',
        headerName: 'NÚMERO DE IDENTIFICACIÓN',
        width: 210,
        render: (row) => row.identification?.number ?? '—',
      },
      {
        field: 'externalReference',
        headerName: 'REFERENCIA EXTERNA',
        width: 170,
        render: (row) => row.externalReference ?? '—',
      },
      {
        field: 'actions',
        headerName: 'ACCIONES',
        width: 110,
        rowLink: false,
        render: (row) => (
          <Box sx={{ display: 'flex' }}>
            {canUpdate && (
              <Tooltip title="Editar">
                <IconButton
                  component={RouterLink}
                  to={`/pagadores/referencias/${encodeURIComponent(row.id)}/editar`}
                  aria-label={`Editar la referencia ${row.id}`}
                  size="small"
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip title="Eliminar">
                <IconButton
                  aria-label={`Eliminar la referencia ${row.id}`}
                  size="small"
                  onClick={() => setDeleting(row)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    [canUpdate, canDelete],
  );

  return (
    <Box component="section" aria-label={PAYERS_MESSAGES.referencesTitle}>
      <PageHeader
        title={PAYERS_MESSAGES.referencesTitle}
        actions={
          <>
            {canCreate && (
              <Button
                component={RouterLink}
                to="/pagadores/referencias/crear"
                variant="contained"
                startIcon={<AddIcon />}
              >
                Crear
              </Button>
            )}
            {canDelete && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteSweepOutlined />}
                onClick={() => setDeletingAll(true)}
              >
                {PAYERS_MESSAGES.deleteByCollector}
              </Button>
            )}
          </>
        }
      />
      <SearchBar
        key={state.search}
        ariaLabel="Filtros de referencias de pagadores"
        search={state.search}
        placeholder={PAYERS_MESSAGES.referencesPlaceholder}
        onSubmit={(search) => list.setFilters({ search })}
        onClear={list.clear}
        inputTestId="references-search-input"
      >
        <CollectorPicker value={collector} onChange={(next) => list.setFilters({ collector: next })} />
      </SearchBar>
      {error && !loading ? (
        <ErrorAlert title={PAYERS_MESSAGES.referencesLoadError} error={error} onRetry={reload} />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataTable
            ariaLabel="Referencias de pagadores"
            rows={page?.rows ?? NO_ROWS}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={page?.total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={referencesList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={null}
            onSortChange={() => undefined}
            loading={loading}
            emptyMessage={PAYERS_MESSAGES.referencesEmpty}
          />
        </Paper>
      )}
      {deleting && (
        <ConfirmDialog
          title={PAYERS_MESSAGES.deleteTitle}
          message={`¿Está seguro que desea eliminar la referencia de ${deleting.name} (${collectorText(
            deleting.collectorId,
            deleting.collector?.name,
          )})?`}
          confirmLabel="Eliminar"
          confirmColor="error"
          testId="delete-reference-dialog"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const { data: answer } = await deleteOne({ variables: { id: deleting.id } });
            return feedback.settle(answer?.deletePayerReference, {
              success: PAYERS_MESSAGES.referenceDeleted,
              onSuccess: () => {
                setDeleting(null);
                reload();
              },
              onUnknown: reload,
            });
          }}
        />
      )}
      {deletingAll && (
        <DeleteByCollectorDialog
          initial={collector}
          onClose={() => setDeletingAll(false)}
          onDelete={async (chosen) => {
            const { data: answer } = await deleteAll({ variables: { collectorId: chosen.id } });
            return feedback.settle(answer?.deleteCollectorPayerReferences, {
              success: PAYERS_MESSAGES.referencesDeleted,
              onSuccess: () => {
                setDeletingAll(false);
                reload();
              },
              onUnknown: reload,
            });
          }}
        />
      )}
    </Box>
  );
}
