import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import { keyHeaders } from '../../shared/inputs.js';
import type { RestClient } from '../../upstream/rest-client.js';

/** An export job as the export service answers it (docs/upstream-contract.md "Export service"). */
export interface RawExport {
  id?: unknown;
  type?: unknown;
  format?: unknown;
  status?: unknown;
  records?: unknown;
  progress?: unknown;
  created_date?: unknown;
  updated_date?: unknown;
}

export interface ExportListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

export interface CreateExportBody {
  type: 'payments' | 'subscription';
  format: 'xlsx' | 'csv' | 'json';
  /** The list's encoded upstream filters (the `filters` parameter of GET /pagos or /suscripciones). */
  filters: string;
}

/** The export service (EXPORT_SERVICE_URL). Only HTTP. */
export class ExportsDataSource {
  constructor(private readonly client: RestClient) {}

  list(query: ExportListQuery): Promise<Paged<RawExport>> {
    return this.client.get('/exportaciones', listParams(query));
  }

  create(body: CreateExportBody, options: { idempotencyKey?: string } = {}): Promise<RawExport> {
    return this.client.post('/exportaciones', body, keyHeaders(options));
  }
}

/** The path of an export job on the service. */
export const exportPath = (id: string) => `/exportaciones/${encodeURIComponent(id)}`;

/** The path of an export's file on the service (served to the browser by the /files route of index.ts). */
export const exportFilePath = (id: string) => `${exportPath(id)}/descargar`;
