import type { Store } from '@backoffice/store';
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
  query: { usuario: TEXT, area: NAME, accion: NAME, registro: TEXT, desde: instantParam, hasta: instantParam },
  produce: (input, context) => ({
    contentType: 'text/csv; charset=utf-8',
    body: activityCsv(context.store(), context.storeNamespace, input.query),
  }),
  fileName: () => 'actividad.csv',
});
