import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** A file without the columns its service reads: the service names them (`missing_columns`). */
const missingColumns = (names: string) => `Faltan columnas en el archivo: ${names}.`;

/**
 * Without the names, each service's own layout: the import's is fixed, the converter's is the chosen origin
 * configuration's (docs/decisions.md, "Imports and conversion").
 */
const MISSING_COLUMNS: readonly CatalogueEntry[] = [
  {
    service: 'import',
    code: 'validation_error',
    extendedCode: 'missing_columns',
    message:
      'Faltan columnas en el archivo: se necesitan external_transaction_id, concept_id, concept_description, amount y payer_email.',
    withNames: missingColumns,
  },
  {
    service: 'converter',
    code: 'validation_error',
    extendedCode: 'missing_columns',
    message: 'Faltan columnas en el archivo: no tiene las de la configuración de origen elegida.',
    withNames: missingColumns,
  },
];

/** The upload refusals of the import and converter services, in the operator's words (spec 001 §8). */
const UPLOAD_ERRORS: readonly [string, string, string][] = [
  ['validation_error', 'invalid_file_type', 'El archivo debe ser CSV o XLSX.'],
  [
    'validation_error',
    'unreadable_file',
    'No se pudo leer el archivo: verifique que sea un CSV o XLSX válido.',
  ],
  ['validation_error', 'empty_file', 'El archivo no tiene filas para importar.'],
  ['validation_error', 'too_many_rows', 'El archivo supera la cantidad máxima de filas (5000).'],
  [
    'validation_error',
    'invalid_match_options',
    'El match por identificación no puede combinarse con el de pagador o concepto.',
  ],
  ['validation_error', 'invalid_match_flag', 'Las opciones de match no son válidas.'],
  ['validation_error', 'collector_required', 'Seleccione una entidad.'],
  ['not_found', 'collector_not_found', 'No existe la entidad seleccionada.'],
  ['bad_request', 'file_required', 'Seleccione un archivo.'],
  ['not_found', 'configuration_not_found', 'No existe la configuración de conversión seleccionada.'],
  ['validation_error', 'configuration_inactive', 'La configuración de conversión está dada de baja.'],
  ['bad_request', 'invalid_configurations', 'La configuración de conversión no es válida.'],
];

/** The import and converter services' codes the gateway explains (its error catalogue). */
export const IMPORT_ERRORS: readonly CatalogueEntry[] = [
  ...MISSING_COLUMNS,
  ...UPLOAD_ERRORS.flatMap(([code, extendedCode, message]) =>
    (['import', 'converter'] as const).map((service) => ({ service, code, extendedCode, message })),
  ),
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
