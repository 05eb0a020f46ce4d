import { useCallback } from 'react';
import { BatchLookup } from '../components/batch-lookup';
import { useQuery } from '@apollo/client/react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { ActionToolbar, type ToolbarDefinition } from '@/components/actions/action-toolbar';
import { detailGate, gateQuery } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { contentVersion, FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';
import { useDetailActions } from '@/components/actions/detail-actions';
import { DownloadProgress } from '@/components/files';
import { PageHeader } from '@/components/layout/page-header';
import { PageSection } from '@/components/layout/page-section';
import { BATCH_ACTIONS, BATCH_NOUN } from '../batch-actions';
import { BATCH_ACTION_TABLE } from '../batch-action-table';
import { BATCHES_MESSAGES } from '../batch-labels';
import { BatchCard } from '../components/batch-card';
import { BatchRecordsCard } from '../components/batch-records';
import { WithdrawalBatchDocument, type WithdrawalBatchActionKind } from '../gql/graphql';
import { useBatchActionContext } from '../use-batch-actions';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';

const BATCH_TOOLBAR: ToolbarDefinition<WithdrawalBatchActionKind> = {
  registry: BATCH_ACTIONS,
  groups: [
    { placement: 'download', title: 'DESCARGAS', testId: 'batch-downloads' },
    { placement: 'operation', title: 'OPERACIONES', testId: 'batch-operations' },
  ],
  ariaLabel: 'Acciones del lote',
  testId: 'batch-toolbar',
};

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
  const fresh = useFreshRecord(
    WithdrawalBatchDocument,
    { collectorId, id },
    result,
    (data) => data.withdrawalBatch,
    // A batch's `version` is its file layout ('00004'), not a record version: the batch changed when what it says did.
    { skip: !collectorId || !id, versionOf: contentVersion() },
  );
  const { refetch } = result;
  // After a write the detail reads its batch again (the answer's row does not carry its payments).
  const reread = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const { context, progress } = useBatchActionContext(reread);
  const actions = useDetailActions(BATCH_ACTION_TABLE, {
    record: batch,
    context,
    refetch: result.refetch,
    ...fresh.forActions,
  });

  const header = (
    <PageHeader
      title={`${BATCHES_MESSAGES.detailTitle} ${id}`}
      subtitle={BATCHES_MESSAGES.fileFormatNote}
      actions={progress ? <DownloadProgress progress={progress} /> : undefined}
    />
  );
  // Without a collector there is no batch to look up: ask for it.
  if (!collectorId) {
    return (
      <PageSection title={BATCHES_MESSAGES.detailTitle}>
        <BatchLookup id={id} />
      </PageSection>
    );
  }

  const gate = detailGate({
    header,
    texts: detailGateTexts(BATCH_NOUN, {
      id,
      notFound: `No existe el lote ${id} de la entidad ${collectorId}.`,
      notFoundTestId: 'batch-not-found',
      listHref: '/lotes',
      listLabel: 'Ir a Lotes',
    }),
    current: {
      ...gateQuery(result, batch !== null),
      // Without the batch id nothing is asked: straight to 'not found'.
      ...(!id ? { loading: false, answered: true } : {}),
    },
  });
  if (gate || !batch) return gate;

  return (
    <Box component="section" aria-label={`${BATCHES_MESSAGES.detailTitle} ${batch.id}`}>
      {header}
      <FreshnessNotice fresh={fresh} />
      <PendingApproval recordId={batch.id} />
      <ActionToolbar
        {...BATCH_TOOLBAR}
        actions={batch.actions}
        busyKind={actions.busyKind}
        onRun={actions.run}
      />
      <Stack spacing={3}>
        <BatchCard batch={batch} />
        <BatchRecordsCard records={batch.records ?? []} />
        <RecordActivity recordId={batch.id} />
      </Stack>
      {actions.dialog}
    </Box>
  );
}
