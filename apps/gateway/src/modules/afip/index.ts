import { defineDownload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { perKeyLoaderOrNull } from '../../shared/loaders.js';
import { AfipDataSource } from './afip.datasource.js';
import { AFIP_ERRORS } from './afip.errors.js';
import { mapPresentation } from './afip.mappers.js';
import { afipResolvers } from './afip.resolvers.js';
import { DOWNLOAD_REQUIRES } from './afip.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['afip'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    afip: true;
  }
}

/** Tax-authority presentations (/afip, spec 001 §2 "Tax-authority presentations"). */
export const afipModule = defineModule({
  name: 'afip',
  services: SERVICES,
  schemaFiles: ['afip.graphql'],
  resolvers: afipResolvers,
  dataSources: (upstream) => ({ afip: new AfipDataSource(upstream('afip')) }),
  loaders: ({ afip }) => ({
    /** GET /formularios/{id}; null when it does not exist. */
    presentation: perKeyLoaderOrNull(async (id) => mapPresentation(await afip.byId(id))),
  }),
  errors: AFIP_ERRORS,
  files: [
    // The presentation's ZIP, saved with the service's file name.
    defineDownload({
      route: '/afip/:id/archivo',
      requires: DOWNLOAD_REQUIRES,
      upstream: ({ params }) => ({
        service: 'afip',
        path: `/formularios/${encodeURIComponent(params.id ?? '')}/archivo`,
      }),
    }),
  ],
});
