import { defineModule } from '../../shared/define-module.js';
import { PayersDataSource } from './payers.datasource.js';
import { payersResolvers } from './payers.resolvers.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['payer'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    payer: true;
  }
}

export const payersModule = defineModule({
  name: 'payers',
  services: SERVICES,
  schemaFiles: ['payer.graphql'],
  resolvers: payersResolvers,
  dataSources: (upstream) => ({ payers: new PayersDataSource(upstream('payer')) }),
  errors: [
    {
      service: 'payer',
      code: 'not_found',
      extendedCode: 'payer_not_found',
      message: 'El pagador no existe.',
    },
    {
      service: 'payer',
      code: 'not_found',
      extendedCode: 'payer_reference_not_found',
      message: 'La referencia de pagador no existe.',
    },
    {
      service: 'payer',
      code: 'validation_error',
      extendedCode: 'invalid_email',
      message: 'El email no tiene formato correcto',
    },
    {
      service: 'payer',
      code: 'validation_error',
      extendedCode: 'invalid_identification',
      message: 'Número de identificación incorrecto*',
    },
    {
      service: 'payer',
      code: 'validation_error',
      extendedCode: 'name_required',
      message: 'El nombre es requerido',
    },
    {
      service: 'payer',
      code: 'validation_error',
      extendedCode: 'collector_not_found',
      message: 'La entidad no existe.',
    },
  ],
});
