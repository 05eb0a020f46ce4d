import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { arr } from '../../shared/values.js';
import type { Filter, Sort } from '../../upstream/filters.js';
import { compareBySorts, unionList } from '../../shared/union-list.js';
import type { RawPresentation } from './afip.datasource.js';
import { mapFileStructure, mapPresentation } from './afip.mappers.js';
import { presentationSearchFilters, PRESENTATION_SORTS, presentationActions } from './afip.rules.js';
import { afipMutations } from './afip.mutations.js';

const presentationIdOf = (raw: RawPresentation): string => String(raw.id);

export const afipResolvers: Resolvers = {
  Query: {
    async presentations(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const filters: Filter[] = [];
      if (args.filter?.status) {
        filters.push({ field: 'status', operation: 'EQUAL', value: args.filter.status.toLowerCase() });
      }
      const sort = args.sort ?? { field: 'CREATED_DATE', direction: 'DESC' };
      const sorts: Sort[] = [
        { field: PRESENTATION_SORTS[sort.field], direction: sort.direction === 'ASC' ? 'asc' : 'desc' },
      ];
      const search = normalizeSearch(args.filter?.search, 'filter.search');
      const answer = await unionList({
        variants: presentationSearchFilters(search).map((variant) => [...variant, ...filters]),
        read: (variant, readPage, limit) =>
          dataSources.afip.list({ filters: variant, page: readPage, limit, sorts }),
        page,
        pageSize,
        idOf: presentationIdOf,
        compare: compareBySorts(sorts, presentationIdOf),
      });
      return listPage(answer, page, pageSize, mapPresentation);
    },
    presentation: (_root, { id }, { loaders }) => loaders.presentation.load(checkId(id)),
    async presentationFileStructures(_root, _args, { dataSources }) {
      return arr(await dataSources.afip.structures()).flatMap((raw) => mapFileStructure(raw) ?? []);
    },
  },
  Presentation: { actions: actionsField(presentationActions) },
  Mutation: afipMutations,
};
