import { forcedFailureCheck } from '../../lib/action-route.js';
import express from 'express';
import { param } from '../../lib/body.js';
import { invalidStatus, notFound } from '../../lib/errors.js';
import { sendFile, writeTxt } from '../../lib/file-writers.js';
import { sendJson } from '../../lib/json.js';
import { defineService, type ActionResult } from '../../lib/service.js';
import { reportFileName, seedSoftProvider } from './seed.js';
import type { SoftProviderItem, SoftProviderStore } from './store.js';

const nowIso = (): string => new Date().toISOString();

/** The report's text: a header and one line per collected payment of the period (AGIP/ARBA fixed width). */
export function reportFileLines(item: SoftProviderItem): string[] {
  const seed = Number(item.id);
  const lines = [
    `H${item.soft_provider.padEnd(4)}${item.collector_id.padStart(10, '0')}${item.start_date.slice(0, 10)}${item.end_date.slice(0, 10)}`,
  ];
  for (let i = 0; i < 4; i++) {
    const cents = ((seed * 131 + i * 7717) % 5_000_000) + 50_000;
    lines.push(`D${String(i + 1).padStart(6, '0')}${String(cents).padStart(15, '0')}`);
  }
  lines.push(`T${String(lines.length - 1).padStart(6, '0')}`);
  return lines;
}

export const softProviderService = defineService<SoftProviderStore>({
  name: 'softprovider',
  dependsOn: ['collector'],
  seed: seedSoftProvider,
  routes(context) {
    const router = express.Router();
    const find = (collectorId: string, id: string): SoftProviderItem => {
      const item = context.store().items.get(id);
      if (!item || item.collector_id !== collectorId) {
        throw notFound('soft_provider_not_found', `No existe el reporte ${id} de la entidad ${collectorId}.`);
      }
      return item;
    };
    const put = (item: SoftProviderItem, patch: Partial<SoftProviderItem>): ActionResult => {
      const changed = { ...item, ...patch, updated_date: nowIso() };
      context.store().items.put(changed);
      return { status: 200, body: changed };
    };
    /** POST /softprovider/{operation}/{collectorId}/{id}: forced failure, then idempotency, then the action. */
    const action = (operation: string, run: (item: SoftProviderItem) => ActionResult) =>
      router.post(
        `/softprovider/${operation}/:collectorId/:id`,
        forcedFailureCheck(context, operation),
        context.idempotent((req) => run(find(param(req, 'collectorId'), param(req, 'id')))),
      );
    const pending = (item: SoftProviderItem, what: string) => {
      if (item.status !== 'pending_approval') {
        throw invalidStatus(
          'soft_provider_not_pending',
          `El reporte ${item.id} no está pendiente de aprobación: no se puede ${what}.`,
        );
      }
    };

    router.get('/softprovider', (req, res) => {
      sendJson(res, 200, context.store().items.listJson(req.query as Record<string, unknown>));
    });
    action('aprobar', (item) => {
      pending(item, 'aprobar');
      return put(item, {
        status: 'sent',
        metadata: { ...item.metadata, result_send: `Enviado ${nowIso()}` },
      });
    });
    action('rechazar', (item) => {
      pending(item, 'rechazar');
      return put(item, {
        status: 'error',
        metadata: { ...item.metadata, result_send: 'Rechazado por el operador' },
      });
    });
    // Regenerate: the file is built again and waits for approval (any status).
    action('regenerate', (item) =>
      put(item, {
        status: 'pending_approval',
        metadata: {
          ...item.metadata,
          file_name: reportFileName(item.soft_provider, item.collector_id, item.start_date),
          result_send: null,
        },
      }),
    );
    router.get('/softprovider/:collectorId/:id/file', async (req, res) => {
      const item = find(param(req, 'collectorId'), param(req, 'id'));
      await sendFile(res, {
        format: 'txt',
        fileName: item.metadata.file_name,
        write: (out) => writeTxt(out, reportFileLines(item), '\r\n'),
      });
    });
    return router;
  },
});
