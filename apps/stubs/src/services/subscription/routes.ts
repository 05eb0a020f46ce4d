import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { objectBody } from '../../lib/body.js';
import { documentRoutes } from '../../lib/document-routes.js';
import { notFound } from '../../lib/errors.js';
import { defineService } from '../../lib/service.js';
import type { NotificationStore } from '../notification/store.js';
import {
  cancel,
  changePaymentMethod,
  deletePaymentMethod,
  notify,
  refresh,
  updateAmount,
} from './actions.js';
import { seedSubscriptions } from './seed.js';
import type { SubscriptionStore } from './store.js';

export const subscriptionService = defineService<SubscriptionStore>({
  name: 'subscription',
  dependsOn: ['collector', 'payment'],
  seed: seedSubscriptions,
  routes(context) {
    const router = express.Router();
    const find = documentRoutes(router, {
      path: '/suscripciones',
      documents: () => context.store(),
      notFound: (id) => notFound('subscription_not_found', `No existe la suscripción ${id}.`),
      label: 'La suscripción',
    });
    const action = actionRoutes(router, context, (_store, id) => find(id));

    action('post', '/suscripciones/:id/refrescar', (_store, subscription) => refresh(subscription));
    action('post', '/suscripciones/:id/cancelar', (store, subscription, req) =>
      cancel(store, subscription, objectBody(req)),
    );
    action('put', '/suscripciones/:id/medio-de-pago', (store, subscription, req) =>
      changePaymentMethod(store, subscription, objectBody(req)),
    );
    action('delete', '/suscripciones/:id/medio-de-pago', (store, subscription) =>
      deletePaymentMethod(store, subscription),
    );
    action('put', '/suscripciones/:id/importe', (store, subscription, req) =>
      updateAmount(store, subscription, objectBody(req)),
    );
    action('post', '/suscripciones/:id/notificar', (store, subscription) => {
      const notifications = context.stores.get<NotificationStore>('notification');
      return notify(store, subscription, (input, now) => notifications.email(input, now));
    });

    return router;
  },
});
