/** The BINs module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import type { GatewayContext } from '../../gateway-context.js';
import { badUserInput } from '../../errors.js';
import type { ResolversTypes, MutationResolvers } from '../../generated/resolvers-types.js';
import { checkBulkIds } from '../../shared/bulk.js';
import { checkIdempotencyKey } from '../../shared/inputs.js';
import { isNotFound } from '../../shared/loaders.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { notFoundFailure, readFailure, writeFailure } from '../../upstream/outcome.js';
import type { CardBinBody, RawCardBin } from './bins.datasource.js';
import { mapCardBin, type CardBinModel } from './bins.mappers.js';
import { cardBinBody } from './bins.rules.js';

/** Spanish texts (spec 001 §8), as the specification writes them. */
export const BIN_MESSAGES = {
  created: 'Bin created correctamente',
  updated: 'Bin Actualizado correctamente',
  deleted: 'BIN eliminado correctamente',
  deletedMany: 'BINs eliminados correctamente',
  notDeleted: 'NO se pudo borrar',
  /** An update of a BIN another operator changed since the form was read. */
  changed: 'Otro operador modificó este registro. Recargá para ver su estado actual antes de guardar.',
} as const;

/** The code of that refusal. */
export const RECORD_CHANGED = 'RECORD_CHANGED';

const sameInstant = (a: string | null | undefined, b: string) => a != null && Date.parse(a) === Date.parse(b);

/**
 * An update's version check: the BIN as the service holds it now, and the refusal when it is not the version the
 * operator edited (`expected`); null when it may be written.
 */
async function versionRefusal(
  ctx: GatewayContext,
  id: string,
  expected: string,
): Promise<ResolversTypes['CardBinPayload'] | null> {
  let current: CardBinModel;
  try {
    current = mapCardBin(await ctx.dataSources.bins.byId(id));
  } catch (error) {
    if (isNotFound(error)) return { bin: null, ...notFoundFailure('bin', 'bin_not_found'), message: null };
    return { bin: null, ...readFailure(error), message: null };
  }
  if (sameInstant(current.lastUpdateDate, expected)) return null;
  // The payload carries no BIN: the operator's edits stay on screen until they choose 'Recargar'.
  const error = { message: BIN_MESSAGES.changed, code: RECORD_CHANGED, extendedCode: null };
  return { bin: null, error, outcome: 'FAILED', message: null };
}

const key = (raw: string | null | undefined): string | null =>
  raw === null || raw === undefined ? null : checkIdempotencyKey(raw);

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

export const binsMutations: MutationResolvers = {
  createCardBin(_root, args, ctx) {
    const body = cardBinBody(args.input);
    const idempotencyKey = key(args.idempotencyKey);
    return save(ctx, (b) => ctx.dataSources.bins.create(b, idempotencyKey), body, BIN_MESSAGES.created);
  },
  async updateCardBin(_root, args, ctx) {
    const body = cardBinBody(args.input);
    const idempotencyKey = key(args.idempotencyKey);
    if (args.expectedLastUpdateDate) {
      const refusal = await versionRefusal(ctx, body.iin, args.expectedLastUpdateDate);
      if (refusal) return refusal;
    }
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
};
