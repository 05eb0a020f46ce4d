import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import { Link as RouterLink } from 'react-router';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import { useRowActions, type DetailActionTable } from '@/components/actions/detail-actions';
import { RowEditDelete } from '@/components/actions/row-edit-delete';
import { useSubmitAction } from '@/components/actions/submit-action';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/list-page/list-page';
import { ListSearchBar } from '@/components/list-page/list-search-bar';
import { CollectorPicker, useCollectorName } from '@/components/pickers/collector-picker';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import {
  DeleteCollectorPayerReferencesDocument,
  DeletePayerReferenceDocument,
  type PayerReferenceRowFragment,
} from '../gql/graphql';
import { collectorText, referencesQuery } from '../list/references-list';
import { PAYERS_MESSAGES } from '../messages';
import { DeleteByCollectorDialog } from '../components/delete-by-collector-dialog';
import { formatIdentificationNumber } from '@backoffice/validators';
import { recordHref } from '@/lib/record-href';

const kit = detailActionKit<PayerReferenceRowFragment, { reload(): void }>();

/** A reference's row actions: 'Eliminar', confirmed with its name and collector ('Editar' is a link). */
const REFERENCE_ROW_TABLE: DetailActionTable<'DELETE', PayerReferenceRowFragment, { reload(): void }> = {
  DELETE: kit.mutation({
    meta: { label: 'Eliminar', icon: DeleteOutline },
    dialog: kit.confirm(({ record }) => ({
      title: PAYERS_MESSAGES.deleteTitle,
      message: `¿Está seguro que desea eliminar la referencia de ${record.name} (${collectorText(
        record.collectorId,
        record.collector?.name,
      )})?`,
      confirmLabel: 'Eliminar',
      confirmColor: 'error',
      testId: 'delete-reference-dialog',
    })),
    mutation: DeletePayerReferenceDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.deletePayerReference,
    success: PAYERS_MESSAGES.referenceDeleted,
    after: (_sent, _payload, { context }) => context.reload(),
  }),
};

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
  const [deletingAll, setDeletingAll] = useState(false);
  const context = useMemo(() => ({ reload }), [reload]);
  const rows = useRowActions(REFERENCE_ROW_TABLE, { context, refetch: page.refetch });
  const runRow = rows.run;
  const deleteAll = useSubmitAction({
    mutation: DeleteCollectorPayerReferencesDocument,
    variables: (chosen: { id: string }) => ({ collectorId: chosen.id }),
    payload: (data) => data.deleteCollectorPayerReferences,
    success: PAYERS_MESSAGES.referencesDeleted,
    after: () => {
      setDeletingAll(false);
      reload();
    },
    onUnknown: reload,
  });

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
            editTo={canUpdate ? recordHref('payerReferenceEdit', { id: row.id }) : undefined}
            editLabel={`Editar la referencia ${row.id}`}
            onDelete={canDelete ? () => runRow('DELETE', row) : undefined}
            deleteLabel={`Eliminar la referencia ${row.id}`}
          />
        ),
      },
    ],
    [canUpdate, canDelete, runRow],
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
      {rows.dialog}
      {deletingAll && (
        <DeleteByCollectorDialog
          initial={collector}
          onClose={() => setDeletingAll(false)}
          onDelete={deleteAll}
        />
      )}
    </ListPage>
  );
}
