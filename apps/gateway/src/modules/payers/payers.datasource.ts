import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import { keyHeaders } from '../../shared/inputs.js';
import type { RestClient } from '../../upstream/rest-client.js';

export type RawPayer = Record<string, unknown>;
export type RawPayerReference = Record<string, unknown>;

const segment = (value: string): string => encodeURIComponent(value);
/** A write's options: the client's checked idempotency key, sent as the `idempotency-key` header. */
interface WriteOptions {
  idempotencyKey?: string;
}

interface ListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts?: Sort[];
}

/** The payer service (PAYER_SERVICE_URL): pagadores and their references (001 §7 "Payers"). */
export class PayersDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /pagadores with encoded filters (name CONTAINS; id, email, identification.number EQUAL). */
  list(query: ListQuery): Promise<Paged<RawPayer>> {
    return this.client.get<Paged<RawPayer>>('/pagadores', listParams(query));
  }

  get(id: string): Promise<RawPayer> {
    return this.client.get<RawPayer>(`/pagadores/${segment(id)}`);
  }

  create(body: Record<string, unknown>, options: WriteOptions = {}): Promise<RawPayer> {
    return this.client.post<RawPayer>('/pagadores', body, keyHeaders(options));
  }

  /** GET /pagadores/referencias with encoded filters (collector_id, email, ...). */
  references(query: ListQuery): Promise<Paged<RawPayerReference>> {
    return this.client.get<Paged<RawPayerReference>>('/pagadores/referencias', listParams(query));
  }

  createReference(body: Record<string, unknown>, options: WriteOptions = {}): Promise<RawPayerReference> {
    return this.client.post<RawPayerReference>('/pagadores/referencias', body, keyHeaders(options));
  }

  /** PUT /pagadores/referencias/{id} with body name, email, externalReference, identification. */
  updateReference(
    id: string,
    body: Record<string, unknown>,
    options: WriteOptions = {},
  ): Promise<RawPayerReference> {
    return this.client.put<RawPayerReference>(
      `/pagadores/referencias/${segment(id)}`,
      body,
      keyHeaders(options),
    );
  }

  deleteReference(id: string, options: WriteOptions = {}): Promise<unknown> {
    return this.client.delete<unknown>(`/pagadores/referencias/${segment(id)}`, keyHeaders(options));
  }

  /** DELETE /pagadores/referencias/comercios/{collectorId}: every reference of the collector. */
  deleteCollectorReferences(
    collectorId: string,
    options: WriteOptions = {},
  ): Promise<Record<string, unknown>> {
    return this.client.delete<Record<string, unknown>>(
      `/pagadores/referencias/comercios/${segment(collectorId)}`,
      keyHeaders(options),
    );
  }
}
