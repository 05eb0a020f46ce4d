import { useQuery } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageLoader } from '@/components/feedback/page-loader';
import { BATCHES_MESSAGES } from '../batch-labels';
import { WithdrawalBatchDocument, type BatchRowFragment } from '../gql/graphql';
import { BatchCard } from './batch-card';
import { BatchRecordsCard } from './batch-records';

/** The batch detail dialog (spec 001 §9: 50vw x 70vh): its card and its payments. */
export function BatchDetailDialog({ batch, onClose }: { batch: BatchRowFragment; onClose(): void }) {
  const { data, loading, error, refetch } = useQuery(WithdrawalBatchDocument, {
    variables: { collectorId: batch.collectorId, id: batch.id },
    fetchPolicy: 'cache-and-network',
  });
  const full = data?.withdrawalBatch;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="batch-detail-title"
      slotProps={{
        paper: {
          sx: { width: '50vw', minWidth: 360, height: '70vh' },
          'data-testid': 'batch-detail-dialog',
        } as object,
      }}
    >
      <DialogTitle id="batch-detail-title">{`${BATCHES_MESSAGES.detailTitle} ${batch.id}`}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <BatchCard batch={full ?? batch} />
          {full?.records ? (
            <BatchRecordsCard records={full.records} />
          ) : error ? (
            <ErrorAlert title={BATCHES_MESSAGES.loadError} error={error} onRetry={() => void refetch()} />
          ) : loading ? (
            <PageLoader label="Cargando pagos del lote" />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
