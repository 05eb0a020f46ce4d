import { Collection } from '../../lib/collection.js';
import type { Filter, Sort } from '../../lib/list-query.js';

export type ExportType = 'payments' | 'subscription';
export type ExportFormat = 'xlsx' | 'csv' | 'json';
/** `finished` allows the download (spec 001 §5); the others are the job's way there. */
export type ExportStatus = 'pending' | 'processing' | 'finished' | 'error';

export const EXPORT_TYPES: readonly ExportType[] = ['payments', 'subscription'];
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xlsx', 'csv', 'json'];
export const EXPORT_STATUSES: readonly ExportStatus[] = ['pending', 'processing', 'finished', 'error'];

export interface ExportJob {
  id: string;
  type: ExportType;
  format: ExportFormat;
  status: ExportStatus;
  /** Rows written so far (all of them once finished). */
  records: number;
  /** 0-100. */
  progress: number;
  created_date: string;
  /** When it ended (finished or error); null while running. */
  updated_date: string | null;
  /** The encoded filter it was asked with, as the list of its type encodes it (`filters` of GET /pagos). */
  filters: string;
  sorts: string | null;
  user: string | null;
}

/** How long a new export takes by default (EXPORT_PROCESSING_MS; `POST /export/__admin/processing` per run). */
export const DEFAULT_PROCESSING_MS = (() => {
  const raw = Number(process.env.EXPORT_PROCESSING_MS);
  return Number.isInteger(raw) && raw >= 0 ? raw : 3000;
})();

export class ExportStore {
  readonly jobs: Collection<ExportJob>;
  /** The rows each job exports, read when it was created (every row matching its filter, in its order). */
  readonly rows = new Map<string, readonly unknown[]>();
  processingMs = DEFAULT_PROCESSING_MS;
  private lastId: number;

  constructor(jobs: readonly ExportJob[], rows: Map<string, readonly unknown[]>, lastId: number) {
    this.jobs = new Collection(jobs, {
      defaultSorts: [{ field: 'created_date', direction: 'desc' }],
      extraPaths: ['updated_date'],
    });
    for (const [id, list] of rows) this.rows.set(id, list);
    this.lastId = lastId;
  }

  nextId(): string {
    this.lastId += 1;
    return String(this.lastId);
  }
}

export interface ExportRequest {
  type: ExportType;
  format: ExportFormat;
  filters: Filter[];
  sorts: Sort[];
}
