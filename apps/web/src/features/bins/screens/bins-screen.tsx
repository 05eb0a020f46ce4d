import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { MULTI_DIALOG_WIDTH, ActionDialog, useDialogSubmit } from '@/components/dialogs/action-dialog';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { useListPageClamp, useListSelection, useListState } from '@/lib/list';
import { useHasAny } from '@/lib/permissions';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { countryName } from '../bin-options';
import { binsList } from '../bins-list';
import { CardBinsDocument, DeleteCardBinsDocument, type CardBinRowFragment } from '../gql/graphql';

const NO_ROWS: CardBinRowFragment[] = [];
const permitted = (row: CardBinRowFragment, kind: 'EDIT' | 'DELETE') =>
  row.actions.some((action) => action.kind === kind && action.permitted);

/** Buscar BIN (/bin, spec 001 §2 "Card BIN screens"). */
export default function BinsScreen() {
  const list = useListState(binsList);
  const { state } = list;
  const canCreate = useHasAny(['BIN_CREATE']);
  const canDelete = useHasAny(['BIN_DELETE']);
  const feedback = useMutationOutcome();
  const [search, setSearch] = useState(state.search);
  const [deleting, setDeleting] = useState<CardBinRowFragment[] | null>(null);
  const variables = useMemo(
    () => ({ search: state.search || null, page: state.page - 1, pageSize: state.pageSize }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(CardBinsDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.cardBins ?? (loading ? previousData?.cardBins : undefined);
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);
  const selection = useListSelection(list.key, rows);
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
        void refetch().catch(() => undefined);
      },
      onUnknown: () => void refetch().catch(() => undefined),
    });
  };

  const columns: DataTableColumn<CardBinRowFragment>[] = [
    { field: 'id', headerName: 'BIN', width: 90 },
    { field: 'brand', headerName: 'MARCA', flex: 1, minWidth: 120, render: (row) => row.brand.description },
    { field: 'type', headerName: 'TIPO', width: 100, render: (row) => row.type.description },
    { field: 'subtype', headerName: 'SUBTIPO', width: 110, render: (row) => row.subtype?.description ?? '—' },
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
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {permitted(row, 'EDIT') && (
            <Tooltip title="Editar">
              <IconButton
                size="small"
                component={RouterLink}
                to={`/bin/${row.id}`}
                aria-label={`Editar BIN ${row.id}`}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {permitted(row, 'DELETE') && (
            <Tooltip title="Eliminar">
              <IconButton
                size="small"
                aria-label={`Eliminar BIN ${row.id}`}
                onClick={() => setDeleting([row])}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Box component="section" aria-label="Buscar BIN">
      <PageHeader
        title="Buscar BIN"
        actions={
          canCreate ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/bin/-1">
              Nuevo BIN
            </Button>
          ) : undefined
        }
      />
      <Box
        component="form"
        role="search"
        aria-label="Buscar BINs"
        onSubmit={(event) => {
          event.preventDefault();
          list.setFilters({ search });
        }}
        sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center' }}
      >
        <TextField
          label="Buscar"
          placeholder="Número BIN o marca"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 280 }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Buscar
        </Button>
      </Box>
      {error && !loading ? (
        <ErrorAlert title="No se pudieron cargar los BINs" error={error} onRetry={() => void refetch()} />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 1,
              minHeight: 52,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" color="text.secondary" data-testid="bins-total">
              {total === undefined ? 'Cargando…' : total === 1 ? '1 BIN' : `${total} BINs`}
            </Typography>
            {selection.selectedIds.length > 0 && (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="selection-count">
                  {selection.selectedIds.length === 1
                    ? '1 BIN seleccionado'
                    : `${selection.selectedIds.length} BINs seleccionados`}
                </Typography>
                {canDelete && (
                  <Button
                    color="error"
                    variant="outlined"
                    startIcon={<DeleteOutline />}
                    onClick={() => setDeleting(selection.selectedRows)}
                  >
                    Eliminar
                  </Button>
                )}
              </>
            )}
          </Box>
          <DataTable
            ariaLabel="BINs"
            rows={rows}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={binsList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={null}
            onSortChange={() => undefined}
            loading={loading}
            emptyMessage="No se encontraron BINs"
            selectable={canDelete}
            selectedIds={selection.selectedIds}
            onSelectionChange={selection.setSelectedIds}
          />
        </Paper>
      )}
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
    </Box>
  );
}

/** Bulk 'Eliminar' (850 px, spec 001 §9): the selected BINs, then one delete of all of them. */
function BulkDeleteDialog({
  bins,
  onClose,
  onConfirm,
}: {
  bins: CardBinRowFragment[];
  onClose(): void;
  onConfirm(): Promise<ReturnType<ReturnType<typeof useMutationOutcome>['settle']>>;
}) {
  const { submit, submitting, feedback } = useDialogSubmit(onConfirm);
  return (
    <ActionDialog
      title="Eliminar BINs"
      width={MULTI_DIALOG_WIDTH}
      onClose={onClose}
      submitLabel="Eliminar"
      submitColor="error"
      submitting={submitting}
      onSubmit={() => void submit(undefined)}
      feedback={feedback}
      testId="bulk-delete-dialog"
    >
      <Typography sx={{ mb: 2 }}>¿Eliminar los {bins.length} BINs seleccionados?</Typography>
      <Box
        tabIndex={0}
        role="region"
        aria-label="BINs seleccionados"
        sx={{ maxHeight: 320, overflow: 'auto' }}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>BIN</TableCell>
              <TableCell>Marca</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell>Organización</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bins.map((bin) => (
              <TableRow key={bin.id}>
                <TableCell>{bin.id}</TableCell>
                <TableCell>{bin.brand.description}</TableCell>
                <TableCell>{bin.type.description}</TableCell>
                <TableCell>{bin.issuer?.description ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </ActionDialog>
  );
}
