import { listParams, type Filter, type Paged } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawBatch = Record<string, unknown>;

export interface BatchListQuery {
  filters: Filter[];
  page: number;
  limit: number;
}

/**
 * The service-payment batch service (LOTE_SERVICE_URL; docs/upstream-contract.md "Lote service"): two lists and
 * the reconciliation of a gateway batch. The write is never retried and carries the idempotency key when given.
 */
export class ServicePaymentsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /lote/transacciones with filters, page and limit. */
  transactionBatches = (query: BatchListQuery) =>
    this.client.get<Paged<RawBatch>>('/lote/transacciones', listParams(query));

  /** GET /lote/gateways with filters, page and limit. */
  gatewayBatches = (query: BatchListQuery) =>
    this.client.get<Paged<RawBatch>>('/lote/gateways', listParams(query));

  /** One gateway batch: the list filtered by id (the service has no GET by id). */
  gatewayBatch = async (id: string): Promise<RawBatch | null> =>
    (
      await this.gatewayBatches({
        filters: [{ field: 'id', operation: 'EQUAL', value: id }],
        page: 1,
        limit: 1,
      })
    ).rows[0] ?? null;

  /** PUT /lote/gateway/conciliar/{id} {description, compensation_amount}. */
  conciliate = (
    id: string,
    body: { description: string | null; compensation_amount: string | number | null },
    idempotencyKey: string | null,
  ) =>
    this.client.put<RawBatch>(
      `/lote/gateway/conciliar/${encodeURIComponent(id)}`,
      body,
      idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {},
    );
}
