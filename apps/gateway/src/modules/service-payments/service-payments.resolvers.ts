import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { mapGatewayBatch, mapTransactionBatch } from './service-payments.mappers.js';
import { batchListQuery, gatewayBatchActions } from './service-payments.rules.js';
import { listPage } from '../../shared/paging.js';
import { servicePaymentsMutations } from './service-payments.mutations.js';

export const servicePaymentsResolvers: Resolvers = {
  Query: {
    async transactionBatches(_root, args, { dataSources }) {
      const query = batchListQuery(args, 'start_date');
      const answer = await dataSources.servicePayments.transactionBatches(query);
      return listPage(answer, query.page, query.limit, mapTransactionBatch);
    },
    async gatewayBatches(_root, args, { dataSources }) {
      const query = batchListQuery(args, 'batch_date');
      const answer = await dataSources.servicePayments.gatewayBatches(query);
      return listPage(answer, query.page, query.limit, mapGatewayBatch);
    },
  },
  GatewayBatch: { actions: actionsField(gatewayBatchActions) },
  Mutation: servicePaymentsMutations,
};
