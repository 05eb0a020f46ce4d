import { defineModule } from '../../shared/define-module.js';
import { BinsDataSource } from './bins.datasource.js';
import { binsResolvers } from './bins.resolvers.js';
import { BIN_ERRORS } from './bins.errors.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['bin'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    bin: true;
  }
}

/** Card BINs (/bin, /bin/{id}; spec 001 §2 "Card BIN screens"). */
export const binsModule = defineModule({
  name: 'bins',
  services: SERVICES,
  schemaFiles: ['bin.graphql'],
  resolvers: binsResolvers,
  dataSources: (upstream) => ({ bins: new BinsDataSource(upstream('bin')) }),
  errors: BIN_ERRORS,
});
