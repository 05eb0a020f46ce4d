/** The exports module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import { badUserInput } from '../../errors.js';
import { idempotencyOptions } from '../../shared/inputs.js';
import type { ResolversTypes, MutationResolvers } from '../../generated/resolvers-types.js';
import { encodeFilters, type Filter } from '../../upstream/filters.js';
import { writeFailure } from '../../upstream/outcome.js';
import { FORMAT_TO_UPSTREAM, mapExport, TYPE_TO_UPSTREAM } from './exports.mappers.js';

export const EXPORT_CREATED_MESSAGE = 'Exportación solicitada: puede seguirla en Historial de exportaciones.';

/** A filter that matches nothing (a subscription filter whose payment type and methods exclude each other). */
const NOTHING: Filter[] = [{ field: 'id', operation: 'IN', value: [] }];

export const exportsMutations: MutationResolvers = {
  async createExport(
    _root,
    { input, idempotencyKey },
    { dataSources },
  ): Promise<ResolversTypes['CreateExportPayload']> {
    const options = idempotencyOptions(idempotencyKey);
    // The list's own encoding of its filter (payments or subscriptions module, through the context).
    let filters: Filter[];
    if (input.type === 'PAYMENTS') {
      if (input.subscriptionFilter) {
        throw badUserInput(
          'Una exportación de pagos lleva solo el filtro de pagos (input.subscriptionFilter).',
          'input.subscriptionFilter',
        );
      }
      filters = dataSources.paymentListFilters.encode(input.paymentFilter ?? null);
    } else {
      if (input.paymentFilter) {
        throw badUserInput(
          'Una exportación de suscripciones lleva solo el filtro de suscripciones (input.paymentFilter).',
          'input.paymentFilter',
        );
      }
      filters = dataSources.subscriptionListFilters.encode(input.subscriptionFilter ?? null) ?? NOTHING;
    }
    try {
      const raw = await dataSources.exports.create(
        {
          type: TYPE_TO_UPSTREAM[input.type],
          format: FORMAT_TO_UPSTREAM[input.format],
          filters: encodeFilters(filters),
        },
        options,
      );
      return {
        outcome: 'SUCCESS',
        error: null,
        message: EXPORT_CREATED_MESSAGE,
        export: mapExport(raw),
      };
    } catch (error) {
      return { ...writeFailure(error), message: null, export: null };
    }
  },
};
