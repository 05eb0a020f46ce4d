import { badUserInput } from '../../errors.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { searchFilter, type Filter } from '../../upstream/filters.js';
import { mapCollector } from './collectors.mappers.js';

/** Collector picker search: an id when numeric, else part of the name. */
export function collectorSearchFilters(search: string | null | undefined): Filter[] {
  const text = normalizeSearch(search);
  if (!text) return [];
  return [searchFilter(text, { idField: 'id', textField: 'name' })];
}

export const collectorsResolvers: Resolvers = {
  Query: {
    async collectors(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const result = await dataSources.collectors.list({
        filters: collectorSearchFilters(args.search),
        page,
        limit: pageSize,
        sorts: [{ field: 'name', direction: 'asc' }],
      });
      return listPage(result, page, pageSize, mapCollector);
    },
    collector(_root, { id }, { loaders }) {
      const key = id.trim();
      if (!key || key.length > 64) throw badUserInput('La entidad (id) no es válida.', 'id');
      return loaders.collector.load(key);
    },
  },
  Collector: {
    signature: (collector) => collector.signature ?? collector.id,
    async matchImport(collector, _args, { loaders }) {
      return (await loaders.collectorSettings.load(collector.signature ?? collector.id))?.matchImport ?? null;
    },
    async withdrawalStrategy(collector, _args, { loaders }) {
      const settings = await loaders.collectorSettings.load(collector.signature ?? collector.id);
      return settings?.withdrawalStrategy ?? null;
    },
    async batchVersion(collector, _args, { loaders }) {
      return (
        (await loaders.collectorSettings.load(collector.signature ?? collector.id))?.batchVersion ?? null
      );
    },
    balance: (collector, _args, { loaders }) => loaders.collectorBalance.load(collector.id),
    detail: (collector, _args, { loaders }) => loaders.collectorDetail.load(collector.id),
  },
};
