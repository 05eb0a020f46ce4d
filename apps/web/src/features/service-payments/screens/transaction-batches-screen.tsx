import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { PagedListTable } from '@/components/data-table/paged-list-table';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { filtersOf, useListPageClamp, useListState } from '@/lib/list';
import { useHasAny } from '@/lib/permissions';
import { batchList, toBatchFilter } from '../batch-list';
import { batchColumns } from '../components/batch-columns';
import { BatchFiltersForm } from '../components/batch-filters';
import { TransactionBatchesDocument, type TransactionBatchesQuery } from '../gql/graphql';

type Row = TransactionBatchesQuery['transactionBatches']['rows'][number];

const LIST = batchList('service-payments.transactions');
const COLUMNS = batchColumns<Row>([
  { field: 'startDate', headerName: 'INICIO', value: (r) => r.startDate },
  { field: 'endDate', headerName: 'FIN', value: (r) => r.endDate },
]);

/** Pago de servicios (/pagos/pago-de-servicios and /transacciones, spec 001 §2): the transaction batches. */
export default function TransactionBatchesScreen() {
  const list = useListState(LIST);
  const { state } = list;
  const canSeeGateways = useHasAny(['SHOW_BATCH_DATA']);
  const variables = useMemo(
    () => ({ filter: toBatchFilter(filtersOf(state)), page: state.page, pageSize: state.pageSize }),
    [state],
  );
  const { data, previousData, loading, error } = useQuery(TransactionBatchesDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.transactionBatches ?? (loading ? previousData?.transactionBatches : undefined);
  useListPageClamp(list, data ? page?.total : undefined);
  return (
    <>
      <PageHeader
        title="Pago de servicios"
        subtitle="Lotes de transacciones"
        actions={
          canSeeGateways ? (
            <Button variant="outlined" component={RouterLink} to="/pagos/pago-de-servicios/gateways">
              Ver lotes de gateways
            </Button>
          ) : undefined
        }
      />
      <BatchFiltersForm value={filtersOf(state)} onChange={list.setFilters} onClear={list.clear} />
      {error && <ErrorAlert error={error} />}
      <PagedListTable
        ariaLabel="Lotes de transacciones"
        rows={page?.rows}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        total={page?.total}
        list={list}
        pageSizes={LIST.pageSizes}
        loading={loading}
        emptyMessage="No se encontraron lotes de transacción"
      />
    </>
  );
}
