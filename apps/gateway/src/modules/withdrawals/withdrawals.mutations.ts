/**
 * Withdraw and withdrawal writes on the kit: inputs checked first (BAD_USER_INPUT, no upstream call), then
 * shared/run-action.ts (one read, the rule of Withdraw/Withdrawal.actions, one write) or shared/bulk.ts (one read
 * of the selection, then each item checked and written on its own, item keys `{key}/{id}`).
 */
import { deleteScheduledWithdrawal, saveScheduledWithdrawal } from './withdrawals.schedule.js';
import type {
  MutationResolvers,
  MutationAuthorizeWithdrawalArgs,
  MutationBulkAuthorizeWithdrawalsArgs,
  MutationBulkRejectWithdrawalsArgs,
  MutationReExportWithdrawArgs,
  MutationRejectWithdrawalArgs,
  MutationRejectWithdrawsArgs,
  MutationTransferWithdrawsArgs,
  WithdrawActionKind,
  WithdrawalActionKind,
  ResolversTypes,
} from '../../generated/resolvers-types.js';
import { bulkPayload } from '../../shared/operation-error.js';
import type { GatewayContext } from '../../gateway-context.js';
import { checkBulkIds, runBulk } from '../../shared/bulk.js';
import { checkId, checkReasonInput, idempotencyOptions } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import type { Raw, WriteOptions } from './withdrawals.datasource.js';
import {
  mapWithdraw,
  mapWithdrawal,
  type WithdrawalModel,
  type WithdrawModel,
} from './withdrawals.mappers.js';
import { WITHDRAWAL_SUCCESS } from './withdrawals.messages.js';
import { withdrawActions, withdrawalActions } from './withdrawals.rules.js';

type Ctx = GatewayContext;

/** The optional idempotency key (checked) as write options; a bulk item gets `{key}/{id}`. */

const withdrawMissing = () => notFoundFailure('withdraw', 'withdraw_not_found');
const withdrawalMissing = () => notFoundFailure('withdrawal', 'withdrawal_not_found');

function forgetWithdrawal(ctx: Ctx, id: string, written?: WithdrawalModel): void {
  ctx.forgetUpstreamReads();
  ctx.loaders.withdrawal.clear(id);
  if (written) ctx.loaders.withdrawal.prime(id, written);
}

// --- withdraws (transfer list) --------------------------------------------------------------------------

async function bulkWithdraws(
  ctx: Ctx,
  kind: Extract<WithdrawActionKind, 'TRANSFER' | 'REJECT'>,
  rawIds: readonly string[],
  rawKey: string | null | undefined,
  write: (id: string, options: WriteOptions) => Promise<Raw>,
): Promise<ResolversTypes['BulkWithdrawPayload']> {
  idempotencyOptions(rawKey);
  const results = await runBulk<WithdrawModel, WithdrawModel>(ctx, {
    deadline: ctx.drainSignal,
    ids: checkBulkIds(rawIds, 'retiros'),
    readAll: async (ids) => {
      const rows = (await ctx.dataSources.withdraws.byIds(ids)).map(mapWithdraw);
      return new Map(rows.map((w) => [w.id, w]));
    },
    itemReason: (w) => withdrawActions.table.stateReason(kind, w, new Date()),
    itemLabel: (id) => `Retiro ${id}`,
    notFound: withdrawMissing(),
    write: async (id) => {
      const written = mapWithdraw(await write(id, idempotencyOptions(rawKey, id)));
      ctx.forgetUpstreamReads();
      return written;
    },
    present: (w) => w,
  });
  return bulkPayload(results.map(({ item, ...rest }) => ({ ...rest, withdraw: item })));
}

export function transferWithdraws(ctx: Ctx, args: MutationTransferWithdrawsArgs) {
  return bulkWithdraws(ctx, 'TRANSFER', args.ids, args.idempotencyKey, (id, o) =>
    ctx.dataSources.withdraws.transfer(id, o),
  );
}

export function rejectWithdraws(ctx: Ctx, args: MutationRejectWithdrawsArgs) {
  const reason = checkReasonInput(args.reason);
  return bulkWithdraws(ctx, 'REJECT', args.ids, args.idempotencyKey, (id, o) =>
    ctx.dataSources.withdraws.reject(id, reason, o),
  );
}

export async function reExportWithdraw(
  ctx: Ctx,
  args: MutationReExportWithdrawArgs,
): Promise<ResolversTypes['WithdrawMutationPayload']> {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  const result = await runAction(ctx, {
    load: async () => mapWithdraw(await ctx.dataSources.withdraws.byId(id)),
    notFound: withdrawMissing(),
    decide: (w) => withdrawActions.decide('RE_EXPORT', w, ctx.user.permissions),
    write: async () => mapWithdraw(await ctx.dataSources.withdraws.reExport(id, options)),
    onWriteFailure: () => ctx.forgetUpstreamReads(),
  });
  return result.ok
    ? {
        withdraw: result.answer,
        error: null,
        outcome: 'SUCCESS',
        message: WITHDRAWAL_SUCCESS.reExport,
      }
    : { withdraw: result.doc, ...result.failure, message: null };
}

// --- withdrawals (authorization) ------------------------------------------------------------------------

async function singleWithdrawal(
  ctx: Ctx,
  id: string,
  kind: Extract<WithdrawalActionKind, 'AUTHORIZE' | 'REJECT'>,
  write: () => Promise<Raw>,
  message: string,
): Promise<ResolversTypes['WithdrawalMutationPayload']> {
  const result = await runAction(ctx, {
    load: () => ctx.loaders.withdrawal.load(id),
    notFound: withdrawalMissing(),
    decide: (w) => withdrawalActions.decide(kind, w, ctx.user.permissions),
    amountOf: (w) => w.amount,
    write: async () => {
      const written = mapWithdrawal(await write());
      forgetWithdrawal(ctx, id, written);
      return written;
    },
    onWriteFailure: () => forgetWithdrawal(ctx, id),
  });
  return result.ok
    ? { withdrawal: result.answer, error: null, outcome: 'SUCCESS', message }
    : { withdrawal: result.doc, ...result.failure, message: null };
}

export function authorizeWithdrawal(ctx: Ctx, args: MutationAuthorizeWithdrawalArgs) {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  return singleWithdrawal(
    ctx,
    id,
    'AUTHORIZE',
    () => ctx.dataSources.withdrawals.authorize(id, options),
    WITHDRAWAL_SUCCESS.authorize,
  );
}

export function rejectWithdrawal(ctx: Ctx, args: MutationRejectWithdrawalArgs) {
  const id = checkId(args.id);
  const reason = checkReasonInput(args.reason);
  const options = idempotencyOptions(args.idempotencyKey);
  return singleWithdrawal(
    ctx,
    id,
    'REJECT',
    () => ctx.dataSources.withdrawals.reject(id, reason, options),
    WITHDRAWAL_SUCCESS.reject,
  );
}

async function bulkWithdrawals(
  ctx: Ctx,
  kind: Extract<WithdrawalActionKind, 'AUTHORIZE' | 'REJECT'>,
  rawIds: readonly string[],
  rawKey: string | null | undefined,
  write: (id: string, options: WriteOptions) => Promise<Raw>,
): Promise<ResolversTypes['BulkWithdrawalPayload']> {
  idempotencyOptions(rawKey);
  const results = await runBulk<WithdrawalModel, WithdrawalModel>(ctx, {
    deadline: ctx.drainSignal,
    ids: checkBulkIds(rawIds, 'retiros'),
    readAll: async (ids) => {
      const rows = (await ctx.dataSources.withdrawals.byIds(ids)).map(mapWithdrawal);
      return new Map(rows.map((w) => [w.id, w]));
    },
    itemReason: (w) => withdrawalActions.table.stateReason(kind, w, new Date()),
    itemLabel: (id) => `Retiro ${id}`,
    notFound: withdrawalMissing(),
    write: async (id) => {
      const written = mapWithdrawal(await write(id, idempotencyOptions(rawKey, id)));
      forgetWithdrawal(ctx, id, written);
      return written;
    },
    present: (w) => w,
  });
  return bulkPayload(results.map(({ item, ...rest }) => ({ ...rest, withdrawal: item })));
}

export function bulkAuthorizeWithdrawals(ctx: Ctx, args: MutationBulkAuthorizeWithdrawalsArgs) {
  return bulkWithdrawals(ctx, 'AUTHORIZE', args.ids, args.idempotencyKey, (id, o) =>
    ctx.dataSources.withdrawals.authorize(id, o),
  );
}

export function bulkRejectWithdrawals(ctx: Ctx, args: MutationBulkRejectWithdrawalsArgs) {
  const reason = checkReasonInput(args.reason);
  return bulkWithdrawals(ctx, 'REJECT', args.ids, args.idempotencyKey, (id, o) =>
    ctx.dataSources.withdrawals.reject(id, reason, o),
  );
}

/** The module's `Mutation` resolvers (the module layout: docs/architecture.md §3). */
export const withdrawalsMutations: MutationResolvers = {
  transferWithdraws: (_root, args, ctx) => transferWithdraws(ctx, args),
  rejectWithdraws: (_root, args, ctx) => rejectWithdraws(ctx, args),
  reExportWithdraw: (_root, args, ctx) => reExportWithdraw(ctx, args),
  authorizeWithdrawal: (_root, args, ctx) => authorizeWithdrawal(ctx, args),
  rejectWithdrawal: (_root, args, ctx) => rejectWithdrawal(ctx, args),
  bulkAuthorizeWithdrawals: (_root, args, ctx) => bulkAuthorizeWithdrawals(ctx, args),
  bulkRejectWithdrawals: (_root, args, ctx) => bulkRejectWithdrawals(ctx, args),
  saveScheduledWithdrawal: (_root, args, ctx) => saveScheduledWithdrawal(ctx, args),
  deleteScheduledWithdrawal: (_root, args, ctx) => deleteScheduledWithdrawal(ctx, args),
};
