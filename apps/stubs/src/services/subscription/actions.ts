/**
 * The state transitions of a subscription (spec 000 §4 "Subscriptions"). Each function checks the state
 * first (409 `invalid_status`), then the body (400/422), and applies the change as a new version.
 */
import { amountOf, requiredText, type Json } from '../../lib/body.js';
import { invalidStatus, validationError } from '../../lib/errors.js';
import { parseMethodChange } from '../../lib/method-change.js';
import type { ActionResult } from '../../lib/service.js';
import type { NewNotification, NotificationEntry } from '../notification/store.js';
import { emailPayload, type Subscription, type SubscriptionStore } from './store.js';

const nowIso = (): string => new Date().toISOString();
export const MAX_REASON_LENGTH = 500;

function notCancelled(subscription: Subscription, what: string): void {
  if (subscription.status === 'cancelled') {
    throw invalidStatus(
      'subscription_cancelled',
      `La suscripción ${subscription.id} está cancelada: no se puede ${what}.`,
    );
  }
}

/** POST refrescar: re-reads the subscription (no change, no new version). */
export function refresh(subscription: Subscription): ActionResult {
  return { status: 200, body: subscription };
}

/** POST cancelar {reason}: active | pending -> cancelled / cancelled_by_backoffice. */
export function cancel(store: SubscriptionStore, subscription: Subscription, body: Json): ActionResult {
  if (subscription.status === 'cancelled') {
    throw invalidStatus(
      'subscription_already_cancelled',
      `La suscripción ${subscription.id} ya está cancelada.`,
    );
  }
  const reason = requiredText(body.reason, 'reason_required', 'Disculpe, debe ingresar el motivo.');
  if (reason.length > MAX_REASON_LENGTH) {
    throw validationError(
      'reason_too_long',
      `El motivo no puede superar los ${MAX_REASON_LENGTH} caracteres.`,
    );
  }
  const now = nowIso();
  const cancelled = {
    status: 'cancelled',
    status_detail: 'cancelled_by_backoffice',
    cancel_reason: reason,
    cancel_date: now,
    finished_date: now,
  } as const;
  const changed = store.change(subscription.id, now, (draft) => Object.assign(draft, cancelled));
  return { status: 200, body: changed };
}

/** PUT medio-de-pago (the payments' change payload): the subscription debits the new card or CBU from now on. */
export function changePaymentMethod(
  store: SubscriptionStore,
  subscription: Subscription,
  body: Json,
): ActionResult {
  notCancelled(subscription, 'cambiar el medio de pago');
  const change = parseMethodChange(body);
  const changed = store.change(subscription.id, nowIso(), (draft) => {
    draft.payment_method = {
      media_payment_id: change.media_payment_id,
      last_four_digits: change.last_four_digits,
    };
    draft.status_detail = 'payment_method_updated';
  });
  return { status: 200, body: changed };
}

/** DELETE medio-de-pago: needs a method; the subscription waits for a new one. */
export function deletePaymentMethod(store: SubscriptionStore, subscription: Subscription): ActionResult {
  notCancelled(subscription, 'eliminar el medio de pago');
  if (subscription.payment_method === null) {
    throw invalidStatus(
      'subscription_without_payment_method',
      `La suscripción ${subscription.id} no tiene medio de pago.`,
    );
  }
  const changed = store.change(subscription.id, nowIso(), (draft) => {
    draft.payment_method = null;
    draft.status_detail = 'payment_method_removed';
  });
  return { status: 200, body: changed };
}

/** PUT importe {amount}: types subscription and adhesion, not cancelled. */
export function updateAmount(store: SubscriptionStore, subscription: Subscription, body: Json): ActionResult {
  if (subscription.type === 'plan') {
    throw invalidStatus(
      'amount_not_editable',
      `El importe de un plan no se puede modificar (suscripción ${subscription.id}).`,
    );
  }
  notCancelled(subscription, 'modificar el importe');
  const amount = typeof body.amount === 'number' ? amountOf(body.amount) : undefined;
  if (amount === undefined) {
    throw validationError(
      'invalid_amount',
      'El importe debe ser un número mayor a 0 con hasta dos decimales.',
    );
  }
  const changed = store.change(subscription.id, nowIso(), (draft) => {
    draft.amount = amount;
    draft.status_detail = 'amount_updated';
  });
  return { status: 200, body: changed };
}

/**
 * POST notificar: an e-mail to the payer (active or pending, with an e-mail), recorded in `notifications`
 * as a new version. `send` creates the notification in the notification service.
 */
export function notify(
  store: SubscriptionStore,
  subscription: Subscription,
  send: (input: NewNotification, now: string) => NotificationEntry,
): ActionResult {
  if (subscription.status !== 'active' && subscription.status !== 'pending') {
    throw invalidStatus(
      'subscription_not_notifiable',
      `Solo se notifica al pagador de una suscripción activa o pendiente (estado: ${subscription.status}).`,
    );
  }
  const to = subscription.payer.email;
  if (!to) throw validationError('payer_without_email', 'El pagador no tiene e-mail.');
  const now = nowIso();
  const notification = send(
    {
      action: 'subscription_reminder',
      signature: subscription.collector_id,
      to,
      payload: emailPayload(subscription),
      payment_id: null,
    },
    now,
  );
  store.change(subscription.id, now, (draft) => {
    draft.notifications.push(notification);
  });
  return { status: 200, body: { status: 'sent', notification } };
}
