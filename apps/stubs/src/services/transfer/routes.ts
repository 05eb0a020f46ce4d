import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { invalidStatus, notFound } from '../../lib/errors.js';
import { sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import { seedTransfers } from './seed.js';
import type { TransferStore } from './store.js';

export const transferService = defineService<TransferStore>({
  name: 'transfer',
  dependsOn: ['payment'],
  seed: seedTransfers,
  routes(context) {
    const router = express.Router();
    router.get('/conciliaciones', (req, res) => {
      sendJson(res, 200, context.store().conciliations.listJson(req.query as Record<string, unknown>));
    });
    const action = actionRoutes(router, context, (store: TransferStore, id: string) => {
      const found = store.conciliations.get(id);
      if (!found) throw notFound('conciliation_not_found', `No existe la transferencia ${id}.`);
      return found;
    });
    action('post', '/conciliaciones/forzar-conciliacion/:id', (store, row) => {
      if (row.status !== 'pending') {
        throw invalidStatus(
          'conciliation_not_pending',
          `La transferencia ${row.id} no está pendiente de conciliación.`,
        );
      }
      return { status: 200, body: store.conciliate(row, new Date().toISOString()) };
    });
    return router;
  },
});
