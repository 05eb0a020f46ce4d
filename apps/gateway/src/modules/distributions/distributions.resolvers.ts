import type { Resolvers } from '../../generated/resolvers-types.js';
import { checkId } from '../../shared/inputs.js';
import { prefetchSelected } from '../../shared/prefetch.js';
import { mapDistribution } from './distributions.mappers.js';
import { distributionsMutations } from './distributions.mutations.js';
import {
  distributionActions,
  distributionDetailActions,
  distributionListQuery,
  distributionModifiable,
  distributionStatisticsFilters,
} from './distributions.rules.js';
import { actionsField } from '../../shared/actions.js';
import { listPage } from '../../shared/paging.js';

export const distributionsResolvers: Resolvers = {
  Query: {
    async distributions(_root, args, { dataSources }) {
      const query = distributionListQuery(args);
      const answer = await dataSources.distributions.list(query);
      return listPage(answer, query.page, query.limit, mapDistribution);
    },
    async distribution(_root, { id }, { loaders }, info) {
      const key = checkId(id);
      prefetchSelected(info, { details: () => loaders.distributionDetails.load(key) });
      return loaders.distribution.load(key);
    },
    /** Two counts (page size 1, reading size) of the list's type and range, concurrently: never the rows. */
    async distributionStatistics(_root, { filter }, { dataSources }) {
      const errors = distributionStatisticsFilters(filter, 'error');
      const pending = distributionStatisticsFilters(filter, 'authorization_pending');
      const [errorCount, authorizationPendingCount] = await Promise.all([
        dataSources.distributions.count(errors),
        dataSources.distributions.count(pending),
      ]);
      return { errorCount, authorizationPendingCount };
    },
  },
  Distribution: {
    actions: actionsField(distributionActions),
    modifiable: (distribution, _args, { user }) => distributionModifiable(distribution, user.permissions),
    details: async (distribution, _args, { loaders }) =>
      (await loaders.distributionDetails.load(distribution.id)) ?? [],
  },
  DistributionDetail: { actions: actionsField(distributionDetailActions) },
  Mutation: distributionsMutations,
};
