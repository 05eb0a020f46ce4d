import type { GatewayContext } from '../../gateway-context.js';
import { badUserInput } from '../../errors.js';
import type { BinLookupKind, Resolvers, ResolversTypes } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkBulkIds } from '../../shared/bulk.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { isNotFound } from '../../shared/loaders.js';
import { normalizePaging, normalizeSearch, listPage } from '../../shared/paging.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { Filter } from '../../upstream/filters.js';
import { writeFailure } from '../../upstream/outcome.js';
import type { CardBinBody, LookupPath, RawCardBin } from './bins.datasource.js';
import { mapCardBin, mapLookupItem } from './bins.mappers.js';
import { cardBinActions, cardBinBody } from './bins.rules.js';

/** Spanish texts (spec 001 §8), as the specification writes them. */
export const BIN_MESSAGES = {
  created: 'Bin created correctamente',
  updated: 'Bin Actualizado correctamente',
  deleted: 'BIN eliminado correctamente',
  deletedMany: 'BINs eliminados correctamente',
  notDeleted: 'NO se pudo borrar',
} as const;

const LOOKUPS: Readonly<Record<BinLookupKind, LookupPath>> = {
  BRAND: '/marcas',
  TYPE: '/tipos',
  SUBTYPE: '/subtipos',
  ISSUER: '/emisores',
};

const key = (raw: string | null | undefined): string | null =>
  raw === null || raw === undefined ? null : checkIdempotencyKey(raw);

/** LIKE text with the operator's %/_ taken literally is not possible upstream: they are dropped. */
const likeText = (search: string) => search.replace(/[%_]/g, '');

/** Create or update: the form's rules, then one write; its answer is the BIN. */
async function save(
  ctx: GatewayContext,
  write: (body: CardBinBody) => Promise<RawCardBin>,
  body: CardBinBody,
  message: string,
): Promise<ResolversTypes['CardBinPayload']> {
  try {
    const model = mapCardBin(await write(body));
    ctx.forgetUpstreamReads();
    return { bin: model, error: null, outcome: 'SUCCESS', message };
  } catch (error) {
    ctx.forgetUpstreamReads();
    return { bin: null, ...writeFailure(error), message: null };
  }
}

export const binsResolvers: Resolvers = {
  Query: {
    async cardBins(_root, args, { dataSources }) {
      const pageIndex = args.page ?? 0;
      if (!Number.isInteger(pageIndex) || pageIndex < 0) {
        throw badUserInput('La página (page) debe ser un número entero mayor o igual a 0.', 'page');
      }
      const { page, pageSize } = normalizePaging(pageIndex + 1, args.pageSize, 10);
      const search = normalizeSearch(args.search);
      const filters: Filter[] = [];
      if (search && /^\d+$/.test(search))
        filters.push({ field: 'id', operation: 'LIKE', value: `${search}%` });
      else if (search) filters.push({ field: 'brand.description', operation: 'CONTAINS', value: search });
      const answer = await dataSources.bins.list(filters, page, pageSize);
      return listPage(answer, pageIndex, pageSize, mapCardBin);
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
  Mutation: {
    createCardBin(_root, args, ctx) {
      const body = cardBinBody(args.input);
      const idempotencyKey = key(args.idempotencyKey);
      return save(ctx, (b) => ctx.dataSources.bins.create(b, idempotencyKey), body, BIN_MESSAGES.created);
    },
    updateCardBin(_root, args, ctx) {
      const body = cardBinBody(args.input);
      const idempotencyKey = key(args.idempotencyKey);
      return save(ctx, (b) => ctx.dataSources.bins.update(b, idempotencyKey), body, BIN_MESSAGES.updated);
    },
    async deleteCardBins(_root, args, ctx) {
      const ids = checkBulkIds(args.ids, 'BINs');
      if (ids.length === 0) throw badUserInput('Seleccione al menos un BIN.', 'ids');
      const idempotencyKey = key(args.idempotencyKey);
      try {
        const [only] = ids;
        const answer =
          ids.length === 1 && only
            ? await ctx.dataSources.bins.remove(only, idempotencyKey)
            : await ctx.dataSources.bins.removeAll(ids, idempotencyKey);
        ctx.forgetUpstreamReads();
        if (answer === true) {
          const message = ids.length === 1 ? BIN_MESSAGES.deleted : BIN_MESSAGES.deletedMany;
          return { ids, error: null, outcome: 'SUCCESS', message };
        }
        if (answer === false) {
          const error = { message: BIN_MESSAGES.notDeleted, code: 'NOT_DELETED', extendedCode: null };
          return { ids, error, outcome: 'FAILED', message: null };
        }
        return {
          ids,
          ...writeFailure(new UpstreamContractError('bin: a delete answered neither true nor false')),
          message: null,
        };
      } catch (error) {
        ctx.forgetUpstreamReads();
        return { ids, ...writeFailure(error), message: null };
      }
    },
  },
};
