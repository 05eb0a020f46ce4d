import { badUserInput } from '../../errors.js';
import type { CreateExportPayload, Export, Resolvers } from '../../generated/resolvers-types.js';
import { encodeFilters, type Filter } from '../../upstream/filters.js';
import { writeFailure } from '../../upstream/outcome.js';
import { FORMAT_TO_UPSTREAM, mapExport, TYPE_TO_UPSTREAM, type ExportModel } from './exports.mappers.js';
import { exportActions, exportListQuery } from './exports.rules.js';
import { listPage } from '../../shared/paging.js';

export const EXPORT_CREATED_MESSAGE = 'Exportación solicitada: puede seguirla en Historial de exportaciones.';

/** The /files path of an export's file (index.ts declares the route). */
export const exportDownloadPath = (id: string) => `/exportaciones/${encodeURIComponent(id)}`;

const present = (model: ExportModel, permissions: readonly string[]): Export => {
  const actions = exportActions.list(model, permissions);
  const download = actions.find((a) => a.kind === 'DOWNLOAD');
  return { ...model, actions, downloadPath: download?.enabled ? exportDownloadPath(model.id) : null };
};

/** A filter that matches nothing (a subscription filter whose payment type and methods exclude each other). */
const NOTHING: Filter[] = [{ field: 'id', operation: 'IN', value: [] }];

export const exportsResolvers: Resolvers = {
  Query: {
    async exports(_root, args, { dataSources, user }) {
      const query = exportListQuery(args);
      const result = await dataSources.exports.list(query);
      return listPage(result, query.page, query.limit, (raw) => present(mapExport(raw), user.permissions));
    },
  },
  Mutation: {
    async createExport(_root, { input }, { dataSources, user }): Promise<CreateExportPayload> {
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
        const raw = await dataSources.exports.create({
          type: TYPE_TO_UPSTREAM[input.type],
          format: FORMAT_TO_UPSTREAM[input.format],
          filters: encodeFilters(filters),
        });
        return {
          outcome: 'SUCCESS',
          error: null,
          message: EXPORT_CREATED_MESSAGE,
          export: present(mapExport(raw), user.permissions),
        };
      } catch (error) {
        return { ...writeFailure(error), message: null, export: null };
      }
    },
  },
};
