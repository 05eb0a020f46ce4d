import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { mapConfiguration, mapImport, mapImportRow } from './imports.mappers.js';
import { importActions, importListQuery, importRowsQuery } from './imports.rules.js';
import { listPage } from '../../shared/paging.js';
import { importsMutations } from './imports.mutations.js';

export const importsResolvers: Resolvers = {
  Query: {
    async imports(_root, args, { dataSources }) {
      const query = importListQuery(args);
      const answer = await dataSources.imports.list(query);
      return listPage(answer, query.page, query.limit, mapImport);
    },
    paymentImport: (_root, { id }, { loaders }) => loaders.paymentImport.load(checkId(id)),
    async importRows(_root, args, { dataSources }) {
      const id = checkId(args.importId, 'importId');
      const query = importRowsQuery(args);
      const answer = await dataSources.imports.rows(id, query);
      return listPage(answer, query.page, query.limit, mapImportRow);
    },
    async converterConfigurations(_root, _args, { dataSources }) {
      return (await dataSources.converter.origins()).rows.map(mapConfiguration);
    },
  },
  Mutation: importsMutations,
  PaymentImport: {
    actions: actionsField(importActions),
    collector: (paymentImport, _args, { loaders }) => loaders.collector.load(paymentImport.collectorId),
  },
};
