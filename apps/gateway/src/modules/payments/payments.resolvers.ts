import type { Resolvers } from '../../generated/resolvers-types.js';
import { mapPayment } from './payments.mappers.js';
import { paymentListQuery } from './payments.rules.js';

export const paymentsResolvers: Resolvers = {
  Query: {
    async payments(_root, args, { dataSources }) {
      const query = paymentListQuery(args);
      const result = await dataSources.payments.list(query);
      return {
        rows: result.rows.map(mapPayment),
        total: result.size,
        page: query.page,
        pageSize: query.limit,
      };
    },
  },
  Payment: {
    collector: (payment, _args, { loaders }) => loaders.collector.load(payment.collectorId),
  },
};
