import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawTransfer = Record<string, unknown>;

/** The transfer conciliation service (TRANSFER_SERVICE_URL; docs/upstream-contract.md "Transfer service"). */
export class TransfersDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: { filters: Filter[]; page: number; limit: number; sorts: Sort[] }) =>
    this.client.get<Paged<RawTransfer>>('/conciliaciones', listParams(query));
  /** One conciliation through the list (the service has no single read). */
  byId = async (id: string): Promise<RawTransfer | null> =>
    (
      await this.list({
        filters: [{ field: 'id', operation: 'EQUAL', value: id }],
        page: 1,
        limit: 1,
        sorts: [],
      })
    ).rows[0] ?? null;
  conciliate = (id: string, key: string | null) =>
    this.client.post<RawTransfer>(
      `/conciliaciones/forzar-conciliacion/${encodeURIComponent(id)}`,
      undefined,
      key ? { headers: { 'idempotency-key': key } } : {},
    );
}
