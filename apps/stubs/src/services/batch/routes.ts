import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { param } from '../../lib/body.js';
import { notFound } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import { checkDownload, reExport, reprocess } from './actions.js';
import { batchFile, CONTENT_TYPES } from './files.js';
import { seedBatches } from './seed.js';
import type { BatchStore } from './store.js';

/** The withdrawal batch service (docs/upstream-contract.md "Batch service"). */
export const batchService = defineService<BatchStore>({
  name: 'batch',
  dependsOn: ['collector', 'payment'],
  seed: seedBatches,
  routes(context) {
    const router = express.Router();
    const find = (store: BatchStore, id: string) => {
      const batch = store.get(id);
      if (!batch) throw notFound('batch_not_found', `No existe el lote ${id}.`);
      return batch;
    };

    router.get('/lotes', (req, res) => {
      sendJson(res, 200, context.store().batches.listJson(req.query as Record<string, unknown>));
    });
    router.get('/lotes/:id', (req, res) => {
      send(res, 200, find(context.store(), param(req, 'id')));
    });
    /** The payments the batch withdraws: {rows}. */
    router.get('/lotes/:id/registros', (req, res) => {
      const store = context.store();
      const batch = find(store, param(req, 'id'));
      send(res, 200, { rows: store.recordsOf(batch.id) });
    });
    router.get('/lotes/:id/descargar/:format', async (req, res) => {
      const store = context.store();
      const batch = find(store, param(req, 'id'));
      const format = checkDownload(batch, param(req, 'format'));
      const bytes = await batchFile(format, batch, store.recordsOf(batch.id));
      res
        .status(200)
        .type(CONTENT_TYPES[format])
        .setHeader('content-disposition', `attachment; filename="lote-${batch.id}.${format}"`)
        .send(bytes);
    });

    const action = actionRoutes(router, context, find);
    action('post', '/lotes/reprocess/:id', (store, batch) => reprocess(store, batch));
    action('post', '/lotes/:id/re-exportar', (store, batch) => reExport(store, batch));
    return router;
  },
});
