import { keyHeaders } from '../../shared/inputs.js';
import type { RestClient } from '../../upstream/rest-client.js';
import type { RawNotification } from './notifications.mappers.js';

/** The body of POST /notificaciones (spec 000 §3 "Notification payload"). */
export interface NewNotificationBody {
  type: 'notification';
  action: string;
  /** The collector id. */
  signature: string;
  to: string;
  payload: { customer_name: string; [key: string]: unknown };
}

const path = (id: string, rest = '') => `/notificaciones/${encodeURIComponent(id)}${rest}`;

/** The notification service (NOTIFICATION_SERVICE_URL). Only HTTP. Paths: docs/upstream-contract.md §5. */
export class NotificationsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /notificaciones/{id}. */
  byId(id: string): Promise<RawNotification> {
    return this.client.get<RawNotification>(path(id));
  }

  /** POST /notificaciones/{id}/reenviar: the notification, retry_count + 1. */
  resend(id: string, options: { idempotencyKey?: string } = {}): Promise<RawNotification> {
    return this.client.post<RawNotification>(path(id, '/reenviar'), undefined, keyHeaders(options));
  }

  /** POST /notificaciones: 201 the notification. */
  create(body: NewNotificationBody, options: { idempotencyKey?: string } = {}): Promise<RawNotification> {
    return this.client.post<RawNotification>('/notificaciones', body, keyHeaders(options));
  }
}
