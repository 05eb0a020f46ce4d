import { defineModule } from '../../shared/define-module.js';
import { perKeyLoaderOrNull } from '../../shared/loaders.js';
import type { CatalogueEntry } from '../../upstream/error-catalogue.js';
import { ConverterDataSource, ImportsDataSource } from './imports.datasource.js';
import { mapImport } from './imports.mappers.js';
import { importsResolvers } from './imports.resolvers.js';

const ERRORS: readonly CatalogueEntry[] = [
  {
    service: 'import',
    code: 'not_found',
    extendedCode: 'import_not_found',
    message: 'No se encontró la importación.',
  },
  {
    service: 'import',
    code: 'invalid_status',
    extendedCode: 'import_not_pending',
    message: 'La importación ya no está pendiente de confirmación.',
  },
];

/** Imports and conversion (/importacion, /importacion/{id}, /importaciones, /conversion; spec 001 §2). */
export const importsModule = defineModule({
  name: 'imports',
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
  errors: ERRORS,
});
