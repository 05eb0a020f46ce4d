import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';
import { webhookResultLabel } from '@/lib/code-label';
import { collectorNotificationStatusLabel } from '../detail/labels';
import {
  ActionDialog,
  DialogFact,
  useDialogSubmit,
  type SubmitOutcome,
} from '@/components/dialogs/action-dialog';

export interface ForwardNotificationDialogProps {
  notificationUrl: string;
  /** The last webhook call, when there was one. */
  last?: { status?: string | null; statusDetail?: string | null; lastRetry?: string | null } | null;
  onSubmit(): Promise<SubmitOutcome>;
  onClose(): void;
}

/** Forward notification: sends the payment's notification again to the collector's notification_url. */
export function ForwardNotificationDialog({
  notificationUrl,
  last,
  onSubmit,
  onClose,
}: ForwardNotificationDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  return (
    <ActionDialog
      title="Reenviar notificación"
      onClose={onClose}
      submitLabel="Reenviar"
      onSubmit={() => void submit(undefined)}
      submitting={submitting}
      feedback={feedback}
      testId="forward-notification-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Se enviará nuevamente la notificación del pago a la URL de notificación de la entidad.
      </Typography>
      <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1 }}>
        <DialogFact
          label="URL de notificación"
          value={
            <Box component="span" sx={{ wordBreak: 'break-all' }}>
              {notificationUrl}
            </Box>
          }
        />
        {last && (
          <>
            <DialogFact
              label="Último envío"
              value={
                [
                  last.status ? collectorNotificationStatusLabel(last.status) : null,
                  last.statusDetail ? webhookResultLabel(last.statusDetail) : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || '—'
              }
            />
            {last.lastRetry && <DialogFact label="Fecha" value={formatDateTime(last.lastRetry)} />}
          </>
        )}
      </Box>
    </ActionDialog>
  );
}
