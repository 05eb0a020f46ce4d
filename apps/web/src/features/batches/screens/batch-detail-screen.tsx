import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { ActionToolbar } from '@/components/actions/action-toolbar';
import { detailGate, gateQuery } from '@/components/detail/detail-gate';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import { DownloadProgress } from '@/components/files';
import { PageHeader } from '@/components/layout/page-header';
import { BATCH_ACTIONS, type BatchFlowKind } from '../batch-actions';
import { BATCHES_MESSAGES } from '../batch-labels';
import { BatchActionDialogs, type BatchActionValue } from '../components/batch-action-dialogs';
import { BatchCard } from '../components/batch-card';
import { BatchRecordsCard } from '../components/batch-records';
import {
  WithdrawalBatchDocument,
  type BatchRowFragment,
  type WithdrawalBatchActionKind,
} from '../gql/graphql';
import { useBatchActions } from '../use-batch-actions';

const GROUPS = [
  { placement: 'download', title: 'DESCARGAS', testId: 'batch-downloads' },
  { placement: 'operation', title: 'OPERACIONES', testId: 'batch-operations' },
] as const;

/**
 * A batch (/lotes/lotes/{collectorId}/{id}, /lotes/lotes?collectorId=&id=, and /retiros/lotes/{collectorId}/
 * {batchId} from a payment's associated batch): its card, its downloads and operations, and its payments.
 */
export default function BatchDetailScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const collectorId = (params.collectorId ?? search.get('collectorId') ?? '').trim();
  const id = (params.id ?? params.batchId ?? search.get('id') ?? '').trim();
  const result = useQuery(WithdrawalBatchDocument, {
    variables: { collectorId, id },
    skip: !collectorId || !id,
    fetchPolicy: 'cache-and-network',
  });
  const batch = result.data?.withdrawalBatch ?? null;
  const refetch = result.refetch;
  const onChanged = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const actions = useBatchActions(onChanged);
  const flow = useBulkFlow<BatchFlowKind, BatchRowFragment, BatchActionValue>();

  const header = (
    <PageHeader
      title={`${BATCHES_MESSAGES.detailTitle} ${id}`}
      actions={actions.progress ? <DownloadProgress progress={actions.progress} /> : undefined}
    />
  );
  const gate = detailGate({
    header,
    texts: {
      loading: 'Cargando lote',
      loadError: 'No se pudo cargar el lote',
      notFoundTitle: BATCHES_MESSAGES.notFound,
      notFound: `No existe el lote ${id} de la entidad ${collectorId}.`,
      notFoundTestId: 'batch-not-found',
      listHref: '/lotes',
      listLabel: 'Ir a Lotes',
      versionMissing: '',
    },
    current: {
      ...gateQuery(result, batch !== null),
      // Without both ids nothing is asked: straight to 'not found'.
      ...(!collectorId || !id ? { loading: false, answered: true } : {}),
    },
    old: { wanted: false, found: false, loading: false },
    currentHref: '',
  });
  if (gate || !batch) return gate;

  const run = (kind: WithdrawalBatchActionKind) => {
    if (kind === 'REPROCESS' || kind === 'RE_EXPORT') flow.startSingle(kind, batch);
    else actions.download(kind, batch);
  };

  return (
    <Box component="section" aria-label={`${BATCHES_MESSAGES.detailTitle} ${batch.id}`}>
      {header}
      <ActionToolbar
        actions={batch.actions}
        registry={BATCH_ACTIONS}
        groups={GROUPS}
        onRun={run}
        ariaLabel="Acciones del lote"
        testId="batch-toolbar"
      />
      <Stack spacing={3}>
        <BatchCard batch={batch} />
        <BatchRecordsCard records={batch.records ?? []} />
      </Stack>
      <BatchActionDialogs
        control={flow}
        runSingle={(kind, row, _value, key) => actions.runSingle(kind, row, key)}
        runBulk={async () => []}
      />
    </Box>
  );
}
