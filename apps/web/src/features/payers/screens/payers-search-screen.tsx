import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { SearchBar } from '@/components/layout/search-bar';
import { fromTableSort, toTableSort, useListPageClamp, useListState } from '@/lib/list';
import { useHasAny } from '@/lib/permissions';
import { PayersSearchDocument, type PayersSearchQuery } from '../gql/graphql';
import { payersList } from '../list/payers-list';
import { PAYERS_MESSAGES } from '../messages';

type PayerRow = PayersSearchQuery['payers']['rows'][number];
const NO_ROWS: PayerRow[] = [];

const COLUMNS: DataTableColumn<PayerRow>[] = [
  { field: 'id', headerName: 'IDENTIFICADOR', width: 180, sortable: true },
  { field: 'name', headerName: 'NOMBRE', flex: 1, minWidth: 200, sortable: true },
  {
    field: 'email',
    headerName: 'EMAIL',
    flex: 1,
    minWidth: 220,
    sortable: true,
    render: (row) => row.email ?? '—',
  },
];

/** Buscar Pagadores (/pagadores and the home tab, spec 000 §2): a search, then IDENTIFICADOR, NOMBRE, EMAIL. */
export default function PayersSearchScreen() {
  const list = useListState(payersList);
  const { state } = list;
  const canCreate = useHasAny(['PAYER_CREATE']);
  const variables = useMemo(
    () => ({
      search: state.search || null,
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort,
    }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(PayersSearchDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.payers ?? (loading ? previousData?.payers : undefined);
  useListPageClamp(list, data ? page?.total : undefined);

  return (
    <Box component="section" aria-label={PAYERS_MESSAGES.searchTitle}>
      <PageHeader
        title={PAYERS_MESSAGES.searchTitle}
        actions={
          canCreate ? (
            <Button component={RouterLink} to="/pagadores/nuevo" variant="contained" startIcon={<AddIcon />}>
              {PAYERS_MESSAGES.newTitle}
            </Button>
          ) : undefined
        }
      />
      <SearchBar
        key={state.search}
        ariaLabel="Filtros de pagadores"
        search={state.search}
        placeholder={PAYERS_MESSAGES.searchPlaceholder}
        onSubmit={(search) => list.setFilters({ search })}
        onClear={list.clear}
        inputTestId="payers-search-input"
      />
      {error && !loading ? (
        <ErrorAlert
          title={PAYERS_MESSAGES.loadError}
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataTable
            ariaLabel="Pagadores"
            rows={page?.rows ?? NO_ROWS}
            columns={COLUMNS}
            getRowId={(row) => row.id}
            rowCount={page?.total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={payersList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={toTableSort(payersList, state.sort)}
            onSortChange={(sort) => list.setSort(fromTableSort(payersList, sort))}
            loading={loading}
            emptyMessage={PAYERS_MESSAGES.empty}
            getRowHref={(row) => `/pagadores/${encodeURIComponent(row.id)}`}
          />
        </Paper>
      )}
    </Box>
  );
}
