import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import {
  NotificationDetailDocument,
  ResendNotificationDocument,
  type NotificationDetailQuery,
} from '../gql/graphql';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import { useDetailActions, type DetailActionTable } from '@/components/actions/detail-actions';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageHeader } from '@/components/layout/page-header';
import { StatusPage } from '@/components/layout/status-page';
import { formatDateTime } from '@/lib/format';
import { hasAny, usePermissions } from '@/lib/permissions';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import {
  notificationActionLabel,
  notificationChannelLabel,
  notificationStatusLabel,
} from '@/components/detail/notification-labels';
import { CodeText, StatusDetailText } from '@/components/detail/code-text';
import { recordHref } from '@/lib/record-href';

const RESENT_MESSAGE = 'Notificación reenviada correctamente';

const STATUS_TONE: Record<string, 'success' | 'info' | 'error'> = {
  delivered: 'success',
  sent: 'info',
  bounced: 'error',
};

type NotificationRecord = NonNullable<NotificationDetailQuery['notification']>;

const kit = detailActionKit<NotificationRecord, null>();

/** The notification's one action, 'Reenviar' (NOTIFICATION_SEND), saying to whom. */
const NOTIFICATION_ACTION_TABLE: DetailActionTable<'RESEND', NotificationRecord, null> = {
  RESEND: kit.mutation({
    meta: { label: 'Reenviar', icon: SendOutlined },
    dialog: kit.confirm(({ record }) => ({
      title: 'Reenviar notificación',
      message: `Se reenviará la notificación a ${record.to ?? 'su destinatario'}.`,
      confirmLabel: 'Reenviar',
    })),
    mutation: ResendNotificationDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.resendNotification,
    success: RESENT_MESSAGE,
  }),
};

/** The page's title; the subtitle links to the notification's payment, 'Reenviar' when permitted and loaded. */
function NotificationHeader({
  id,
  notification,
  onResend,
}: {
  id: string;
  notification: NotificationRecord | null | undefined;
  /** Absent without NOTIFICATION_SEND. */
  onResend?: () => void;
}) {
  return (
    <PageHeader
      title="Detalle de la notificación"
      subtitle={
        notification?.paymentId ? (
          <>
            Notificación {id} · Pago{' '}
            <Link component={RouterLink} to={recordHref('payment', { id: notification.paymentId })}>
              {notification.paymentId}
            </Link>
          </>
        ) : (
          `Notificación ${id}`
        )
      }
      actions={
        onResend && notification ? (
          <Button variant="contained" startIcon={<SendOutlined />} onClick={onResend}>
            Reenviar
          </Button>
        ) : undefined
      }
    />
  );
}

/** The notification's card: its subject, recipient and status chip over every field. */
function NotificationCard({ notification }: { notification: NotificationRecord }) {
  const status = (notification.status ?? '').toLowerCase();
  return (
    <Card sx={{ mb: 3 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 3,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
          }}
          aria-hidden
        >
          <MailOutlineOutlined />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="p">
            {notification.subject ?? notificationActionLabel(notification.action)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Para{' '}
            {notification.customerName
              ? `${notification.customerName} <${notification.to ?? '—'}>`
              : (notification.to ?? '—')}
          </Typography>
        </Box>
        <Chip
          label={notificationStatusLabel(notification.status)}
          color={STATUS_TONE[status] ?? 'default'}
          variant="outlined"
          data-testid="notification-status"
        />
      </Box>
      <Box sx={{ p: 3 }}>
        <NotificationFields notification={notification} />
      </Box>
    </Card>
  );
}

function NotificationFields({ notification }: { notification: NotificationRecord }) {
  return (
    <FieldGrid>
      <Field label="Tipo" value={notification.type} />
      <Field label="Canal" value={notificationChannelLabel(notification.channel)} />
      <Field
        label="Acción"
        value={<CodeText code={notification.action} label={notificationActionLabel} />}
        testId="notification-action"
      />
      <Field label="Destinatario" value={notification.to} testId="notification-to" />
      <Field label="Fecha" value={formatDateTime(notification.createdDate)} testId="notification-date" />
      <Field label="Enviada" value={formatDateTime(notification.sentDate)} />
      <Field label="Estado" value={notificationStatusLabel(notification.status)} />
      <Field label="Detalle de estado" value={<StatusDetailText detail={notification.statusDetail} />} />
      <Field label="Entidad (signature)" value={notification.signature} mono />
      <Field label="Reintentos" value={notification.retryCount ?? 0} testId="notification-retries" />
      <Field label="Último reintento" value={formatDateTime(notification.lastRetryDate)} />
    </FieldGrid>
  );
}

/** The payload as sent, indented JSON ('—' without one). */
function PayloadCard({ payload }: { payload: NotificationRecord['payload'] }) {
  const payloadText = payload === null || payload === undefined ? '—' : JSON.stringify(payload, null, 2);
  return (
    <DetailCard title="Payload" icon={<DataObjectOutlined />} testId="notification-payload">
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 2,
          borderRadius: 2,
          bgcolor: 'grey.100',
          fontSize: '0.8rem',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {payloadText}
      </Box>
    </DetailCard>
  );
}

/** /notificacion/{id}: a notification sent to a payer, with "Reenviar" (NOTIFICATION_SEND). */
export default function NotificationScreen() {
  const { id = '' } = useParams();
  const canSend = hasAny(usePermissions(), ['NOTIFICATION_SEND']);
  const { data, loading, error, refetch } = useQuery(NotificationDetailDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const notification = data?.notification;
  const actions = useDetailActions(NOTIFICATION_ACTION_TABLE, {
    record: notification,
    context: null,
    refetch,
  });

  const header = (
    <NotificationHeader
      id={id}
      notification={notification}
      onResend={canSend ? () => actions.run('RESEND') : undefined}
    />
  );

  if (!data && loading) {
    return (
      <>
        {header}
        <PageLoader label="Cargando notificación" />
      </>
    );
  }
  if (!data && error) {
    return (
      <>
        {header}
        <ErrorAlert title="No se pudo cargar la notificación" error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  if (!notification) {
    return (
      <>
        {header}
        <StatusPage
          icon={<SearchOffOutlined />}
          title="Notificación no encontrada"
          testId="notification-not-found"
        >
          No existe una notificación con el ID {id}.
        </StatusPage>
      </>
    );
  }

  return (
    <Box data-testid="notification-detail">
      {header}
      <NotificationCard notification={notification} />
      <PayloadCard payload={notification.payload} />
      {!canSend && (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          Su usuario no tiene permiso para reenviar notificaciones.
        </Alert>
      )}
      {actions.dialog}
    </Box>
  );
}
