import { useMemo, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import { Link as RouterLink } from 'react-router';
import { RowEditDelete } from '@/components/actions/row-edit-delete';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ListPage } from '@/components/list-page/list-page';
import { ListSearchBar } from '@/components/list-page/list-search-bar';
import { CollectorPicker, useCollectorName } from '@/components/pickers/collector-picker';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  DeleteCollectorPayerReferencesDocument,
  DeletePayerReferenceDocument,
  type PayerReferenceRowFragment,
} from '../gql/graphql';
import { collectorText, referencesQuery } from '../list/references-list';
import { PAYERS_MESSAGES } from '../messages';
import { DeleteByCollectorDialog } from '../components/delete-by-collector-dialog';
import { formatIdentificationNumber } from '@backoffice/validators';

/**
 * Referencias de pagadores (/pagadores/referencias, 001 §2): collector filter and search; ENTIDAD (id - name),
 * NOMBRE, EMAIL, NÚMERO DE IDENTIFICACIÓN, REFERENCIA EXTERNA, ACCIONES; Crear and 'Eliminar por entidad'.
 */
export default function ReferencesScreen() {
  const page = useListPage(referencesQuery);
  const { list, state, retry: reload } = page;
  const canCreate = useHasAny(['PAYER_REFERENCE_CREATE']);
  const canUpdate = useHasAny(['PAYER_REFERENCE_UPDATE']);
  const canDelete = useHasAny(['PAYER_REFERENCE_DELETE']);
  const feedback = useMutationOutcome();
  const [deleting, setDeleting] = useState<PayerReferenceRowFragment | null>(null);
  const [deletingAll, setDeletingAll] = useState(false);
  const [deleteOne] = useMutation(DeletePayerReferenceDocument);
  const [deleteAll] = useMutation(DeleteCollectorPayerReferencesDocument);

  const collector = useCollectorName(state.collector);

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
        render: (row) =>
          formatIdentificationNumber(row.identification?.type, row.identification?.number) || '—',
      },
      {
        field: 'externalReference',
        priority: 3,
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
          <RowEditDelete
            editTo={canUpdate ? `/pagadores/referencias/${encodeURIComponent(row.id)}/editar` : undefined}
            editLabel={`Editar la referencia ${row.id}`}
            onDelete={canDelete ? () => setDeleting(row) : undefined}
            deleteLabel={`Eliminar la referencia ${row.id}`}
          />
        ),
      },
    ],
    [canUpdate, canDelete],
  );

  return (
    <ListPage
      page={page}
      title={PAYERS_MESSAGES.referencesTitle}
      headerActions={
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
      filters={
        <ListSearchBar
          page={page}
          ariaLabel="Filtros de referencias de pagadores"
          placeholder={PAYERS_MESSAGES.referencesPlaceholder}
          clearable
          inputTestId="references-search-input"
        >
          <CollectorPicker value={collector} onChange={(next) => list.setFilters({ collector: next })} />
        </ListSearchBar>
      }
      errorTitle={PAYERS_MESSAGES.referencesLoadError}
      table={{
        ariaLabel: 'Referencias de pagadores',
        columns,
        emptyMessage: PAYERS_MESSAGES.referencesEmpty,
        unsorted: true,
      }}
    >
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
    </ListPage>
  );
}
