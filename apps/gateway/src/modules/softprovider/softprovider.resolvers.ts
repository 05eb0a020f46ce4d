import type { GatewayContext } from '../../gateway-context.js';
import type { Resolvers, SoftProviderActionKind, ResolversTypes } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { runAction } from '../../shared/run-action.js';
import { compareBySorts, unionList } from '../../shared/union-list.js';
import { periodFilters, type Filter } from '../../upstream/filters.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import {
  SOFT_PROVIDER_SORTS,
  type RawSoftProviderItem,
  type SoftProviderOperation,
} from './softprovider.datasource.js';
import { mapSoftProviderItem } from './softprovider.mappers.js';
import { softProviderActions, softProviderSearchFilters } from './softprovider.rules.js';

const softProviderIdOf = (raw: RawSoftProviderItem): string => String(raw.id);

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
  const result = await runAction({
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

export const softProviderResolvers: Resolvers = {
  Query: {
    async softProviderItems(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const filter = args.filter ?? {};
      const filters: Filter[] = [];
      const search = normalizeSearch(filter.search, 'filter.search');
      // The period: reports starting on or after `from` and ending on or before `to` (from after to: refused).
      periodFilters('start_date', filter.from, filter.to, { from: 'filter.from', to: 'filter.to' });
      filters.push(...periodFilters('start_date', filter.from, null));
      filters.push(...periodFilters('end_date', null, filter.to));
      if (filter.status)
        filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
      const answer = await unionList({
        variants: softProviderSearchFilters(search).map((variant) => [...variant, ...filters]),
        read: dataSources.softProvider.list,
        page,
        pageSize,
        idOf: softProviderIdOf,
        compare: compareBySorts(SOFT_PROVIDER_SORTS, softProviderIdOf),
      });
      return listPage(answer, page, pageSize, mapSoftProviderItem);
    },
  },
  SoftProviderItem: { actions: actionsField(softProviderActions) },
  Mutation: {
    approveSoftProviderItem: (_root, args, ctx) => act(ctx, 'aprobar', args),
    rejectSoftProviderItem: (_root, args, ctx) => act(ctx, 'rechazar', args),
    regenerateSoftProviderItem: (_root, args, ctx) => act(ctx, 'regenerate', args),
  },
};
