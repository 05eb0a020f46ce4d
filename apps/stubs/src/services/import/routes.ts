import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { objectBody, param, requiredText } from '../../lib/body.js';
import { notFound } from '../../lib/errors.js';
import { sendTable } from '../../lib/file-writers.js';
import { send, sendJson } from '../../lib/json.js';
import { readMultipart } from '../../lib/multipart.js';
import { defineService } from '../../lib/service.js';
import type { CollectorStore } from '../collector/store.js';
import type { PaymentStore } from '../payment/store.js';
import { seedImports } from './seed.js';
import { readSheet, requireColumns } from './sheet.js';
import { IMPORT_COLUMNS, OPTIONAL_COLUMNS, type ImportRequestRow, type ImportStore } from './store.js';
import { collectorOf, matchFlags } from './upload.js';

export const importService = defineService<ImportStore>({
  name: 'import',
  dependsOn: ['collector', 'payment'],
  seed: seedImports,
  routes(context) {
    const router = express.Router();
    const find = (store: ImportStore, id: string) => {
      const found = store.get(id);
      if (!found) throw notFound('import_not_found', `No existe la importación ${id}.`);
      return found;
    };

    /** POST /pagos (multipart: collector_id, file, match_payer, match_concept, match_identification). */
    router.post('/pagos', async (req, res) => {
      const { fields, file } = await readMultipart(req);
      const collectorId = collectorOf(fields.collector_id, context.stores.get<CollectorStore>('collector'));
      const flags = matchFlags(fields);
      const sheet = await readSheet(file);
      requireColumns(sheet, IMPORT_COLUMNS);
      const created = context.store().create({
        ...flags,
        collector_id: collectorId,
        file_name: file.name,
        records: sheet.rows.map((row) => row.values),
        now: new Date().toISOString(),
      });
      send(res, 201, created);
    });

    router.get('/pagos', (req, res) => {
      sendJson(res, 200, context.store().imports.listJson(req.query as Record<string, unknown>));
    });
    router.get('/pagos/:id', (req, res) => {
      send(res, 200, find(context.store(), param(req, 'id')));
    });
    router.get('/pagos/:id/detalles', (req, res) => {
      const store = context.store();
      const doc = find(store, param(req, 'id'));
      sendJson(res, 200, store.rowsOf(doc.id).listJson(req.query as Record<string, unknown>));
    });

    /**
     * GET /pagos/{id}/errores: the error rows as a CSV with the import columns plus `errores`, to fix and import
     * again (beyond the spec; docs/decisions.md "Imports"): each value as the file had it (`uploaded`), a seeded
     * row's as it was read.
     */
    router.get('/pagos/:id/errores', async (req, res) => {
      const store = context.store();
      const doc = find(store, param(req, 'id'));
      const rows = store
        .rowsOf(doc.id)
        .all()
        .filter((row) => row.status === 'error');
      const columns = [...IMPORT_COLUMNS, ...OPTIONAL_COLUMNS].map((key) => ({
        key,
        value: (row: ImportRequestRow) => row.uploaded?.[key] ?? (key === 'amount' ? row.amount : row[key]),
      }));
      await sendTable(res, 'csv', `importacion-${doc.id}-errores.csv`, {
        columns: [...columns, { key: 'errores', value: (row: ImportRequestRow) => row.errors.join('; ') }],
        rows,
      });
    });

    const action = actionRoutes(router, context, find);
    action('post', '/pagos/aprobar/:id', (store, doc) => ({
      status: 200,
      body: store.approve(doc.id, new Date().toISOString(), context.stores.get<PaymentStore>('payment')),
    }));
    action('post', '/pagos/cancelar/:id', (store, doc, req) => {
      const detail = requiredText(
        objectBody(req).status_detail,
        'status_detail_required',
        'Falta el motivo de la cancelación (status_detail).',
      );
      return { status: 200, body: store.cancel(doc.id, detail, new Date().toISOString()) };
    });
    return router;
  },
});
