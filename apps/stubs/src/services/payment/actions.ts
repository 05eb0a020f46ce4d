/**
 * The state transitions of a payment (spec 000 §4). Each function validates the request, applies the
 * change as a new version and returns the answer. Errors: 409 `invalid_status` when the state does not
 * allow the action, 422 `validation_error` when the values are not acceptable.
 */
import { amountOf, requiredText, type Json } from '../../lib/body.js';
import { DAY_MS } from '../../lib/dates.js';
import { parseMethodChange } from '../../lib/method-change.js';
import { badRequest, invalidStatus, validationError } from '../../lib/errors.js';
import type { ActionResult } from '../../lib/service.js';
import type { Payment, PaymentMethod, PaymentStore, Refund } from './store.js';

const round2 = (value: number): number => Math.round(value * 100) / 100;
const nowIso = (): string => new Date().toISOString();

const argentineDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });

/** Overdue (spec 000 §4): the last due date is a day earlier than today, both in Argentine time. */
const isOverdue = (payment: Payment, now: number): boolean =>
  payment.status === 'overdue' ||
  (payment.last_due_date !== null &&
    argentineDay.format(Date.parse(payment.last_due_date)) < argentineDay.format(now));

function reasonOf(body: Json): string {
  return requiredText(body.reason, 'reason_required', 'Disculpe, debe ingresar el motivo.');
}

function retryActive(payment: Payment): boolean {
  return !payment.presets.actions.some((action) => action.name === 'retry' && !action.active);
}

function refundedSoFar(payment: Payment): number {
  return round2(
    payment.refunds
      .filter((refund) => refund.status === 'approved')
      .reduce((sum, refund) => sum + refund.amount, 0),
  );
}

/** pending | issued -> rejected / cancelled_by_backoffice (the platform has no "cancelled" payment status). */
export function cancel(store: PaymentStore, payment: Payment, body: Json): ActionResult {
  const reason = reasonOf(body);
  if (payment.status !== 'pending' && payment.status !== 'issued') {
    throw invalidStatus(
      'payment_not_cancellable',
      `El pago en estado ${payment.status} no se puede cancelar.`,
    );
  }
  const now = nowIso();
  const changed = store.change(payment.id, now, (draft) => {
    draft.status = 'rejected';
    draft.status_detail = 'cancelled_by_backoffice';
    draft.cancel_date = now;
    draft.rejected_date = now;
    draft.metadata = { ...draft.metadata, cancel_reason: reason };
    draft.presets.actions = draft.presets.actions.map((action) =>
      action.name === 'retry' ? { ...action, active: false } : action,
    );
    for (const method of draft.payment_methods) {
      method.gateway.status = 'cancelled';
      method.gateway.status_detail = 'cancelled_by_backoffice';
    }
  });
  store.simulation.delete(payment.id);
  return { status: 200, body: changed };
}

/** objected -> approved / objection_cancelled. */
export function cancelObjection(store: PaymentStore, payment: Payment, body: Json): ActionResult {
  const reason = reasonOf(body);
  if (payment.status !== 'objected') {
    throw invalidStatus('payment_not_objected', `El pago en estado ${payment.status} no tiene una objeción.`);
  }
  const changed = store.change(payment.id, nowIso(), (draft) => {
    draft.status = 'approved';
    draft.status_detail = 'objection_cancelled';
    draft.metadata = { ...draft.metadata, objection_cancel_reason: reason };
    for (const method of draft.payment_methods) {
      method.gateway.status = 'approved';
      method.gateway.status_detail = 'accredited';
    }
  });
  return { status: 200, body: changed };
}

/** The "Payment-method change payload" of spec 000 §3: a card (DNI_ARG) or a CBU transfer (CUIT_ARG). */
export function changePaymentMethod(store: PaymentStore, payment: Payment, body: Json): ActionResult {
  if (payment.status !== 'issued') {
    throw invalidStatus(
      'payment_method_not_changeable',
      `Solo se puede cambiar el medio de pago de un pago emitido (estado actual: ${payment.status}).`,
    );
  }
  const change = parseMethodChange(body);
  const method: PaymentMethod = {
    media_payment_id: change.media_payment_id,
    media_payment_detail: change.media_payment_detail,
    coupon_number: null,
    first_six_digits: change.first_six_digits,
    last_four_digits: change.last_four_digits,
    expiration_month: change.expiration_month,
    expiration_year: change.expiration_year,
    promotion_id: null,
    amount: payment.final_amount,
    final_amount: payment.final_amount,
    currency_id: 'ARS',
    installments: 1,
    authorization_code: null,
    type: change.kind === 'cbu' ? 'debit' : payment.type === 'qr' ? 'qr' : 'online',
    currency_conversion_info: null,
    gateway: {
      batch_number: null,
      ticket_number: null,
      transaction_id: null,
      status: 'pending',
      status_detail: 'pending_contingency',
      ppt_owner: change.ppt_owner,
    },
  };
  const changed = store.change(payment.id, nowIso(), (draft) => {
    draft.payment_methods = [method];
    draft.status_detail = 'payment_method_updated';
  });
  store.holders.set(payment.id, [
    { holder_name: change.holderName.toUpperCase(), holder_id: change.holderId },
  ]);
  return { status: 200, body: changed };
}

/**
 * rejected (not overdue, retry preset not inactive) -> code A: pending with the same method;
 * code B: issued, waiting for a new method.
 */
export function retry(store: PaymentStore, payment: Payment, body: Json): ActionResult {
  const code = body.code;
  if (code !== 'A' && code !== 'B') {
    throw validationError(
      'invalid_retry_code',
      'El código de reintento debe ser A (mismo medio) o B (modificarlo).',
    );
  }
  if (payment.status !== 'rejected') {
    throw invalidStatus(
      'payment_not_retryable',
      `Solo se reintentan pagos rechazados (estado: ${payment.status}).`,
    );
  }
  if (isOverdue(payment, Date.now())) {
    throw invalidStatus('payment_overdue', 'El pago está vencido y no se puede reintentar.');
  }
  if (!retryActive(payment)) {
    throw invalidStatus('retry_disabled', 'El reintento está deshabilitado para este pago.');
  }
  if (code === 'A' && payment.payment_methods.length === 0) {
    throw validationError('payment_method_required', 'El pago no tiene un medio de pago para reintentar.');
  }
  if (code === 'A' && payment.status_detail === 'cc_rejected_card_expired') {
    throw validationError('card_expired', 'La tarjeta está vencida: hay que modificar el medio de pago.');
  }
  const changed = store.change(payment.id, nowIso(), (draft) => {
    draft.status = code === 'A' ? 'pending' : 'issued';
    draft.status_detail = code === 'A' ? 'retry_same_payment_method' : 'waiting_payment_method';
    draft.process_date = null;
    for (const method of draft.payment_methods) {
      method.gateway.status = 'pending';
      method.gateway.status_detail = 'pending_contingency';
      method.gateway.transaction_id = null;
    }
  });
  if (code === 'A') {
    store.simulation.set(payment.id, {
      ...store.simulation.get(payment.id),
      gatewayOutcome: { status: 'approved', status_detail: 'accredited' },
    });
  }
  return { status: 200, body: changed };
}

function newRefund(
  store: PaymentStore,
  payment: Payment,
  fields: { amount: number; type: string; reason: string; rejection?: string; methodIndex?: number },
): Refund {
  const now = nowIso();
  const approved = fields.rejection === undefined;
  const refund: Refund = {
    id: store.nextRefundId(),
    status: approved ? 'approved' : 'rejected',
    status_detail: fields.rejection ?? (fields.type === 'reversal' ? 'reversed' : 'refunded'),
    type: fields.type,
    amount: fields.amount,
    currency_id: payment.currency_id,
    transaction_id: approved ? String(Date.now()).slice(-10) : null,
    external_reference: payment.details[0]?.external_reference ?? null,
    reason: fields.reason,
    authorization_code: approved ? String(100_000 + (Number(payment.id) % 900_000)) : null,
    gateway: {
      ticket_number: approved ? String(Number(payment.id) % 99_999) : null,
      batch_number: approved ? '001' : null,
    },
    cost_amount: 0,
    request_date: now,
    process_date: now,
    rejected_date: approved ? null : now,
    approved_date: approved ? now : null,
    last_update_date: now,
  };
  if (fields.methodIndex !== undefined) refund.payment_method_id = fields.methodIndex;
  return refund;
}

function isRefundable(payment: Payment): boolean {
  if (payment.status !== 'approved') return false;
  const first = payment.payment_methods[0];
  return (
    payment.type === 'online' ||
    first?.type === 'online' ||
    (payment.type === 'qr' && payment.payment_methods.length === 1)
  );
}

/**
 * POST devolver {reason, amount, partial}. The gateway may reject it (HTTP 200, refund rejected).
 * A total refund (partial false) must cover what is left; partial refunds leave the payment approved
 * until nothing is left.
 */
export function refund(store: PaymentStore, payment: Payment, body: Json): ActionResult {
  const reason = reasonOf(body);
  if (!isRefundable(payment)) {
    throw invalidStatus(
      'payment_not_refundable',
      payment.status === 'approved'
        ? 'Un pago QR con más de un medio de pago no se puede devolver.'
        : `El pago en estado ${payment.status} no se puede devolver.`,
    );
  }
  if (body.partial !== undefined && typeof body.partial !== 'boolean') {
    throw badRequest('invalid_body', 'partial debe ser booleano.');
  }
  const partial = body.partial === true;
  const remaining = round2(payment.final_amount - refundedSoFar(payment));
  const amount = body.amount === undefined || body.amount === null ? remaining : amountOf(body.amount);
  if (amount === undefined || amount > remaining + 0.001) {
    throw validationError(
      'invalid_amount',
      `El importe debe ser mayor a 0 y no superar ${remaining.toFixed(2)}.`,
    );
  }
  if (!partial && Math.abs(amount - remaining) > 0.001) {
    throw validationError(
      'invalid_amount',
      `Una devolución total debe ser por el saldo del pago (${remaining.toFixed(2)}); use partial para menos.`,
    );
  }
  const rejection = store.simulation.get(payment.id)?.refundRejection;
  const entry = newRefund(store, payment, {
    amount,
    type: partial && amount < remaining ? 'partial' : 'total',
    reason,
    rejection,
  });
  const complete = rejection === undefined && Math.abs(amount - remaining) <= 0.001;
  const changed = store.change(payment.id, entry.last_update_date, (draft) => {
    draft.refunds.push(entry);
    if (rejection !== undefined) return;
    draft.refunded_date = entry.approved_date;
    if (complete) {
      draft.status = 'refunded';
      draft.status_detail = 'refunded';
      for (const method of draft.payment_methods) {
        method.gateway.status = 'refunded';
        method.gateway.status_detail = 'refunded';
      }
    } else {
      draft.status_detail = 'partially_refunded';
    }
  });
  return {
    status: 200,
    body: {
      status: entry.status,
      status_detail: entry.status_detail,
      refund: entry,
      payment_status: changed.status,
    },
  };
}

/** POST revertir {reason}: approved -> refunded / reversed, for the whole remaining amount. */
export function reverse(store: PaymentStore, payment: Payment, body: Json): ActionResult {
  const reason = reasonOf(body);
  if (payment.status !== 'approved') {
    throw invalidStatus(
      'payment_not_reversible',
      `El pago en estado ${payment.status} no se puede revertir.`,
    );
  }
  const remaining = round2(payment.final_amount - refundedSoFar(payment));
  const rejection = store.simulation.get(payment.id)?.refundRejection;
  const entry = newRefund(store, payment, { amount: remaining, type: 'reversal', reason, rejection });
  const changed = store.change(payment.id, entry.last_update_date, (draft) => {
    draft.refunds.push(entry);
    if (rejection !== undefined) return;
    draft.status = 'refunded';
    draft.status_detail = 'reversed';
    draft.refunded_date = entry.approved_date;
    for (const method of draft.payment_methods) {
      method.gateway.status = 'refunded';
      method.gateway.status_detail = 'reversed';
    }
  });
  return {
    status: 200,
    body: {
      status: entry.status,
      status_detail: entry.status_detail,
      refund: entry,
      payment_status: changed.status,
    },
  };
}

/**
 * POST devolucion-parcial [{status_detail, type, amount, payment_method_id}]: refunds approved methods of
 * a partial payment one by one; some may be rejected by the gateway.
 */
export function partialRefund(store: PaymentStore, payment: Payment, body: unknown): ActionResult {
  if (!Array.isArray(body) || body.length === 0) {
    throw badRequest(
      'invalid_body',
      'Se espera un arreglo no vacío de {status_detail, type, amount, payment_method_id}.',
    );
  }
  if (payment.status !== 'partial') {
    throw invalidStatus(
      'payment_not_partially_refundable',
      `Solo se devuelven parcialmente pagos parciales (estado: ${payment.status}).`,
    );
  }
  if (payment.payment_methods.length < 2) {
    throw invalidStatus('payment_not_partially_refundable', 'El pago tiene un solo medio de pago.');
  }
  if (!payment.payment_methods.some((method) => method.gateway.status === 'approved')) {
    throw invalidStatus(
      'no_approved_payment_methods',
      'El pago no tiene medios de pago aprobados para devolver.',
    );
  }
  const seen = new Set<number>();
  const items = body.map((raw: unknown, position) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw badRequest('invalid_body', `Elemento ${position + 1}: debe ser un objeto.`);
    }
    const item = raw as Json;
    const index = item.payment_method_id;
    const method =
      typeof index === 'number' && Number.isInteger(index) ? payment.payment_methods[index] : undefined;
    if (method === undefined || seen.has(index as number)) {
      throw validationError(
        'invalid_payment_method',
        `Elemento ${position + 1}: payment_method_id inválido.`,
      );
    }
    seen.add(index as number);
    if (method.gateway.status !== 'approved') {
      throw validationError(
        'payment_method_not_approved',
        `Elemento ${position + 1}: el medio de pago ${index as number} no está aprobado.`,
      );
    }
    const amount = amountOf(item.amount);
    if (amount === undefined || amount > method.final_amount + 0.001) {
      throw validationError(
        'invalid_amount',
        `Elemento ${position + 1}: el importe debe ser mayor a 0 y no superar ${method.final_amount.toFixed(2)}.`,
      );
    }
    return { index: index as number, amount };
  });
  const failing = store.simulation.get(payment.id)?.failingMethods ?? {};
  const entries = items.map((item) =>
    newRefund(store, payment, {
      amount: item.amount,
      type: 'partial',
      reason: 'Devolución parcial',
      rejection: failing[item.index],
      methodIndex: item.index,
    }),
  );
  const approved = entries.filter((entry) => entry.status === 'approved');
  const changed = store.change(payment.id, nowIso(), (draft) => {
    draft.refunds.push(...entries);
    for (const entry of approved) {
      const method = draft.payment_methods[entry.payment_method_id ?? -1];
      if (method) {
        method.gateway.status = 'refunded';
        method.gateway.status_detail = 'refunded';
      }
    }
    if (approved.length === 0) return;
    draft.refunded_date = approved[0]?.approved_date ?? null;
    const stillApproved = draft.payment_methods.some((method) => method.gateway.status === 'approved');
    draft.status = stillApproved ? 'partial' : 'refunded';
    draft.status_detail = stillApproved ? 'partially_refunded' : 'refunded';
  });
  const rejected = entries.filter((entry) => entry.status === 'rejected');
  const status = rejected.length === 0 ? 'approved' : approved.length === 0 ? 'rejected' : 'partial';
  return {
    status: 200,
    body: {
      status,
      status_detail: status === 'approved' ? 'refunded' : (rejected[0]?.status_detail ?? 'refunded'),
      refund: entries[0],
      refunds: entries,
      payment_status: changed.status,
    },
  };
}

/** POST refrescar: re-reads the payment; a pending or issued one past its last due date becomes overdue. */
export function refresh(store: PaymentStore, payment: Payment): ActionResult {
  if ((payment.status === 'pending' || payment.status === 'issued') && isOverdue(payment, Date.now())) {
    return {
      status: 200,
      body: store.change(payment.id, nowIso(), (draft) => {
        draft.status = 'overdue';
        draft.status_detail = 'expired';
      }),
    };
  }
  return { status: 200, body: payment };
}

/** POST actualizar-gateway: applies what the gateway decided for a pending payment, if anything. */
export function updateFromGateway(store: PaymentStore, payment: Payment): ActionResult {
  if (payment.payment_methods.length === 0) {
    throw invalidStatus('payment_without_payment_methods', 'El pago no tiene medios de pago para consultar.');
  }
  const outcome = store.simulation.get(payment.id)?.gatewayOutcome;
  if (payment.status !== 'pending' || !outcome) return { status: 200, body: payment };
  const now = nowIso();
  const changed = store.change(payment.id, now, (draft) => {
    draft.status = outcome.status;
    draft.status_detail = outcome.status_detail;
    draft.process_date = now;
    if (outcome.status === 'approved') {
      draft.paid_date = now;
      draft.accreditation_date = new Date(Date.now() + 2 * DAY_MS).toISOString();
      const rate = 3.9;
      const fee = round2((draft.final_amount * rate) / 100);
      draft.fee_details = [
        { type: 'collection_fee', description: 'Comisión por cobranza', rate, amount: fee },
        { type: 'tax', description: 'IVA 21% sobre comisión', rate: 21, amount: round2(fee * 0.21) },
      ];
    } else {
      draft.rejected_date = now;
    }
    for (const method of draft.payment_methods) {
      method.gateway.status = outcome.status;
      method.gateway.status_detail = outcome.status_detail;
      if (outcome.status === 'approved') {
        method.gateway.ticket_number = String(Number(draft.id) % 99_999);
        method.gateway.batch_number = '001';
        method.gateway.transaction_id = String(Date.now()).slice(-10);
        if (method.first_six_digits)
          method.authorization_code = String(100_000 + (Number(draft.id) % 900_000));
      }
    }
  });
  const simulation = { ...store.simulation.get(payment.id) };
  delete simulation.gatewayOutcome;
  store.simulation.set(payment.id, simulation);
  return { status: 200, body: changed };
}

/** POST reenviar-notificacion: sends the payment's webhook to the collector again. */
export function forwardNotification(store: PaymentStore, payment: Payment): ActionResult {
  if (!payment.notification_url) {
    throw invalidStatus('notification_url_missing', 'El pago no tiene URL de notificación.');
  }
  const url = payment.notification_url;
  const entry = {
    url,
    response: '{"received":true}',
    status: 'success',
    status_detail: 'http_200',
    retry_count: 0,
    original_request: JSON.stringify({
      id: payment.id,
      status: payment.status,
      external_reference: payment.details[0]?.external_reference ?? null,
    }),
    last_retry: nowIso(),
  };
  store.touch(payment.id, (draft) => {
    draft.collector_notifications.push(entry);
  });
  return { status: 200, body: { status: 'sent', collector_notification: entry } };
}

/** The notifications the payer may get: not overdue, with an e-mail. */
export function checkNotifiable(payment: Payment): string {
  if (isOverdue(payment, Date.now())) {
    throw invalidStatus('payment_overdue', 'El pago está vencido: no se notifica al pagador.');
  }
  if (!payment.payer.email) {
    throw validationError('payer_without_email', 'El pagador no tiene e-mail.');
  }
  return payment.payer.email;
}
