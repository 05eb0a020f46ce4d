import type { Notification } from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { int, obj, str } from '../../shared/values.js';

/** A notification as the notification service sends it. */
export type RawNotification = Record<string, unknown>;

/** Upstream notification -> GraphQL Notification. */
export function mapNotification(raw: RawNotification): Notification {
  const id = str(raw.id);
  if (id === null) throw new UpstreamContractError('notification without id');
  const payload = obj(raw.payload);
  return {
    id,
    type: str(raw.type),
    channel: str(raw.channel),
    action: str(raw.action),
    signature: str(raw.signature),
    to: str(raw.to),
    customerName: payload ? str(payload.customer_name) : null,
    payload: payload ?? null,
    paymentId: str(raw.payment_id) ?? (payload ? str(payload.payment_id) : null),
    status: str(raw.status),
    statusDetail: str(raw.status_detail),
    subject: str(raw.subject),
    createdDate: toIsoDate(raw.created_date),
    sentDate: toIsoDate(raw.sent_date),
    retryCount: int(raw.retry_count),
    lastRetryDate: toIsoDate(raw.last_retry_date),
  };
}
