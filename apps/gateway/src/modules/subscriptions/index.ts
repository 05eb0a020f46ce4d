import { defineModule } from '../../shared/define-module.js';
import { SubscriptionsDataSource } from './subscriptions.datasource.js';
import { SUBSCRIPTION_ERRORS } from './subscriptions.errors.js';
import { createSubscriptionLoaders } from './subscriptions.loaders.js';
import { subscriptionsResolvers } from './subscriptions.resolvers.js';
import { subscriptionFilters } from './subscriptions.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['subscription'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    subscription: true;
  }
}

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  services: SERVICES,
  schemaFiles: ['subscription.graphql'],
  resolvers: subscriptionsResolvers,
  dataSources: (upstream) => ({
    subscriptions: new SubscriptionsDataSource(upstream('subscription')),
    // Buscar Suscripciones' upstream filter encoding, read through the context by the exports module.
    subscriptionListFilters: { encode: subscriptionFilters },
  }),
  loaders: ({ subscriptions }) => createSubscriptionLoaders(subscriptions),
  errors: SUBSCRIPTION_ERRORS,
  publicFields: {
    'Query.subscription':
      'Subscription detail (/suscripcion/{id}): a payment\'s "associated subscription" button leads there for every user (docs/decisions.md "Subscriptions permission"); its actions carry their own permissions.',
  },
});
