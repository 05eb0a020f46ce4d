import express from 'express';
import { param } from '../../lib/body.js';
import { notFound } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
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

    return router;
  },
});
