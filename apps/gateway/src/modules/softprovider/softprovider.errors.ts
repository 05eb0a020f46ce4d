import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The soft-provider service's codes the gateway explains (its error catalogue). */
export const SOFT_PROVIDER_ERRORS: readonly CatalogueEntry[] = [
  {
    service: 'softprovider',
    code: 'not_found',
    extendedCode: 'soft_provider_not_found',
    message: 'No se encontró el reporte.',
  },
  {
    service: 'softprovider',
    code: 'invalid_status',
    extendedCode: 'soft_provider_not_pending',
    message: 'El reporte ya no está pendiente de aprobación.',
  },
];
