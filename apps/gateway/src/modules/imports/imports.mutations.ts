/** The imports module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import type { GatewayContext } from '../../gateway-context.js';
import type { ResolversTypes, MutationResolvers } from '../../generated/resolvers-types.js';
import { checkId, checkIdempotencyKey, checkReasonInput } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import type { RawImport } from './imports.datasource.js';
import { mapImport } from './imports.mappers.js';
import { importActions } from './imports.rules.js';

/** Spanish success messages (spec 001 §8: import confirmed). */
export const IMPORT_SUCCESS = {
  confirm: 'Importación confirmada',
  cancel: 'Importación cancelada',
} as const;

/** Confirmar or Cancelar: the import read, the rule (pending_approved), one write; the answer replaces it. */
async function act(
  ctx: GatewayContext,
  kind: 'CONFIRM' | 'CANCEL',
  id: string,
  write: () => Promise<RawImport>,
): Promise<ResolversTypes['ImportMutationPayload']> {
  const result = await runAction(ctx, {
    load: () => ctx.loaders.paymentImport.load(id),
    notFound: notFoundFailure('import', 'import_not_found'),
    decide: (doc) => importActions.decide(kind, doc, ctx.user.permissions),
    write: async () => mapImport(await write()),
    onWriteFailure: () => ctx.forgetUpstreamReads(),
  });
  ctx.forgetUpstreamReads();
  ctx.loaders.paymentImport.clear(id);
  return result.ok
    ? {
        paymentImport: result.answer,
        error: null,
        outcome: 'SUCCESS',
        message: IMPORT_SUCCESS[kind === 'CONFIRM' ? 'confirm' : 'cancel'],
      }
    : { paymentImport: result.doc, ...result.failure, message: null };
}

const keyOf = (raw: string | null | undefined): string | null =>
  raw === null || raw === undefined ? null : checkIdempotencyKey(raw);

export const importsMutations: MutationResolvers = {
  confirmImport(_root, args, ctx) {
    const id = checkId(args.id);
    const key = keyOf(args.idempotencyKey);
    return act(ctx, 'CONFIRM', id, () => ctx.dataSources.imports.approve(id, key));
  },
  cancelImport(_root, args, ctx) {
    const id = checkId(args.id);
    const reason = checkReasonInput(args.reason);
    const key = keyOf(args.idempotencyKey);
    return act(ctx, 'CANCEL', id, () => ctx.dataSources.imports.cancel(id, reason, key));
  },
};
