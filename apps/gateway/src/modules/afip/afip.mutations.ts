/** The AFIP module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import { checkAfipTransactionId, normalizeAfipTransactionId } from '@backoffice/validators';
import type { GatewayContext } from '../../gateway-context.js';
import { badUserInput } from '../../errors.js';
import type {
  PresentationActionKind,
  ResolversTypes,
  MutationResolvers,
} from '../../generated/resolvers-types.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure, writeFailure } from '../../upstream/outcome.js';
import type { AfipDataSource, RawPresentation } from './afip.datasource.js';
import { mapPresentation, type PresentationModel } from './afip.mappers.js';
import { periodProblem, presentationActions } from './afip.rules.js';

type Ctx = GatewayContext;

/** Spanish success messages (spec 001 §8). */
export const AFIP_SUCCESS = {
  create: 'Formulario creado correctamente',
  present: 'Presentación enviada con éxito',
  reprocess: 'Presentación re-procesada con éxito',
} as const;

const MAX_REASON_LENGTH = 500;

const key = (raw: string | null | undefined): string | null =>
  raw === null || raw === undefined ? null : checkIdempotencyKey(raw);

/** The written presentation replaces what the request had read. */
function remember(ctx: Ctx, raw: RawPresentation): PresentationModel {
  const model = mapPresentation(raw);
  ctx.forgetUpstreamReads();
  ctx.loaders.presentation.clear(model.id).prime(model.id, model);
  return model;
}

/** present, present manually, reprocess: the same rule as the toolbar, then one write. */
async function act(
  ctx: Ctx,
  id: string,
  kind: PresentationActionKind,
  write: (source: AfipDataSource) => Promise<RawPresentation>,
  message: string,
): Promise<ResolversTypes['PresentationPayload']> {
  const result = await runAction(ctx, {
    load: () => ctx.loaders.presentation.load(id),
    notFound: notFoundFailure('afip', 'presentation_not_found'),
    decide: (doc) => presentationActions.decide(kind, doc, ctx.user.permissions),
    write: async () => remember(ctx, await write(ctx.dataSources.afip)),
    onWriteFailure: () => {
      ctx.forgetUpstreamReads();
      ctx.loaders.presentation.clear(id);
    },
  });
  return result.ok
    ? { presentation: result.answer, error: null, outcome: 'SUCCESS', message }
    : { presentation: result.doc, ...result.failure, message: null };
}

export const afipMutations: MutationResolvers = {
  async createPresentation(_root, args, ctx) {
    const structureId = checkId(args.fileStructureId, 'fileStructureId');
    const period = args.period.trim();
    const problem = periodProblem(period);
    if (problem) throw badUserInput(problem, 'period');
    const idempotencyKey = key(args.idempotencyKey);
    try {
      const model = remember(ctx, await ctx.dataSources.afip.create(period, structureId, idempotencyKey));
      return {
        presentation: model,
        error: null,
        outcome: 'SUCCESS',
        message: AFIP_SUCCESS.create,
      };
    } catch (error) {
      return { presentation: null, ...writeFailure(error), message: null };
    }
  },
  presentPresentation(_root, args, ctx) {
    const id = checkId(args.id);
    const idempotencyKey = key(args.idempotencyKey);
    return act(ctx, id, 'PRESENT', (s) => s.present(id, idempotencyKey), AFIP_SUCCESS.present);
  },
  presentPresentationManually(_root, args, ctx) {
    const id = checkId(args.id);
    const problem = checkAfipTransactionId(args.transactionId);
    if (problem) throw badUserInput(problem, 'transactionId');
    const transactionId = checkId(normalizeAfipTransactionId(args.transactionId), 'transactionId');
    const idempotencyKey = key(args.idempotencyKey);
    const write = (s: AfipDataSource) => s.presentManually(id, transactionId, idempotencyKey);
    return act(ctx, id, 'PRESENT_MANUAL', write, AFIP_SUCCESS.present);
  },
  reprocessPresentation(_root, args, ctx) {
    const id = checkId(args.id);
    const reason = args.reason?.trim() || null;
    if (reason && reason.length > MAX_REASON_LENGTH) {
      throw badUserInput(`El motivo (reason) admite hasta ${MAX_REASON_LENGTH} caracteres.`, 'reason');
    }
    const idempotencyKey = key(args.idempotencyKey);
    const write = (s: AfipDataSource) => s.reprocess(id, reason, idempotencyKey);
    return act(ctx, id, 'REPROCESS', write, AFIP_SUCCESS.reprocess);
  },
};
