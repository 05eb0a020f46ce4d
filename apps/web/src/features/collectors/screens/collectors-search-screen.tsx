import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { SearchBar } from '@/components/layout/search-bar';
import { useListPageClamp, useListState } from '@/lib/list';
import { COLLECTORS_MESSAGES } from '../collector-labels';
import { collectorsList } from '../collectors-list';
import { CollectorsSearchDocument, type CollectorsSearchQuery } from '../gql/graphql';

type CollectorRow = CollectorsSearchQuery['collectors']['rows'][number];
const NO_ROWS: CollectorRow[] = [];

const COLUMNS: DataTableColumn<CollectorRow>[] = [
  { field: 'id', headerName: 'ID', width: 140 },
  { field: 'name', headerName: 'NOMBRE', flex: 1, minWidth: 260 },
  {
    field: 'checkoutVersion',
    headerName: 'VERSIÓN DE CHECKOUT',
    width: 200,
    render: (row) => row.checkoutVersion ?? '—',
  },
];

/** Buscar Entidades (/comercios and the home tab): collectors by name or id; rows open the collector page. */
export default function CollectorsSearchScreen() {
  const list = useListState(collectorsList);
  const { state } = list;
  const variables = useMemo(
    () => ({ search: state.search || null, page: state.page, pageSize: state.pageSize }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(CollectorsSearchDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.collectors ?? (loading ? previousData?.collectors : undefined);
  useListPageClamp(list, data ? page?.total : undefined);
  return (
    <Box component="section" aria-label={COLLECTORS_MESSAGES.searchTitle}>
      <PageHeader title={COLLECTORS_MESSAGES.searchTitle} />
      <SearchBar
        key={state.search}
        ariaLabel="Filtros de entidades"
        search={state.search}
        placeholder={COLLECTORS_MESSAGES.searchPlaceholder}
        onSubmit={(search) => list.setFilters({ search })}
        onClear={list.clear}
        inputTestId="collectors-search-input"
      />
      {error && !loading ? (
        <ErrorAlert
          title={COLLECTORS_MESSAGES.loadError}
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <DataTable
            ariaLabel="Entidades"
            rows={page?.rows ?? NO_ROWS}
            columns={COLUMNS}
            getRowId={(row) => row.id}
            rowCount={page?.total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={collectorsList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={null}
            onSortChange={() => undefined}
            loading={loading}
            emptyMessage={COLLECTORS_MESSAGES.empty}
            getRowHref={(row) => `/comercios/${encodeURIComponent(row.id)}`}
          />
        </Paper>
      )}
    </Box>
  );
}
