import { listByIds } from '../../shared/list-by-ids.js';
import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

/** A withdrawal batch as the batch service sends it (snake_case, lowercase status, numeric amounts). */
export type RawBatch = Record<string, unknown>;

export interface BatchListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

/** Per write: the client's idempotency key, sent as the `idempotency-key` header when present. */
export interface BatchWriteOptions {
  idempotencyKey?: string | null;
}

const one = (id: string, rest = '') => `/lotes/${encodeURIComponent(id)}${rest}`;

/**
 * The batch service (BATCH_SERVICE_URL), only HTTP (docs/upstream-contract.md "Batch service"; spec 001 §7
 * "Batches"): GET list with encoded filters, GET one and its records, POST reprocess/{id} (no body), POST
 * {id}/re-exportar. Downloads (GET {id}/descargar/{format}) go through the gateway's file capability.
 */
export class BatchesDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: BatchListQuery) => this.client.get<Paged<RawBatch>>('/lotes', listParams(query));

  /** A bulk's selection in one call: the list filtered by id IN ids. */
  byIds = (ids: readonly string[]): Promise<RawBatch[]> => listByIds(this.list, ids);

  byId = (id: string) => this.client.get<RawBatch>(one(id));
  records = (id: string) => this.client.get<{ rows?: unknown }>(one(id, '/registros'));

  private write(path: string, { idempotencyKey }: BatchWriteOptions): Promise<RawBatch> {
    const options = idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {};
    return this.client.post<RawBatch>(path, undefined, options);
  }

  reprocess = (id: string, options: BatchWriteOptions = {}) =>
    this.write(`/lotes/reprocess/${encodeURIComponent(id)}`, options);
  reExport = (id: string, options: BatchWriteOptions = {}) => this.write(one(id, '/re-exportar'), options);
}
