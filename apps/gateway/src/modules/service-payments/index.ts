import { defineModule } from '../../shared/define-module.js';
import { ServicePaymentsDataSource } from './service-payments.datasource.js';
import { SERVICE_PAYMENT_ERRORS } from './service-payments.errors.js';
import { servicePaymentsResolvers } from './service-payments.resolvers.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['lote'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    lote: true;
  }
}

export const servicePaymentsModule = defineModule({
  name: 'service-payments',
  services: SERVICES,
  schemaFiles: ['service-payment.graphql'],
  resolvers: servicePaymentsResolvers,
  dataSources: (upstream) => ({ servicePayments: new ServicePaymentsDataSource(upstream('lote')) }),
  errors: SERVICE_PAYMENT_ERRORS,
});
