import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { normalizePaging, listPage } from '../../shared/paging.js';
import type { Sort } from '../../upstream/filters.js';
import { mapTransfer, SORTS, transferActions, transferFilters } from './transfers.rules.js';
import { transfersMutations } from './transfers.mutations.js';

export const transfersResolvers: Resolvers = {
  Query: {
    async transfers(_root, args, { dataSources }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize);
      const filters = transferFilters(args.filter);
      const sorts: Sort[] = [
        args.sort
          ? { field: SORTS[args.sort.field], direction: args.sort.direction === 'ASC' ? 'asc' : 'desc' }
          : { field: 'request_date', direction: 'desc' },
      ];
      const answer = await dataSources.transfers.list({ filters, page, limit: pageSize, sorts });
      return listPage(answer, page, pageSize, mapTransfer);
    },
  },
  Mutation: transfersMutations,
  TransferConciliation: {
    actions: actionsField(transferActions),
    collector: (transfer, _args, { loaders }) => loaders.collector.load(transfer.collectorId),
  },
};
