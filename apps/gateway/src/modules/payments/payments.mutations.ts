/**
 * The payment mutations: validate the input (BAD_USER_INPUT, no upstream call), read the payment, check the
 * same rule as Payment.actions (FAILED with the rule's reason, no upstream write), write once (never retried),
 * and report SUCCESS / FAILED / UNKNOWN as data.
 */
import type {
  MutationResolvers,
  PaymentActionKind,
  PaymentMethodChangeInput,
  PaymentNotification,
  PaymentRetryMode,
  PaymentsMatching,
  ResolversParentTypes,
} from '../../generated/resolvers-types.js';
import { bulkPayload } from '../../shared/operation-error.js';
import type { OperationErrorModel as OperationError } from '../../shared/operation-error.js';
import { checkRefundAmount, isPartialRefund, parseAmount, toUpstreamNumber } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type { GatewayContext } from '../../gateway-context.js';

import { UpstreamContractError } from '../../upstream/errors.js';
import { obj, str } from '../../shared/values.js';
import { notFoundFailure, type Failure } from '../../upstream/outcome.js';
import { runBulk } from '../../shared/bulk.js';
import {
  resolveBulkSelection,
  selectionReader,
  type BulkSelectionArgs,
} from '../../shared/bulk-selection.js';
import { runAction, type ActionRunResult } from '../../shared/run-action.js';
import { paymentsConfig } from './payments.config.js';
import type { RawRefundAnswer, WriteOptions } from './payments.datasource.js';
import { checkId, checkIdempotencyKey, checkReasonInput, idempotencyOptions } from '../../shared/inputs.js';
import { checkAddressee, methodChangeBody, type MethodChangeBody } from './payments.inputs.js';
import {
  mapPayment,
  mapPaymentNotification,
  mapRefund,
  type PaymentModel,
  type RawPayment,
} from './payments.mappers.js';
import { SUCCESS_MESSAGES } from './payments.present.js';
import {
  decideAction,
  partialRefundItems,
  PAYMENT_ACTIONS,
  refundableAmount,
  paymentListQuery,
  type BulkKind,
} from './payments.rules.js';
import { refundRejectionMessage } from './status-texts.js';

type Ctx = GatewayContext;

// The payloads as the resolvers return them: `payment` is the mapped model, which Payment's field resolvers
// (actions, checkoutUrl, collector) complete only for the fields the operation asks for.
type BulkItemResult = ResolversParentTypes['BulkItemResult'];
type BulkPaymentPayload = ResolversParentTypes['BulkPaymentPayload'];
type NotifyPayerPayload = ResolversParentTypes['NotifyPayerPayload'];
type PaymentMutationPayload = ResolversParentTypes['PaymentMutationPayload'];
type PaymentRefundPayload = ResolversParentTypes['PaymentRefundPayload'];

const failed = (failure: Failure, payment: PaymentModel | null = null) => ({
  payment,
  error: failure.error,
  outcome: failure.outcome,
  message: null,
});

const notFound = (): Failure => notFoundFailure('payment', 'payment_not_found');

/** After a write: forget what this request read, so the next read is fresh. */
function forget(ctx: Ctx, id: string): void {
  ctx.forgetUpstreamReads();
  ctx.loaders.payment.clear(id);
  ctx.loaders.paymentHistory.clear(id);
  ctx.loaders.paymentHolders.clear(id);
}

/** The written payment (from the write's answer) replaces what the request had cached. */
function remember(ctx: Ctx, raw: RawPayment): PaymentModel {
  const payment = mapPayment(raw);
  forget(ctx, payment.id);
  ctx.loaders.payment.prime(payment.id, payment);
  return payment;
}

/** Re-reads the payment after a write whose answer does not carry it; null if that read fails. */
async function reread(ctx: Ctx, id: string): Promise<PaymentModel | null> {
  forget(ctx, id);
  try {
    return await ctx.loaders.payment.load(id);
  } catch (error) {
    ctx.logger.warn('payment re-read after a write failed', {
      requestId: ctx.requestId,
      paymentId: id,
      error: (error as Error).name,
    });
    return null;
  }
}

/** A cancelled payment: rejected by the back-office (the platform has no "cancelled" status). */
const cancelled = (payment: PaymentModel) =>
  payment.status === 'REJECTED' && payment.statusDetail === 'cancelled_by_backoffice';

/** How a payment shows an action done, where it can tell (a resend's check, shared/run-action.ts and bulk.ts). */
const APPLIED: Partial<Record<PaymentActionKind, (payment: PaymentModel) => boolean>> = {
  CANCEL: cancelled,
};

/**
 * Reads the payment (current version), checks the action's rule for this user now, then `write`s once
 * (shared/run-action.ts). `forgetOnFailure`: forget the request's reads of the payment after a failed write.
 */
function act<A>(
  ctx: Ctx,
  id: string,
  kind: PaymentActionKind,
  write: (payment: PaymentModel) => Promise<A>,
  forgetOnFailure = true,
  /** A check of the request against the current payment (Spanish message: refused before any write). */
  check?: (payment: PaymentModel) => string | undefined,
  /** The version the operator acted on (`expectedVersion`): another current one is VERSION_CONFLICT. */
  expectedVersion?: number | null,
): Promise<ActionRunResult<PaymentModel, A>> {
  const applied = APPLIED[kind];
  return runAction(ctx, {
    load: () => ctx.loaders.payment.load(id),
    notFound: notFound(),
    expectedVersion,
    versionOf: (payment) => payment.version,
    ...(applied ? { applied } : {}),
    decide: (payment) => {
      const decision = decideAction(kind, payment, ctx.user.permissions, new Date());
      const refused = decision.enabled ? check?.(payment) : undefined;
      return refused === undefined ? decision : { ...decision, enabled: false, reason: refused };
    },
    write,
    ...(forgetOnFailure ? { onWriteFailure: () => forget(ctx, id) } : {}),
  });
}

/** One single-payment action whose upstream answer is the changed payment. */
async function paymentWrite(
  ctx: Ctx,
  id: string,
  kind: PaymentActionKind,
  write: (payment: PaymentModel) => Promise<RawPayment>,
  message: string | ((payment: PaymentModel) => string),
  expectedVersion?: number | null,
): Promise<PaymentMutationPayload> {
  // Mapped inside: an answer that breaks the contract is an UNKNOWN outcome, not a failed request.
  const run = await act(
    ctx,
    id,
    kind,
    async (before) => remember(ctx, await write(before)),
    true,
    undefined,
    expectedVersion,
  );
  if (!run.ok) return failed(run.failure, run.doc);
  const payment = run.answer;
  return {
    payment,
    error: null,
    outcome: 'SUCCESS',
    message: typeof message === 'string' ? message : message(payment),
  };
}

/** A single-payment action that sends the operator's reason under an idempotency key (cancel, cancel objection). */
function reasonedPaymentWrite(
  ctx: Ctx,
  kind: PaymentActionKind,
  write: (id: string, reason: string, options: WriteOptions) => Promise<RawPayment>,
  message: string,
  args: { rawId: string; rawReason: string; rawKey: string; expectedVersion?: number | null },
): Promise<PaymentMutationPayload> {
  const id = checkId(args.rawId);
  const reason = checkReasonInput(args.rawReason);
  const options: WriteOptions = { idempotencyKey: checkIdempotencyKey(args.rawKey) };
  return paymentWrite(ctx, id, kind, () => write(id, reason, options), message, args.expectedVersion);
}

export function cancelPayment(
  ctx: Ctx,
  rawId: string,
  rawReason: string,
  rawKey: string,
  expectedVersion?: number | null,
): Promise<PaymentMutationPayload> {
  const payments = ctx.dataSources.payments;
  return reasonedPaymentWrite(
    ctx,
    'CANCEL',
    (id, reason, options) => payments.cancel(id, reason, options),
    SUCCESS_MESSAGES.cancel,
    { rawId, rawReason, rawKey, expectedVersion },
  );
}

export function changePaymentMethod(
  ctx: Ctx,
  rawId: string,
  input: PaymentMethodChangeInput,
  rawKey: string,
  expectedVersion?: number | null,
): Promise<PaymentMutationPayload> {
  const id = checkId(rawId);
  const body = methodChangeBody(input, new Date());
  const options = idempotencyOptions(rawKey);
  return paymentWrite(
    ctx,
    id,
    'CHANGE_PAYMENT_METHOD',
    () => ctx.dataSources.payments.changePaymentMethod(id, body, options),
    SUCCESS_MESSAGES.changePaymentMethod,
    expectedVersion,
  );
}

export function cancelPaymentObjection(
  ctx: Ctx,
  rawId: string,
  rawReason: string,
  rawKey: string,
  expectedVersion?: number | null,
): Promise<PaymentMutationPayload> {
  const payments = ctx.dataSources.payments;
  return reasonedPaymentWrite(
    ctx,
    'CANCEL_OBJECTION',
    (id, reason, options) => payments.cancelObjection(id, reason, options),
    SUCCESS_MESSAGES.cancelObjection,
    { rawId, rawReason, rawKey, expectedVersion },
  );
}

export function retryPayment(
  ctx: Ctx,
  rawId: string,
  mode: PaymentRetryMode,
  rawKey: string,
  expectedVersion?: number | null,
): Promise<PaymentMutationPayload> {
  const id = checkId(rawId);
  if (mode !== 'SAME_METHOD' && mode !== 'MODIFY_METHOD')
    throw badUserInput('El modo (mode) no es válido.', 'mode');
  const code = mode === 'SAME_METHOD' ? 'A' : 'B';
  const options: WriteOptions = { idempotencyKey: checkIdempotencyKey(rawKey) };
  return paymentWrite(
    ctx,
    id,
    'RETRY',
    () => ctx.dataSources.payments.retry(id, code, options),
    code === 'A' ? SUCCESS_MESSAGES.retry : SUCCESS_MESSAGES.retryModify,
    expectedVersion,
  );
}

export function updatePaymentFromGateway(
  ctx: Ctx,
  rawId: string,
  rawKey: string,
): Promise<PaymentMutationPayload> {
  const id = checkId(rawId);
  const options = idempotencyOptions(rawKey);
  return paymentWrite(
    ctx,
    id,
    'UPDATE_FROM_GATEWAY',
    () => ctx.dataSources.payments.updateFromGateway(id, options),
    SUCCESS_MESSAGES.updateFromGateway,
  );
}

export function refreshPayment(ctx: Ctx, rawId: string, rawKey: string): Promise<PaymentMutationPayload> {
  const id = checkId(rawId);
  const options = idempotencyOptions(rawKey);
  return paymentWrite(
    ctx,
    id,
    'RELOAD',
    () => ctx.dataSources.payments.refresh(id, options),
    SUCCESS_MESSAGES.refresh,
  );
}

// --- refunds ------------------------------------------------------------------------------------------

/** `status` of a refund answer: all approved, none (rejected), or some of a partial refund (partial). */
const REFUND_ANSWER_STATUSES = new Set(['approved', 'rejected', 'partial']);

/** Refund / partial refund / reverse answer -> payload. Rejected: FAILED, message = the status detail. */
async function refundWrite(
  ctx: Ctx,
  id: string,
  kind: 'REFUND' | 'PARTIAL_REFUND' | 'REVERSE',
  write: (payment: PaymentModel) => Promise<RawRefundAnswer>,
  message: string,
  check?: (payment: PaymentModel) => string | undefined,
  expectedVersion?: number | null,
): Promise<PaymentRefundPayload> {
  const run = await act(
    ctx,
    id,
    kind,
    async (before) => {
      const answer = await write(before);
      // Read inside: an answer without a known status says nothing about the money (UNKNOWN, not "rejected").
      const status = (str(answer.status) ?? '').toLowerCase();
      if (!REFUND_ANSWER_STATUSES.has(status)) {
        throw new UpstreamContractError(`refund answer with status ${JSON.stringify(answer.status)}`);
      }
      const rawRefunds = Array.isArray(answer.refunds)
        ? answer.refunds
        : answer.refund
          ? [answer.refund]
          : [];
      return { answer, status, refunds: rawRefunds.map(mapRefund) };
    },
    true,
    check,
    expectedVersion,
  );
  if (!run.ok) return { ...failed(run.failure, run.doc), refunds: [] };
  const { answer, status, refunds } = run.answer;
  const payment = await reread(ctx, id);
  if (status === 'approved') {
    return { payment, error: null, outcome: 'SUCCESS', message, refunds };
  }
  const detail = str(answer.status_detail);
  const error: OperationError = {
    message: refundRejectionMessage(detail),
    code: status,
    extendedCode: detail,
  };
  return { payment, error, outcome: 'FAILED', message: null, refunds };
}

export function refundPayment(
  ctx: Ctx,
  rawId: string,
  rawReason: string,
  rawKey: string,
  rawAmount?: string | null,
  expectedVersion?: number | null,
): Promise<PaymentRefundPayload> {
  const id = checkId(rawId);
  const reason = checkReasonInput(rawReason);
  const options: WriteOptions = { idempotencyKey: checkIdempotencyKey(rawKey) };
  const amount = checkRefundAmountInput(rawAmount);
  return refundWrite(
    ctx,
    id,
    'REFUND',
    (payment) => {
      const remaining = refundableAmount(payment);
      const sent = amount ?? remaining;
      return ctx.dataSources.payments.refund(
        id,
        { reason, amount: toUpstreamNumber(sent), partial: isPartialRefund(sent, remaining) },
        options,
      );
    },
    SUCCESS_MESSAGES.refund,
    amount === null ? undefined : (payment) => checkRefundAmount(amount, refundableAmount(payment)),
    expectedVersion,
  );
}

/**
 * The refund amount as given (null: all that is left). Its format and sign are checked before any upstream
 * call (Spanish message); the upper bound (what is left) is checked against the payment before the write.
 */
function checkRefundAmountInput(raw: string | null | undefined): string | null {
  if (raw === undefined || raw === null) return null;
  const message = checkRefundAmount(raw, raw);
  if (message) throw badUserInput(message.replace(/^\*/, ''), 'amount');
  return parseAmount(raw);
}

export function partialRefundPayment(
  ctx: Ctx,
  rawId: string,
  rawKey: string,
  expectedVersion?: number | null,
): Promise<PaymentRefundPayload> {
  const id = checkId(rawId);
  const options: WriteOptions = { idempotencyKey: checkIdempotencyKey(rawKey) };
  return refundWrite(
    ctx,
    id,
    'PARTIAL_REFUND',
    (payment) => ctx.dataSources.payments.partialRefund(id, partialRefundItems(payment), options),
    SUCCESS_MESSAGES.partialRefund,
    undefined,
    expectedVersion,
  );
}

export function reversePayment(
  ctx: Ctx,
  rawId: string,
  rawReason: string,
  rawKey: string,
  expectedVersion?: number | null,
): Promise<PaymentRefundPayload> {
  const id = checkId(rawId);
  const reason = checkReasonInput(rawReason);
  const options: WriteOptions = { idempotencyKey: checkIdempotencyKey(rawKey) };
  return refundWrite(
    ctx,
    id,
    'REVERSE',
    () => ctx.dataSources.payments.reverse(id, reason, options),
    SUCCESS_MESSAGES.reverse,
    undefined,
    expectedVersion,
  );
}

// --- notifications ------------------------------------------------------------------------------------

export async function forwardPaymentNotification(
  ctx: Ctx,
  rawId: string,
  rawKey: string,
): Promise<PaymentMutationPayload> {
  const id = checkId(rawId);
  const options = idempotencyOptions(rawKey);
  const run = await act(
    ctx,
    id,
    'FORWARD_NOTIFICATION',
    () => ctx.dataSources.payments.forwardNotification(id, options),
    false,
  );
  if (!run.ok) return failed(run.failure, run.doc);
  const payment = await reread(ctx, id);
  return {
    payment,
    error: null,
    outcome: 'SUCCESS',
    message: SUCCESS_MESSAGES.forwardNotification,
  };
}

/**
 * Notify the payer. Without an addressee nor "Descargar comprobantes": the payment service's notify-payer
 * (POST /pagos/{id}/notificar-pagador, recorded in the payment's notifications). With an addressee or the
 * receipts option: the notification service (POST /notificaciones, spec 000 §3 "Notification payload")
 * with action payment_receipts (receipts) or payment_reminder, signature = collector, to = addressee
 * (default the payer's e-mail), payload.customer_name = payer name.
 */
export async function notifyPayer(
  ctx: Ctx,
  rawId: string,
  rawAddressee: string | null | undefined,
  downloadReceipts: boolean,
  rawKey: string,
): Promise<NotifyPayerPayload> {
  const id = checkId(rawId);
  const addressee = checkAddressee(rawAddressee);
  const options = idempotencyOptions(rawKey);
  const send = async (payment: PaymentModel): Promise<PaymentNotification | null> => {
    if (!addressee && !downloadReceipts) {
      const answer = await ctx.dataSources.payments.notifyPayer(id, options);
      return mapPaymentNotification(answer.notification);
    }
    const created = await ctx.dataSources.notifications.create(
      {
        type: 'notification',
        action: downloadReceipts ? 'payment_receipts' : 'payment_reminder',
        signature: payment.collectorId,
        to: addressee ?? payment.payer?.email ?? '',
        payload: {
          customer_name: payment.payer?.name ?? '',
          payment_id: payment.id,
          amount: toUpstreamNumber(payment.finalAmount ?? '0'),
          concept: payment.conceptDescription ?? null,
          download_receipts: downloadReceipts,
        },
      },
      options,
    );
    const n = obj(created) ?? {};
    return mapPaymentNotification({
      id: n.id,
      date: n.created_date,
      type: n.channel ?? 'email',
      action: n.action,
    });
  };
  const run = await act(ctx, id, 'NOTIFY_PAYER', send, false);
  if (!run.ok) return { ...failed(run.failure, run.doc), notification: null };
  const notification = run.answer;
  const fresh = await reread(ctx, id);
  return {
    payment: fresh,
    error: null,
    outcome: 'SUCCESS',
    message: SUCCESS_MESSAGES.notifyPayer,
    notification,
  };
}

// --- bulk ---------------------------------------------------------------------------------------------

/** A bulk's selection: the ticked `ids`, or `matching` (every payment of Buscar Pagos' filter). */
export type PaymentSelection = BulkSelectionArgs<NonNullable<PaymentsMatching['filter']>>;

/**
 * A multi-select action (shared/bulk.ts): one read of the whole selection (GET /pagos?filters=[id IN ...], or
 * the pages of the filtered list for `matching`, shared/bulk-selection.ts), then each payment on its own: the
 * single action's state rule on it as read now (a payment no longer eligible fails alone, "Pago {id}: {reason}",
 * unwritten), one write per eligible payment with bounded concurrency, one result per id. Which multi-select
 * buttons are offered is the web's, from each row's `actions`.
 */
async function bulk(
  ctx: Ctx,
  kind: BulkKind,
  selectionArgs: PaymentSelection,
  write: (id: string) => Promise<RawPayment>,
): Promise<BulkPaymentPayload> {
  const { bulkMaxItems, bulkConcurrency } = paymentsConfig();
  const now = new Date();
  const selection = await resolveBulkSelection(selectionArgs, {
    noun: { one: 'pago', many: 'pagos' },
    maxItems: bulkMaxItems,
    idOf: (payment: PaymentModel) => payment.id,
    list: async (filter, page, limit) => {
      const answer = await ctx.dataSources.payments.list({ ...paymentListQuery({ filter }), page, limit });
      return { rows: answer.rows.map((raw) => mapPayment(raw)), size: answer.size };
    },
  });
  const results = await runBulk<PaymentModel, PaymentModel>(ctx, {
    deadline: ctx.drainSignal,
    ids: selection.ids,
    readAll: selectionReader(selection, async (ids) => {
      const rows = await ctx.dataSources.payments.byIds(ids);
      return new Map(rows.map((raw) => mapPayment(raw)).map((p) => [p.id, p]));
    }),
    itemReason: (payment) => PAYMENT_ACTIONS.table.stateReason(kind, payment, now),
    ...(APPLIED[kind] ? { itemApplied: APPLIED[kind] } : {}),
    itemLabel: (id) => `Pago ${id}`,
    notFound: notFound(),
    write: async (id) => remember(ctx, await write(id)),
    present: (payment) => payment,
    concurrency: bulkConcurrency,
  });
  return bulkPayload(results.map(({ item, ...rest }): BulkItemResult => ({ ...rest, payment: item })));
}

export function bulkCancelPayments(
  ctx: Ctx,
  selection: PaymentSelection,
  rawReason: string,
  rawKey: string,
): Promise<BulkPaymentPayload> {
  const reason = checkReasonInput(rawReason);
  checkIdempotencyKey(rawKey);
  return bulk(ctx, 'CANCEL', selection, (id) =>
    ctx.dataSources.payments.cancel(id, reason, idempotencyOptions(rawKey, id)),
  );
}

export function bulkCancelPaymentObjections(
  ctx: Ctx,
  selection: PaymentSelection,
  rawReason: string,
  rawKey: string,
): Promise<BulkPaymentPayload> {
  const reason = checkReasonInput(rawReason);
  checkIdempotencyKey(rawKey);
  return bulk(ctx, 'CANCEL_OBJECTION', selection, (id) =>
    ctx.dataSources.payments.cancelObjection(id, reason, idempotencyOptions(rawKey, id)),
  );
}

export function bulkChangePaymentMethod(
  ctx: Ctx,
  selection: PaymentSelection,
  input: PaymentMethodChangeInput,
  rawKey: string,
): Promise<BulkPaymentPayload> {
  const body: MethodChangeBody = methodChangeBody(input, new Date());
  checkIdempotencyKey(rawKey);
  return bulk(ctx, 'CHANGE_PAYMENT_METHOD', selection, (id) =>
    ctx.dataSources.payments.changePaymentMethod(id, body, idempotencyOptions(rawKey, id)),
  );
}

/** The module's `Mutation` resolvers (the module layout: docs/architecture.md §3). */
export const paymentsMutations: MutationResolvers = {
  cancelPayment: (_root, { id, reason, idempotencyKey, expectedVersion }, ctx) =>
    cancelPayment(ctx, id, reason, idempotencyKey, expectedVersion),
  changePaymentMethod: (_root, { id, input, idempotencyKey, expectedVersion }, ctx) =>
    changePaymentMethod(ctx, id, input, idempotencyKey, expectedVersion),
  cancelPaymentObjection: (_root, { id, reason, idempotencyKey, expectedVersion }, ctx) =>
    cancelPaymentObjection(ctx, id, reason, idempotencyKey, expectedVersion),
  retryPayment: (_root, { id, mode, idempotencyKey, expectedVersion }, ctx) =>
    retryPayment(ctx, id, mode, idempotencyKey, expectedVersion),
  refundPayment: (_root, { id, reason, idempotencyKey, amount, expectedVersion }, ctx) =>
    refundPayment(ctx, id, reason, idempotencyKey, amount, expectedVersion),
  partialRefundPayment: (_root, { id, idempotencyKey, expectedVersion }, ctx) =>
    partialRefundPayment(ctx, id, idempotencyKey, expectedVersion),
  reversePayment: (_root, { id, reason, idempotencyKey, expectedVersion }, ctx) =>
    reversePayment(ctx, id, reason, idempotencyKey, expectedVersion),
  forwardPaymentNotification: (_root, { id, idempotencyKey }, ctx) =>
    forwardPaymentNotification(ctx, id, idempotencyKey),
  updatePaymentFromGateway: (_root, { id, idempotencyKey }, ctx) =>
    updatePaymentFromGateway(ctx, id, idempotencyKey),
  notifyPayer: (_root, { id, addressee, downloadReceipts, idempotencyKey }, ctx) =>
    notifyPayer(ctx, id, addressee, downloadReceipts === true, idempotencyKey),
  refreshPayment: (_root, { id, idempotencyKey }, ctx) => refreshPayment(ctx, id, idempotencyKey),
  bulkChangePaymentMethod: (_root, { ids, matching, input, idempotencyKey }, ctx) =>
    bulkChangePaymentMethod(ctx, { ids, matching }, input, idempotencyKey),
  bulkCancelPayments: (_root, { ids, matching, reason, idempotencyKey }, ctx) =>
    bulkCancelPayments(ctx, { ids, matching }, reason, idempotencyKey),
  bulkCancelPaymentObjections: (_root, { ids, matching, reason, idempotencyKey }, ctx) =>
    bulkCancelPaymentObjections(ctx, { ids, matching }, reason, idempotencyKey),
};
