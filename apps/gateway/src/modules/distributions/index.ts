import { DISTRIBUTION_STATUS_CODES } from '@backoffice/validators';
import { deferredTableFile, type TableFormat } from '../../files/table-file.js';
import { defineDownload } from '../../files/types.js';
import { instantParam } from '../../shared/dates.js';
import { defineModule } from '../../shared/define-module.js';
import { DistributionsDataSource } from './distributions.datasource.js';
import { DISTRIBUTION_ERRORS } from './distributions.errors.js';
import { createDistributionLoaders } from './distributions.loaders.js';
import { reportFileName, reportTable } from './distributions.report.js';
import { distributionsResolvers } from './distributions.resolvers.js';

/** An ISO 8601 instant with its offset (the report's range on request_date). */
/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['distribuciones'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    distribuciones: true;
  }
}

export const distributionsModule = defineModule({
  name: 'distributions',
  services: SERVICES,
  schemaFiles: ['distribution.graphql'],
  resolvers: distributionsResolvers,
  dataSources: (upstream) => ({ distributions: new DistributionsDataSource(upstream('distribuciones')) }),
  loaders: ({ distributions }) => createDistributionLoaders(distributions),
  errors: DISTRIBUTION_ERRORS,
  files: [
    /**
     * GET /files/distribuciones/reporte/{csv|json|xlsx}?desde&hasta[&tipo][&estado]: the Report export of
     * /distribucion, filtered by start_date and end_date on request_date (spec 001 §7 "Exports"), written by
     * the gateway in the screen's formats (distributions.report.ts).
     */
    defineDownload({
      route: '/distribuciones/reporte/:format',
      requires: ['DISTRIBUTION_UPDATE', 'DISTRIBUTION_FORCE', 'DISTRIBUTION_SCHEDULED_UPDATE'],
      params: { format: ['csv', 'json', 'xlsx'] },
      query: {
        desde: instantParam,
        hasta: instantParam,
        tipo: ['no_scheduled', 'scheduled'],
        estado: DISTRIBUTION_STATUS_CODES,
      },
      // The service's rows (its JSON export) re-written in the screen's formats and named after the filter.
      produce: ({ params, query }, context) =>
        deferredTableFile(params.format as TableFormat, async () =>
          reportTable(
            await context.readJson({
              service: 'distribuciones',
              path: '/distribuciones/exportar/json',
              query: {
                ...(query.desde ? { start_date: query.desde } : {}),
                ...(query.hasta ? { end_date: query.hasta } : {}),
                ...(query.tipo ? { type: query.tipo } : {}),
                ...(query.estado ? { status: query.estado } : {}),
              },
            }),
          ),
        ),
      fileName: reportFileName,
    }),
  ],
});
