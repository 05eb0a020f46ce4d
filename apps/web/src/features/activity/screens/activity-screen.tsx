import type { DataTableColumn } from '@/components/data-table/data-table';
import {
  ActivityOperation,
  ActivityRecords,
  ActivityResultChip,
  activityDetailText,
} from '@/components/detail/activity-cells';
import { DownloadButton } from '@/components/files';
import { ListPage } from '@/components/list-page/list-page';
import { formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { ACTIVITY_NOUN, activityCsvPath, activityQuery } from '../activity-list';
import { ActivityFiltersForm } from '../components/activity-filters-form';
import type { ActivityEventFieldsFragment } from '../gql/graphql';

const COLUMNS: DataTableColumn<ActivityEventFieldsFragment>[] = [
  { field: 'at', headerName: 'FECHA', width: 160, sortable: true, render: (row) => formatDateTime(row.at) },
  { field: 'user', headerName: 'OPERADOR', width: 120, sortable: true, render: (row) => row.user ?? '—' },
  {
    field: 'operation',
    headerName: 'ACCIÓN',
    flex: 1,
    minWidth: 170,
    sortable: true,
    render: (row) => <ActivityOperation row={row} />,
  },
  {
    field: 'recordIds',
    headerName: 'REGISTRO',
    width: 130,
    render: (row) => <ActivityRecords row={row} />,
  },
  {
    field: 'result',
    headerName: 'RESULTADO',
    width: 190,
    sortable: true,
    render: (row) => <ActivityResultChip result={row.result} />,
  },
  { field: 'reason', headerName: 'DETALLE', flex: 1, minWidth: 150, render: activityDetailText },
];

/** Actividad (/actividad): what operators did through the back-office; needs ACTIVITY_SHOW (route rule). */
export default function ActivityScreen() {
  const page = useListPage(activityQuery);
  return (
    <ListPage
      page={page}
      title="Actividad"
      headerActions={
        <DownloadButton
          path={activityCsvPath(page.filters)}
          label="Descargar CSV"
          disabled={page.total === 0}
          data-testid="activity-csv"
        />
      }
      filters={<ActivityFiltersForm key={page.filtersKey} {...page.filterForm} />}
      errorTitle="No se pudo cargar la actividad"
      noun={ACTIVITY_NOUN}
      totalTestId="activity-total"
      table={{ ariaLabel: 'Actividad', columns: COLUMNS }}
    />
  );
}
