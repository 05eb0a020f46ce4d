import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import RefreshIcon from '@mui/icons-material/Refresh';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import type { FreshRecord } from '@/components/detail/fresh-record';
import type { DialogFeedback } from '@/lib/mutation-outcome';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { CancelImportDocument, ConfirmImportDocument, type ImportSummaryFragment } from '../gql/graphql';
import { IMPORTS_MESSAGES } from '../import-labels';
import { countPhrase } from '@backoffice/validators';

/**
 * The import toolbar (spec 001 §2, §4): Confirmar and Cancelar (with a reason) only while the import is
 * pending_approved, as the gateway's actions say; Recargar always. Each write's answer replaces the import.
 */
export function ImportToolbar({
  doc,
  onReload,
  onCancelled,
  reloading,
  showReload = true,
  showConfirm = true,
  explainRefusal,
}: {
  doc: ImportSummaryFragment;
  onReload(): void;
  onCancelled?(doc: ImportSummaryFragment): void;
  reloading?: boolean;
  showReload?: boolean;
  /** The conversion screen offers only Cancelar and Recargar (spec 001 §2). */
  showConfirm?: boolean;
  /** The detail's freshness: a refusal because another operator moved the import says so (issue 30). */
  explainRefusal?: FreshRecord['explainRefusal'];
}) {
  const explain = explainRefusal ?? ((answer: DialogFeedback | null) => answer);
  const [open, setOpen] = useState<'confirm' | 'cancel' | null>(null);
  const feedback = useMutationOutcome();
  const key = useIdempotencyKey();
  const [confirm] = useMutation(ConfirmImportDocument);
  const [cancel] = useMutation(CancelImportDocument);
  const action = (kind: 'CONFIRM' | 'CANCEL') => doc.actions.find((a) => a.kind === kind);
  const shown = (kind: 'CONFIRM' | 'CANCEL') => {
    const state = action(kind);
    return Boolean(state?.permitted && state.enabled);
  };
  const close = () => {
    setOpen(null);
    key.renew();
  };

  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      role="toolbar"
      aria-label="Acciones de la importación"
    >
      {showConfirm && shown('CONFIRM') && (
        <Button variant="contained" onClick={() => setOpen('confirm')} data-testid="import-confirm">
          Confirmar
        </Button>
      )}
      {shown('CANCEL') && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => setOpen('cancel')}
          data-testid="import-cancel"
        >
          Cancelar
        </Button>
      )}
      {showReload && (
        <Tooltip title="Volver a leer la importación">
          <span>
            <Button
              startIcon={<RefreshIcon />}
              onClick={onReload}
              disabled={reloading}
              data-testid="import-reload"
            >
              Recargar
            </Button>
          </span>
        </Tooltip>
      )}
      {open === 'confirm' && (
        <ConfirmDialog
          title="Confirmar importación"
          message={`${countPhrase(doc.pendingCount, 'Se emitirá {n} pago.', 'Se emitirán {n} pagos.')} ¿Desea confirmar la importación ${doc.id}?`}
          onConfirm={async () => {
            const result = await confirm({ variables: { id: doc.id, idempotencyKey: key.key } });
            return explain(
              feedback.settle(result.data?.confirmImport, {
                success: IMPORTS_MESSAGES.confirmed,
                onSuccess: close,
                onUnknown: onReload,
              }),
            );
          }}
          onClose={close}
          testId="import-confirm-dialog"
        />
      )}
      {open === 'cancel' && (
        <ReasonDialog
          title="Cancelar importación"
          description={`La importación ${doc.id} no emitirá pagos.`}
          submitLabel="Cancelar importación"
          submitColor="error"
          onSubmit={async (reason) => {
            const result = await cancel({ variables: { id: doc.id, reason, idempotencyKey: key.key } });
            const payload = result.data?.cancelImport;
            return explain(
              feedback.settle(payload, {
                success: IMPORTS_MESSAGES.cancelled,
                onSuccess: () => {
                  close();
                  if (payload?.paymentImport) onCancelled?.(payload.paymentImport);
                },
                onUnknown: onReload,
              }),
            );
          }}
          onClose={close}
          testId="import-cancel-dialog"
        />
      )}
    </Box>
  );
}
