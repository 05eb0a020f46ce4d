import { defineModule } from '../../shared/define-module.js';
import { PaymentsDataSource } from './payments.datasource.js';
import { PAYMENT_ERRORS } from './payments.errors.js';
import { createPaymentLoaders } from './payments.loaders.js';
import { paymentsResolvers } from './payments.resolvers.js';
import { paymentFilters } from './payments.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['payment'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    payment: true;
  }
}

export const paymentsModule = defineModule({
  name: 'payments',
  services: SERVICES,
  schemaFiles: ['payment.graphql'],
  resolvers: paymentsResolvers,
  dataSources: (upstream) => ({
    payments: new PaymentsDataSource(upstream('payment')),
    // Buscar Pagos' upstream filter encoding, read through the context by the exports module.
    paymentListFilters: { encode: paymentFilters },
  }),
  loaders: ({ payments }) => createPaymentLoaders(payments),
  errors: PAYMENT_ERRORS,
  publicFields: {
    'Query.payments':
      'Buscar Pagos: spec 000 §6 lists it without a permission; the menu item is always shown.',
    'Query.payment':
      'Payment detail (/pago/{id}): every user who may search payments may open one; its sensitive parts (fees, batch) carry their own @auth.',
    'Query.paymentHistory':
      'Version history: the action table of spec 000 §4 says "Reload and history: always" (PAYMENT_SHOW_HISTORY is not required).',
    'Query.paymentVersion': 'One version picked in the history dialog: same rule as paymentHistory.',
    'Query.paymentMethodCatalogue':
      'Reference data (media payment id -> Spanish name), no payment data: the payment-method filter of Buscar Pagos and the method labels, which every user who may search payments sees.',
  },
});
