import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';
import { webhookResultLabel } from '@/lib/code-label';
import { collectorNotificationStatusLabel } from '../detail/labels';
import { DialogFact } from '@/components/dialogs/action-dialog';
import { SubmitDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';

export interface ForwardNotificationDialogProps extends DialogHandlers<void> {
  notificationUrl: string;
  /** The last webhook call, when there was one. */
  last?: { status?: string | null; statusDetail?: string | null; lastRetry?: string | null } | null;
}

/** Forward notification: sends the payment's notification again to the collector's notification_url. */
export function ForwardNotificationDialog({
  notificationUrl,
  last,
  onSubmit,
  onClose,
}: ForwardNotificationDialogProps) {
  return (
    <SubmitDialog
      title="Reenviar notificación"
      onClose={onClose}
      submitLabel="Reenviar"
      onSubmit={onSubmit}
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
    </SubmitDialog>
  );
}
