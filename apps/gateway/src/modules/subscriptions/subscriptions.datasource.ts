import { listParams, type Filter, type Paged, type Sort } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';

/** A subscription as the subscription service sends it (snake_case, lowercase enums, numeric amounts). */
export type RawSubscription = Record<string, unknown>;

/** The upstream list query of Buscar Suscripciones. */
export interface SubscriptionListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

/** The answer of POST /suscripciones/{id}/notificar. */
export interface RawNotifyAnswer {
  status?: unknown;
  notification?: unknown;
}

/** The body of PUT /suscripciones/{id}/medio-de-pago: the payment's method-change payload (spec 000 §3). */
export type SubscriptionMethodBody = Record<string, unknown>;

/** Per write: the client's idempotency key, sent as the `idempotency-key` header when present. */
export interface SubscriptionWriteOptions {
  idempotencyKey?: string | null;
}

const one = (id: string, rest = '') => `/suscripciones/${encodeURIComponent(id)}${rest}`;

/**
 * The subscription service (SUBSCRIPTION_SERVICE_URL), only HTTP. Routes: docs/upstream-contract.md
 * (subscription service). Writes are never retried and time out after MUTATION_TIMEOUT_MS; each carries the
 * caller's idempotency key as the `idempotency-key` header when there is one.
 */
export class SubscriptionsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /suscripciones with filters, page, limit and sorts. */
  list = (query: SubscriptionListQuery) =>
    this.client.get<Paged<RawSubscription>>('/suscripciones', listParams(query));

  /** A bulk's selection in one call: the list filtered by id IN ids (as many rows as ids). */
  byIds = async (ids: readonly string[]): Promise<RawSubscription[]> =>
    ids.length
      ? (
          await this.list({
            filters: [{ field: 'id', operation: 'IN', value: [...ids] }],
            page: 1,
            limit: ids.length,
            sorts: [],
          })
        ).rows
      : [];

  /** GET /suscripciones/{id} (current version), /historial ({rows}) and /versiones/{version}. */
  byId = (id: string) => this.client.get<RawSubscription>(one(id));
  history = (id: string) => this.client.get<{ rows?: unknown }>(one(id, '/historial'));
  version = (id: string, version: number) =>
    this.client.get<RawSubscription>(one(id, `/versiones/${version}`));

  private write<T = RawSubscription>(
    method: 'post' | 'put' | 'delete',
    id: string,
    action: string,
    body: unknown,
    { idempotencyKey }: SubscriptionWriteOptions,
  ): Promise<T> {
    const options = idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {};
    const path = one(id, `/${action}`);
    return method === 'delete'
      ? this.client.delete<T>(path, options)
      : this.client[method]<T>(path, body, options);
  }

  refresh = (id: string, options: SubscriptionWriteOptions = {}) =>
    this.write('post', id, 'refrescar', undefined, options);
  cancel = (id: string, reason: string, options: SubscriptionWriteOptions = {}) =>
    this.write('post', id, 'cancelar', { reason }, options);
  changePaymentMethod = (id: string, body: SubscriptionMethodBody, options: SubscriptionWriteOptions = {}) =>
    this.write('put', id, 'medio-de-pago', body, options);
  removePaymentMethod = (id: string, options: SubscriptionWriteOptions = {}) =>
    this.write('delete', id, 'medio-de-pago', undefined, options);
  /** {amount}: a JSON number with at most 2 decimals (from the checked Decimal text). */
  updateAmount = (id: string, amount: number, options: SubscriptionWriteOptions = {}) =>
    this.write('put', id, 'importe', { amount }, options);
  /** The e-mail to the payer: {status: 'sent', notification}. */
  notify = (id: string, options: SubscriptionWriteOptions = {}) =>
    this.write<RawNotifyAnswer>('post', id, 'notificar', undefined, options);
}
