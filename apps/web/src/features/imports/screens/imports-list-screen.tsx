import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { dataTableClasses, type DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import type { ImportSummaryFragment } from '../gql/graphql';
import { ImportStatusChip, IMPORTS_MESSAGES } from '../import-labels';
import { importsQuery } from '../imports-list';
import { ImportsFiltersForm } from '../components/imports-filters-form';
import { statusColumn } from '@/components/detail/status-chip';

const ID_CLASS = `${dataTableClasses.figures} ${dataTableClasses.key}`;

/**
 * Two imports of one collector on one day are told apart by their id and file (issue 29 item 6); at 1280 px with the
 * menu open the counts give way first, then the error count and the issued amount.
 */
const COLUMNS: DataTableColumn<ImportSummaryFragment>[] = [
  { field: 'id', headerName: 'ID', width: 76, render: (r) => <span className={ID_CLASS}>{r.id}</span> },
  {
    field: 'collector',
    headerName: 'ENTIDAD',
    flex: 1,
    minWidth: 150,
    render: (r) => r.collector?.name ?? r.collectorId,
  },
  { field: 'fileName', headerName: 'ARCHIVO', flex: 1, minWidth: 140, lines: 2 },
  {
    field: 'issuedAmount',
    priority: 2,
    headerName: 'MONTO EMITIDO',
    width: 132,
    align: 'right',
    sortable: true,
    render: (r) => formatAmount(r.issuedAmount),
  },
  {
    field: 'totalAmount',
    headerName: 'MONTO TOTAL',
    width: 128,
    align: 'right',
    sortable: true,
    render: (r) => formatAmount(r.totalAmount),
  },
  {
    field: 'requestCount',
    priority: 3,
    headerName: 'SOLICITUDES',
    width: 108,
    align: 'right',
    sortable: true,
  },
  { field: 'issuedCount', priority: 3, headerName: 'EMITIDAS', width: 92, align: 'right', sortable: true },
  { field: 'errorCount', priority: 2, headerName: 'CON ERROR', width: 100, align: 'right', sortable: true },
  {
    field: 'requestDate',
    headerName: 'FECHA DE SOLICITUD',
    width: 168,
    sortable: true,
    render: (r) => formatDateTime(r.requestDate),
  },
  // 'Pendiente de confirmación' on one line at 1280 px with the menu open (issue 47).
  statusColumn((r) => <ImportStatusChip status={r.status} statusClass={r.statusClass} />, { width: 210 }),
];

/** Importaciones (/importaciones, spec 001 §2 "Import list"): filters and page in the URL and session storage. */
export default function ImportsListScreen() {
  const page = useListPage(importsQuery);
  return (
    <ListPage
      page={page}
      title={IMPORTS_MESSAGES.listTitle}
      headerActions={
        <Button component={RouterLink} to="/importacion" variant="contained">
          Importar
        </Button>
      }
      filters={<ImportsFiltersForm key={page.filtersKey} {...page.filterForm} />}
      errorTitle={IMPORTS_MESSAGES.loadError}
      table={{
        ariaLabel: 'Importaciones',
        columns: COLUMNS,
        emptyMessage: IMPORTS_MESSAGES.emptyImports,
        getRowHref: (row) => `/importacion/${encodeURIComponent(row.id)}`,
      }}
    />
  );
}
