import { defineDownload, defineUpload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { perKeyLoaderOrNull } from '../../shared/loaders.js';
import { ConverterDataSource, ImportsDataSource } from './imports.datasource.js';
import { mapImport } from './imports.mappers.js';
import { importsResolvers } from './imports.resolvers.js';
import { IMPORT_ERRORS } from './imports.errors.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['import', 'converter'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    import: true;
    converter: true;
  }
}

/** The largest import file accepted (docs/decisions.md "Imports"). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Imports and conversion (/importacion, /importacion/{id}, /importaciones, /conversion; spec 001 §2). */
export const importsModule = defineModule({
  name: 'imports',
  services: SERVICES,
  schemaFiles: ['import.graphql'],
  resolvers: importsResolvers,
  dataSources: (upstream) => ({
    imports: new ImportsDataSource(upstream('import')),
    converter: new ConverterDataSource(upstream('converter')),
  }),
  loaders: ({ imports }) => ({
    /** GET /pagos/{id}; null when it does not exist. */
    paymentImport: perKeyLoaderOrNull(async (id) => mapImport(await imports.byId(id))),
  }),
  errors: IMPORT_ERRORS,
  files: [
    /** POST /files/importaciones -> POST {import}/pagos (spec 001 §7). */
    defineUpload({
      route: '/importaciones',
      requires: ['IMPORT_REQUEST'],
      maxBytes: IMPORT_MAX_BYTES,
      accept: ['csv', 'xlsx'],
      fields: ['collector_id', 'match_payer', 'match_concept', 'match_identification'],
      upstream: () => ({ service: 'import', path: '/pagos' }),
    }),
    /** POST /files/conversiones -> POST {converter}/convertir/api with the configurations JSON. */
    defineUpload({
      route: '/conversiones',
      requires: ['IMPORT_REQUEST'],
      maxBytes: IMPORT_MAX_BYTES,
      accept: ['csv', 'xlsx'],
      fields: ['configurations'],
      upstream: () => ({ service: 'converter', path: '/convertir/api' }),
    }),
    /** GET /files/importaciones/{id}/errores: the error rows as CSV, to fix and import again. */
    defineDownload({
      route: '/importaciones/:id/errores',
      requires: ['IMPORT_REQUEST'],
      upstream: ({ params }) => ({ service: 'import', path: `/pagos/${params.id}/errores` }),
      fileName: ({ params }) => `importacion-${params.id}-errores.csv`,
    }),
  ],
});
