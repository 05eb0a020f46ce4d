import { defineDownload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { ExportsDataSource, exportFilePath } from './exports.datasource.js';
import { exportsResolvers } from './exports.resolvers.js';
import { DOWNLOAD_REQUIRES, explainDownloadRefusal } from './exports.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['export'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    export: true;
  }
}

export const exportsModule = defineModule({
  name: 'exports',
  services: SERVICES,
  schemaFiles: ['export.graphql'],
  resolvers: exportsResolvers,
  dataSources: (upstream) => ({ exports: new ExportsDataSource(upstream('export')) }),
  errors: [
    { service: 'export', code: 'not_found', message: 'No se encontró la exportación.' },
    {
      service: 'export',
      code: 'invalid_status',
      extendedCode: 'export_not_finished',
      message: 'La exportación todavía no finalizó.',
    },
  ],
  files: [
    // GET /files/exportaciones/:id: the file of a finished export, as the service writes it.
    defineDownload({
      route: '/exportaciones/:id',
      requires: DOWNLOAD_REQUIRES,
      params: { id: /^\d{1,18}$/ },
      upstream: ({ params }) => ({ service: 'export', path: exportFilePath(params.id!) }),
      // The service says "not finished" for a failed export too: its status tells them apart.
      explainRefusal: (refusal, { params }, read) => explainDownloadRefusal(refusal, params.id!, read),
    }),
  ],
});
