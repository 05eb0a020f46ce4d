import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';
import type { RawCollector } from './collectors.mappers.js';

const segment = (value: string): string => encodeURIComponent(value);

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

  /** GET /comercios/firma/{signature}: the collector with match_import, withdrawal_strategy, batch_version. */
  bySignature(signature: string): Promise<RawCollector> {
    return this.client.get<RawCollector>(`/comercios/firma/${segment(signature)}`);
  }

  /** GET /comercios/{id}/saldo: available, pending, withdrawn and total amounts. */
  balance(id: string): Promise<Record<string, unknown>> {
    return this.client.get<Record<string, unknown>>(`/comercios/${segment(id)}/saldo`);
  }

  /** GET /comercios/{id}/detalle: tax id, contact, settlement account. */
  detail(id: string): Promise<Record<string, unknown>> {
    return this.client.get<Record<string, unknown>>(`/comercios/${segment(id)}/detalle`);
  }
}
