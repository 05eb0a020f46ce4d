import express, { type Request } from 'express';
import { actionRoutes, forcedFailureCheck } from '../../lib/action-route.js';
import { objectBody, param, type Json } from '../../lib/body.js';
import { invalidStatus, notFound, validationError } from '../../lib/errors.js';
import { sendFile, writeZip } from '../../lib/file-writers.js';
import { send, sendJson } from '../../lib/json.js';
import type { ActionResult } from '../../lib/service.js';
import { defineService } from '../../lib/service.js';
import { seedAfip } from './seed.js';
import { AfipStore, presentationFileName, type Presentation } from './store.js';

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_DETAIL = 500;
const nowIso = (): string => new Date().toISOString();

/** The operator the platform records: the request's `x-user` header when present, else `backoffice`. */
const operatorOf = (req: Request): string => req.get('x-user')?.trim() || 'backoffice';

function onlyCreated(presentation: Presentation, what: string): void {
  if (presentation.status !== 'created') {
    throw invalidStatus(
      'presentation_not_created',
      `La presentación ${presentation.id} no está en estado creada: no se puede ${what}.`,
    );
  }
}

function change(store: AfipStore, presentation: Presentation, patch: Partial<Presentation>): ActionResult {
  const changed = { ...presentation, ...patch };
  store.presentations.put(changed);
  return { status: 200, body: changed };
}

/** POST /formularios {period, file_structure{id}}: a new presentation in status created. */
function create(store: AfipStore, body: Json, operator: string): ActionResult {
  const period = typeof body.period === 'string' ? body.period.trim() : '';
  if (!PERIOD.test(period))
    throw validationError('invalid_period', 'El período debe tener el formato AAAA-MM.');
  const structureId = (body.file_structure as Json | undefined)?.id;
  const structure = store.structures.get(String(structureId ?? ''));
  if (!structure)
    throw validationError('invalid_file_structure', 'El formulario (file_structure.id) no existe.');
  const id = store.newId();
  const presentation: Presentation = {
    id,
    afip_transaction_id: null,
    period,
    status: 'created',
    status_detail: null,
    created_by: operator,
    created_date: nowIso(),
    file_structure: { id: structure.id, form_name: structure.form_name, version: structure.version },
    file_name: presentationFileName(structure.form_name, period, id),
    delivery_date: null,
    reprocess_date: null,
    reprocess_by: null,
    reprocess_detail: null,
  };
  store.presentations.put(presentation);
  return { status: 201, body: presentation };
}

/** The presentation's file: one header line and one detail line per collector (fixed-width text). */
export function presentationFileText(presentation: Presentation): string {
  const [year, month] = presentation.period.split('-');
  const lines = [
    `01${presentation.file_structure.form_name.slice(0, 5).padEnd(5)}${presentation.file_structure.version.padEnd(5)}${year}${month}${presentation.id.padStart(10, '0')}`,
  ];
  const seed = Number(presentation.id);
  for (let i = 0; i < 5; i++) {
    const cuit = `30${String((seed * 7919 + i * 104729) % 100_000_000).padStart(8, '0')}${i}`;
    const cents = ((seed * 31 + i * 977) % 9_000_000) + 100_000;
    lines.push(`02${cuit}${String(cents).padStart(15, '0')}`);
  }
  lines.push(`99${String(lines.length - 1).padStart(8, '0')}`);
  return `${lines.join('\r\n')}\r\n`;
}

export const afipService = defineService<AfipStore>({
  name: 'afip',
  seed: seedAfip,
  routes(context) {
    const router = express.Router();
    const find = (id: string): Presentation => {
      const found = context.store().presentations.get(id);
      if (!found) throw notFound('presentation_not_found', `No existe la presentación ${id}.`);
      return found;
    };

    router.get('/formularios', (req, res) => {
      sendJson(res, 200, context.store().presentations.listJson(req.query as Record<string, unknown>));
    });
    router.get('/formularios/estructuras', (_req, res) => {
      send(res, 200, context.store().structures.all());
    });
    router.get('/formularios/:id', (req, res) => {
      send(res, 200, find(param(req, 'id')));
    });
    // The presentation's file, zipped: `{file_name}` inside `{file_name without .txt}.zip`.
    router.get('/formularios/:id/archivo', async (req, res) => {
      const presentation = find(param(req, 'id'));
      await sendFile(res, {
        format: 'zip',
        fileName: presentation.file_name.replace(/\.txt$/, '') + '.zip',
        write: (out) =>
          writeZip(out, [{ name: presentation.file_name, data: presentationFileText(presentation) }]),
      });
    });
    router.post(
      '/formularios',
      context.idempotent((req) => create(context.store(), objectBody(req), operatorOf(req))),
    );

    const action = actionRoutes(router, context, (_store, id) => find(id));
    action('post', '/formularios/:id/presentar', (store, presentation) => {
      onlyCreated(presentation, 'presentar');
      const now = nowIso();
      return change(store, presentation, {
        status: 'delivered',
        status_detail: 'accepted',
        afip_transaction_id: `AFIP-${String(Date.parse(now)).slice(-10)}${presentation.id}`,
        delivery_date: now,
      });
    });
    action('post', '/formularios/:id/reprocesar', (store, presentation, req) => {
      onlyCreated(presentation, 're-procesar');
      const body = objectBody(req);
      const raw = body.reprocess_detail;
      if (raw !== undefined && raw !== null && typeof raw !== 'string') {
        throw validationError('invalid_reprocess_detail', 'El motivo (reprocess_detail) debe ser un texto.');
      }
      const detail = typeof raw === 'string' && raw.trim() ? raw.trim() : null;
      if (detail && detail.length > MAX_DETAIL) {
        throw validationError(
          'reprocess_detail_too_long',
          `El motivo admite hasta ${MAX_DETAIL} caracteres.`,
        );
      }
      return change(store, presentation, {
        status: 'reprocess',
        status_detail: 'reprocess_requested',
        reprocess_date: nowIso(),
        reprocess_by: operatorOf(req),
        reprocess_detail: detail,
      });
    });
    // Manual presentation: the transaction id is the last segment; forced failures name it `manual`.
    router.post(
      '/formularios/:id/presentar/manual/:transactionId',
      forcedFailureCheck(context, 'manual'),
      context.idempotent((req) => {
        const store = context.store();
        const presentation = find(param(req, 'id'));
        onlyCreated(presentation, 'presentar');
        const transactionId = param(req, 'transactionId').trim();
        if (!TRANSACTION_ID.test(transactionId)) {
          throw validationError('invalid_transaction_id', 'El ID de transacción no es válido.');
        }
        return change(store, presentation, {
          status: 'delivered',
          status_detail: 'manual',
          afip_transaction_id: transactionId,
          delivery_date: nowIso(),
        });
      }),
    );

    return router;
  },
});
