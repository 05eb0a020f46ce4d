import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawImport = Record<string, unknown>;
export type RawImportRow = Record<string, unknown>;

export interface ImportListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

const keyed = (key: string | null) => (key ? { headers: { 'idempotency-key': key } } : {});

/**
 * The import service (IMPORT_SERVICE_URL; spec 001 §7 "Import and conversion"; docs/upstream-contract.md
 * "Import service"). The upload itself (POST /pagos, multipart) goes through the file capability. Writes are
 * never retried.
 */
export class ImportsDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: ImportListQuery) => this.client.get<Paged<RawImport>>('/pagos', listParams(query));
  byId = (id: string) => this.client.get<RawImport>(`/pagos/${encodeURIComponent(id)}`);
  rows = (id: string, query: ImportListQuery) =>
    this.client.get<Paged<RawImportRow>>(`/pagos/${encodeURIComponent(id)}/detalles`, listParams(query));
  approve = (id: string, key: string | null) =>
    this.client.post<RawImport>(`/pagos/aprobar/${encodeURIComponent(id)}`, undefined, keyed(key));
  cancel = (id: string, statusDetail: string, key: string | null) =>
    this.client.post<RawImport>(
      `/pagos/cancelar/${encodeURIComponent(id)}`,
      { status_detail: statusDetail },
      keyed(key),
    );
}

/** The converter service (CONVERTER_SERVICE_URL): its configurations (the conversion is an upload). */
export class ConverterDataSource {
  constructor(private readonly client: RestClient) {}

  /** Active origin configurations of type payments, by name (one call, at most 100). */
  origins = () =>
    this.client.get<Paged<Record<string, unknown>>>(
      '/configuraciones',
      listParams({
        filters: [
          { field: 'type', operation: 'EQUAL', value: 'payments' },
          { field: 'kind', operation: 'EQUAL', value: 'origin' },
          { field: 'status', operation: 'EQUAL', value: 'active' },
        ],
        page: 1,
        limit: 100,
        sorts: [{ field: 'name', direction: 'asc' }],
      }),
    );
}
