import express from 'express';
import { badRequest, notFound, validationError } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { readMultipart } from '../../lib/multipart.js';
import { defineService } from '../../lib/service.js';
import type { CollectorStore } from '../collector/store.js';
import { readSheet, requireColumns, type SheetRecord } from '../import/sheet.js';
import { rowErrors, type ImportStore } from '../import/store.js';
import { collectorOf, matchFlags } from '../import/upload.js';
import { seedConverter } from './seed.js';
import type { ConverterConfiguration, ConverterStore } from './store.js';

interface Configurations {
  type: unknown;
  origin_id: unknown;
  destination_id: unknown;
  metadata?: Record<string, unknown>;
}

function parseConfigurations(raw: string | undefined): Configurations {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    throw badRequest('invalid_configurations', 'El campo configurations debe ser JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('invalid_configurations', 'El campo configurations debe ser un objeto JSON.');
  }
  return parsed as Configurations;
}

/** '1.234,56' -> '1234.56' (decimal comma layouts); other texts unchanged. */
const plainAmount = (text: string, decimalComma: boolean): string =>
  decimalComma ? text.replace(/\./g, '').replace(',', '.') : text;

export const converterService = defineService<ConverterStore>({
  name: 'converter',
  dependsOn: ['import', 'collector'],
  seed: seedConverter,
  routes(context) {
    const router = express.Router();
    const configuration = (id: unknown, kind: ConverterConfiguration['kind']): ConverterConfiguration => {
      const found = context.store().configurations.get(String(id ?? ''));
      if (!found || found.kind !== kind) {
        const what = kind === 'origin' ? 'de origen' : 'de destino';
        throw notFound('configuration_not_found', `No existe la configuración ${what} ${String(id ?? '')}.`);
      }
      if (found.status !== 'active') {
        throw validationError('configuration_inactive', `La configuración ${found.name} está dada de baja.`);
      }
      return found;
    };

    router.get('/configuraciones', (req, res) => {
      sendJson(res, 200, context.store().configurations.listJson(req.query as Record<string, unknown>));
    });

    /**
     * POST /convertir/api (multipart: configurations JSON, file): each source row mapped with the origin's
     * columns and checked like an import row; rows that fail are answered in error_rows, the others go to the
     * import service (api_response, the new import) when there is at least one.
     */
    router.post('/convertir/api', async (req, res) => {
      const { fields, file } = await readMultipart(req);
      const config = parseConfigurations(fields.configurations);
      if (config.type !== 'payments') {
        throw validationError('invalid_type', 'El tipo de conversión debe ser payments.');
      }
      const origin = configuration(config.origin_id, 'origin');
      configuration(config.destination_id, 'destination');
      const metadata = config.metadata ?? {};
      const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
      const collectorId = collectorOf(
        text(metadata.collector_id),
        context.stores.get<CollectorStore>('collector'),
      );
      const flags = matchFlags({
        match_payer: text(metadata.match_payer),
        match_concept: text(metadata.match_concept),
        match_identification: text(metadata.match_identification),
      });
      const columns = origin.columns ?? {};
      const sheet = await readSheet(file);
      requireColumns(sheet, Object.values(columns));
      const seen = new Set<string>();
      const valid: SheetRecord[] = [];
      const errorRows: { index: number; errors: string[] }[] = [];
      sheet.rows.forEach((row, position) => {
        const record: SheetRecord = {};
        for (const [target, source] of Object.entries(columns)) record[target] = row.values[source] ?? '';
        record.amount = plainAmount(record.amount ?? '', origin.decimal_comma);
        const errors = rowErrors(record, flags, seen);
        if (record.external_transaction_id) seen.add(record.external_transaction_id);
        if (errors.length) errorRows.push({ index: position + 1, errors });
        else valid.push(record);
      });
      const apiResponse = valid.length
        ? context.stores.get<ImportStore>('import').create({
            ...flags,
            collector_id: collectorId,
            file_name: file.name,
            records: valid,
            now: new Date().toISOString(),
          })
        : null;
      send(res, 200, { error_rows: errorRows, api_response: apiResponse });
    });
    return router;
  },
});
