import { defineModule } from '../../shared/define-module.js';
import { perKeyLoaderOrNull } from '../../shared/loaders.js';
import {
  CollectorConfigurationDataSource,
  WithdrawalsDataSource,
  WithdrawsDataSource,
} from './withdrawals.datasource.js';
import { WITHDRAWAL_ERRORS } from './withdrawals.errors.js';
import { mapWithdrawal } from './withdrawals.mappers.js';
import { withdrawalsResolvers } from './withdrawals.resolvers.js';

/**
 * Withdrawals (spec 001): the transfer list (withdraw service), the authorization list and history (withdrawal
 * service) and the scheduled withdrawal (the collector service's configuration calls).
 */
export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  schemaFiles: ['withdrawal.graphql'],
  resolvers: withdrawalsResolvers,
  dataSources: (upstream) => ({
    withdraws: new WithdrawsDataSource(upstream('withdraw')),
    withdrawals: new WithdrawalsDataSource(upstream('withdrawal')),
    collectorConfiguration: new CollectorConfigurationDataSource(upstream('collector')),
  }),
  loaders: ({ withdrawals }) => ({
    /** GET /retiros/{id} of the withdrawal service; null when it does not exist. */
    withdrawal: perKeyLoaderOrNull(async (id) => mapWithdrawal(await withdrawals.byId(id))),
  }),
  errors: WITHDRAWAL_ERRORS,
});
