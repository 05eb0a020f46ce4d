import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawSoftProviderItem = Record<string, unknown>;

/** The list's order, newest start first: asked of the service, and kept when the resolver merges searches. */
export const SOFT_PROVIDER_SORTS: readonly Sort[] = [{ field: 'start_date', direction: 'desc' }];

export type SoftProviderOperation = 'aprobar' | 'rechazar' | 'regenerate';

/**
 * The software-provider report service (SOFTPROVIDER_SERVICE_URL; spec 001 §7 "Software provider";
 * docs/upstream-contract.md "Software provider"). Writes are never retried.
 */
export class SoftProviderDataSource {
  constructor(private readonly client: RestClient) {}

  list = (filters: Filter[], page: number, limit: number) =>
    this.client.get<Paged<RawSoftProviderItem>>(
      '/softprovider',
      listParams({ filters, page, limit, sorts: SOFT_PROVIDER_SORTS }),
    );

  /** One report, read through the list (the service has no single read): id EQUAL, collector EQUAL. */
  byIds = async (collectorId: string, id: string): Promise<RawSoftProviderItem | null> => {
    const answer = await this.list(
      [
        { field: 'id', operation: 'EQUAL', value: id },
        { field: 'collector_id', operation: 'EQUAL', value: collectorId },
      ],
      1,
      1,
    );
    return answer.rows[0] ?? null;
  };

  write = (operation: SoftProviderOperation, collectorId: string, id: string, key: string | null) =>
    this.client.post<RawSoftProviderItem>(
      `/softprovider/${operation}/${encodeURIComponent(collectorId)}/${encodeURIComponent(id)}`,
      undefined,
      key ? { headers: { 'idempotency-key': key } } : {},
    );
}
