import { defineDownload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { SoftProviderDataSource } from './softprovider.datasource.js';
import { softProviderResolvers } from './softprovider.resolvers.js';
import { SOFT_PROVIDER_SCREEN } from './softprovider.rules.js';
import { SOFT_PROVIDER_ERRORS } from './softprovider.errors.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['softprovider'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    softprovider: true;
  }
}

/** Reporte plano de integraciones (/soft-provider, spec 001 §2 "Software-provider report"). */
export const softProviderModule = defineModule({
  name: 'softprovider',
  services: SERVICES,
  schemaFiles: ['softprovider.graphql'],
  resolvers: softProviderResolvers,
  dataSources: (upstream) => ({ softProvider: new SoftProviderDataSource(upstream('softprovider')) }),
  errors: SOFT_PROVIDER_ERRORS,
  files: [
    // The report's file: needs only the screen (spec 001 §6), saved with the service's file name.
    defineDownload({
      route: '/soft-provider/:collectorId/:id',
      requires: SOFT_PROVIDER_SCREEN,
      upstream: ({ params }) => ({
        service: 'softprovider',
        path: `/softprovider/${encodeURIComponent(params.collectorId ?? '')}/${encodeURIComponent(params.id ?? '')}/file`,
      }),
    }),
  ],
});
