import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { ListPage } from '@/components/list-page/list-page';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import { transactionBatchesQuery } from '../batch-list';
import { batchColumns } from '../components/batch-columns';
import { BatchFiltersForm } from '../components/batch-filters';
import type { TransactionBatchesQuery } from '../gql/graphql';

type Row = NonNullable<TransactionBatchesQuery['transactionBatches']>['rows'][number];

const COLUMNS = batchColumns<Row>([
  { field: 'startDate', headerName: 'INICIO', value: (r) => r.startDate },
  { field: 'endDate', headerName: 'FIN', value: (r) => r.endDate },
]);

/** Pago de servicios (/pagos/pago-de-servicios and /transacciones, spec 001 §2): the transaction batches. */
export default function TransactionBatchesScreen() {
  const page = useListPage(transactionBatchesQuery);
  const canSeeGateways = useHasAny(['SHOW_BATCH_DATA']);
  return (
    <ListPage
      page={page}
      title="Pago de servicios"
      subtitle="Lotes de transacciones"
      headerActions={
        canSeeGateways ? (
          <Button variant="outlined" component={RouterLink} to="/pagos/pago-de-servicios/gateways">
            Ver lotes de gateways
          </Button>
        ) : undefined
      }
      filters={<BatchFiltersForm key={page.filtersKey} {...page.filterForm} />}
      errorTitle="No se pudieron cargar los lotes de transacciones"
      table={{
        ariaLabel: 'Lotes de transacciones',
        columns: COLUMNS,
        emptyMessage: 'No se encontraron lotes de transacción',
        unsorted: true,
      }}
    />
  );
}
