import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { SearchBar } from '@/components/layout/search-bar';
import { ListPage } from '@/components/list-page/list-page';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import type { PayersSearchQuery } from '../gql/graphql';
import { payersQuery } from '../list/payers-list';
import { PAYERS_MESSAGES } from '../messages';

type PayerRow = PayersSearchQuery['payers']['rows'][number];

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
  const page = useListPage(payersQuery);
  const { list, state } = page;
  const canCreate = useHasAny(['PAYER_CREATE']);
  return (
    <ListPage
      page={page}
      title={PAYERS_MESSAGES.searchTitle}
      headerActions={
        canCreate ? (
          <Button component={RouterLink} to="/pagadores/nuevo" variant="contained" startIcon={<AddIcon />}>
            {PAYERS_MESSAGES.newTitle}
          </Button>
        ) : undefined
      }
      filters={
        <SearchBar
          key={state.search}
          ariaLabel="Filtros de pagadores"
          search={state.search}
          placeholder={PAYERS_MESSAGES.searchPlaceholder}
          onSubmit={(search) => list.setFilters({ search })}
          onClear={list.clear}
          inputTestId="payers-search-input"
        />
      }
      errorTitle={PAYERS_MESSAGES.loadError}
      table={{
        ariaLabel: 'Pagadores',
        columns: COLUMNS,
        emptyMessage: PAYERS_MESSAGES.empty,
        getRowHref: (row) => `/pagadores/${encodeURIComponent(row.id)}`,
      }}
    />
  );
}
