/**
 * Batch writes on the kit: inputs checked first (BAD_USER_INPUT, no upstream call), then shared/run-action.ts
 * (read, the same rule as WithdrawalBatch.actions, one write, the outcome classified) or shared/bulk.ts (one read
 * of the selection, then each batch checked and written on its own). A failed reprocess reads the catalogue text
 * of its code and extended code, then ' - ' and the extended code (spec 001 §8).
 */
import type {
  MutationResolvers,
  MutationBulkReprocessWithdrawalBatchesArgs,
  MutationReExportWithdrawalBatchArgs,
  MutationReprocessWithdrawalBatchArgs,
  ResolversTypes,
  WithdrawalBatchActionKind,
} from '../../generated/resolvers-types.js';
import { bulkPayload } from '../../shared/operation-error.js';
import type { GatewayContext } from '../../gateway-context.js';
import { checkBulkIds, runBulk } from '../../shared/bulk.js';
import { checkId, idempotencyOptions } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import type { BatchesDataSource, RawBatch } from './batches.datasource.js';
import { mapBatch, type BatchModel } from './batches.mappers.js';
import { BATCH_SUCCESS, batchActions } from './batches.rules.js';

type Ctx = GatewayContext;

const missing = () => notFoundFailure('batch', 'batch_not_found');

function forget(ctx: Ctx, id: string, written: BatchModel | null = null): void {
  ctx.forgetUpstreamReads();
  ctx.loaders.withdrawalBatch.clear(id);
  if (written) ctx.loaders.withdrawalBatch.prime(id, written);
}

function remember(ctx: Ctx, raw: RawBatch): BatchModel {
  const model = mapBatch(raw);
  forget(ctx, model.id, model);
  return model;
}

/** The optional idempotency key (checked) as write options; a bulk item gets `{key}/{id}`. */

async function single(
  ctx: Ctx,
  id: string,
  kind: WithdrawalBatchActionKind,
  write: (source: BatchesDataSource) => Promise<RawBatch>,
  message: string,
): Promise<ResolversTypes['WithdrawalBatchPayload']> {
  const result = await runAction(ctx, {
    load: () => ctx.loaders.withdrawalBatch.load(id),
    notFound: missing(),
    decide: (doc) => batchActions.decide(kind, doc, ctx.user.permissions),
    write: async () => remember(ctx, await write(ctx.dataSources.batches)),
    onWriteFailure: () => forget(ctx, id),
  });
  return result.ok
    ? { batch: result.answer, error: null, outcome: 'SUCCESS', message }
    : { batch: result.doc, ...result.failure, message: null };
}

export function reprocessWithdrawalBatch(ctx: Ctx, args: MutationReprocessWithdrawalBatchArgs) {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  return single(ctx, id, 'REPROCESS', (s) => s.reprocess(id, options), BATCH_SUCCESS.reprocess);
}

export function reExportWithdrawalBatch(ctx: Ctx, args: MutationReExportWithdrawalBatchArgs) {
  const id = checkId(args.id);
  const options = idempotencyOptions(args.idempotencyKey);
  return single(ctx, id, 'RE_EXPORT', (s) => s.reExport(id, options), BATCH_SUCCESS.reExport);
}

/** 'Reprocesar' on a selection: each batch must still be in error; one write per eligible id. */
export async function bulkReprocessWithdrawalBatches(
  ctx: Ctx,
  args: MutationBulkReprocessWithdrawalBatchesArgs,
): Promise<ResolversTypes['BulkWithdrawalBatchPayload']> {
  idempotencyOptions(args.idempotencyKey);
  const results = await runBulk(ctx, {
    deadline: ctx.drainSignal,
    ids: checkBulkIds(args.ids, 'lotes'),
    readAll: async (ids) => {
      const rows = (await ctx.dataSources.batches.byIds(ids)).map(mapBatch);
      return new Map(rows.map((batch) => [batch.id, batch]));
    },
    itemReason: (batch: BatchModel) => batchActions.table.stateReason('REPROCESS', batch, new Date()),
    itemLabel: (id) => `Lote ${id}`,
    notFound: missing(),
    write: async (id) =>
      remember(ctx, await ctx.dataSources.batches.reprocess(id, idempotencyOptions(args.idempotencyKey, id))),
    present: (batch) => batch,
  });
  return bulkPayload(results.map(({ item, ...rest }) => ({ ...rest, batch: item })));
}

/** The module's `Mutation` resolvers (the module layout: docs/architecture.md §3). */
export const batchesMutations: MutationResolvers = {
  reprocessWithdrawalBatch: (_root, args, ctx) => reprocessWithdrawalBatch(ctx, args),
  reExportWithdrawalBatch: (_root, args, ctx) => reExportWithdrawalBatch(ctx, args),
  bulkReprocessWithdrawalBatches: (_root, args, ctx) => bulkReprocessWithdrawalBatches(ctx, args),
};
