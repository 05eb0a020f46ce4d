import express from 'express';
import { objectBody, param } from '../../lib/body.js';
import { badRequest, invalidStatus, notFound } from '../../lib/errors.js';
import { sendTable } from '../../lib/file-writers.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import { createBody, finishRunning, matchingRows, run } from './jobs.js';
import { seedExports } from './seed.js';
import type { ExportJob, ExportStore } from './store.js';
import { columnsOf, SHEET_NAMES } from './tables.js';

/** Most rows one export may hold (a real service would page through them; the stub's stores are smaller). */
const MAX_EXPORT_ROWS = 100_000;

/**
 * The export service (docs/upstream-contract.md "Export service"): jobs created from a type, a format and the
 * encoded filter of the payments or subscriptions list; they finish after `processingMs` and are downloaded as a
 * real xlsx, csv or json of every row that matched the filter when the job was created.
 */
export const exportService = defineService<ExportStore>({
  name: 'export',
  dependsOn: ['payment', 'subscription'],
  seed: seedExports,
  routes(context) {
    const router = express.Router();
    const find = (id: string): ExportJob => {
      const job = context.store().jobs.get(id);
      if (!job) throw notFound('export_not_found', `No existe la exportación ${id}.`);
      return job;
    };

    router.get('/exportaciones', (req, res) => {
      sendJson(res, 200, context.store().jobs.listJson(req.query as Record<string, unknown>));
    });

    router.get('/exportaciones/:id', (req, res) => {
      send(res, 200, find(param(req, 'id')));
    });

    router.post('/exportaciones', (req, res) => {
      const store = context.store();
      const body = createBody(objectBody(req));
      const rows = matchingRows(context.stores, body.type, body.filters, body.sorts ?? undefined);
      if (rows.length > MAX_EXPORT_ROWS) {
        throw badRequest('too_many_rows', `La exportación supera ${MAX_EXPORT_ROWS} registros.`);
      }
      const id = store.nextId();
      const job: ExportJob = {
        id,
        type: body.type,
        format: body.format,
        status: 'pending',
        records: 0,
        progress: 0,
        created_date: new Date().toISOString(),
        updated_date: null,
        filters: body.filters,
        sorts: body.sorts,
        user: typeof req.headers['x-user'] === 'string' ? req.headers['x-user'] : null,
      };
      store.jobs.put(job);
      store.rows.set(id, rows);
      run(store, id, rows.length, store.processingMs);
      send(res, 201, store.jobs.get(id));
    });

    router.get('/exportaciones/:id/descargar', async (req, res) => {
      const job = find(param(req, 'id'));
      if (job.status !== 'finished') {
        throw invalidStatus('export_not_finished', `La exportación ${job.id} todavía no finalizó.`);
      }
      await sendTable(res, job.format, `exportacion-${job.id}.${job.format}`, {
        columns: columnsOf(job.type),
        rows: (context.store().rows.get(job.id) ?? []) as Iterable<never>,
        sheetName: SHEET_NAMES[job.type],
      });
    });

    // Test control: how long the next exports take (0: finished at once). Not part of the real service.
    router.post('/__admin/processing', (req, res) => {
      const ms = objectBody(req).processing_ms;
      if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 600_000) {
        throw badRequest('invalid_body', 'processing_ms debe ser un entero entre 0 y 600000.');
      }
      context.store().processingMs = ms;
      send(res, 200, { processing_ms: ms });
    });

    // Test control: the running jobs finish now (a browser test holds one running, then lets it finish).
    router.post('/__admin/finish', (_req, res) => {
      send(res, 200, { finished: finishRunning(context.store()) });
    });

    // Test control: the job ends in `error` (its file gone), as a job can after the history showed it finished.
    router.post('/__admin/fail', (req, res) => {
      const id = objectBody(req).id;
      const job = find(typeof id === 'string' ? id : '');
      const failed: ExportJob = { ...job, status: 'error', updated_date: new Date().toISOString() };
      context.store().jobs.put(failed);
      send(res, 200, failed);
    });

    return router;
  },
});
