import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { RowEditDelete } from '@/components/actions/row-edit-delete';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ListPage } from '@/components/list-page/list-page';
import { ListSearchBar } from '@/components/list-page/list-search-bar';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { countryName } from '../bin-options';
import { BIN_NOUN, binsQuery } from '../bins-list';
import { DeleteCardBinsDocument, type CardBinRowFragment } from '../gql/graphql';
import { BulkDeleteDialog } from '../components/bulk-delete-dialog';

const permitted = (row: CardBinRowFragment, kind: 'EDIT' | 'DELETE') =>
  row.actions.some((action) => action.kind === kind && action.permitted);

/** Buscar BIN (/bin, spec 001 §2 "Card BIN screens"). */
export default function BinsScreen() {
  const page = useListPage(binsQuery);
  const { selection, retry } = page;
  const canCreate = useHasAny(['BIN_CREATE']);
  const canDelete = useHasAny(['BIN_DELETE']);
  const feedback = useMutationOutcome();
  const [deleting, setDeleting] = useState<CardBinRowFragment[] | null>(null);
  const [remove] = useMutation(DeleteCardBinsDocument);

  const confirmDelete = async (bins: CardBinRowFragment[]) => {
    const ids = bins.map((bin) => bin.id);
    const payload = (await remove({ variables: { ids, idempotencyKey: newIdempotencyKey() } })).data
      ?.deleteCardBins;
    return feedback.settle(payload, {
      success: payload?.message ?? '',
      onSuccess: () => {
        selection.deselect(ids);
        setDeleting(null);
        retry();
      },
      onUnknown: retry,
    });
  };

  const columns: DataTableColumn<CardBinRowFragment>[] = [
    { field: 'id', headerName: 'BIN', width: 90 },
    { field: 'brand', headerName: 'MARCA', flex: 1, minWidth: 120, render: (row) => row.brand.description },
    { field: 'type', headerName: 'TIPO', width: 100, render: (row) => row.type.description },
    {
      field: 'subtype',
      priority: 3,
      headerName: 'SUBTIPO',
      width: 110,
      render: (row) => row.subtype?.description ?? '—',
    },
    { field: 'country', headerName: 'PAÍS', width: 105, render: (row) => countryName(row.country) ?? '—' },
    {
      field: 'issuer',
      headerName: 'ORGANIZACIÓN',
      flex: 1.3,
      minWidth: 150,
      lines: 2,
      render: (row) => row.issuer?.description ?? '—',
    },
    {
      field: 'mediaPayment',
      headerName: 'MEDIO DE PAGO',
      width: 140,
      render: (row) => row.mediaPaymentName ?? String(row.mediaPaymentId),
    },
    { field: 'accreditationDays', headerName: 'DÍAS ACRED.', width: 100, align: 'right' },
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 96,
      align: 'center',
      render: (row) => (
        <RowEditDelete
          editTo={permitted(row, 'EDIT') ? `/bin/${row.id}` : undefined}
          editLabel={`Editar BIN ${row.id}`}
          onDelete={permitted(row, 'DELETE') ? () => setDeleting([row]) : undefined}
          deleteLabel={`Eliminar BIN ${row.id}`}
        />
      ),
    },
  ];

  return (
    <ListPage
      page={page}
      title="Buscar BIN"
      headerActions={
        canCreate ? (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/bin/-1">
            Nuevo BIN
          </Button>
        ) : undefined
      }
      filters={
        <ListSearchBar
          page={page}
          ariaLabel="Buscar BINs"
          placeholder="Número BIN, marca, tipo u organización"
          helperText="Busca por el inicio del número BIN, o por marca, tipo, subtipo u organización emisora"
        />
      }
      errorTitle="No se pudieron cargar los BINs"
      noun={BIN_NOUN}
      totalTestId="bins-total"
      bulkActions={
        canDelete && selection.selectedIds.length > 0 ? (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutline />}
            onClick={() => setDeleting(selection.selectedRows)}
          >
            Eliminar
          </Button>
        ) : undefined
      }
      table={{
        ariaLabel: 'BINs',
        columns,
        emptyMessage: 'No se encontraron BINs',
        unsorted: true,
        selectable: canDelete,
      }}
    >
      {deleting?.length === 1 && (
        <ConfirmDialog
          title="Eliminar BIN"
          message={`¿Eliminar el BIN ${deleting[0]!.id}?`}
          confirmLabel="Eliminar"
          confirmColor="error"
          onClose={() => setDeleting(null)}
          onConfirm={() => confirmDelete(deleting)}
          testId="delete-bin-dialog"
        />
      )}
      {deleting && deleting.length > 1 && (
        <BulkDeleteDialog
          bins={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => confirmDelete(deleting)}
        />
      )}
    </ListPage>
  );
}
