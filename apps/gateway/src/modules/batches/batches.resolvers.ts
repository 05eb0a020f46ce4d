import type { Resolvers } from '../../generated/resolvers-types.js';
import { checkId } from '../../shared/inputs.js';
import { prefetchSelected } from '../../shared/prefetch.js';
import { mapBatch } from './batches.mappers.js';
import { batchesMutations } from './batches.mutations.js';
import { batchActions, batchListQuery } from './batches.rules.js';
import { actionsField } from '../../shared/actions.js';
import { listPage } from '../../shared/paging.js';

export const batchesResolvers: Resolvers = {
  Query: {
    async withdrawalBatches(_root, args, { dataSources }) {
      const query = batchListQuery(args);
      const answer = await dataSources.batches.list(query);
      return listPage(answer, query.page, query.limit, mapBatch);
    },
    async withdrawalBatch(_root, args, { loaders }, info) {
      const collectorId = checkId(args.collectorId, 'collectorId');
      const id = checkId(args.id);
      prefetchSelected(info, { records: () => loaders.withdrawalBatchRecords.load(id) });
      const found = await loaders.withdrawalBatch.load(id);
      return found && found.collectorId === collectorId ? found : null;
    },
  },
  Mutation: batchesMutations,
  WithdrawalBatch: {
    actions: actionsField(batchActions),
    /** The payments of the batch: one call per batch, only when asked for. */
    records: (batch, _args, { loaders }) => loaders.withdrawalBatchRecords.load(batch.id),
  },
};
