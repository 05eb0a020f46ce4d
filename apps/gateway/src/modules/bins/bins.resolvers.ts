import type { BinLookupKind, Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { isNotFound } from '../../shared/loaders.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { compareBySorts, unionList } from '../../shared/union-list.js';
import type { Filter } from '../../upstream/filters.js';
import type { LookupPath, RawCardBin } from './bins.datasource.js';
import { mapCardBin, mapLookupItem } from './bins.mappers.js';
import { BIN_SORTS, binSearchFilters, cardBinActions } from './bins.rules.js';
import { binsMutations } from './bins.mutations.js';

const binIdOf = (raw: RawCardBin): string => String(raw.id);

const LOOKUPS: Readonly<Record<BinLookupKind, LookupPath>> = {
  BRAND: '/marcas',
  TYPE: '/tipos',
  SUBTYPE: '/subtipos',
  ISSUER: '/emisores',
};

/** LIKE text with the operator's %/_ taken literally is not possible upstream: they are dropped. */
const likeText = (search: string) => search.replace(/[%_]/g, '');

export const binsResolvers: Resolvers = {
  Query: {
    async cardBins(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const search = normalizeSearch(args.search);
      const answer = await unionList({
        variants: binSearchFilters(search),
        read: dataSources.bins.list,
        page,
        pageSize,
        idOf: binIdOf,
        compare: compareBySorts(BIN_SORTS, binIdOf),
      });
      return listPage(answer, page, pageSize, mapCardBin);
    },
    async cardBin(_root, { id }, { dataSources }) {
      try {
        return mapCardBin(await dataSources.bins.byId(checkId(id)));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async binLookup(_root, { kind, search }, { dataSources }) {
      const text = normalizeSearch(search);
      const like = text ? likeText(text) : '';
      const filters: Filter[] = like ? [{ field: 'description', operation: 'LIKE', value: `%${like}%` }] : [];
      const answer = await dataSources.bins.lookup(LOOKUPS[kind], filters);
      return answer.rows.flatMap((raw) => mapLookupItem(raw) ?? []);
    },
  },
  CardBin: { actions: actionsField(cardBinActions) },
  Mutation: binsMutations,
};
