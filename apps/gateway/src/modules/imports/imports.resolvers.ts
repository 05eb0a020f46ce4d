import type { GatewayContext } from '../../gateway-context.js';
import type { Resolvers, ResolversTypes } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkId, checkIdempotencyKey, checkReasonInput } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import type { RawImport } from './imports.datasource.js';
import { mapConfiguration, mapImport, mapImportRow } from './imports.mappers.js';
import { importActions, importListQuery, importRowsQuery } from './imports.rules.js';
import { listPage } from '../../shared/paging.js';

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
  const result = await runAction({
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

export const importsResolvers: Resolvers = {
  Query: {
    async imports(_root, args, { dataSources }) {
      const query = importListQuery(args);
      const answer = await dataSources.imports.list(query);
      return listPage(answer, query.page, query.limit, mapImport);
    },
    paymentImport: (_root, { id }, { loaders }) => loaders.paymentImport.load(checkId(id)),
    async importRows(_root, args, { dataSources }) {
      const id = checkId(args.importId, 'importId');
      const query = importRowsQuery(args);
      const answer = await dataSources.imports.rows(id, query);
      return listPage(answer, query.page, query.limit, mapImportRow);
    },
    async converterConfigurations(_root, _args, { dataSources }) {
      return (await dataSources.converter.origins()).rows.map(mapConfiguration);
    },
  },
  Mutation: {
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
  },
  PaymentImport: {
    actions: actionsField(importActions),
    collector: (paymentImport, _args, { loaders }) => loaders.collector.load(paymentImport.collectorId),
  },
};
