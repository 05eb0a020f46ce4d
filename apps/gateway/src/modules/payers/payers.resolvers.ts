import type { PayerSortField, Resolvers, ResolversTypes } from '../../generated/resolvers-types.js';
import { isNotFound } from '../../shared/loaders.js';
import { checkId, idempotencyOptions } from '../../shared/inputs.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { int } from '../../shared/values.js';
import type { Filter, Sort } from '../../upstream/filters.js';
import { writeFailure } from '../../upstream/outcome.js';
import { payerBody, referenceCreateBody, referenceUpdateBody } from './payers.inputs.js';
import { mapPayer, mapPayerReference } from './payers.mappers.js';

export const PAYER_MESSAGES = {
  payerCreated: 'Pagador creado con éxito',
  referenceCreated: 'Referencia creada con éxito',
  referenceUpdated: 'Referencia actualizada con éxito',
  referenceDeleted: 'Referencia eliminada con éxito',
  referencesDeleted: 'Referencias eliminadas con éxito',
} as const;

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

const failedReference = (error: unknown): ResolversTypes['PayerReferencePayload'] => {
  const failure = writeFailure(error);
  return { reference: null, outcome: failure.outcome, error: failure.error, message: null };
};

const failedDelete = (error: unknown): ResolversTypes['PayerReferenceDeletePayload'] => {
  const failure = writeFailure(error);
  return { deleted: 0, outcome: failure.outcome, error: failure.error, message: null };
};

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
  Mutation: {
    async createPayer(_root, { input, idempotencyKey }, ctx) {
      const body = payerBody(input);
      const options = idempotencyOptions(idempotencyKey);
      try {
        const payer = mapPayer(await ctx.dataSources.payers.create(body, options));
        ctx.forgetUpstreamReads();
        return { payer, outcome: 'SUCCESS', error: null, message: PAYER_MESSAGES.payerCreated };
      } catch (error) {
        const failure = writeFailure(error);
        return { payer: null, outcome: failure.outcome, error: failure.error, message: null };
      }
    },
    async createPayerReference(_root, { input, idempotencyKey }, ctx) {
      const body = referenceCreateBody(input);
      const options = idempotencyOptions(idempotencyKey);
      try {
        const reference = mapPayerReference(await ctx.dataSources.payers.createReference(body, options));
        ctx.forgetUpstreamReads();
        return { reference, outcome: 'SUCCESS', error: null, message: PAYER_MESSAGES.referenceCreated };
      } catch (error) {
        return failedReference(error);
      }
    },
    async updatePayerReference(_root, { id, input, idempotencyKey }, ctx) {
      const referenceId = checkId(id);
      const body = referenceUpdateBody(input);
      const options = idempotencyOptions(idempotencyKey);
      try {
        const reference = mapPayerReference(
          await ctx.dataSources.payers.updateReference(referenceId, body, options),
        );
        ctx.forgetUpstreamReads();
        return { reference, outcome: 'SUCCESS', error: null, message: PAYER_MESSAGES.referenceUpdated };
      } catch (error) {
        return failedReference(error);
      }
    },
    async deletePayerReference(_root, { id, idempotencyKey }, ctx) {
      const referenceId = checkId(id);
      const options = idempotencyOptions(idempotencyKey);
      try {
        await ctx.dataSources.payers.deleteReference(referenceId, options);
        ctx.forgetUpstreamReads();
        return { deleted: 1, outcome: 'SUCCESS', error: null, message: PAYER_MESSAGES.referenceDeleted };
      } catch (error) {
        return failedDelete(error);
      }
    },
    async deleteCollectorPayerReferences(_root, { collectorId, idempotencyKey }, ctx) {
      const id = checkId(collectorId, 'collectorId');
      const options = idempotencyOptions(idempotencyKey);
      try {
        const answer = await ctx.dataSources.payers.deleteCollectorReferences(id, options);
        ctx.forgetUpstreamReads();
        return {
          deleted: int(answer.deleted) ?? 0,
          outcome: 'SUCCESS',
          error: null,
          message: PAYER_MESSAGES.referencesDeleted,
        };
      } catch (error) {
        return failedDelete(error);
      }
    },
  },
};
