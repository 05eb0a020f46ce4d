import { defineDownload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { DistributionsDataSource } from './distributions.datasource.js';
import { DISTRIBUTION_ERRORS } from './distributions.errors.js';
import { createDistributionLoaders } from './distributions.loaders.js';
import { distributionsResolvers } from './distributions.resolvers.js';

/** An ISO 8601 instant with its offset (the report's range on request_date). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;
const DAY_OF = (instant: string | undefined) => (instant ?? '').slice(0, 10);

export const distributionsModule = defineModule({
  name: 'distributions',
  schemaFiles: ['distribution.graphql'],
  resolvers: distributionsResolvers,
  dataSources: (upstream) => ({ distributions: new DistributionsDataSource(upstream('distribuciones')) }),
  loaders: ({ distributions }) => createDistributionLoaders(distributions),
  errors: DISTRIBUTION_ERRORS,
  files: [
    /**
     * GET /files/distribuciones/reporte/{csv|json|xlsx}?desde&hasta[&tipo][&estado]: the Report export of
     * /distribucion, filtered by start_date and end_date on request_date (spec 001 §7 "Exports").
     */
    defineDownload({
      route: '/distribuciones/reporte/:format',
      requires: ['DISTRIBUTION_UPDATE', 'DISTRIBUTION_FORCE', 'DISTRIBUTION_SCHEDULED_UPDATE'],
      params: { format: ['csv', 'json', 'xlsx'] },
      query: {
        desde: INSTANT,
        hasta: INSTANT,
        tipo: ['no_scheduled', 'scheduled'],
        estado: [
          'error',
          'authorization_pending',
          'rejected',
          'pending',
          'in_process',
          'success',
          'manual',
          'deferred',
          'scheduled',
        ],
      },
      upstream: ({ params, query }) => ({
        service: 'distribuciones',
        path: `/distribuciones/exportar/${params.format ?? ''}`,
        query: {
          ...(query.desde ? { start_date: query.desde } : {}),
          ...(query.hasta ? { end_date: query.hasta } : {}),
          ...(query.tipo ? { type: query.tipo } : {}),
          ...(query.estado ? { status: query.estado } : {}),
        },
      }),
      fileName: ({ params, query }) =>
        `distribuciones${query.desde ? `-${DAY_OF(query.desde)}` : ''}${query.hasta ? `-${DAY_OF(query.hasta)}` : ''}.${params.format ?? ''}`,
    }),
  ],
});
