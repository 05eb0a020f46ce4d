import { defineModule } from '../../shared/define-module.js';
import type { CatalogueEntry } from '../../upstream/error-catalogue.js';
import { BinsDataSource } from './bins.datasource.js';
import { binsResolvers } from './bins.resolvers.js';

/** The BIN service's codes (docs/upstream-contract.md "Card BIN"): extended code -> Spanish. */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  bin_not_found: ['not_found', 'No se encontró el BIN.'],
  bin_exists: ['conflict', 'El BIN ya existe.'],
  invalid_bin: ['validation_error', 'Número BIN debe ser de 6 dígitos *'],
  invalid_brand_id: ['validation_error', 'La marca elegida no existe.'],
  invalid_type_id: ['validation_error', 'El tipo de tarjeta elegido no existe.'],
  invalid_subtype_id: ['validation_error', 'El subtipo elegido no existe.'],
  invalid_emisor_id: ['validation_error', 'El emisor elegido no existe.'],
  invalid_media_payment_id: ['validation_error', 'El medio de pago no existe.'],
  invalid_accreditation_days: ['validation_error', 'El día de acreditación no es válido.'],
  invalid_country: ['validation_error', 'El país no es válido.'],
};

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['bin'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    bin: true;
  }
}

/** Card BINs (/bin, /bin/{id}; spec 001 §2 "Card BIN screens"). */
export const binsModule = defineModule({
  name: 'bins',
  services: SERVICES,
  schemaFiles: ['bin.graphql'],
  resolvers: binsResolvers,
  dataSources: (upstream) => ({ bins: new BinsDataSource(upstream('bin')) }),
  errors: Object.entries(TEXTS).map(([extendedCode, [code, message]]): CatalogueEntry => ({
    service: 'bin',
    code,
    extendedCode,
    message,
  })),
});
