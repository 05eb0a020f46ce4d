/** The service payments module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import { checkCompensationAmount, toReconciliationPayload, toUpstreamNumber } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { runAction } from '../../shared/run-action.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import { mapGatewayBatch } from './service-payments.mappers.js';
import { CONCILIATION_SUCCESS, gatewayBatchActions } from './service-payments.rules.js';
import type { MutationResolvers } from '../../generated/resolvers-types.js';

const MAX_DESCRIPTION = 500;

export const servicePaymentsMutations: MutationResolvers = {
  /** Reads the batch (the list by id), checks the rule, then one PUT; empty fields keep the batch's values. */
  async conciliateGatewayBatch(_root, args, ctx) {
    const id = checkId(args.id);
    // A Decimal ("250" arrives as "250.00"); the spec keeps it to whole pesos, digits only.
    const wholePesos = args.compensationAmount?.replace(/\.00$/, '');
    const amountError = checkCompensationAmount(wholePesos);
    if (amountError) throw badUserInput(`${amountError} (compensationAmount)`, 'compensationAmount');
    if ((args.description ?? '').length > MAX_DESCRIPTION) {
      throw badUserInput(`La descripción admite hasta ${MAX_DESCRIPTION} caracteres.`, 'description');
    }
    const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
    const source = ctx.dataSources.servicePayments;
    const result = await runAction(ctx, {
      load: async () => {
        const raw = await source.gatewayBatch(id);
        return raw && mapGatewayBatch(raw);
      },
      notFound: notFoundFailure('lote', 'gateway_batch_not_found'),
      decide: (batch) => gatewayBatchActions.decide('CONCILIATE', batch, ctx.user.permissions),
      write: async (batch) => {
        const body = toReconciliationPayload(
          { description: args.description, compensationAmount: wholePesos },
          { description: batch.description, compensation_amount: batch.compensationAmount },
        );
        const amount = body.compensation_amount;
        const compensation = amount === null ? null : toUpstreamNumber(String(amount));
        return mapGatewayBatch(
          await source.conciliate(id, { ...body, compensation_amount: compensation }, key),
        );
      },
    });
    return result.ok
      ? {
          gatewayBatch: result.answer,
          error: null,
          outcome: 'SUCCESS',
          message: CONCILIATION_SUCCESS,
        }
      : {
          gatewayBatch: result.doc,
          ...result.failure,
          message: null,
        };
  },
};
