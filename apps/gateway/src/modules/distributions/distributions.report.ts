/**
 * The distributions report (/distribucion's 'Reporte': CSV, JSON, XLSX), written by the gateway in the screen's
 * formats: the service's rows (its JSON export, one row per detail) with dates in Argentine time
 * (dd/MM/yyyy HH:mm:ss), statuses in Spanish (the header's and the detail's labels), CBU/alias and amounts as
 * numbers (XLSX, CSV with a decimal comma); the file named after its filter.
 */
import { decimalFromUpstream, distributionStatusText } from '@backoffice/validators';
import type { DownloadInput } from '../../files/types.js';
import type { FileTable, TableColumn } from '../../files/table-file.js';
import { argentineDateTime, argentineDay } from '../../shared/argentine-day.js';
import { arr, obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';

/** One row of the service's export (docs/upstream-contract.md "Distributions service"). */
type ReportRow = Record<string, unknown>;

const text = (row: ReportRow, key: string): string | null => str(row[key]);
const status = (of: 'header' | 'detail') => (row: ReportRow) => {
  const code = text(row, of === 'header' ? 'status' : 'detail_status');
  return code === null ? null : distributionStatusText(code, of);
};

const COLUMNS: readonly TableColumn<ReportRow>[] = [
  { key: 'id', header: 'ID', value: (r) => text(r, 'id') },
  { key: 'payment_id', header: 'ID de pago', value: (r) => text(r, 'payment_id') },
  {
    key: 'request_date',
    header: 'Fecha de solicitud',
    value: (r) => argentineDateTime(r.request_date),
    width: 20,
  },
  // The collector's id under the name every screen gives it, not the service's 'Signature'.
  { key: 'signature', header: 'ID entidad', value: (r) => text(r, 'signature') },
  { key: 'entity', header: 'Entidad', value: (r) => text(r, 'entity'), width: 36 },
  { key: 'status', header: 'Estado', value: status('header') },
  {
    key: 'total_amount',
    header: 'Importe total',
    value: (r) => decimalFromUpstream(r.total_amount),
    amount: true,
  },
  { key: 'detail_id', header: 'Detalle', value: (r) => text(r, 'detail_id') },
  { key: 'detail_status', header: 'Estado del detalle', value: status('detail') },
  {
    key: 'destination_type',
    header: 'Tipo de destino',
    value: (r) => {
      const type = text(r, 'destination_type')?.toLowerCase();
      return type === 'alias' ? 'Alias' : type === 'cbu' ? 'CBU' : (type ?? null);
    },
  },
  { key: 'destination', header: 'Destino', value: (r) => text(r, 'destination'), width: 26 },
  { key: 'cuit', header: 'CUIT', value: (r) => text(r, 'cuit'), width: 14 },
  { key: 'amount', header: 'Importe', value: (r) => decimalFromUpstream(r.amount), amount: true },
];

/** The service's answer as the report's table (a JSON array of rows; anything else breaks the contract). */
export function reportTable(answer: unknown): FileTable<ReportRow> {
  if (!Array.isArray(answer)) throw new UpstreamContractError('distributions report: not a JSON array');
  return {
    sheetName: 'Distribuciones',
    columns: COLUMNS,
    rows: arr(answer).map((row) => obj(row) ?? {}),
  };
}

/** The state tab of a status, as the file name says it. */
const STATUS_NAMES: Readonly<Record<string, string>> = {
  error: 'error',
  authorization_pending: 'pendientes',
  pending: 'en-proceso',
  in_process: 'procesando',
  rejected: 'rechazadas',
  success: 'aprobadas',
  manual: 'manuales',
  deferred: 'diferidas',
  scheduled: 'programadas',
};

/**
 * distribuciones[-programadas][-{state}][-{from}-a-{to}].{format}: an export of the Error tab between 1 and 24
 * November is `distribuciones-error-2026-11-01-a-2026-11-24.csv`; days in Argentine time.
 */
export function reportFileName({ params, query }: DownloadInput): string {
  const parts = ['distribuciones'];
  if (query.tipo === 'scheduled') parts.push('programadas');
  if (query.estado) parts.push(STATUS_NAMES[query.estado] ?? query.estado);
  const from = query.desde ? argentineDay(new Date(query.desde)) : null;
  const to = query.hasta ? argentineDay(new Date(query.hasta)) : null;
  if (from && to) parts.push(`${from}-a-${to}`);
  else if (from) parts.push(`desde-${from}`);
  else if (to) parts.push(`hasta-${to}`);
  return `${parts.join('-')}.${params.format ?? ''}`;
}
