import { defineModule } from '../../shared/define-module.js';
import { TransfersDataSource } from './transfers.datasource.js';
import { transfersResolvers } from './transfers.resolvers.js';
import { TRANSFER_ERRORS } from './transfers.errors.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['transfer'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    transfer: true;
  }
}

/** Transfer conciliation (/transferencias; spec 001 §2 "Transfer conciliation list"). */
export const transfersModule = defineModule({
  name: 'transfers',
  services: SERVICES,
  schemaFiles: ['transfer.graphql'],
  resolvers: transfersResolvers,
  dataSources: (upstream) => ({ transfers: new TransfersDataSource(upstream('transfer')) }),
  errors: TRANSFER_ERRORS,
});
