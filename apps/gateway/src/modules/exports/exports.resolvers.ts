import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { mapExport } from './exports.mappers.js';
import { exportActions, exportListQuery } from './exports.rules.js';
import { listPage } from '../../shared/paging.js';
import { exportsMutations } from './exports.mutations.js';

/** The /files path of an export's file (index.ts declares the route). */
export const exportDownloadPath = (id: string) => `/exportaciones/${encodeURIComponent(id)}`;

export const exportsResolvers: Resolvers = {
  Query: {
    async exports(_root, args, { dataSources }) {
      const query = exportListQuery(args);
      const result = await dataSources.exports.list(query);
      return listPage(result, query.page, query.limit, mapExport);
    },
  },
  Mutation: exportsMutations,
  Export: {
    actions: actionsField(exportActions),
    /** The file's /files path while this user may download it (its DOWNLOAD action enabled), else null. */
    downloadPath: (model, _args, { user }) =>
      exportActions.decide('DOWNLOAD', model, user.permissions).enabled ? exportDownloadPath(model.id) : null,
  },
};
