import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import { useRowActions, type DetailActionTable } from '@/components/actions/detail-actions';
import { actionButtonsColumn } from '@/components/actions/row-actions-column';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatCalendarDate } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { gatewayBatchesQuery } from '../batch-list';
import { batchColumns } from '../components/batch-columns';
import { BatchFiltersForm } from '../components/batch-filters';
import { ConciliateDialog, conciliationInput } from '../components/conciliate-dialog';
import {
  ConciliateGatewayBatchDocument,
  type GatewayBatchActionKind,
  type GatewayBatchRowFragment,
} from '../gql/graphql';

const kit = detailActionKit<GatewayBatchRowFragment, null>();

/** A gateway batch's actions (spec 001 §2): 'Conciliar', its dialog saying what will be sent. */
const GATEWAY_BATCH_ROW_TABLE: DetailActionTable<GatewayBatchActionKind, GatewayBatchRowFragment, null> = {
  CONCILIATE: kit.mutation({
    meta: { label: 'Conciliar', icon: FactCheckOutlined },
    dialog: kit.dialog(ConciliateDialog)(({ record }) => ({ batch: record })),
    mutation: ConciliateGatewayBatchDocument,
    variables: (values, { record, idempotencyKey }) => ({
      id: record.id,
      ...conciliationInput(values),
      idempotencyKey,
    }),
    payload: (data) => data.conciliateGatewayBatch,
    success: (payload) => ({ text: payload.message ?? 'Conciliación aprovada' }),
  }),
};

/** Lotes de gateways (/pagos/pago-de-servicios/gateways, spec 001 §2): the list and its reconciliation. */
export default function GatewayBatchesScreen() {
  const page = useListPage(gatewayBatchesQuery);
  const rows = useRowActions(GATEWAY_BATCH_ROW_TABLE, { context: null, refetch: page.refetch });
  const runRow = rows.run;
  const columns = useMemo<DataTableColumn<GatewayBatchRowFragment>[]>(
    () => [
      ...batchColumns<GatewayBatchRowFragment>([
        // A calendar day the service sends at midnight UTC: shown as that day, never 21:00 of the day before.
        { field: 'batchDate', headerName: 'FECHA', value: (r) => r.batchDate, format: formatCalendarDate },
      ]).slice(0, 2),
      { field: 'gatewayName', headerName: 'GATEWAY', width: 110 },
      ...batchColumns<GatewayBatchRowFragment>([]).slice(1),
      {
        field: 'description',
        priority: 3,
        headerName: 'DESCRIPCIÓN',
        flex: 1,
        // With the menu open at 1440 px every column fits: no sideways scroll hides the batch number.
        minWidth: 120,
        render: (r) => r.description ?? '',
      },
      {
        field: 'compensationAmount',
        headerName: 'COMPENSACIÓN',
        width: 125,
        align: 'right',
        render: (r) => formatAmount(r.compensationAmount),
      },
      actionButtonsColumn({
        meta: (kind) => GATEWAY_BATCH_ROW_TABLE[kind].meta,
        onRun: runRow,
        width: 125,
      }),
    ],
    [runRow],
  );
  return (
    <ListPage
      page={page}
      title="Lotes de gateways"
      subtitle="Pago de servicios"
      headerActions={
        <Button variant="outlined" component={RouterLink} to="/pagos/pago-de-servicios/transacciones">
          Ver lotes de transacciones
        </Button>
      }
      filters={<BatchFiltersForm key={page.filtersKey} {...page.filterForm} />}
      errorTitle="No se pudieron cargar los lotes de gateways"
      table={{
        ariaLabel: 'Lotes de gateways',
        columns,
        emptyMessage: 'No se encontraron lotes de gateways',
        unsorted: true,
      }}
    >
      {rows.dialog}
    </ListPage>
  );
}
