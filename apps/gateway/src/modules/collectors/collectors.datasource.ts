import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';
import type { RawCollector } from './collectors.mappers.js';

/** The collector service (COLLECTOR_SERVICE_URL): entidades / comercios. */
export class CollectorsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /comercios with filters, page, limit and sorts. */
  list(query: {
    filters: Filter[];
    page: number;
    limit: number;
    sorts?: Sort[];
  }): Promise<Paged<RawCollector>> {
    return this.client.get<Paged<RawCollector>>('/comercios', listParams(query));
  }

  /** One call for many ids: GET /comercios?filters=[{field:id, operation:IN, value:[...]}]&limit=N. */
  async byIds(ids: readonly string[]): Promise<RawCollector[]> {
    if (!ids.length) return [];
    const page = await this.list({
      filters: [{ field: 'id', operation: 'IN', value: [...ids] }],
      page: 1,
      limit: ids.length,
    });
    return page.rows;
  }
}
