import type { Resolvers, ResolversTypes } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { defineModule } from '../../shared/define-module.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { normalizePaging, listPage } from '../../shared/paging.js';
import { runAction } from '../../shared/run-action.js';
import type { CatalogueEntry } from '../../upstream/error-catalogue.js';
import type { Sort } from '../../upstream/filters.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import { TransfersDataSource } from './transfers.datasource.js';
import { mapTransfer, SORTS, transferActions, transferFilters } from './transfers.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['transfer'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    transfer: true;
  }
}

/** Spec 001 §8 "Conciliación aprovada", spelled right (docs/decisions.md "Transfer conciliation"). */
export const CONCILIATION_SUCCESS = 'Conciliación aprobada';

const resolvers: Resolvers = {
  Query: {
    async transfers(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const filters = transferFilters(args.filter);
      const sorts: Sort[] = [
        args.sort
          ? { field: SORTS[args.sort.field], direction: args.sort.direction === 'ASC' ? 'asc' : 'desc' }
          : { field: 'request_date', direction: 'desc' },
      ];
      const answer = await dataSources.transfers.list({ filters, page, limit: pageSize, sorts });
      return listPage(answer, page, pageSize, mapTransfer);
    },
  },
  Mutation: {
    async conciliateTransfer(_root, args, ctx): Promise<ResolversTypes['TransferMutationPayload']> {
      const id = checkId(args.id);
      const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
      const source = ctx.dataSources.transfers;
      const result = await runAction({
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
  },
  TransferConciliation: {
    actions: actionsField(transferActions),
    collector: (transfer, _args, { loaders }) => loaders.collector.load(transfer.collectorId),
  },
};

const ERRORS: readonly CatalogueEntry[] = [
  {
    service: 'transfer',
    code: 'not_found',
    extendedCode: 'conciliation_not_found',
    message: 'No se encontró la transferencia.',
  },
  {
    service: 'transfer',
    code: 'invalid_status',
    extendedCode: 'conciliation_not_pending',
    message: 'La transferencia ya no está pendiente de conciliación.',
  },
];

/** Transfer conciliation (/transferencias; spec 001 §2 "Transfer conciliation list"). */
export const transfersModule = defineModule({
  name: 'transfers',
  services: SERVICES,
  schemaFiles: ['transfer.graphql'],
  resolvers,
  dataSources: (upstream) => ({ transfers: new TransfersDataSource(upstream('transfer')) }),
  errors: ERRORS,
});
