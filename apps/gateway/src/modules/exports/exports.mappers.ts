import type { ExportFormat, ExportStatus, ExportType } from '../../generated/resolvers-types.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { int, str } from '../../shared/values.js';
import type { RawExport } from './exports.datasource.js';

/** @mapper Export */
export interface ExportModel {
  id: string;
  type: ExportType;
  format: ExportFormat;
  status: ExportStatus;
  records: number;
  progress: number;
  createdDate: string;
  updatedDate: string | null;
}

const TYPES: Record<string, ExportType> = { payments: 'PAYMENTS', subscription: 'SUBSCRIPTION' };
const FORMATS: Record<string, ExportFormat> = { xlsx: 'XLSX', csv: 'CSV', json: 'JSON' };
const STATUSES: Record<string, ExportStatus> = {
  pending: 'PENDING',
  processing: 'PROCESSING',
  finished: 'FINISHED',
  error: 'ERROR',
};

export const TYPE_TO_UPSTREAM: Record<ExportType, 'payments' | 'subscription'> = {
  PAYMENTS: 'payments',
  SUBSCRIPTION: 'subscription',
};
export const FORMAT_TO_UPSTREAM: Record<ExportFormat, 'xlsx' | 'csv' | 'json'> = {
  XLSX: 'xlsx',
  CSV: 'csv',
  JSON: 'json',
};

function known<T>(table: Record<string, T>, value: unknown, what: string): T {
  const found = typeof value === 'string' ? table[value] : undefined;
  if (found === undefined) throw new UpstreamContractError(`export: ${what} desconocido: ${String(value)}`);
  return found;
}

export function mapExport(raw: RawExport): ExportModel {
  const id = str(raw.id);
  const createdDate = str(raw.created_date);
  if (!id || !createdDate) throw new UpstreamContractError('export: exportación sin id o fecha');
  const progress = int(raw.progress) ?? 0;
  return {
    id,
    type: known(TYPES, raw.type, 'tipo'),
    format: known(FORMATS, raw.format, 'formato'),
    status: known(STATUSES, raw.status, 'estado'),
    records: Math.max(0, int(raw.records) ?? 0),
    progress: Math.min(100, Math.max(0, progress)),
    createdDate,
    updatedDate: str(raw.updated_date),
  };
}
