import type { ChainEntry, Store } from '@backoffice/store';
import { activityResultText, operationText } from '@backoffice/validators';
import { defineDownload, type DownloadInput } from '../../files/types.js';
import { csvHeader, csvLine } from '../../files/table-file.js';
import { argentineDateTime } from '../../shared/argentine-day.js';
import { instantParam } from '../../shared/dates.js';
import { presentActivity, storeFilter } from './activity.resolvers.js';

/** At most this many actions in one CSV (newest first); a wider period is narrowed by its filters. */
export const ACTIVITY_CSV_MAX_ROWS = 50_000;
const CSV_PAGE = 1_000;

const HEADER = [
  'Fecha',
  'Operador',
  'Área',
  'Acción',
  'Operación',
  'Registros',
  'Cantidad de registros',
  'Resultado',
  'Código',
  'Motivo',
  'Traza',
];

async function* activityCsv(
  store: Store,
  namespace: string,
  query: DownloadInput['query'],
): AsyncGenerator<string> {
  const filter = storeFilter({
    user: query.usuario,
    area: query.area,
    operation: query.accion,
    recordId: query.registro,
    from: query.desde,
    to: query.hasta,
  });
  // The header goes out with the first page: a store that fails on its first query is still a refusal (the router
  // sends the status with the first chunk), not a 200 cut after the header.
  let head = csvHeader(HEADER);
  for (let page = 1; (page - 1) * CSV_PAGE < ACTIVITY_CSV_MAX_ROWS; page++) {
    const answer = await store.queryActivity({
      filter,
      namespace,
      page,
      pageSize: CSV_PAGE,
      sort: 'at',
      descending: true,
    });
    const lines = answer.rows.map((row) => {
      const event = presentActivity(row);
      return csvLine([
        argentineDateTime(event.at),
        event.user,
        event.area,
        operationText(event.operation),
        event.operation,
        event.recordIds.join(' '),
        String(event.recordCount),
        activityResultText(event.result),
        event.errorCode,
        event.reason,
        event.traceId,
      ]);
    });
    if (head || lines.length > 0) yield head + lines.join('');
    head = '';
    if (page * CSV_PAGE >= answer.total || answer.rows.length < CSV_PAGE) return;
  }
}

const TEXT = /^\P{Cc}{1,200}$/u;
const NAME = /^[A-Za-z][A-Za-z-]{0,63}$/;
/** GET /files/actividad.csv?usuario&area&accion&registro&desde&hasta: the 'Actividad' list's rows as a CSV. */
export const activityCsvDownload = defineDownload({
  route: '/actividad.csv',
  requires: ['ACTIVITY_SHOW'],
  query: {
    usuario: TEXT,
    area: NAME,
    accion: NAME,
    registro: TEXT,
    desde: instantParam,
    hasta: instantParam,
  },
  produce: (input, context) => ({
    contentType: 'text/csv; charset=utf-8',
    body: activityCsv(context.store(), context.storeNamespace, input.query),
  }),
  fileName: () => 'actividad.csv',
});

/** Most lines of one export: the next request goes on from the last line's `cursor`. */
export const ACTIVITY_EXPORT_MAX_LINES = 10_000;
const EXPORT_PAGE = 1_000;

const instantOfMicros = (micros: string | null): string | null =>
  micros === null ? null : new Date(Number(BigInt(micros) / 1000n)).toISOString();

const parsedJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * One line of the security team's export: who, what, when, the outcome and where the request came from, read from
 * the row as sealed (`record`, the chain's canonical content: its hash is `chain.hash`), and its chain link with the
 * link before it, so that each line and the whole file verify offline with the secret (docs/operations.md).
 */
function exportLine(entry: ChainEntry, namespace: string): string {
  const row = entry.row;
  return `${JSON.stringify({
    cursor: entry.seq,
    id: entry.activityId,
    when: row ? instantOfMicros(row.at) : null,
    who: row ? { user: row.username, permission: row.permission } : null,
    what: row
      ? {
          area: row.area,
          operation: row.operation,
          operationName: row.operation_name,
          recordIds: row.target_ids,
          recordCount: row.target_count ?? row.target_ids.length,
          reason: row.reason,
          items: parsedJson(row.items),
        }
      : null,
    outcome: row
      ? {
          result: row.result,
          errorCode: row.error_code,
          state: row.state,
          completedAt: instantOfMicros(row.completed_at),
        }
      : null,
    origin: row?.origin ?? null,
    requestId: row?.request_id ?? null,
    traceId: row?.trace_id ?? null,
    record: row,
    chain: {
      namespace,
      seq: entry.seq,
      generation: entry.generation,
      hash: entry.hash,
      link: entry.link,
      previous: entry.previous,
    },
  })}\n`;
}

async function* activityExport(store: Store, namespace: string, after: string): AsyncGenerator<string> {
  let cursor = after;
  // The first page read before anything is sent: a store that fails at once is a refusal, not a 200 cut short.
  for (let sent = 0; sent < ACTIVITY_EXPORT_MAX_LINES;) {
    const limit = Math.min(EXPORT_PAGE, ACTIVITY_EXPORT_MAX_LINES - sent);
    const entries = await store.readChain({ namespace, afterSeq: cursor, limit });
    if (entries.length === 0) {
      if (sent === 0) yield '';
      return;
    }
    yield entries.map((entry) => exportLine(entry, namespace)).join('');
    sent += entries.length;
    cursor = entries[entries.length - 1]!.seq;
    if (entries.length < limit) return;
  }
}

/**
 * GET /files/actividad.ndjson?desde=<cursor>: the chained activity as NDJSON for a security team (a SIEM, an
 * auditor), in chain order after the line whose `cursor` is `desde` (from the start without it), at most
 * ACTIVITY_EXPORT_MAX_LINES a request. Under ACTIVITY_SHOW: the contract has no auditor's permission of its own.
 */
export const activityExportDownload = defineDownload({
  route: '/actividad.ndjson',
  requires: ['ACTIVITY_SHOW'],
  query: { desde: /^\d{1,18}$/ },
  produce: (input, context) => ({
    contentType: 'application/x-ndjson; charset=utf-8',
    body: activityExport(context.store(), context.storeNamespace, input.query.desde ?? '0'),
  }),
  fileName: (input) => `actividad-${input.query.desde ?? '0'}.ndjson`,
});
