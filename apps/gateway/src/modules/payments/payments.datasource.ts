import { listParams, type Paged } from '../../upstream/filters.js';
import type { RestClient } from '../../upstream/rest-client.js';
import type { MethodChangeBody } from './payments.inputs.js';
import type { RawPayment } from './payments.mappers.js';
import type { PartialRefundItem, PaymentListQuery } from './payments.rules.js';

/** The answer of devolver / devolucion-parcial / revertir (HTTP 200 whether approved or rejected). */
export interface RawRefundAnswer {
  status?: string;
  status_detail?: string;
  refund?: unknown;
  refunds?: unknown[];
  payment_status?: string;
}

/** The answer of notificar-pagador / reenviar-notificacion. */
export interface RawSentAnswer {
  status?: string;
  notification?: unknown;
  collector_notification?: unknown;
}

/** Options of a money-moving call: the client's idempotency key, forwarded as the `idempotency-key` header. */
export interface WriteOptions {
  idempotencyKey?: string;
}

const path = (id: string, rest = '') => `/pagos/${encodeURIComponent(id)}${rest}`;
const headersOf = (options: WriteOptions) =>
  options.idempotencyKey ? { headers: { 'idempotency-key': options.idempotencyKey } } : {};

/**
 * The payment service (PAYMENT_SERVICE_URL). Only HTTP: no mapping, no rules. Paths: docs/upstream-contract.md §3.
 * Writes are never retried (the RestClient does not retry) and time out after MUTATION_TIMEOUT_MS.
 */
export class PaymentsDataSource {
  constructor(private readonly client: RestClient) {}

  /** GET /pagos with filters, page, limit and sorts. */
  list(query: PaymentListQuery): Promise<Paged<RawPayment>> {
    return this.client.get<Paged<RawPayment>>('/pagos', listParams(query));
  }

  /** Many payments in one call: GET /pagos?filters=[{id IN ids}]&limit=n. */
  async byIds(ids: readonly string[]): Promise<RawPayment[]> {
    if (!ids.length) return [];
    const page = await this.list({
      filters: [{ field: 'id', operation: 'IN', value: [...ids] }],
      page: 1,
      limit: ids.length,
      sorts: [],
    });
    return page.rows;
  }

  /** GET /pagos/{id}: the current version. */
  byId(id: string): Promise<RawPayment> {
    return this.client.get<RawPayment>(path(id));
  }

  /** GET /pagos/{id}/historial: {rows: [{version, last_update_date, id, status}]}. */
  history(id: string): Promise<{ rows?: unknown[] }> {
    return this.client.get<{ rows?: unknown[] }>(path(id, '/historial'));
  }

  /** GET /pagos/{id}/versiones/{version}. */
  version(id: string, version: number): Promise<RawPayment> {
    return this.client.get<RawPayment>(path(id, `/versiones/${version}`));
  }

  /** GET /pagos/{id}/titulares: [{holder_name, holder_id}]. */
  holders(id: string): Promise<unknown[]> {
    return this.client.get<unknown[]>(path(id, '/titulares'));
  }

  refresh(id: string, options: WriteOptions = {}): Promise<RawPayment> {
    return this.client.post<RawPayment>(path(id, '/refrescar'), undefined, headersOf(options));
  }

  cancel(id: string, reason: string, options: WriteOptions = {}): Promise<RawPayment> {
    return this.client.post<RawPayment>(path(id, '/cancelar'), { reason }, headersOf(options));
  }

  changePaymentMethod(id: string, body: MethodChangeBody, options: WriteOptions = {}): Promise<RawPayment> {
    return this.client.put<RawPayment>(path(id, '/medio-de-pago'), body, headersOf(options));
  }

  cancelObjection(id: string, reason: string, options: WriteOptions = {}): Promise<RawPayment> {
    return this.client.post<RawPayment>(path(id, '/cancelar-objecion'), { reason }, headersOf(options));
  }

  /** Logical retry: code A (same method) or B (modify it). */
  retry(id: string, code: 'A' | 'B', options: WriteOptions = {}): Promise<RawPayment> {
    return this.client.post<RawPayment>(path(id, '/reintentar'), { code }, headersOf(options));
  }

  refund(
    id: string,
    body: { reason: string; amount: number; partial: boolean },
    options: WriteOptions = {},
  ): Promise<RawRefundAnswer> {
    return this.client.post<RawRefundAnswer>(path(id, '/devolver'), body, headersOf(options));
  }

  partialRefund(
    id: string,
    items: PartialRefundItem[],
    options: WriteOptions = {},
  ): Promise<RawRefundAnswer> {
    return this.client.post<RawRefundAnswer>(path(id, '/devolucion-parcial'), items, headersOf(options));
  }

  reverse(id: string, reason: string, options: WriteOptions = {}): Promise<RawRefundAnswer> {
    return this.client.post<RawRefundAnswer>(path(id, '/revertir'), { reason }, headersOf(options));
  }

  forwardNotification(id: string, options: WriteOptions = {}): Promise<RawSentAnswer> {
    return this.client.post<RawSentAnswer>(path(id, '/reenviar-notificacion'), undefined, headersOf(options));
  }

  updateFromGateway(id: string, options: WriteOptions = {}): Promise<RawPayment> {
    return this.client.post<RawPayment>(path(id, '/actualizar-gateway'), undefined, headersOf(options));
  }

  notifyPayer(id: string, options: WriteOptions = {}): Promise<RawSentAnswer> {
    return this.client.post<RawSentAnswer>(path(id, '/notificar-pagador'), undefined, headersOf(options));
  }
}
