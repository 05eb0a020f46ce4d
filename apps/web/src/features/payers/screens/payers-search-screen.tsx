import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { SearchListPage } from '@/components/list-page/search-list-page';
import { useHasAny } from '@/lib/permissions';
import type { PayersSearchQuery } from '../gql/graphql';
import { payersQuery } from '../list/payers-list';
import { PAYERS_MESSAGES } from '../messages';
import { recordHref } from '@/lib/record-href';

type PayerRow = NonNullable<PayersSearchQuery['payers']>['rows'][number];

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
  const canCreate = useHasAny(['PAYER_CREATE']);
  return (
    <SearchListPage
      query={payersQuery}
      texts={PAYERS_MESSAGES}
      columns={COLUMNS}
      rowHref={(id) => recordHref('payer', { id })}
      headerActions={
        canCreate ? (
          <Button component={RouterLink} to="/pagadores/nuevo" variant="contained" startIcon={<AddIcon />}>
            {PAYERS_MESSAGES.newTitle}
          </Button>
        ) : undefined
      }
    />
  );
}
