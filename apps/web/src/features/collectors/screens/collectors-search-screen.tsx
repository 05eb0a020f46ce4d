import type { DataTableColumn } from '@/components/data-table/data-table';
import { SearchListPage } from '@/components/list-page/search-list-page';
import { COLLECTORS_MESSAGES } from '../collector-labels';
import { collectorsQuery } from '../collectors-list';
import type { CollectorsSearchQuery } from '../gql/graphql';
import { recordHref } from '@/lib/record-href';

type CollectorRow = NonNullable<CollectorsSearchQuery['collectors']>['rows'][number];

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
  return (
    <SearchListPage
      query={collectorsQuery}
      texts={COLLECTORS_MESSAGES}
      columns={COLUMNS}
      rowHref={(collectorId) => recordHref('collector', { collectorId })}
      unsorted
    />
  );
}
