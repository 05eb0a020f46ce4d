/** The transfers module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import type { ResolversTypes, MutationResolvers } from '../../generated/resolvers-types.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import { mapTransfer, transferActions } from './transfers.rules.js';

/** Spec 001 §8 "Conciliación aprovada", spelled right (docs/decisions.md "Transfer conciliation"). */
export const CONCILIATION_SUCCESS = 'Conciliación aprobada';

export const transfersMutations: MutationResolvers = {
  async conciliateTransfer(_root, args, ctx): Promise<ResolversTypes['TransferMutationPayload']> {
    const id = checkId(args.id);
    const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
    const source = ctx.dataSources.transfers;
    const result = await runAction(ctx, {
      load: async () => {
        const raw = await source.byId(id);
        return raw && mapTransfer(raw);
      },
      notFound: notFoundFailure('transfer', 'conciliation_not_found'),
      decide: (doc) => transferActions.decide('CONCILIATE', doc, ctx.user.permissions),
      write: async () => mapTransfer(await source.conciliate(id, key)),
      onWriteFailure: () => ctx.forgetUpstreamReads(),
    });
    ctx.forgetUpstreamReads();
    return result.ok
      ? { transfer: result.answer, error: null, outcome: 'SUCCESS', message: CONCILIATION_SUCCESS }
      : { transfer: result.doc, ...result.failure, message: null };
  },
};
