/** The soft-provider module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import type { GatewayContext } from '../../gateway-context.js';
import type {
  SoftProviderActionKind,
  ResolversTypes,
  MutationResolvers,
} from '../../generated/resolvers-types.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import { type SoftProviderOperation } from './softprovider.datasource.js';
import { mapSoftProviderItem } from './softprovider.mappers.js';
import { softProviderActions } from './softprovider.rules.js';

/** Spanish success messages (spec 001 §8). */
export const SOFT_PROVIDER_SUCCESS: Readonly<Record<SoftProviderOperation, string>> = {
  aprobar: 'Aprobado correctamente',
  rechazar: 'Rechazado correctamente',
  regenerate: 'Regenerado correctamente',
};

const KIND: Readonly<Record<SoftProviderOperation, SoftProviderActionKind>> = {
  aprobar: 'APPROVE',
  rechazar: 'REJECT',
  regenerate: 'REGENERATE',
};

/** Approve, reject or regenerate: the report read, the row's rule, one write. */
async function act(
  ctx: GatewayContext,
  operation: SoftProviderOperation,
  args: { collectorId: string; id: string; idempotencyKey?: string | null },
): Promise<ResolversTypes['SoftProviderPayload']> {
  const collectorId = checkId(args.collectorId, 'collectorId');
  const id = checkId(args.id);
  const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
  const source = ctx.dataSources.softProvider;
  const result = await runAction(ctx, {
    load: async () => {
      const raw = await source.byIds(collectorId, id);
      return raw && mapSoftProviderItem(raw);
    },
    notFound: notFoundFailure('softprovider', 'soft_provider_not_found'),
    decide: (doc) => softProviderActions.decide(KIND[operation], doc, ctx.user.permissions),
    write: async () => mapSoftProviderItem(await source.write(operation, collectorId, id, key)),
    onWriteFailure: () => ctx.forgetUpstreamReads(),
  });
  ctx.forgetUpstreamReads();
  return result.ok
    ? {
        item: result.answer,
        error: null,
        outcome: 'SUCCESS',
        message: SOFT_PROVIDER_SUCCESS[operation],
      }
    : { item: result.doc, ...result.failure, message: null };
}

export const softProviderMutations: MutationResolvers = {
  approveSoftProviderItem: (_root, args, ctx) => act(ctx, 'aprobar', args),
  rejectSoftProviderItem: (_root, args, ctx) => act(ctx, 'rechazar', args),
  regenerateSoftProviderItem: (_root, args, ctx) => act(ctx, 'regenerate', args),
};
