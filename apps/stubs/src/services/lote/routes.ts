import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { objectBody, type Json } from '../../lib/body.js';
import { invalidStatus, notFound, validationError } from '../../lib/errors.js';
import { sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import { seedLote } from './seed.js';
import type { GatewayBatch, LoteStore } from './store.js';

/** Reconciliation body (spec 001 §3): description free text, compensation_amount digits; null keeps the value. */
function reconciliation(
  batch: GatewayBatch,
  body: Json,
): Pick<GatewayBatch, 'description' | 'compensation_amount'> {
  const { description, compensation_amount: amount } = body;
  if (description !== undefined && description !== null && typeof description !== 'string') {
    throw validationError('invalid_description', 'La descripción debe ser un texto.');
  }
  if (typeof description === 'string' && description.length > 500) {
    throw validationError('invalid_description', 'La descripción admite hasta 500 caracteres.');
  }
  let compensation = batch.compensation_amount;
  if (amount !== undefined && amount !== null && amount !== '') {
    const text = String(amount).trim();
    const number = typeof amount === 'number' && Number.isFinite(amount) && amount >= 0;
    if (!number && !/^\d{1,12}$/.test(text)) {
      throw validationError('invalid_compensation_amount', 'El monto de compensación admite solo números.');
    }
    compensation = Math.round(Number(text) * 100) / 100;
  }
  const text = typeof description === 'string' ? description.trim() : '';
  return { description: text === '' ? batch.description : text, compensation_amount: compensation };
}

export const loteService = defineService<LoteStore>({
  name: 'lote',
  seed: seedLote,
  routes(context) {
    const router = express.Router();
    router.get('/lote/transacciones', (req, res) => {
      sendJson(res, 200, context.store().transactions.listJson(req.query as Record<string, unknown>));
    });
    router.get('/lote/gateways', (req, res) => {
      sendJson(res, 200, context.store().gateways.listJson(req.query as Record<string, unknown>));
    });
    const action = actionRoutes(router, context, (store, id) => {
      const batch = store.gateways.get(id);
      if (!batch) throw notFound('gateway_batch_not_found', `No existe el lote de gateway ${id}.`);
      return batch;
    });
    /** PUT conciliar {description, compensation_amount}: open | pending -> conciliated. */
    action('put', '/lote/gateway/conciliar/:id', (store, batch, req) => {
      if (batch.state !== 'open' && batch.state !== 'pending') {
        throw invalidStatus(
          'gateway_batch_not_conciliable',
          `El lote ${batch.id} está ${batch.state === 'close' ? 'cerrado' : 'conciliado'}: no se puede conciliar.`,
        );
      }
      const changed: GatewayBatch = {
        ...batch,
        ...reconciliation(batch, objectBody(req)),
        state: 'conciliated',
        conciliation_date: new Date().toISOString(),
      };
      store.gateways.put(changed);
      return { status: 200, body: changed };
    });
    return router;
  },
});
