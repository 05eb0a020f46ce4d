import { defineModule } from '../../shared/define-module.js';
import { ServicePaymentsDataSource } from './service-payments.datasource.js';
import { SERVICE_PAYMENT_ERRORS } from './service-payments.errors.js';
import { servicePaymentsResolvers } from './service-payments.resolvers.js';

/** The upstream services this module calls; each joins `ServiceName` and the gateway's SERVICES (config.ts). */
const SERVICES = ['lote'] as const;
declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members are SERVICES
  interface UpstreamServices extends Record<(typeof SERVICES)[number], true> {}
}

export const servicePaymentsModule = defineModule({
  name: 'service-payments',
  services: SERVICES,
  schemaFiles: ['service-payment.graphql'],
  resolvers: servicePaymentsResolvers,
  dataSources: (upstream) => ({ servicePayments: new ServicePaymentsDataSource(upstream('lote')) }),
  errors: SERVICE_PAYMENT_ERRORS,
});
