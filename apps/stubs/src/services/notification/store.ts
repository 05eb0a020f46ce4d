import { Collection } from '../../lib/collection.js';

/** An e-mail notification sent to a payer on behalf of a collector. */
export interface Notification {
  id: string;
  type: 'notification';
  channel: 'email';
  action: string;
  /** The collector id. */
  signature: string;
  to: string;
  payload: { customer_name: string; [key: string]: unknown };
  payment_id: string | null;
  status: 'sent' | 'delivered' | 'bounced';
  status_detail: string;
  subject: string;
  created_date: string;
  sent_date: string;
  retry_count: number;
  last_retry_date: string | null;
}

export interface NewNotification {
  action: string;
  signature: string;
  to: string;
  payload: Notification['payload'];
  payment_id?: string | null;
}

const SUBJECTS: Record<string, string> = {
  payment_created: 'Tenés un nuevo pago para realizar',
  payment_approved: 'Tu pago fue aprobado',
  payment_rejected: 'Tu pago fue rechazado',
  payment_refunded: 'Te devolvimos el dinero de tu pago',
  payment_reminder: 'Recordatorio: tenés un pago pendiente',
  receipts: 'Comprobantes de pago',
  subscription_reminder: 'Recordatorio de tu suscripción',
  subscription_created: 'Confirmá tu suscripción',
  subscription_approved: 'Tu suscripción está activa',
  subscription_cancelled: 'Tu suscripción fue cancelada',
};

/** What a payment or subscription records in its `notifications[]` for a sent e-mail. */
export interface NotificationEntry {
  id: string;
  date: string;
  type: string;
  action: string;
}

export const subjectFor = (action: string): string => SUBJECTS[action] ?? 'Notificación de pagos';

export class NotificationStore {
  readonly notifications: Collection<Notification>;
  private lastId: number;

  constructor(rows: readonly Notification[]) {
    this.notifications = new Collection(rows, {
      defaultSorts: [{ field: 'created_date', direction: 'desc' }],
    });
    this.lastId = rows.reduce((max, row) => Math.max(max, Number(row.id)), 7_000_000);
  }

  get(id: string): Notification | undefined {
    return this.notifications.get(id);
  }

  create(input: NewNotification, now: string): Notification {
    this.lastId += 1;
    const notification: Notification = {
      id: String(this.lastId),
      type: 'notification',
      channel: 'email',
      action: input.action,
      signature: input.signature,
      to: input.to,
      payload: input.payload,
      payment_id: input.payment_id ?? null,
      status: 'sent',
      status_detail: 'queued_for_delivery',
      subject: subjectFor(input.action),
      created_date: now,
      sent_date: now,
      retry_count: 0,
      last_retry_date: null,
    };
    this.notifications.put(notification);
    return notification;
  }

  /** Sends an e-mail (a new notification) and answers the entry its subject records. */
  email(input: NewNotification, now: string): NotificationEntry {
    const notification = this.create(input, now);
    return { id: notification.id, date: now, type: 'email', action: notification.action };
  }

  resend(id: string, now: string): Notification {
    const current = this.get(id);
    if (!current) throw new Error(`Notification ${id} does not exist`);
    const next: Notification = {
      ...current,
      status: 'sent',
      status_detail: 'queued_for_delivery',
      retry_count: current.retry_count + 1,
      last_retry_date: now,
      sent_date: now,
    };
    this.notifications.put(next);
    return next;
  }
}
