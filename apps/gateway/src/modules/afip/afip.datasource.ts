import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

/** A presentation as the tax-forms service sends it (snake_case, lowercase statuses). */
export type RawPresentation = Record<string, unknown>;

export interface PresentationListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

const one = (id: string, rest = '') => `/formularios/${encodeURIComponent(id)}${rest}`;

/**
 * The tax-forms service (AFIP_SERVICE_URL; spec 001 §7 "Tax forms"; docs/upstream-contract.md "AFIP"). Writes are
 * never retried; each carries the caller's idempotency key as the `idempotency-key` header when there is one.
 */
export class AfipDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: PresentationListQuery) =>
    this.client.get<Paged<RawPresentation>>('/formularios', listParams(query));
  byId = (id: string) => this.client.get<RawPresentation>(one(id));
  structures = () => this.client.get<unknown>('/formularios/estructuras');

  private post(path: string, body: unknown, idempotencyKey: string | null) {
    const options = idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {};
    return this.client.post<RawPresentation>(path, body, options);
  }

  create = (period: string, fileStructureId: string, key: string | null) =>
    this.post('/formularios', { period, file_structure: { id: fileStructureId } }, key);
  present = (id: string, key: string | null) => this.post(one(id, '/presentar'), undefined, key);
  presentManually = (id: string, transactionId: string, key: string | null) =>
    this.post(one(id, `/presentar/manual/${encodeURIComponent(transactionId)}`), undefined, key);
  reprocess = (id: string, reason: string | null, key: string | null) =>
    this.post(one(id, '/reprocesar'), { reprocess_detail: reason }, key);
}
