import { useCallback, useMemo, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { actionButtonsColumn } from '@/components/actions/row-actions-column';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatCalendarDate } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { gatewayBatchesQuery } from '../batch-list';
import { batchColumns } from '../components/batch-columns';
import { BatchFiltersForm } from '../components/batch-filters';
import { ConciliateDialog, conciliationInput, type ConciliateValues } from '../components/conciliate-dialog';
import { ConciliateGatewayBatchDocument, type GatewayBatchRowFragment } from '../gql/graphql';

const CONCILIATE = { label: 'Conciliar', icon: FactCheckOutlined };

function ConciliateFlow({ batch, onDone }: { batch: GatewayBatchRowFragment; onDone(): void }) {
  const [conciliate] = useMutation(ConciliateGatewayBatchDocument);
  const feedback = useMutationOutcome();
  const key = useIdempotencyKey();
  const submit = useCallback(
    async (values: ConciliateValues) => {
      const result = await conciliate({
        variables: {
          id: batch.id,
          ...conciliationInput(values),
          idempotencyKey: key.key,
        },
      });
      return feedback.settle(result.data?.conciliateGatewayBatch, {
        success: result.data?.conciliateGatewayBatch.message ?? 'Conciliación aprovada',
        onSuccess: onDone,
      });
    },
    [conciliate, batch.id, key.key, feedback, onDone],
  );
  return <ConciliateDialog batch={batch} onSubmit={submit} onClose={onDone} />;
}

/** Lotes de gateways (/pagos/pago-de-servicios/gateways, spec 001 §2): the list and its reconciliation. */
export default function GatewayBatchesScreen() {
  const page = useListPage(gatewayBatchesQuery);
  const [open, setOpen] = useState<GatewayBatchRowFragment | null>(null);
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
      actionButtonsColumn({ meta: () => CONCILIATE, onRun: (_kind, row) => setOpen(row), width: 125 }),
    ],
    [],
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
      {open && <ConciliateFlow batch={open} onDone={() => setOpen(null)} />}
    </ListPage>
  );
}
