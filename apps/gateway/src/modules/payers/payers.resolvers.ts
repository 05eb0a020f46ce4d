import type { PayerSortField, Resolvers } from '../../generated/resolvers-types.js';
import { isNotFound } from '../../shared/loaders.js';
import { checkId } from '../../shared/inputs.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import type { Filter, Sort } from '../../upstream/filters.js';
import { mapPayer, mapPayerReference } from './payers.mappers.js';
import { payersMutations } from './payers.mutations.js';

/** References shown on a payer's detail (matched by its e-mail). */
const PAYER_REFERENCES_LIMIT = 100;

/**
 * A search text -> its one filter: an e-mail (EQUAL, lower case), an identification number (7 or more
 * digits, EQUAL), an id (up to 6 digits... or any digits when the list has no identification), or part of
 * the name (CONTAINS).
 */
export function payerSearchFilters(search: string | null | undefined): Filter[] {
  const text = normalizeSearch(search);
  if (!text) return [];
  if (text.includes('@')) return [{ field: 'email', operation: 'EQUAL', value: text.toLowerCase() }];
  if (/^\d{7,}$/.test(text)) return [{ field: 'identification.number', operation: 'EQUAL', value: text }];
  if (/^\d+$/.test(text)) return [{ field: 'id', operation: 'EQUAL', value: text }];
  return [{ field: 'name', operation: 'CONTAINS', value: text }];
}

const SORT_FIELDS: Readonly<Record<PayerSortField, string>> = { ID: 'id', NAME: 'name', EMAIL: 'email' };

function payerSorts(sort: { field: PayerSortField; direction: 'ASC' | 'DESC' } | null | undefined): Sort[] {
  if (!sort) return [{ field: 'id', direction: 'asc' }];
  return [{ field: SORT_FIELDS[sort.field], direction: sort.direction === 'DESC' ? 'desc' : 'asc' }];
}

export const payersResolvers: Resolvers = {
  Query: {
    async payers(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const result = await dataSources.payers.list({
        filters: payerSearchFilters(args.search),
        page,
        limit: pageSize,
        sorts: payerSorts(args.sort),
      });
      return listPage(result, page, pageSize, mapPayer);
    },
    async payer(_root, { id }, { dataSources }) {
      try {
        return mapPayer(await dataSources.payers.get(checkId(id)));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async payerReferences(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const filters = payerSearchFilters(args.search);
      if (args.collectorId) {
        filters.unshift({
          field: 'collector_id',
          operation: 'EQUAL',
          value: checkId(args.collectorId, 'collectorId'),
        });
      }
      const result = await dataSources.payers.references({ filters, page, limit: pageSize });
      return listPage(result, page, pageSize, mapPayerReference);
    },
    async payerReference(_root, { id }, { dataSources }) {
      const result = await dataSources.payers.references({
        filters: [{ field: 'id', operation: 'EQUAL', value: checkId(id) }],
        page: 1,
        limit: 1,
      });
      const raw = result.rows[0];
      return raw ? mapPayerReference(raw) : null;
    },
  },
  Payer: {
    async references(payer, _args, { dataSources }) {
      if (!payer.email) return [];
      const result = await dataSources.payers.references({
        filters: [{ field: 'email', operation: 'EQUAL', value: payer.email }],
        page: 1,
        limit: PAYER_REFERENCES_LIMIT,
      });
      return result.rows.map(mapPayerReference);
    },
  },
  PayerReference: {
    collector: (reference, _args, { loaders }) => loaders.collector.load(reference.collectorId),
  },
  Mutation: payersMutations,
};
