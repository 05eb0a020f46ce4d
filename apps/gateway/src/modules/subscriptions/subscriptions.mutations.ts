/**
 * Subscription writes on the kit: inputs checked first (BAD_USER_INPUT, no upstream call), then
 * shared/run-action.ts (read, the same rule as PayerSubscription.actions, one write, the outcome classified) or
 * shared/bulk.ts (one read of the selection, then each item checked and written on its own). The answer of every
 * write but the e-mail is the changed subscription, which replaces what the request had read.
 */
import type {
  MutationResolvers,
  MutationBulkCancelSubscriptionsArgs,
  MutationBulkChangeSubscriptionPaymentMethodArgs,
  MutationBulkUpdateSubscriptionAmountArgs,
  MutationCancelSubscriptionArgs,
  MutationChangeSubscriptionPaymentMethodArgs,
  MutationRefreshSubscriptionArgs,
  MutationRemoveSubscriptionPaymentMethodArgs,
  MutationSendSubscriptionEmailArgs,
  MutationUpdateSubscriptionAmountArgs,
  ResolversParentTypes,
  SubscriptionActionKind,
  SubscriptionNotification,
  SubscriptionsMatching,
} from '../../generated/resolvers-types.js';
import { bulkPayload } from '../../shared/operation-error.js';
import { compareMoney, isPositiveMoney, toUpstreamNumber } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type { GatewayContext } from '../../gateway-context.js';
import { runBulk } from '../../shared/bulk.js';
import {
  resolveBulkSelection,
  selectionReader,
  type BulkSelectionArgs,
} from '../../shared/bulk-selection.js';
import { checkId, checkReasonInput, idempotencyOptions } from '../../shared/inputs.js';
import { methodChangeBody } from '../../shared/payment-method-change.js';
import { runAction } from '../../shared/run-action.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import type {
  RawNotifyAnswer,
  RawSubscription,
  SubscriptionWriteOptions,
  SubscriptionsDataSource,
} from './subscriptions.datasource.js';
import {
  mapSubscription,
  mapSubscriptionNotification,
  type SubscriptionModel,
} from './subscriptions.mappers.js';
import { SUBSCRIPTION_SUCCESS } from './subscriptions.present.js';
import {
  subscriptionBulkEligibility,
  subscriptionListQuery,
  subscriptionToolbar,
  type SubscriptionBulkKind,
} from './subscriptions.rules.js';

type Ctx = GatewayContext;

const missing = () => notFoundFailure('subscription', 'subscription_not_found');
const versionOf = (subscription: SubscriptionModel) => subscription.version;

// The payloads as the resolvers return them: `subscription` is the mapped model, which PayerSubscription's field
// resolvers (actions, bulkActions, formUrl, collector) complete only for the fields the operation asks for.
type BulkSubscriptionPayload = ResolversParentTypes['BulkSubscriptionPayload'];
type SendSubscriptionEmailPayload = ResolversParentTypes['SendSubscriptionEmailPayload'];
type SubscriptionMutationPayload = ResolversParentTypes['SubscriptionMutationPayload'];

/** Forgets what this request read of the subscription (after a write), keeping `written` when given. */
function forget(ctx: Ctx, id: string, written: SubscriptionModel | null = null): void {
  ctx.forgetUpstreamReads();
  ctx.loaders.subscription.clear(id);
  ctx.loaders.subscriptionHistory.clear(id);
  if (written) ctx.loaders.subscription.prime(id, written);
}

/** The written subscription from a write's answer (mapped here: a contract break is UNKNOWN). */
function remember(ctx: Ctx, raw: RawSubscription): SubscriptionModel {
  const model = mapSubscription(raw);
  forget(ctx, model.id, model);
  return model;
}

/** The optional idempotency key (checked) as write options; a bulk item gets `{key}/{id}`. */

/** A positive amount (the Decimal scalar already normalised it to two decimals) as the JSON number sent. */
function checkAmount(amount: string): number {
  if (!isPositiveMoney(amount)) throw badUserInput('El importe (amount) debe ser mayor a cero.', 'amount');
  return toUpstreamNumber(amount);
}

/**
 * One action whose answer is the changed subscription: the version the operator acted on (`expectedVersion`,
 * another current one is VERSION_CONFLICT), the rule of `kind`, then `write`. `message` is the spec's success
 * text (000 §8).
 */
async function single(
  ctx: Ctx,
  id: string,
  kind: SubscriptionActionKind,
  write: (source: SubscriptionsDataSource) => Promise<RawSubscription>,
  message: string,
  expectedVersion?: number | null,
  /** Whether a subscription shows this write done (a resend's check, shared/run-action.ts). */
  applied?: (doc: SubscriptionModel) => boolean,
): Promise<SubscriptionMutationPayload> {
  const result = await runAction(ctx, {
    load: () => ctx.loaders.subscription.load(id),
    notFound: missing(),
    expectedVersion,
    versionOf,
    ...(applied ? { applied } : {}),
    decide: (doc) => subscriptionToolbar.decide(kind, doc, ctx.user.permissions),
    write: async () => remember(ctx, await write(ctx.dataSources.subscriptions)),
    onWriteFailure: () => forget(ctx, id),
  });
  return result.ok
    ? { subscription: result.answer, error: null, outcome: 'SUCCESS', message }
    : { subscription: result.doc, ...result.failure, message: null };
}

export function cancelSubscription(ctx: Ctx, args: MutationCancelSubscriptionArgs) {
  const id = checkId(args.id);
  const reason = checkReasonInput(args.reason);
  const options = idempotencyOptions(args.idempotencyKey);
  return single(
    ctx,
    id,
    'CANCEL',
    (s) => s.cancel(id, reason, options),
    SUBSCRIPTION_SUCCESS.cancel,
    args.expectedVersion,
    (doc) => doc.status === 'CANCELLED',
  );
}

export function changeSubscriptionPaymentMethod(ctx: Ctx, args: MutationChangeSubscriptionPaymentMethodArgs) {
  const id = checkId(args.id);
  const body = { ...methodChangeBody(args.input, new Date()) };
  const options = idempotencyOptions(args.idempotencyKey);
  const write = (s: SubscriptionsDataSource) => s.changePaymentMethod(id, body, options);
  return single(
    ctx,
    id,
    'CHANGE_PAYMENT_METHOD',
    write,
    SUBSCRIPTION_SUCCESS.changePaymentMethod,
    args.expectedVersion,
  );
}

export function removeSubscriptionPaymentMethod(ctx: Ctx, args: MutationRemoveSubscriptionPaymentMethodArgs) {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  const write = (s: SubscriptionsDataSource) => s.removePaymentMethod(id, options);
  return single(
    ctx,
    id,
    'REMOVE_PAYMENT_METHOD',
    write,
    SUBSCRIPTION_SUCCESS.removePaymentMethod,
    args.expectedVersion,
  );
}

export function updateSubscriptionAmount(ctx: Ctx, args: MutationUpdateSubscriptionAmountArgs) {
  const id = checkId(args.id);
  const amount = checkAmount(args.amount);
  const options = idempotencyOptions(args.idempotencyKey);
  const write = (s: SubscriptionsDataSource) => s.updateAmount(id, amount, options);
  return single(
    ctx,
    id,
    'UPDATE_AMOUNT',
    write,
    SUBSCRIPTION_SUCCESS.updateAmount,
    args.expectedVersion,
    (doc) => doc.amount !== null && compareMoney(doc.amount, amount) === 0,
  );
}

export function refreshSubscription(ctx: Ctx, args: MutationRefreshSubscriptionArgs) {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  return single(ctx, id, 'RELOAD', (s) => s.refresh(id, options), SUBSCRIPTION_SUCCESS.refresh);
}

/** POST notificar answers {status: 'sent', notification}; the subscription is read again afterwards. */
export async function sendSubscriptionEmail(
  ctx: Ctx,
  args: MutationSendSubscriptionEmailArgs,
): Promise<SendSubscriptionEmailPayload> {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  const result = await runAction(ctx, {
    load: () => ctx.loaders.subscription.load(id),
    notFound: missing(),
    expectedVersion: args.expectedVersion,
    versionOf,
    decide: (doc) => subscriptionToolbar.decide('SEND_EMAIL', doc, ctx.user.permissions),
    write: async (): Promise<SubscriptionNotification | null> => {
      const answer: RawNotifyAnswer = await ctx.dataSources.subscriptions.notify(id, options);
      if (answer.status !== 'sent') {
        throw new UpstreamContractError(`notify answer with status ${JSON.stringify(answer.status)}`);
      }
      return mapSubscriptionNotification(answer.notification);
    },
  });
  if (!result.ok) {
    return { subscription: result.doc, ...result.failure, message: null, notification: null };
  }
  forget(ctx, id);
  const fresh = await ctx.loaders.subscription.load(id).catch(() => result.before);
  return {
    subscription: fresh,
    error: null,
    outcome: 'SUCCESS',
    message: SUBSCRIPTION_SUCCESS.sendEmail,
    notification: result.answer,
  };
}

// --- multi-select ----------------------------------------------------------------------------------------

type BulkWrite = (
  source: SubscriptionsDataSource,
  id: string,
  options: SubscriptionWriteOptions,
) => Promise<RawSubscription>;

/** A bulk's arguments: the ticked `ids` or `matching` (every subscription of the list's filter), and the key. */
type SubscriptionSelection = BulkSelectionArgs<NonNullable<SubscriptionsMatching['filter']>> & {
  idempotencyKey?: string | null;
};

/**
 * A multi-select action: the selection and key checked, the selection read once (by id, or the pages of the
 * filtered list for `matching`, shared/bulk-selection.ts), then each subscription on its own: the rule of `kind`
 * for one row (Subscription.bulkActions) on it as read now (one no longer eligible fails alone, "Suscripción
 * {id}: {reason}", unwritten), one write per eligible id (each with its own idempotency key `{key}/{id}`).
 */
async function bulk(
  ctx: Ctx,
  kind: SubscriptionBulkKind,
  { ids: rawIds, matching, idempotencyKey: rawKey }: SubscriptionSelection,
  write: BulkWrite,
): Promise<BulkSubscriptionPayload> {
  idempotencyOptions(rawKey);
  const selection = await resolveBulkSelection(
    { ids: rawIds, matching },
    {
      noun: { one: 'suscripción', many: 'suscripciones' },
      idOf: (subscription: SubscriptionModel) => subscription.id,
      list: async (filter, page, limit) => {
        const { filters, sorts } = subscriptionListQuery({ filter });
        if (filters === null) return { rows: [], size: 0 };
        const answer = await ctx.dataSources.subscriptions.list({ filters, sorts, page, limit });
        return { rows: answer.rows.map(mapSubscription), size: answer.size };
      },
    },
  );
  const results = await runBulk<SubscriptionModel, SubscriptionModel>(ctx, {
    deadline: ctx.drainSignal,
    ids: selection.ids,
    readAll: selectionReader(selection, async (ids) => {
      const rows = (await ctx.dataSources.subscriptions.byIds(ids)).map(mapSubscription);
      return new Map(rows.map((s) => [s.id, s]));
    }),
    itemReason: (subscription) =>
      subscriptionBulkEligibility.table.stateReason(kind, subscription, new Date()),
    itemLabel: (id) => `Suscripción ${id}`,
    notFound: missing(),
    write: async (id) =>
      remember(ctx, await write(ctx.dataSources.subscriptions, id, idempotencyOptions(rawKey, id))),
    present: (doc) => doc,
  });
  return bulkPayload(results.map(({ item, ...rest }) => ({ ...rest, subscription: item })));
}

export function bulkCancelSubscriptions(ctx: Ctx, args: MutationBulkCancelSubscriptionsArgs) {
  const reason = checkReasonInput(args.reason);
  return bulk(ctx, 'CANCEL', args, (s, id, o) => s.cancel(id, reason, o));
}

export function bulkChangeSubscriptionPaymentMethod(
  ctx: Ctx,
  args: MutationBulkChangeSubscriptionPaymentMethodArgs,
) {
  const body = { ...methodChangeBody(args.input, new Date()) };
  return bulk(ctx, 'CHANGE_PAYMENT_METHOD', args, (s, id, o) => s.changePaymentMethod(id, body, o));
}

export function bulkUpdateSubscriptionAmount(ctx: Ctx, args: MutationBulkUpdateSubscriptionAmountArgs) {
  const amount = checkAmount(args.amount);
  return bulk(ctx, 'UPDATE_AMOUNT', args, (s, id, o) => s.updateAmount(id, amount, o));
}

/** The module's `Mutation` resolvers (the module layout: docs/architecture.md §3). */
export const subscriptionsMutations: MutationResolvers = {
  cancelSubscription: (_root, args, ctx) => cancelSubscription(ctx, args),
  changeSubscriptionPaymentMethod: (_root, args, ctx) => changeSubscriptionPaymentMethod(ctx, args),
  removeSubscriptionPaymentMethod: (_root, args, ctx) => removeSubscriptionPaymentMethod(ctx, args),
  updateSubscriptionAmount: (_root, args, ctx) => updateSubscriptionAmount(ctx, args),
  sendSubscriptionEmail: (_root, args, ctx) => sendSubscriptionEmail(ctx, args),
  refreshSubscription: (_root, args, ctx) => refreshSubscription(ctx, args),
  bulkCancelSubscriptions: (_root, args, ctx) => bulkCancelSubscriptions(ctx, args),
  bulkChangeSubscriptionPaymentMethod: (_root, args, ctx) => bulkChangeSubscriptionPaymentMethod(ctx, args),
  bulkUpdateSubscriptionAmount: (_root, args, ctx) => bulkUpdateSubscriptionAmount(ctx, args),
};
