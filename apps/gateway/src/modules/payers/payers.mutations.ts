/** The payers module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import type { ResolversTypes, MutationResolvers } from '../../generated/resolvers-types.js';
import { checkId, idempotencyOptions } from '../../shared/inputs.js';
import { int } from '../../shared/values.js';
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

const failedReference = (error: unknown): ResolversTypes['PayerReferencePayload'] => {
  const failure = writeFailure(error);
  return { reference: null, outcome: failure.outcome, error: failure.error, message: null };
};

const failedDelete = (error: unknown): ResolversTypes['PayerReferenceDeletePayload'] => {
  const failure = writeFailure(error);
  return { deleted: 0, outcome: failure.outcome, error: failure.error, message: null };
};

export const payersMutations: MutationResolvers = {
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
};
