import { defineDownload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { ExportsDataSource, exportFilePath } from './exports.datasource.js';
import { exportsResolvers } from './exports.resolvers.js';
import { DOWNLOAD_REQUIRES } from './exports.rules.js';

export const exportsModule = defineModule({
  name: 'exports',
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
    }),
  ],
});
