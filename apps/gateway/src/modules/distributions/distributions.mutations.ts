/**
 * Distribution writes: inputs checked first (BAD_USER_INPUT, no upstream call), then shared/run-action.ts (read,
 * the same rule as the `actions` field, one write, the outcome classified). Approve, reprocess and force carry
 * the operator's idempotency key (required). A failure without an extended code reads 'Ups! Ocurrió un error
 * inesperado' (spec 001 §8).
 */
import type {
  MutationResolvers,
  DistributionActionKind,
  MutationRejectDistributionArgs,
  MutationSendDistributionReceiptArgs,
  MutationUpdateDistributionDetailArgs,
  ResolversTypes,
} from '../../generated/resolvers-types.js';
import {
  checkDestinationValue,
  checkDistributionCuit,
  checkReceiptEmail,
  isPositiveMoney,
  normalizeCuit,
  toUpstreamNumber,
} from '@backoffice/validators';
import type { GatewayContext } from '../../gateway-context.js';
import { badUserInput } from '../../errors.js';
import { checkId, checkIdempotencyKey, checkReasonInput } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { GENERIC_ERROR_MESSAGE } from '../../upstream/error-catalogue.js';
import { ACTION_NOT_ALLOWED, notFoundFailure, type Failure } from '../../upstream/outcome.js';
import type {
  DestinationBody,
  DistributionsDataSource,
  RawDistribution,
} from './distributions.datasource.js';
import {
  mapDistribution,
  mapDistributionDetail,
  type DistributionDetailModel,
} from './distributions.mappers.js';
import {
  distributionActions,
  distributionDetailActions,
  DISTRIBUTION_SUCCESS,
} from './distributions.rules.js';

type Ctx = GatewayContext;

/** Spec 001 §8: an upstream failure without an extended code shows the generic text. */
function spanish(failure: Failure): Failure {
  const { error } = failure;
  if (failure.outcome !== 'FAILED' || error.extendedCode || error.code === ACTION_NOT_ALLOWED) return failure;
  return { ...failure, error: { ...error, message: GENERIC_ERROR_MESSAGE } };
}

function forget(ctx: Ctx, id: string): void {
  ctx.forgetUpstreamReads();
  ctx.loaders.distribution.clear(id);
  ctx.loaders.distributionDetails.clear(id);
}

async function headerAction(
  ctx: Ctx,
  id: string,
  kind: DistributionActionKind,
  write: (source: DistributionsDataSource) => Promise<RawDistribution>,
  message: string,
): Promise<ResolversTypes['DistributionMutationPayload']> {
  const result = await runAction(ctx, {
    load: () => ctx.loaders.distribution.load(id),
    notFound: notFoundFailure('distribuciones', 'distribution_not_found'),
    decide: (d) => distributionActions.decide(kind, d, ctx.user.permissions),
    write: async () => mapDistribution(await write(ctx.dataSources.distributions)),
    onWriteFailure: () => forget(ctx, id),
  });
  if (!result.ok) {
    return {
      distribution: result.doc,
      ...spanish(result.failure),
      message: null,
    };
  }
  forget(ctx, id);
  ctx.loaders.distribution.prime(id, result.answer);
  return {
    distribution: result.answer,
    error: null,
    outcome: 'SUCCESS',
    message,
  };
}

export function reprocessDistribution(ctx: Ctx, args: { id: string; idempotencyKey: string }) {
  const id = checkId(args.id);
  const key = checkIdempotencyKey(args.idempotencyKey);
  return headerAction(ctx, id, 'REPROCESS', (s) => s.reprocess(id, key), DISTRIBUTION_SUCCESS.reprocess);
}

export function approveDistribution(ctx: Ctx, args: { id: string; idempotencyKey: string }) {
  const id = checkId(args.id);
  const key = checkIdempotencyKey(args.idempotencyKey);
  return headerAction(ctx, id, 'APPROVE', (s) => s.approve(id, key), DISTRIBUTION_SUCCESS.approve);
}

export function rejectDistribution(ctx: Ctx, args: MutationRejectDistributionArgs) {
  const id = checkId(args.id);
  const reason = checkReasonInput(args.reason);
  const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
  return headerAction(ctx, id, 'REJECT', (s) => s.reject(id, reason, key), DISTRIBUTION_SUCCESS.reject);
}

/** Loads one detail through the distribution's details loader (null when either does not exist). */
async function loadDetail(ctx: Ctx, id: string, detailId: string): Promise<DistributionDetailModel | null> {
  const details = await ctx.loaders.distributionDetails.load(id);
  return details?.find((d) => d.id === detailId) ?? null;
}

function detailPayload(
  ctx: Ctx,
  result: Awaited<ReturnType<typeof runAction<DistributionDetailModel, DistributionDetailModel>>>,
  message: string,
): ResolversTypes['DistributionDetailMutationPayload'] {
  if (!result.ok) {
    return {
      detail: result.doc,
      ...spanish(result.failure),
      message: null,
    };
  }
  return {
    detail: result.answer,
    error: null,
    outcome: 'SUCCESS',
    message,
  };
}

/** The edit-destination input checked with the dialog's own rules (spec 001 §5) plus the check digits. */
function destinationInput(input: MutationUpdateDistributionDetailArgs['input']) {
  const format = input.type === 'CBU' ? 'cbu' : 'alias';
  const value = input.value.trim();
  const valueError = checkDestinationValue(format, value);
  if (valueError) throw badUserInput(`${valueError} (input.value)`, 'input.value');
  const cuitError = checkDistributionCuit(input.cuit);
  if (cuitError) throw badUserInput(`${cuitError} (input.cuit)`, 'input.cuit');
  if (input.amount != null && !isPositiveMoney(input.amount)) {
    throw badUserInput('El importe (input.amount) debe ser mayor a cero.', 'input.amount');
  }
  const name = (input.name ?? '').trim();
  if (name.length > 200)
    throw badUserInput('El nombre (input.name) admite hasta 200 caracteres.', 'input.name');
  return { type: format, value, cuit: normalizeCuit(input.cuit), name } as const;
}

export async function updateDistributionDetail(ctx: Ctx, args: MutationUpdateDistributionDetailArgs) {
  const id = checkId(args.distributionId, 'distributionId');
  const detailId = checkId(args.detailId, 'detailId');
  const destination = destinationInput(args.input);
  const force = args.force === true;
  if (force && args.idempotencyKey == null) {
    throw badUserInput('Forzar requiere una clave de idempotencia (idempotencyKey).', 'idempotencyKey');
  }
  const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
  const source = ctx.dataSources.distributions;
  const result = await runAction(ctx, {
    load: () => loadDetail(ctx, id, detailId),
    notFound: notFoundFailure('distribuciones', 'distribution_detail_not_found'),
    decide: (d) => {
      const edit = distributionDetailActions.decide('EDIT', d, ctx.user.permissions);
      return force && edit.enabled
        ? distributionDetailActions.decide('FORCE', d, ctx.user.permissions)
        : edit;
    },
    write: async (d) => {
      const body: DestinationBody = {
        destination,
        amount: toUpstreamNumber(args.input.amount ?? d.amount),
        ...(force ? { status: 'success' as const } : {}),
      };
      return mapDistributionDetail(
        await source.updateDetail(id, detailId, d.type === 'SCHEDULED', body, key),
        id,
      );
    },
    onWriteFailure: () => forget(ctx, id),
  });
  if (result.ok) forget(ctx, id);
  return detailPayload(ctx, result, DISTRIBUTION_SUCCESS.update);
}

export async function sendDistributionReceipt(ctx: Ctx, args: MutationSendDistributionReceiptArgs) {
  const id = checkId(args.distributionId, 'distributionId');
  const detailId = checkId(args.detailId, 'detailId');
  const emailError = checkReceiptEmail(args.email);
  if (emailError) throw badUserInput(`${emailError} (email)`, 'email');
  const email = args.email.trim();
  const key = checkIdempotencyKey(args.idempotencyKey);
  const result = await runAction(ctx, {
    load: () => loadDetail(ctx, id, detailId),
    notFound: notFoundFailure('distribuciones', 'distribution_detail_not_found'),
    decide: (d) => distributionDetailActions.decide('SEND_RECEIPT', d, ctx.user.permissions),
    write: async (d) => {
      await ctx.dataSources.distributions.sendVoucher(id, detailId, email, key);
      return d;
    },
  });
  return detailPayload(ctx, result, DISTRIBUTION_SUCCESS.receipt);
}

/** The module's `Mutation` resolvers (the module layout: docs/architecture.md §3). */
export const distributionsMutations: MutationResolvers = {
  reprocessDistribution: (_root, args, ctx) => reprocessDistribution(ctx, args),
  approveDistribution: (_root, args, ctx) => approveDistribution(ctx, args),
  rejectDistribution: (_root, args, ctx) => rejectDistribution(ctx, args),
  updateDistributionDetail: (_root, args, ctx) => updateDistributionDetail(ctx, args),
  sendDistributionReceipt: (_root, args, ctx) => sendDistributionReceipt(ctx, args),
};
