import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { compareBySorts, unionList } from '../../shared/union-list.js';
import { periodFilters, type Filter } from '../../upstream/filters.js';
import { SOFT_PROVIDER_SORTS, type RawSoftProviderItem } from './softprovider.datasource.js';
import { mapSoftProviderItem } from './softprovider.mappers.js';
import { softProviderActions, softProviderSearchFilters } from './softprovider.rules.js';
import { softProviderMutations } from './softprovider.mutations.js';

const softProviderIdOf = (raw: RawSoftProviderItem): string => String(raw.id);

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
  Mutation: softProviderMutations,
};
