import { listParams, type Filter, type Paged } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawCardBin = Record<string, unknown>;
export type RawLookupItem = Record<string, unknown>;

/** The BIN write body (spec 001 §3: lookups sent as ids). */
export interface CardBinBody {
  iin: string;
  brand_id: string;
  type_id: string;
  subtype_id: string | null;
  emisor_id: string | null;
  country: string | null;
  media_payment_id: number;
  accreditation_days: number;
}

/** Lookup lists: GET /marcas, /tipos, /subtipos, /emisores. */
export type LookupPath = '/marcas' | '/tipos' | '/subtipos' | '/emisores';

/** Lookups are searched 20 at a time, page 1 (spec 001 §7, §9). */
export const LOOKUP_PAGE_SIZE = 20;

const one = (id: string) => `/secure/${encodeURIComponent(id)}`;

/**
 * The card BIN service (BIN_SERVICE_URL; spec 001 §7 "Card BIN service"; docs/upstream-contract.md "Card BIN").
 * Writes are never retried; deletes answer true, or false when the BIN could not be deleted.
 */
export class BinsDataSource {
  constructor(private readonly client: RestClient) {}

  list = (filters: Filter[], page: number, limit: number) =>
    this.client.get<Paged<RawCardBin>>('/secure', listParams({ filters, page, limit }));
  byId = (id: string) => this.client.get<RawCardBin>(one(id));
  lookup = (path: LookupPath, filters: Filter[]) =>
    this.client.get<Paged<RawLookupItem>>(path, listParams({ filters, page: 1, limit: LOOKUP_PAGE_SIZE }));

  private options = (key: string | null) => (key ? { headers: { 'idempotency-key': key } } : {});

  create = (body: CardBinBody, key: string | null) =>
    this.client.post<RawCardBin>('/secure', body, this.options(key));
  update = (body: CardBinBody, key: string | null) =>
    this.client.put<RawCardBin>(one(body.iin), body, this.options(key));
  remove = (id: string, key: string | null) => this.client.delete<unknown>(one(id), this.options(key));
  removeAll = (ids: readonly string[], key: string | null) =>
    this.client.post<unknown>('/delete-all', { ids }, this.options(key));
}
