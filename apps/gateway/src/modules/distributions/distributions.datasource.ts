import { listParams, type Filter, type Paged } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawDistribution = Record<string, unknown>;
export type RawDistributionDetail = Record<string, unknown>;

export interface DistributionListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: { field: string; direction: 'asc' | 'desc' }[];
}

/** Spec 001 §9: the details are read as page 1, size 100. */
export const DETAIL_PAGE_SIZE = 100;

export interface DestinationBody {
  destination: { type: 'cbu' | 'alias'; value: string; cuit: string; name: string };
  amount: number;
  status?: 'success';
}

const one = (id: string, rest = '') => `/distribuciones/${encodeURIComponent(id)}${rest}`;
const keyed = (key: string | null) => (key ? { headers: { 'idempotency-key': key } } : {});

/**
 * The distributions service (DISTRIBUCIONES_SERVICE_URL; docs/upstream-contract.md "Distributions service").
 * Writes are never retried; each carries the operator's idempotency key when there is one.
 */
export class DistributionsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /distribuciones with filters, page, limit and sorts: {rows, page, limit, size}. */
  list = (query: DistributionListQuery) =>
    this.client.get<Paged<RawDistribution>>('/distribuciones', listParams(query));

  /** How many distributions match: the list with page size 1, reading `size`. */
  count = async (filters: Filter[]): Promise<number> =>
    (await this.list({ filters, page: 1, limit: 1, sorts: [] })).size;

  byId = (id: string) => this.client.get<RawDistribution>(one(id));

  details = (id: string) =>
    this.client.get<Paged<RawDistributionDetail>>(one(id, '/detalles'), { page: 1, limit: DETAIL_PAGE_SIZE });

  reprocess = (id: string, key: string) =>
    this.client.post<RawDistribution>(one(id, '/reprocesar'), undefined, keyed(key));
  approve = (id: string, key: string) =>
    this.client.post<RawDistribution>(one(id, '/aprobar'), undefined, keyed(key));
  reject = (id: string, reason: string, key: string | null) =>
    this.client.post<RawDistribution>(one(id, '/rechazar'), { status_detail: reason }, keyed(key));

  /** PUT /distribuciones/{id}/detalles/{detail}, or /distribuciones/programadas/... for a scheduled one. */
  updateDetail = (
    id: string,
    detailId: string,
    scheduled: boolean,
    body: DestinationBody,
    key: string | null,
  ) =>
    this.client.put<RawDistributionDetail>(
      `/distribuciones/${scheduled ? 'programadas/' : ''}${encodeURIComponent(id)}/detalles/${encodeURIComponent(detailId)}`,
      body,
      keyed(key),
    );

  /** POST /distribuciones/{id}/detalles/{detail}/vouchers {email}. */
  sendVoucher = (id: string, detailId: string, email: string, key: string) =>
    this.client.post<Record<string, unknown>>(
      one(id, `/detalles/${encodeURIComponent(detailId)}/vouchers`),
      { email },
      keyed(key),
    );
}
