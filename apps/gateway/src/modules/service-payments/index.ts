import { defineModule } from '../../shared/define-module.js';
import { ServicePaymentsDataSource } from './service-payments.datasource.js';
import { SERVICE_PAYMENT_ERRORS } from './service-payments.errors.js';
import { servicePaymentsResolvers } from './service-payments.resolvers.js';

export const servicePaymentsModule = defineModule({
  name: 'service-payments',
  schemaFiles: ['service-payment.graphql'],
  resolvers: servicePaymentsResolvers,
  dataSources: (upstream) => ({ servicePayments: new ServicePaymentsDataSource(upstream('lote')) }),
  errors: SERVICE_PAYMENT_ERRORS,
});
