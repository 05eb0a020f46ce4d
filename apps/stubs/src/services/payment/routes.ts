import express from 'express';
import { objectBody, param } from '../../lib/body.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
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
import type { Payment, PaymentStore } from './store.js';

export const paymentService = defineService<PaymentStore>({
  name: 'payment',
  dependsOn: ['collector'],
  seed: seedPayments,
  routes(context) {
    const router = express.Router();
    const find = (id: string): Payment => {
      const payment = context.store().get(id);
      if (!payment) throw notFound('payment_not_found', `No existe el pago ${id}.`);
      return payment;
    };

    router.get('/pagos', (req, res) => {
      sendJson(res, 200, context.store().payments.listJson(req.query as Record<string, unknown>));
    });

    router.get('/pagos/:id', (req, res) => {
      send(res, 200, find(param(req, 'id')));
    });

    router.get('/pagos/:id/historial', (req, res) => {
      const payment = find(param(req, 'id'));
      send(res, 200, { rows: context.store().history(payment.id) });
    });

    router.get('/pagos/:id/versiones/:version', (req, res) => {
      const payment = find(param(req, 'id'));
      const raw = param(req, 'version');
      if (!/^\d{1,6}$/.test(raw))
        throw badRequest('invalid_version', 'La versión debe ser un entero positivo.');
      const version = context.store().version(payment.id, Number(raw));
      if (!version) throw notFound('version_not_found', `El pago ${payment.id} no tiene la versión ${raw}.`);
      send(res, 200, version);
    });

    router.get('/pagos/:id/titulares', (req, res) => {
      const payment = find(param(req, 'id'));
      send(res, 200, context.store().holders.get(payment.id) ?? []);
    });

    /**
     * A state-changing endpoint: a forced failure for its operation (last path segment) and id answers first
     * (`/__admin/failures`); otherwise idempotent, answers the action's result.
     */
    const action = (
      method: 'post' | 'put',
      path: string,
      run: (store: PaymentStore, payment: Payment, req: express.Request) => { status: number; body: unknown },
    ): void => {
      const operation = path.split('/').pop() ?? path;
      router[method](
        path,
        (req, _res, next) => {
          const failure = context.forcedFailure(operation, param(req, 'id'));
          if (failure) throw failure;
          next();
        },
        context.idempotent((req) => run(context.store(), find(param(req, 'id')), req)),
      );
    };

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
      const notification = context.stores.get<NotificationStore>('notification').create(
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
      const entry = { id: notification.id, date: now, type: 'email', action: notification.action };
      store.touch(payment.id, (draft) => {
        draft.notifications.push(entry);
      });
      return { status: 200, body: { status: 'sent', notification: entry } };
    });

    return router;
  },
});
