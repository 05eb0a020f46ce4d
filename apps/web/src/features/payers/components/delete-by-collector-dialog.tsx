import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from '@/components/dialogs/action-dialog';
import { CollectorPicker, type CollectorRef } from '@/components/pickers/collector-picker';
import { PayerReferencesDocument } from '../gql/graphql';
import { PAYER_REFERENCE_NOUN, PAYERS_MESSAGES } from '../messages';
import { countOf } from '@backoffice/validators';

const references = (n: number) => countOf(n, PAYER_REFERENCE_NOUN);
const collectorName = (c: CollectorRef) => (c.name ? `${c.name} (${c.id})` : c.id);

/**
 * 'Eliminar por entidad' (spec 001 §2): the collector, then how many references it has (read from the list with
 * that collector), then a second confirmation naming that count before the one DELETE. A
 * collector chosen clears 'La entidad es requerida'; one with no references deletes nothing.
 */
export function DeleteByCollectorDialog({
  initial,
  onDelete,
  onClose,
}: {
  initial: CollectorRef | null;
  onDelete(collector: CollectorRef): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const [collector, setCollector] = useState<CollectorRef | null>(initial);
  const [confirming, setConfirming] = useState(false);
  const { submit, submitting, feedback, setFeedback } = useDialogSubmit(async () => {
    if (!collector) return { severity: 'error', message: PAYERS_MESSAGES.collectorRequired };
    if (!confirming) {
      setConfirming(true);
      return null;
    }
    return onDelete(collector);
  });
  const count = useQuery(PayerReferencesDocument, {
    variables: { collectorId: collector?.id ?? '', page: 1, pageSize: 1 },
    skip: !collector,
    fetchPolicy: 'network-only',
  });
  const total = collector ? count.data?.payerReferences?.total : undefined;
  const choose = (next: CollectorRef | null) => {
    setCollector(next);
    setConfirming(false);
    setFeedback(null);
  };
  return (
    <ActionDialog
      title={
        confirming ? `${PAYERS_MESSAGES.deleteByCollector}: confirmación` : PAYERS_MESSAGES.deleteByCollector
      }
      onClose={onClose}
      submitLabel={confirming && total !== undefined ? `Eliminar ${references(total)}` : 'Eliminar'}
      submitColor="error"
      submitDisabled={Boolean(collector) && !total}
      onSubmit={() => void submit(undefined)}
      submitting={submitting}
      feedback={feedback}
      testId="delete-by-collector-dialog"
    >
      {confirming && collector && total !== undefined ? (
        <Typography data-testid="delete-by-collector-confirm">
          ¿Confirma eliminar {references(total)} de {collectorName(collector)}? No se puede deshacer.
        </Typography>
      ) : (
        <>
          <Typography>{PAYERS_MESSAGES.deleteByCollectorHint}</Typography>
          <Box sx={{ mt: 2 }}>
            <CollectorPicker value={collector} onChange={choose} />
          </Box>
          {collector && count.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              No se pudo contar las referencias de la entidad. Cierre e intente nuevamente.
            </Alert>
          )}
          {collector && total !== undefined && (
            <Alert
              severity={total ? 'warning' : 'info'}
              sx={{ mt: 2 }}
              data-testid="delete-by-collector-count"
            >
              {total
                ? `Se eliminarán ${references(total)} de ${collectorName(collector)}.`
                : `${collectorName(collector)} no tiene referencias de pagadores: no hay nada que eliminar.`}
            </Alert>
          )}
        </>
      )}
    </ActionDialog>
  );
}
