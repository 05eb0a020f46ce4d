import express, { type Request } from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { objectBody, param } from '../../lib/body.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sendTable, type TableFormat } from '../../lib/file-writers.js';
import { parseListQuery, runList } from '../../lib/list-query.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import { approve, reject, reprocess, sendVoucher, updateDetail } from './actions.js';
import { seedDistributions } from './seed.js';
import type { Distribution, DistributionDetail, DistributionStore } from './store.js';
import { reportTable } from './report.js';

/** The signed-in user named by the bearer token (read, not verified: the gateway verified it). */
function tokenUser(req: Request): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof claims.preferred_username === 'string' ? claims.preferred_username : null;
  } catch {
    return null;
  }
}

const missing = (id: string) => notFound('distribution_not_found', `No existe la distribución ${id}.`);

export const distributionService = defineService<DistributionStore>({
  name: 'distribuciones',
  seed: seedDistributions,
  routes(context) {
    const router = express.Router();
    const findHeader = (store: DistributionStore, id: string): Distribution => {
      const header = store.distributions.get(id);
      if (!header) throw missing(id);
      return header;
    };
    const findDetail = (store: DistributionStore, id: string, detailId: string): DistributionDetail => {
      const detail = store.detailsOf(findHeader(store, id).id).find((d) => d.id === detailId);
      if (!detail) throw notFound('distribution_detail_not_found', `No existe el detalle ${detailId}.`);
      return detail;
    };

    router.get('/distribuciones', (req, res) => {
      sendJson(res, 200, context.store().distributions.listJson(req.query as Record<string, unknown>));
    });
    /** The report (CSV, JSON, XLSX) of the distributions requested between start_date and end_date. */
    router.get('/distribuciones/exportar/:format', async (req, res) => {
      const format = param(req, 'format');
      if (format !== 'csv' && format !== 'json' && format !== 'xlsx') {
        throw badRequest('invalid_format', 'El formato debe ser csv, json o xlsx.');
      }
      const table = reportTable(context.store(), req.query as Record<string, unknown>);
      await sendTable(res, format as TableFormat, `distribuciones.${format}`, table);
    });
    router.get('/distribuciones/:id', (req, res) => {
      send(res, 200, findHeader(context.store(), param(req, 'id')));
    });
    router.get('/distribuciones/:id/detalles', (req, res) => {
      const details = context.store().detailsOf(findHeader(context.store(), param(req, 'id')).id);
      send(res, 200, runList(details, parseListQuery(req.query as Record<string, unknown>)));
    });
    router.get('/distribuciones/:id/detalles/:detailId', (req, res) => {
      send(res, 200, findDetail(context.store(), param(req, 'id'), param(req, 'detailId')));
    });

    const action = actionRoutes(router, context, findHeader);
    action('post', '/distribuciones/:id/reprocesar', (store, header) => reprocess(store, header));
    action('post', '/distribuciones/:id/aprobar', (store, header) => approve(store, header));
    action('post', '/distribuciones/:id/rechazar', (store, header, req) =>
      reject(store, header, objectBody(req)),
    );
    for (const [path, type] of [
      ['/distribuciones/:id/detalles/:detailId', 'no_scheduled'],
      ['/distribuciones/programadas/:id/detalles/:detailId', 'scheduled'],
    ] as const) {
      action('put', path, (store, header, req) =>
        updateDetail(
          store,
          header,
          findDetail(store, header.id, param(req, 'detailId')),
          objectBody(req),
          type,
          tokenUser(req),
        ),
      );
    }
    action('post', '/distribuciones/:id/detalles/:detailId/vouchers', (store, header, req) =>
      sendVoucher(store, findDetail(store, header.id, param(req, 'detailId')), objectBody(req)),
    );
    return router;
  },
});
