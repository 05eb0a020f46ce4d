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
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import { DownloadProgress } from '@/components/files';
import { PageHeader } from '@/components/layout/page-header';
import { PageSection } from '@/components/layout/page-section';
import { BATCH_ACTIONS, BATCH_NOUN, type BatchFlowKind } from '../batch-actions';
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
import { RecordActivity } from '@/components/detail/record-activity';

const BATCH_TOOLBAR: ToolbarDefinition<WithdrawalBatchActionKind> = {
  registry: BATCH_ACTIONS,
  groups: [
    { placement: 'download', title: 'DESCARGAS', testId: 'batch-downloads' },
    { placement: 'operation', title: 'OPERACIONES', testId: 'batch-operations' },
  ],
  // Five actions fit: each says what it does, usable or not (issue 29 item 9).
  keepLabels: true,
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
  const refetch = result.refetch;
  const onChanged = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const actions = useBatchActions(onChanged);
  const flow = useBulkFlow<BatchFlowKind, BatchRowFragment, BatchActionValue>();

  const header = (
    <PageHeader
      title={`${BATCHES_MESSAGES.detailTitle} ${id}`}
      subtitle={BATCHES_MESSAGES.fileFormatNote}
      actions={actions.progress ? <DownloadProgress progress={actions.progress} /> : undefined}
    />
  );
  // Without a collector there is no batch to look up: ask for it (issue 29 item 9).
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

  const run = (kind: WithdrawalBatchActionKind) => {
    if (kind === 'REPROCESS' || kind === 'RE_EXPORT') flow.startSingle(kind, batch);
    else actions.download(kind, batch);
  };

  return (
    <Box component="section" aria-label={`${BATCHES_MESSAGES.detailTitle} ${batch.id}`}>
      {header}
      <FreshnessNotice fresh={fresh} />
      <ActionToolbar {...BATCH_TOOLBAR} actions={batch.actions} onRun={run} />
      <Stack spacing={3}>
        <BatchCard batch={batch} />
        <BatchRecordsCard records={batch.records ?? []} />
        <RecordActivity recordId={batch.id} />
      </Stack>
      <BatchActionDialogs
        control={flow}
        // A refusal because another operator moved the batch says so (issue 30).
        runSingle={async (kind, row, _value, key) =>
          fresh.explainRefusal((await actions.runSingle(kind, row, key)) ?? null)
        }
        runBulk={async () => []}
      />
    </Box>
  );
}
