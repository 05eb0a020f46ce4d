import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type Raw = Record<string, unknown>;

export interface ListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

/** Per write: the client's idempotency key, sent as the `idempotency-key` header when present. */
export interface WriteOptions {
  idempotencyKey?: string | null;
}

const seg = (value: string) => encodeURIComponent(value);
const headers = ({ idempotencyKey }: WriteOptions) =>
  idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {};

/** A list's rows by id in one call (id IN ids), for a bulk's selection. */
async function byIds(
  list: (query: ListQuery) => Promise<Paged<Raw>>,
  ids: readonly string[],
): Promise<Raw[]> {
  if (!ids.length) return [];
  const page = await list({
    filters: [{ field: 'id', operation: 'IN', value: [...ids] }],
    page: 1,
    limit: ids.length,
    sorts: [],
  });
  return page.rows;
}

/**
 * The withdraw service (WITHDRAW_SERVICE_URL; transfer list). Paths: docs/upstream-contract.md "Withdraw
 * service" (the spec's `{withdraw}transferir/{id}`, `{withdraw}rechazar/{id}`, `{withdraw}{id}/re-exportar`).
 */
export class WithdrawsDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: ListQuery) => this.client.get<Paged<Raw>>('/retiros', listParams(query));
  byIds = (ids: readonly string[]) => byIds(this.list, ids);
  byId = (id: string) => this.client.get<Raw>(`/retiros/${seg(id)}`);
  transfer = (id: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(`/retiros/transferir/${seg(id)}`, undefined, headers(options));
  reject = (id: string, statusDetail: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(`/retiros/rechazar/${seg(id)}`, { status_detail: statusDetail }, headers(options));
  reExport = (id: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(`/retiros/${seg(id)}/re-exportar`, undefined, headers(options));
}

/** The withdrawal service (WITHDRAWAL_SERVICE_URL; authorization and history). */
export class WithdrawalsDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: ListQuery) => this.client.get<Paged<Raw>>('/retiros', listParams(query));
  byIds = (ids: readonly string[]) => byIds(this.list, ids);
  byId = (id: string) => this.client.get<Raw>(`/retiros/${seg(id)}`);
  authorize = (id: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(`/retiros/${seg(id)}/autorizar/`, undefined, headers(options));
  reject = (id: string, statusDetail: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(`/retiros/${seg(id)}/rechazar/`, { status_detail: statusDetail }, headers(options));
}

/** The collector service's configuration calls (COLLECTOR_SERVICE_URL): variables, entries, add, disable. */
export class CollectorConfigurationDataSource {
  constructor(private readonly client: RestClient) {}

  variables = () => this.client.get<{ rows?: unknown }>('/configuraciones/variables');
  entries = (collectorId: string) =>
    this.client.get<{ rows?: unknown }>(`/comercios/${seg(collectorId)}/configuraciones`);
  add = (collectorId: string, variableId: string, value: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(
      `/comercios/${seg(collectorId)}/configuraciones`,
      { commerce_config_vars: { id: Number(variableId) }, value },
      headers(options),
    );
  disable = (entryId: string, options: WriteOptions = {}) =>
    this.client.post<Raw>(`/configuraciones/${seg(entryId)}/deshabilitar`, undefined, headers(options));
}
