import { codeLabel } from '../../lib/code-label';

/** What a notification to a payer was about, for every area that sends them (payments, subscriptions). */
export const NOTIFICATION_ACTION_LABELS: Readonly<Record<string, string>> = {
  payment_created: 'Pago creado',
  payment_approved: 'Pago aprobado',
  payment_rejected: 'Pago rechazado',
  payment_refunded: 'Pago devuelto',
  payment_reminder: 'Recordatorio de pago',
  download_receipts: 'Descargar comprobantes',
  payment_receipts: 'Descargar comprobantes',
  subscription_created: 'Suscripción creada',
  subscription_approved: 'Suscripción aprobada',
  subscription_reminder: 'Recordatorio de suscripción',
  subscription_cancelled: 'Suscripción cancelada',
  subscription_updated: 'Suscripción actualizada',
  payment_method_updated: 'Medio de pago actualizado',
  receipts: 'Comprobantes de pago',
};

export const notificationActionLabel = codeLabel(NOTIFICATION_ACTION_LABELS);

export const notificationChannelLabel = codeLabel({ email: 'E-mail', sms: 'SMS', push: 'Push' });

export const notificationStatusLabel = codeLabel({
  sent: 'Enviada',
  pending: 'Pendiente',
  error: 'Con error',
  failed: 'Fallida',
  success: 'Exitosa',
  delivered: 'Entregada',
  bounced: 'Rebotada',
});
