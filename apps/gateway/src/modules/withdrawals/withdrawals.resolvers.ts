import type { Resolvers } from '../../generated/resolvers-types.js';
import { checkId } from '../../shared/inputs.js';
import { mapWithdraw, mapWithdrawal } from './withdrawals.mappers.js';
import { withdrawalsMutations } from './withdrawals.mutations.js';
import {
  withdrawalActions,
  withdrawalListQuery,
  withdrawActions,
  withdrawListQuery,
} from './withdrawals.rules.js';
import { actionsField } from '../../shared/actions.js';
import * as schedule from './withdrawals.schedule.js';
import { listPage } from '../../shared/paging.js';

export const withdrawalsResolvers: Resolvers = {
  Query: {
    async withdraws(_root, args, { dataSources }) {
      const query = withdrawListQuery(args);
      const answer = await dataSources.withdraws.list(query);
      return listPage(answer, query.page, query.limit, mapWithdraw);
    },
    async withdrawals(_root, args, { dataSources }) {
      const query = withdrawalListQuery(args);
      const answer = await dataSources.withdrawals.list(query);
      return listPage(answer, query.page, query.limit, mapWithdrawal);
    },
    withdrawal: (_root, { id }, { loaders }) => loaders.withdrawal.load(checkId(id)),
    scheduledWithdrawal: (_root, { collectorId }, ctx) => schedule.scheduledWithdrawal(ctx, collectorId),
    collectorConfigurationVariables: (_root, _args, ctx) => schedule.configurationVariables(ctx),
  },
  Mutation: withdrawalsMutations,
  Withdraw: { actions: actionsField(withdrawActions) },
  Withdrawal: {
    actions: actionsField(withdrawalActions),
    /** The collectors module's loader, through the context: a page of withdrawals costs one collector call. */
    collector: (withdrawal, _args, { loaders }) => loaders.collector.load(withdrawal.collectorId),
  },
};
