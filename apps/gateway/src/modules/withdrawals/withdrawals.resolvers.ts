import type { Resolvers } from '../../generated/resolvers-types.js';
import { checkId } from '../../shared/inputs.js';
import { mapWithdraw, mapWithdrawal } from './withdrawals.mappers.js';
import * as mutations from './withdrawals.mutations.js';
import { presentWithdraw, presentWithdrawal } from './withdrawals.present.js';
import { withdrawalListQuery, withdrawListQuery } from './withdrawals.rules.js';
import * as schedule from './withdrawals.schedule.js';
import { listPage } from '../../shared/paging.js';

export const withdrawalsResolvers: Resolvers = {
  Query: {
    async withdraws(_root, args, { dataSources, user }) {
      const query = withdrawListQuery(args);
      const answer = await dataSources.withdraws.list(query);
      return listPage(answer, query.page, query.limit, (raw) =>
        presentWithdraw(mapWithdraw(raw), user.permissions),
      );
    },
    async withdrawals(_root, args, { dataSources, user }) {
      const query = withdrawalListQuery(args);
      const answer = await dataSources.withdrawals.list(query);
      return listPage(answer, query.page, query.limit, (raw) =>
        presentWithdrawal(mapWithdrawal(raw), user.permissions),
      );
    },
    async withdrawal(_root, { id }, { loaders, user }) {
      const found = await loaders.withdrawal.load(checkId(id));
      return found && presentWithdrawal(found, user.permissions);
    },
    scheduledWithdrawal: (_root, { collectorId }, ctx) => schedule.scheduledWithdrawal(ctx, collectorId),
    collectorConfigurationVariables: (_root, _args, ctx) => schedule.configurationVariables(ctx),
  },
  Mutation: {
    transferWithdraws: (_root, args, ctx) => mutations.transferWithdraws(ctx, args),
    rejectWithdraws: (_root, args, ctx) => mutations.rejectWithdraws(ctx, args),
    reExportWithdraw: (_root, args, ctx) => mutations.reExportWithdraw(ctx, args),
    authorizeWithdrawal: (_root, args, ctx) => mutations.authorizeWithdrawal(ctx, args),
    rejectWithdrawal: (_root, args, ctx) => mutations.rejectWithdrawal(ctx, args),
    bulkAuthorizeWithdrawals: (_root, args, ctx) => mutations.bulkAuthorizeWithdrawals(ctx, args),
    bulkRejectWithdrawals: (_root, args, ctx) => mutations.bulkRejectWithdrawals(ctx, args),
    saveScheduledWithdrawal: (_root, args, ctx) => schedule.saveScheduledWithdrawal(ctx, args),
    deleteScheduledWithdrawal: (_root, args, ctx) => schedule.deleteScheduledWithdrawal(ctx, args),
  },
  Withdrawal: {
    /** The collectors module's loader, through the context: a page of withdrawals costs one collector call. */
    collector: (withdrawal, _args, { loaders }) => loaders.collector.load(withdrawal.collectorId),
  },
};
