import { defineDownload } from '../../files/types.js';
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
import { DOWNLOAD_REQUIRES, WITHDRAW_FILE_FORMATS } from './withdrawals.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['withdraw', 'withdrawal', 'collector'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    withdraw: true;
    withdrawal: true;
    collector: true;
  }
}

/**
 * Withdrawals (spec 001): the transfer list (withdraw service), the authorization list and history (withdrawal
 * service) and the scheduled withdrawal (the collector service's configuration calls).
 */
export const withdrawalsModule = defineModule({
  name: 'withdrawals',
  services: SERVICES,
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
  files: [
    /** Descargar (xlsx, txt, xml): the withdraw service's real file, GET /files/retiros/{id}/{format}. */
    defineDownload({
      route: '/retiros/:id/:format',
      requires: DOWNLOAD_REQUIRES,
      params: { format: WITHDRAW_FILE_FORMATS },
      upstream: ({ params }) => ({
        service: 'withdraw',
        path: `/retiros/${encodeURIComponent(params.id ?? '')}/descargar/${params.format ?? ''}`,
      }),
      fileName: ({ params }) => `retiro-${params.id ?? ''}.${params.format ?? ''}`,
    }),
  ],
});
