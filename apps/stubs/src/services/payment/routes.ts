import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { objectBody, param } from '../../lib/body.js';
import { documentRoutes } from '../../lib/document-routes.js';
import { notFound } from '../../lib/errors.js';
import { send } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import type { NotificationStore } from '../notification/store.js';
import {
  cancel,
  cancelObjection,
  changePaymentMethod,
  checkNotifiable,
  forwardNotification,
  partialRefund,
  refresh,
  refund,
  retry,
  reverse,
  updateFromGateway,
} from './actions.js';
import { seedPayments } from './seed.js';
import type { PaymentStore } from './store.js';

export const paymentService = defineService<PaymentStore>({
  name: 'payment',
  dependsOn: ['collector'],
  seed: seedPayments,
  routes(context) {
    const router = express.Router();
    const find = documentRoutes(router, {
      path: '/pagos',
      documents: () => context.store(),
      notFound: (id) => notFound('payment_not_found', `No existe el pago ${id}.`),
      label: 'El pago',
    });

    router.get('/pagos/:id/titulares', (req, res) => {
      const payment = find(param(req, 'id'));
      send(res, 200, context.store().holders.get(payment.id) ?? []);
    });

    const action = actionRoutes(router, context, (_store, id) => find(id));

    action('post', '/pagos/:id/refrescar', (store, payment) => refresh(store, payment));
    action('post', '/pagos/:id/cancelar', (store, payment, req) => cancel(store, payment, objectBody(req)));
    action('put', '/pagos/:id/medio-de-pago', (store, payment, req) =>
      changePaymentMethod(store, payment, objectBody(req)),
    );
    action('post', '/pagos/:id/cancelar-objecion', (store, payment, req) =>
      cancelObjection(store, payment, objectBody(req)),
    );
    action('post', '/pagos/:id/reintentar', (store, payment, req) => retry(store, payment, objectBody(req)));
    action('post', '/pagos/:id/devolver', (store, payment, req) => refund(store, payment, objectBody(req)));
    action('post', '/pagos/:id/devolucion-parcial', (store, payment, req) =>
      partialRefund(store, payment, req.body as unknown),
    );
    action('post', '/pagos/:id/revertir', (store, payment, req) => reverse(store, payment, objectBody(req)));
    action('post', '/pagos/:id/reenviar-notificacion', (store, payment) =>
      forwardNotification(store, payment),
    );
    action('post', '/pagos/:id/actualizar-gateway', (store, payment) => updateFromGateway(store, payment));
    action('post', '/pagos/:id/notificar-pagador', (store, payment) => {
      const to = checkNotifiable(payment);
      const now = new Date().toISOString();
      const entry = context.stores.get<NotificationStore>('notification').email(
        {
          action: 'payment_reminder',
          signature: payment.collector_id,
          to,
          payload: {
            customer_name: payment.payer.name,
            payment_id: payment.id,
            amount: payment.final_amount,
            concept: payment.details[0]?.concept_description ?? null,
          },
          payment_id: payment.id,
        },
        now,
      );
      store.touch(payment.id, (draft) => {
        draft.notifications.push(entry);
      });
      return { status: 200, body: { status: 'sent', notification: entry } };
    });

    return router;
  },
});
