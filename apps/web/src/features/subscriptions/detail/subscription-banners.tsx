import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { OldVersionBanner } from '@/components/detail/old-version-banner';
import { formatDateTime } from '@/lib/format';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUS_TONES } from '../subscription-labels';
import type { SubscriptionView } from './types';
import { StatusDetailText } from '@/components/detail/code-text';
import { recordHref } from '@/lib/record-href';

/** The status banner (spec 000 §2): the status, its detail and, once cancelled, when and why. */
export function SubscriptionStatusBanner({ subscription }: { subscription: SubscriptionView }) {
  const { status } = subscription;
  const cancelled = status === 'CANCELLED';
  return (
    <Alert
      severity={SUBSCRIPTION_STATUS_TONES[status]}
      variant="outlined"
      sx={{ mb: 2, bgcolor: 'background.paper' }}
      data-testid="status-banner"
      data-status={status.toLowerCase()}
    >
      <AlertTitle sx={{ mb: subscription.statusDetail || cancelled ? 0.5 : 0 }}>
        Suscripción {SUBSCRIPTION_STATUS_LABELS[status].toLowerCase()}
      </AlertTitle>
      {subscription.statusDetail && (
        <div>
          Detalle: <StatusDetailText detail={subscription.statusDetail} />
        </div>
      )}
      {cancelled && (
        <div>
          Cancelada el {formatDateTime(subscription.cancelDate) || '—'}
          {subscription.cancelReason ? `. Motivo: ${subscription.cancelReason}` : ''}
        </div>
      )}
    </Alert>
  );
}

/** Shown on an older version, with a link back to the current one (spec 000 §2). */
export function SubscriptionOldVersionBanner({
  subscription,
  currentVersion,
}: {
  subscription: SubscriptionView;
  currentVersion: number | null | undefined;
}) {
  return (
    <OldVersionBanner currentHref={recordHref('subscription', { id: subscription.id })}>
      Está viendo la versión {subscription.version} de la suscripción (
      {formatDateTime(subscription.lastUpdateDate) || 'sin fecha'}), que no es la actual. Las acciones solo
      están disponibles en la versión actual{currentVersion ? ` (versión ${currentVersion})` : ''}.
    </OldVersionBanner>
  );
}
