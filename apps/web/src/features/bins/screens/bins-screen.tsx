import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import { useRowActions, type DetailActionTable } from '@/components/actions/detail-actions';
import { RowEditDelete } from '@/components/actions/row-edit-delete';
import { useSubmitAction } from '@/components/actions/submit-action';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/list-page/list-page';
import { ListSearchBar } from '@/components/list-page/list-search-bar';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import { countryName } from '../bin-options';
import { BIN_NOUN, binsQuery } from '../bins-list';
import { DeleteCardBinsDocument, type CardBinRowFragment } from '../gql/graphql';
import { BulkDeleteDialog } from '../components/bulk-delete-dialog';
import { recordHref } from '@/lib/record-href';

const permitted = (row: CardBinRowFragment, kind: 'EDIT' | 'DELETE') =>
  row.actions.some((action) => action.kind === kind && action.permitted);

/** What the list gives a BIN's actions: the BINs deleted leave the selection and the list is read again. */
interface BinRowContext {
  deleted(ids: readonly string[]): void;
}

const kit = detailActionKit<CardBinRowFragment, BinRowContext>();

/** A BIN's row actions: 'Eliminar', confirmed with its number ('Editar' is a link). */
const BIN_ROW_TABLE: DetailActionTable<'DELETE', CardBinRowFragment, BinRowContext> = {
  DELETE: kit.mutation({
    meta: { label: 'Eliminar', icon: DeleteOutline },
    dialog: kit.confirm(({ record }) => ({
      title: 'Eliminar BIN',
      message: `¿Eliminar el BIN ${record.id}?`,
      confirmLabel: 'Eliminar',
      confirmColor: 'error',
      testId: 'delete-bin-dialog',
    })),
    mutation: DeleteCardBinsDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ ids: [record.id], idempotencyKey }),
    payload: (data) => data.deleteCardBins,
    success: (payload) => ({ text: payload.message ?? '' }),
    after: (_sent, _payload, { record, context }) => context.deleted([record.id]),
  }),
};

/** Buscar BIN (/bin, spec 001 §2 "Card BIN screens"). */
export default function BinsScreen() {
  const page = useListPage(binsQuery);
  const { selection, retry } = page;
  const canCreate = useHasAny(['BIN_CREATE']);
  const canDelete = useHasAny(['BIN_DELETE']);
  const [deleting, setDeleting] = useState<CardBinRowFragment[] | null>(null);
  const { deselect } = selection;
  const context = useMemo<BinRowContext>(
    () => ({
      deleted: (ids) => {
        deselect([...ids]);
        retry();
      },
    }),
    [deselect, retry],
  );
  const rows = useRowActions(BIN_ROW_TABLE, { context, refetch: page.refetch });
  // The selection's 'Eliminar': one delete of every BIN listed, one key while the same BINs are sent again.
  const removeMany = useSubmitAction({
    mutation: DeleteCardBinsDocument,
    variables: (bins: readonly CardBinRowFragment[]) => ({ ids: bins.map((bin) => bin.id) }),
    payload: (data) => data.deleteCardBins,
    success: (payload) => payload.message ?? '',
    after: (_payload, bins) => {
      setDeleting(null);
      context.deleted(bins.map((bin) => bin.id));
    },
    onUnknown: retry,
  });
  const deleteSelected = () => {
    const [only, ...more] = selection.selectedRows;
    if (only && more.length === 0) rows.run('DELETE', only);
    else setDeleting(selection.selectedRows);
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
    // The form's and the spec's name, on two lines (not 'DÍAS ACRED.').
    { field: 'accreditationDays', headerName: 'DÍA DE ACREDITACIÓN', width: 106, align: 'right' },
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 96,
      align: 'center',
      render: (row) => (
        <RowEditDelete
          editTo={permitted(row, 'EDIT') ? recordHref('bin', { id: row.id }) : undefined}
          editLabel={`Editar BIN ${row.id}`}
          onDelete={permitted(row, 'DELETE') ? () => rows.run('DELETE', row) : undefined}
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
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={recordHref('bin', { id: '-1' })}
          >
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
          <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={deleteSelected}>
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
      {rows.dialog}
      {deleting && (
        <BulkDeleteDialog
          bins={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => removeMany(deleting)}
        />
      )}
    </ListPage>
  );
}
